#pragma once
// Prints a Pool expression in the expression language, for messages and tests.
#include "engine/expr/pool.hpp"

#include <functional>
#include <string>

namespace flange::expr {

// varName maps a variable id to its name; relations print as rel[k].
std::string toString(const Pool& pool, NodeId id, const std::function<std::string(int32_t)>& varName);

} // namespace flange::expr
