#include "engine/about/versions.hpp"

namespace flange::about {

std::string flangeVersion()
{
    return FLANGE_VERSION; // compiled in from project(Flange VERSION ...)
}

} // namespace flange::about
