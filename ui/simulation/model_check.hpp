#pragma once
// Diagram > Check: translates the diagram without simulating it and says what translation
// chose (engine/api/model.hpp, Model::check) or why it failed, in the words and with the
// component links of a run's diagnostic. On the caller's thread: translation alone takes
// milliseconds for the drive trains one checks by hand.
#include "ui/simulation/run_controller.hpp"

#include <memory>

namespace flange::ui {

RunDiagnostic checkDiagram(const diagram::Diagram& diagram, std::shared_ptr<const library::Library> library);

} // namespace flange::ui
