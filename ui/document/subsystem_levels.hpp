#pragma once
// Where the editor is inside a diagram: the path of subsystem instances opened from the
// top ("clutchPack", then "inner"), the diagram that path leads to, and the definitions
// the components there resolve to. Type lookup follows the engine's rule
// (docs/diagram-format.md, Subsystems): the embedded subsystems of this level, then of the
// enclosing levels, innermost first, then the library. A library subsystem is read-only.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace flange::ui {

struct ResolvedLevel {
    const diagram::Diagram* diagram = nullptr; // null when the path leads nowhere
    bool readOnly = false;                    // inside a library subsystem
    // The diagrams whose embedded subsystems are in scope, outermost first.
    std::vector<const diagram::Diagram*> scopes;
    QStringList types; // the type of each instance on the path
};

// Follows `path` (instance names) from `root`.
ResolvedLevel resolveLevel(const diagram::Diagram& root, const QStringList& path, const library::Library& library);

// The embedded subsystem `type` names in `scopes` (innermost first), or null.
const diagram::Diagram* embeddedSubsystem(const std::vector<const diagram::Diagram*>& scopes, const std::string& type);

// Definitions of embedded subsystems, made from their diagrams with the engine's
// subsystemDefinition. The canvas holds on to definition pointers, so definitions are
// kept by content: an unchanged subsystem keeps its definition, and one made before an
// edit stays valid for the items still showing it.
class SubsystemDefinitions {
public:
    const library::ComponentDefinition* definition(const diagram::Diagram& subsystem) const;

private:
    mutable std::map<std::string, std::shared_ptr<const library::ComponentDefinition>> byContent_;
};

} // namespace flange::ui
