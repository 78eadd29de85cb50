#include "ui/document/connection_rules.hpp"

#include "ui/document/diagram_document.hpp"
#include "ui/document/parameter_values.hpp"

#include <QObject>

namespace flange::ui {

namespace {

using library::ConnectorType;
using library::Domain;

struct Port {
    const diagram::Component* component = nullptr;
    const library::ConnectorDef* connector = nullptr;
};

QString kindName(ConnectorType t)
{
    switch (library::domainOf(t)) {
    case Domain::Rotational: return QObject::tr("a rotational flange");
    case Domain::Translational: return QObject::tr("a translational flange");
    case Domain::Thermal: return QObject::tr("a heat port");
    case Domain::Signal: break;
    }
    switch (t) {
    case ConnectorType::RealInput: return QObject::tr("a Real input");
    case ConnectorType::RealOutput: return QObject::tr("a Real output");
    case ConnectorType::BooleanInput: return QObject::tr("a Boolean input");
    default: return QObject::tr("a Boolean output");
    }
}

bool isBoolean(ConnectorType t) { return t == ConnectorType::BooleanInput || t == ConnectorType::BooleanOutput; }

// Finds the port or says why it cannot be used.
QString resolve(const DiagramDocument& doc, const QString& endpoint, Port& port)
{
    std::string instance, connector;
    if (!diagram::splitEndpoint(endpoint.toStdString(), instance, connector))
        return QObject::tr("'%1' is not an instance.connector name").arg(endpoint);
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
    if (!connectorEnabled(*def, *port.component, *port.connector))
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
    const Domain da = library::domainOf(ta), db = library::domainOf(tb);
    auto refuse = [&](const QString& why) {
        check.refusal = QObject::tr("Cannot connect %1 to %2: %3").arg(a, b, why);
        return check;
    };
    if (da != db)
        return refuse(QObject::tr("%1 does not connect to %2").arg(kindName(ta), kindName(tb)));
    check.from = a;
    check.to = b;
    if (da == Domain::Signal) {
        if (isBoolean(ta) != isBoolean(tb))
            return refuse(QObject::tr("%1 does not connect to %2").arg(kindName(ta), kindName(tb)));
        const bool ia = library::isInput(ta), ib = library::isInput(tb);
        if (ia && ib)
            return refuse(QObject::tr("both are inputs; an input must be driven by an output"));
        if (!ia && !ib)
            return refuse(QObject::tr("both are outputs; an output drives inputs"));
        if (ia)
            std::swap(check.from, check.to);
    }
    const std::string from = check.from.toStdString(), to = check.to.toStdString();
    for (const diagram::Connection& c : doc.diagram().connections) {
        if ((c.from == from && c.to == to) || (c.from == to && c.to == from))
            return refuse(QObject::tr("they are already connected"));
        if (da == Domain::Signal && (c.to == to || c.from == to))
            return refuse(QObject::tr("%1 is already driven by %2")
                              .arg(check.to, QString::fromStdString(c.to == to ? c.from : c.to)));
    }
    return check;
}

} // namespace flange::ui
