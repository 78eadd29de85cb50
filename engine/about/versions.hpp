#pragma once
// The version numbers Flange reports (--version, Help > About): its own, from the CMake
// project, and the solver library's it was built with.
#include <string>

namespace flange::about {

std::string flangeVersion();
std::string sundialsVersion();

} // namespace flange::about
