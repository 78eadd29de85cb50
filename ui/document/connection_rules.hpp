#pragma once
// Which ports may be joined (docs/diagram-format.md, "Connection rules"), with a reason
// the user can act on when they may not.
#include <QString>
#include <QStringList>

namespace flange::ui {

class DiagramDocument;

struct ConnectionCheck {
    QString refusal; // empty when the connection is allowed
    // The endpoints in the order they are stored: a signal's output first.
    QString from, to;
    // A scalar dropped on a whole vector (or the reverse) is refused, and these are the
    // vector's members ("sum.u[1]", ...) the scalar could be connected to instead.
    QStringList memberChoices;
    bool allowed() const { return refusal.isEmpty(); }
};

// a and b are "instance.connector" endpoints, in the order the user dragged them.
// `replacing` is the index of a connection this one would replace (an end dragged to
// another port): it neither duplicates nor drives what the new one does.
ConnectionCheck checkConnection(const DiagramDocument& doc, const QString& a, const QString& b, int replacing = -1);

// Why a connection stored in the diagram cannot be simulated as it stands (an end names
// a component or connector that does not exist, or the two ends do not fit), or empty.
// The same rules as checkConnection, without the search for duplicates: it is asked of
// every line of a diagram as it opens.
QString connectionFault(const DiagramDocument& doc, const QString& from, const QString& to);

} // namespace flange::ui
