#include "fuzz_limits.hpp"

#include <cstdio>
#include <cstdlib>

namespace flange::fuzz {

void noteRefusal(const char* target, const char* what)
{
    if (!kQuiet)
        std::fprintf(stderr, "fuzz %s: refused: %s\n", target, what);
}

void strayException(const char* target, const char* what)
{
    std::fprintf(stderr, "fuzz %s: an exception other than flange::Error escaped: %s\n", target, what);
    std::abort();
}

} // namespace flange::fuzz
