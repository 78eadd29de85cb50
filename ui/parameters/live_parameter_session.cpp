#include "ui/parameters/live_parameter_session.hpp"

#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"

namespace flange::ui {

LiveParameterSession::LiveParameterSession(DiagramEditor& editor, const QString& name)
    : editor_(editor), name_(name)
{
    if (const diagram::Component* c = editor_.document().component(name)) {
        originalParameters_ = c->parameters;
        originalVariables_ = c->variables;
    }
}

LiveParameterSession::~LiveParameterSession()
{
    if (!finished_)
        restore();
}

void LiveParameterSession::preview(const Parameters& parameters, const Variables& variables)
{
    const diagram::Component* c = editor_.document().component(name_);
    // The dialog calls in on every valid edit, also ones that store nothing new (typing
    // "1000" over 1000); skip those so the workspace does not re-run for nothing.
    if (!c || finished_ || (c->parameters == parameters && c->variables == variables))
        return;
    editor_.document().setSettings(name_, parameters, variables);
    previewed_ = true;
}

void LiveParameterSession::accept(const Parameters& parameters, const Variables& variables)
{
    if (finished_)
        return;
    restore(); // so the undo command records the original as its "before"
    finished_ = true;
    editor_.setSettings(name_, parameters, variables);
}

void LiveParameterSession::cancel()
{
    if (finished_)
        return;
    restore();
    finished_ = true;
}

void LiveParameterSession::restore()
{
    if (!previewed_)
        return; // untouched: no componentChanged, no needless re-run
    previewed_ = false;
    if (editor_.document().component(name_))
        editor_.document().setSettings(name_, originalParameters_, originalVariables_);
}

} // namespace flange::ui
