#pragma once
// A diagram as Modelica text (issue 38, "Write Modelica"): one model that instantiates
// MSL 4.0.0 classes (Flange's library names them without the "Modelica.Mechanics." of
// Rotational and Translational, "Modelica." of Blocks and Thermal), with the parameters
// and start/fixed settings of each instance as modifiers, the diagram's own parameters
// with their units, its connections, the experiment, `uses(Modelica(version="4.0.0"))`
// and Placement/Line annotations in Modelica's diagram coordinates (y up), so that
// Dymola and OMEdit draw the same picture.
//
// A diagram with subsystems of its own is written as a package: each subsystem a model in
// the packages its type name gives, then the model. A component that exists only in
// Flange (its own contact laws, user definitions) is refused with its name.
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"

#include <string>

namespace flange::modelica {

// The MSL class a library type names ("Rotational.Components.Inertia" ->
// "Modelica.Mechanics.Rotational.Components.Inertia"), or empty for a type of Flange's own.
std::string mslClassName(const std::string& type);

// modelName: the Modelica name of the model (the diagram's name, or its file's stem).
// Throws BadInput naming the component Modelica cannot be written for.
std::string writeModelica(const diagram::Diagram& diagram, const library::Library& library,
                          const std::string& modelName);

} // namespace flange::modelica
