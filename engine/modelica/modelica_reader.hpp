#pragma once
// Modelica models as diagrams (issue 38, "Read Modelica"): a model composed of instances
// of the classes Flange's library has (MSL 4.0.0 names, or the library's own names), with
// modifiers, model parameters, connect equations, initial equations `x = value` and
// `der(x) = 0`, and Placement, Line, Text, experiment and Documentation annotations,
// becomes the diagram::Diagram the JSON reader would give, so that everything downstream
// is unchanged. The subset is in docs/guide/modelica-tools.md; anything outside it is
// refused with file, line and construct, and nothing is half-imported.
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"
#include "engine/modelica/modelica_source.hpp"

#include <string>
#include <vector>

namespace flange::modelica {

// The model `requested` names (a full name, or its last part when that is unique among
// the models), or the only model of the source when `requested` is empty. Throws BadInput
// listing the models when the choice is ambiguous or wrong.
std::string chooseModel(ModelicaSource& source, const std::string& requested);

// The diagram of model `fullName`. `library` must hold every definition (loadFolder).
diagram::Diagram readModelica(ModelicaSource& source, const std::string& fullName, const library::Library& library);

// A file or package folder, the model chosen as chooseModel does.
diagram::Diagram readModelicaFile(const std::string& path, const std::string& requested,
                                  const library::Library& library);

} // namespace flange::modelica
