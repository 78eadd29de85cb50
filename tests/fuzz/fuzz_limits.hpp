#pragma once
// Limits and helpers shared by the fuzz targets. Under libFuzzer (FLANGE_FUZZ_QUIET) the
// refusals are not printed, as millions of inputs are refused; the regression replay
// prints them. No input class is skipped: the crash classes of issue 12 (deep nesting,
// long operator chains, ragged tables, models without unknowns) are fixed in the engine.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

namespace flange::fuzz {

#ifdef FLANGE_FUZZ_QUIET
constexpr bool kQuiet = true;
#else
constexpr bool kQuiet = false;
#endif

// A wall-clock budget: expired() once the given milliseconds have passed since construction.
class Deadline {
public:
    explicit Deadline(int milliseconds)
        : end_(std::chrono::steady_clock::now() + std::chrono::milliseconds(milliseconds))
    {
    }
    bool expired() const { return std::chrono::steady_clock::now() > end_; }

private:
    std::chrono::steady_clock::time_point end_;
};

// The replay prints why an input was refused (the message a user would see); under
// libFuzzer this stays silent, as millions of inputs are refused.
void noteRefusal(const char* target, const char* what);

// Anything but flange::Error escaping the engine is a finding: bad input must come back
// as BadInput with a message, not as a library's exception. Prints and aborts.
[[noreturn]] void strayException(const char* target, const char* what);

} // namespace flange::fuzz
