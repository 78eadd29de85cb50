#include "ui/document/connection_rules.hpp"

#include "engine/library/connection_rules.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/outer_connectors.hpp"
#include "ui/document/parameter_values.hpp"

#include <QObject>

namespace flange::ui {

namespace {

using library::ConnectorType;
using library::Domain;

struct Port {
    const diagram::Component* component = nullptr;
    const library::ConnectorDef* connector = nullptr;
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
    port.connector = def->connector(connector);
    if (!port.connector)
        return QObject::tr("%1 has no connector %2").arg(QString::fromStdString(instance), QString::fromStdString(connector));
    if (!connectorEnabled(*def, *port.component, *port.connector, &doc.diagram()))
        return QObject::tr("%1 is switched off by %2").arg(endpoint, QString::fromStdString(port.connector->condition->text));
    return {};
}

} // namespace

ConnectionCheck checkConnection(const DiagramDocument& doc, const QString& a, const QString& b)
{
    ConnectionCheck check;
    if (a == b) {
        check.refusal = QObject::tr("A port cannot be connected to itself");
        return check;
    }
    Port pa, pb;
    if (QString why = resolve(doc, a, pa); !why.isEmpty()) {
        check.refusal = why;
        return check;
    }
    if (QString why = resolve(doc, b, pb); !why.isEmpty()) {
        check.refusal = why;
        return check;
    }
    const ConnectorType ta = pa.connector->type, tb = pb.connector->type;
    auto refuse = [&](const QString& why) {
        check.refusal = QObject::tr("Cannot connect %1 to %2: %3").arg(a, b, why);
        return check;
    };
    // Compatibility is the engine's rule; the editor adds only what concerns drawing.
    if (std::optional<std::string> why = library::connectionRefusal(ta, tb))
        return refuse(QString::fromStdString(*why));
    const bool signal = library::domainOf(ta) == Domain::Signal;
    check.from = a;
    check.to = b;
    if (signal && library::isInput(ta))
        std::swap(check.from, check.to);
    const std::string from = check.from.toStdString(), to = check.to.toStdString();
    for (const diagram::Connection& c : doc.diagram().connections) {
        if ((c.from == from && c.to == to) || (c.from == to && c.to == from))
            return refuse(QObject::tr("they are already connected"));
        if (signal && (c.to == to || c.from == to))
            return refuse(QObject::tr("%1 is already driven by %2")
                              .arg(check.to, QString::fromStdString(c.to == to ? c.from : c.to)));
    }
    return check;
}

} // namespace flange::ui
