#pragma once
// Reading a JSON file the user gave us (a diagram, a component definition) so that no
// byte sequence crashes Flange: nesting is bounded before anything recurses over the
// tree (nlohmann's copy and dump recurse), and a number too large for a double is
// reported with its line and JSON path instead of escaping as nlohmann's out_of_range.
#include <nlohmann/json.hpp>

#include <string>

namespace flange::io {

// Deeper than any diagram or definition needs; deep enough for hand-made annotations.
constexpr int kMaxJsonNesting = 64;

// Keys stay in the order of the file. Throws flange::Error (BadInput) "FILE:LINE:COLUMN: ..." for malformed JSON, nesting
// beyond kMaxJsonNesting and numbers out of range (naming the key path).
nlohmann::ordered_json parseJsonInput(const std::string& text, const std::string& source);

// "components[3].variables.w.stateSelect" from the parts of a path.
std::string jsonPath(const std::string& parent, const std::string& key);
std::string jsonPath(const std::string& parent, size_t index);

} // namespace flange::io
