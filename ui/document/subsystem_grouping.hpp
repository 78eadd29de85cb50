#pragma once
// Group into Subsystem and Ungroup as pure functions on one level of a diagram: they
// return the level's new content, which the editor applies as one undo step
// (ReplaceLevelCommand). The rules are in docs/editor.md, "Subsystems".
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

#include <QString>
#include <QStringList>

#include <functional>

namespace flange::ui {

// The definition of a type as seen from the level being edited (embedded subsystems first).
using TypeLookup = std::function<const library::ComponentDefinition*(const std::string&)>;

struct GroupResult {
    diagram::Diagram level; // the level with the subsystem embedded and its instance in place
    QString instance;       // the new instance's name
    QString error;          // non-empty: nothing was done
};

// Moves `names` into a new subsystem `typeName` embedded in `level`. Connections between
// them move inside; each one cut by the selection becomes an outer connector (named after
// the inner connector, on the icon's side facing the outer end) and its outer wire ends on
// the instance. Model parameters the components use become parameters of the subsystem,
// bound to the outer ones by the instance (`f = f`).
GroupResult groupComponents(const diagram::Diagram& level, const QStringList& names, const std::string& typeName,
                            const TypeLookup& find);

struct UngroupResult {
    diagram::Diagram level;
    QStringList added; // the components that replaced the instance
    QString error;
};

// Replaces the instance `name` of the subsystem `subsystem` by its components (renamed
// `name_inner` where a name is taken), placed about the instance's centre. Wires to its
// connectors are reconnected to what they led to inside; its parameter values become
// model parameters of the level unless they only pass an outer parameter of the same
// name through; its start-value overrides go to the components they name. An embedded
// subsystem no longer used at this level is removed.
UngroupResult ungroupInstance(const diagram::Diagram& level, const QString& name, const diagram::Diagram& subsystem);

} // namespace flange::ui
