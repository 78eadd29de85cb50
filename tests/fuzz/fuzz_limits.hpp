#pragma once
// Limits shared by the fuzz targets. Under libFuzzer (FLANGE_FUZZ_CAPS) inputs of the
// crash classes already known and being fixed elsewhere (issue 12: deep nesting, long
// operator chains, ragged tables, models without unknowns) are skipped, so that they do
// not hide new findings. The regression replay is built without the caps: a stored
// reproducer must reach the engine exactly as it crashed it.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

namespace flange::fuzz {

#ifdef FLANGE_FUZZ_CAPS
constexpr bool kCapsOn = true;
#else
constexpr bool kCapsOn = false;
#endif

// Deepest bracket nesting ([ { ( counted alike) and most arithmetic operators accepted
// while the caps are on; well above anything a person writes, far below a stack overflow.
constexpr int kMaxNesting = 48;
constexpr int kMaxOperators = 256;

// True when the caps are on and the text nests deeper or chains more operators than above.
bool exceedsKnownLimits(const std::string& text);

// True when the caps are on and some JSON array of arrays has rows of different lengths
// (the known out-of-bounds read on ragged Table values).
bool hasRaggedTable(const std::string& jsonText);

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
