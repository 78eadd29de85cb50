#pragma once
// Instance names: made from the type the way Modelica tools do (inertia1, springDamper2)
// and kept unique when components are added, pasted or renamed.
#include <QSet>
#include <QString>

namespace flange::ui {

// A Modelica identifier: a letter or underscore, then letters, digits or underscores.
bool isIdentifier(const QString& name);

// "Rotational.Components.SpringDamper" -> "springDamper".
QString baseNameForType(const QString& type);

// base + the smallest number >= 1 not in `taken` ("inertia" -> "inertia3").
QString uniqueName(const QString& base, const QSet<QString>& taken);

// The name a pasted copy gets: the original when free, else its stem numbered anew
// ("J1" -> "J5", "fixed" -> "fixed1").
QString uniqueCopyName(const QString& original, const QSet<QString>& taken);

} // namespace flange::ui
