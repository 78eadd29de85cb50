#include "ui/simulation/model_check.hpp"

#include "engine/api/errors.hpp"
#include "engine/api/model.hpp"

#include <QCoreApplication>

namespace flange::ui {

RunDiagnostic checkDiagram(const diagram::Diagram& diagram, std::shared_ptr<const library::Library> library)
{
    RunDiagnostic d;
    const QString name = diagram.name.empty() ? QCoreApplication::translate("ModelCheck", "the diagram")
                                              : QString::fromStdString(diagram.name);
    try {
        const CheckReport report = Model::compile(diagram, std::move(library))->check();
        // Assumed starts are a run's warning too: the same severity here.
        d.severity = report.assumedStarts.empty() && report.warnings.empty() ? RunDiagnostic::Severity::Info
                                                                              : RunDiagnostic::Severity::Warning;
        // Lists cut to their first items: Messages lays out every line it keeps.
        constexpr size_t kMostListed = 20;
        d.text = QCoreApplication::translate("ModelCheck", "Check of %1: translates without errors.\n%2")
                     .arg(name, QString::fromStdString(report.text(kMostListed)).trimmed());
    } catch (const Error& e) {
        d.severity = RunDiagnostic::Severity::Error;
        d.text = QCoreApplication::translate("ModelCheck", "Check of %1 failed: %2").arg(name, QString::fromStdString(e.what()));
        for (const std::string& instance : e.instances)
            d.instances << QString::fromStdString(instance);
    } catch (const std::exception& e) {
        d.severity = RunDiagnostic::Severity::Error;
        d.text = QCoreApplication::translate("ModelCheck", "Check of %1 failed: internal error (this is a bug in Flange): %2")
                     .arg(name, QString::fromStdString(e.what()));
    }
    return d;
}

} // namespace flange::ui
