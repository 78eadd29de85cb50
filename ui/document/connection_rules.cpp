#include "ui/document/connection_rules.hpp"

#include "engine/api/library.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/outer_connectors.hpp"
#include "ui/document/parameter_values.hpp"

#include <QObject>

#include <algorithm>

namespace flange::ui {

namespace {

using library::ConnectorType;
using library::Domain;

struct Port {
    const diagram::Component* component = nullptr;
    const library::ConnectorDef* connector = nullptr;
    int size = 0; // a whole vector's size; 0 for a scalar or one member u[2]
    library::ConnectorDef outer; // an outer connector of the subsystem being edited
};

// Finds the port or says why it cannot be used.
QString resolve(const DiagramDocument& doc, const QString& endpoint, Port& port)
{
    std::string instance, connector;
    if (!diagram::splitEndpoint(endpoint.toStdString(), instance, connector)) {
        if (const diagram::OuterConnector* outer = doc.diagram().connector(endpoint.toStdString())) {
            port.outer = outerConnectorDefinition(*outer).connectors.front();
            port.outer.type = insideRole(port.outer.type);
            port.connector = &port.outer;
            return {};
        }
        return QObject::tr("'%1' is not an instance.connector name").arg(endpoint);
    }
    port.component = doc.diagram().component(instance);
    if (!port.component)
        return QObject::tr("There is no component named %1").arg(QString::fromStdString(instance));
    const library::ComponentDefinition* def = doc.definition(*port.component);
    if (!def)
        return QObject::tr("The type %1 of %2 is not in the component library")
            .arg(QString::fromStdString(port.component->type), QString::fromStdString(instance));
    std::string base;
    int index = 0;
    const bool member = library::splitMember(connector, base, index);
    port.connector = def->connector(member ? base : connector);
    if (!port.connector)
        return QObject::tr("%1 has no connector %2").arg(QString::fromStdString(instance), QString::fromStdString(connector));
    if (port.connector->size) {
        const std::optional<int> size = connectorSize(*def, *port.component, *port.connector, &doc.diagram());
        if (!size)
            return QObject::tr("The size of %1.%2 cannot be evaluated")
                .arg(QString::fromStdString(instance), QString::fromStdString(port.connector->name));
        if (member) {
            if (auto why = library::memberRefusal(instance + "." + base, index, *size))
                return QString::fromStdString(*why);
        } else {
            port.size = *size;
        }
    } else if (member) {
        return QString::fromStdString(*library::memberRefusal(instance + "." + base, index, 0));
    }
    if (!connectorEnabled(*def, *port.component, *port.connector, &doc.diagram()))
        return QObject::tr("%1 is switched off by %2").arg(endpoint, QString::fromStdString(port.connector->condition->text));
    return {};
}

// Whether two ends share a signal: equal, or a whole vector and one of its members.
bool overlaps(const std::string& a, const std::string& b)
{
    auto memberOf = [](const std::string& m, const std::string& v) {
        return m.size() > v.size() && m.compare(0, v.size(), v) == 0 && m[v.size()] == '[';
    };
    return a == b || memberOf(a, b) || memberOf(b, a);
}

} // namespace

namespace {

// The ends and their fit, which a stored connection must pass as well as a new one.
bool checkEnds(const DiagramDocument& doc, const QString& a, const QString& b, ConnectionCheck& check,
               bool* signal = nullptr)
{
    if (a == b) {
        check.refusal = QObject::tr("A port cannot be connected to itself");
        return false;
    }
    Port pa, pb;
    if (QString why = resolve(doc, a, pa); !why.isEmpty()) {
        check.refusal = why;
        return false;
    }
    if (QString why = resolve(doc, b, pb); !why.isEmpty()) {
        check.refusal = why;
        return false;
    }
    const ConnectorType ta = pa.connector->type, tb = pb.connector->type;
    auto refuse = [&](const QString& why) {
        check.refusal = QObject::tr("Cannot connect %1 to %2: %3").arg(a, b, why);
        return false;
    };
    // Compatibility is the engine's rule; the editor adds only what concerns drawing.
    if (std::optional<std::string> why = library::connectionRefusal(ta, tb))
        return refuse(QString::fromStdString(*why));
    if (std::optional<std::string> why = library::sizeRefusal(a.toStdString(), pa.size, b.toStdString(), pb.size)) {
        refuse(QString::fromStdString(*why));
        if (pa.size == 0 || pb.size == 0) {
            const bool vectorIsA = pa.size > 0;
            for (int k = 1; k <= std::max(pa.size, pb.size); ++k) {
                const QString member = (vectorIsA ? a : b) + QStringLiteral("[%1]").arg(k);
                if (checkConnection(doc, vectorIsA ? member : a, vectorIsA ? b : member).allowed())
                    check.memberChoices << member;
            }
        }
        return false;
    }
    check.from = a;
    check.to = b;
    const bool isSignal = library::domainOf(ta) == Domain::Signal;
    if (isSignal && library::isInput(ta))
        std::swap(check.from, check.to);
    if (signal)
        *signal = isSignal;
    return true;
}

} // namespace

ConnectionCheck checkConnection(const DiagramDocument& doc, const QString& a, const QString& b, int replacing)
{
    ConnectionCheck check;
    bool signal = false;
    if (!checkEnds(doc, a, b, check, &signal))
        return check;
    auto refuse = [&](const QString& why) {
        check.refusal = QObject::tr("Cannot connect %1 to %2: %3").arg(a, b, why);
        return check;
    };
    const std::string from = check.from.toStdString(), to = check.to.toStdString();
    const auto& connections = doc.diagram().connections;
    for (size_t i = 0; i < connections.size(); ++i) {
        if (static_cast<int>(i) == replacing)
            continue;
        const diagram::Connection& c = connections[i];
        if ((c.from == from && c.to == to) || (c.from == to && c.to == from))
            return refuse(QObject::tr("they are already connected"));
        if (signal && (overlaps(c.to, to) || overlaps(c.from, to)))
            return refuse(QObject::tr("%1 is already driven by %2")
                              .arg(check.to, QString::fromStdString(c.to == to ? c.from : c.to)));
    }
    return check;
}

QString connectionFault(const DiagramDocument& doc, const QString& from, const QString& to)
{
    ConnectionCheck check;
    return checkEnds(doc, from, to, check) ? QString() : check.refusal;
}

} // namespace flange::ui
