#pragma once
// Live preview of a parameter dialog on the document (Auto Re-simulate on): each valid
// edit is written straight into the document, outside the undo stack, so the simulation
// workspace re-runs on componentChanged. The session still ends as one ordinary undo
// step: finishing puts the original settings back silently, then, if accepted, applies
// the final ones through the editor. Cancelled (or destroyed unfinished) it only puts
// the original back, leaving neither an undo entry nor a modified mark.
#include "engine/api/diagram.hpp"

#include <QString>

#include <string>
#include <utility>
#include <vector>

namespace flange::ui {

class DiagramEditor;

class LiveParameterSession {
public:
    using Parameters = std::vector<std::pair<std::string, diagram::Json>>;
    using Variables = std::vector<std::pair<std::string, diagram::VariableSettings>>;

    // Remembers the component's settings as they are now.
    LiveParameterSession(DiagramEditor& editor, const QString& name);
    ~LiveParameterSession();
    LiveParameterSession(const LiveParameterSession&) = delete;
    LiveParameterSession& operator=(const LiveParameterSession&) = delete;

    // Shows these settings in the document now, without an undo entry.
    void preview(const Parameters& parameters, const Variables& variables);
    // OK: one undoable change from the original to these settings (none if equal).
    void accept(const Parameters& parameters, const Variables& variables);
    // Cancel: back to the original settings.
    void cancel();

private:
    void restore();

    DiagramEditor& editor_;
    QString name_;
    Parameters originalParameters_;
    Variables originalVariables_;
    bool previewed_ = false; // the document differs (or may) from the original
    bool finished_ = false;
};

} // namespace flange::ui
