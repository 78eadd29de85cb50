#pragma once
// A sweep definition made ready to run in the window, by the engine's own steps (the plan,
// the metrics, the signals checked against the model: what `flange-sim sweep` checks
// before its first run), and the names a sweep can vary in a diagram.
#include "ui/sweep/sweep_backend.hpp"

#include <QString>
#include <QStringList>

namespace flange::ui {

// Throws flange::Error with the engine's message (see inDialogTerms) when the sweep cannot run.
std::shared_ptr<SweepJob> prepareSweepJob(const sweep::SweepDefinition& definition, const diagram::Diagram& model,
                                          std::shared_ptr<const library::Library> library,
                                          const SimulationOptions& options = {});

// The engine names the command line's options in its messages ("--vary clutch1.fn_max:
// ..."); the dialog names its fields ("Values for clutch1.fn_max: ...").
QString inDialogTerms(const std::string& message);

// Every name the engine accepts as a varied parameter of `d`'s top level: model parameters,
// numeric parameters of the components, start values of their variables
// ("inertia1.w.start"); in diagram order.
QStringList sweepableNames(const diagram::Diagram& d, const library::Library& lib);

} // namespace flange::ui
