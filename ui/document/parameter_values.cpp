#include "ui/document/parameter_values.hpp"

#include "engine/api/expressions.hpp"

#include <QLocale>
#include <QRegularExpression>

namespace flange::ui {

namespace {

// "1e+05" -> "1e5", "2.5e-06" -> "2.5e-6": how people write it.
QString cleanExponent(QString s)
{
    static const QRegularExpression exponent(QStringLiteral("e([+-]?)0*([0-9]+)$"));
    const QRegularExpressionMatch m = exponent.match(s);
    if (m.hasMatch())
        s.replace(m.capturedStart(), m.capturedLength(),
                  QStringLiteral("e") + (m.captured(1) == QLatin1String("-") ? QStringLiteral("-") : QString()) + m.captured(2));
    return s;
}

QString formatNumber(double v)
{
    // Shortest text that reads back to the same double: what the user typed, usually.
    return cleanExponent(QString::number(v, 'g', QLocale::FloatingPointShortest));
}

// Labels are read at a glance: long fractions are cut to four significant digits.
QString formatForLabel(const QString& text)
{
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (ok && text.size() > 7)
        return cleanExponent(QString::number(v, 'g', 4));
    return text;
}

} // namespace

QString formatValue(const diagram::Json& value, const std::string& unit)
{
    if (value.is_object() && value.contains("value")) {
        const diagram::Json& v = value["value"];
        if (v.is_number() && value.contains("displayUnit") && value["displayUnit"].is_string()) {
            const std::string shown = value["displayUnit"].get<std::string>();
            // Back from the declared unit into the one the user typed; 15 digits hide the rounding.
            const units::Conversion c = units::convert(v.get<double>(), unit, shown, "value");
            if (c.value)
                return formatNumber(*c.value) + QLatin1Char(' ') + QString::fromStdString(shown);
        }
        return formatValue(v, unit);
    }
    if (value.is_number())
        return formatNumber(value.get<double>());
    if (value.is_boolean())
        return value.get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_null())
        return {};
    return QString::fromStdString(value.dump());
}

QString formatExpression(const library::ExprText& e)
{
    if (e.ast && e.ast->kind == expr::Ast::Kind::Number)
        return formatNumber(e.ast->number);
    return QString::fromStdString(e.text);
}

QString parameterText(const library::ComponentDefinition& def, const diagram::Component& c, const std::string& name)
{
    const library::ParameterDef* p = def.parameter(name);
    if (const diagram::Json* v = c.parameter(name))
        return formatValue(*v, p ? p->unit : std::string());
    if (p && p->defaultValue && !p->required)
        return formatExpression(*p->defaultValue);
    return {};
}

QString labelText(const library::ComponentDefinition& def, const diagram::Component& c)
{
    QString label = QString::fromStdString(def.label);
    static const QRegularExpression placeholder(QStringLiteral("%([A-Za-z_][A-Za-z0-9_]*)"));
    QString out;
    qsizetype last = 0;
    for (auto it = placeholder.globalMatch(label); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += label.mid(last, m.capturedStart() - last);
        const std::string name = m.captured(1).toStdString();
        // %name is the instance name in MSL labels; anything else is a parameter.
        QString value = name == "name" ? QString::fromStdString(c.name) : formatForLabel(parameterText(def, c, name));
        out += value.isEmpty() && name != "name" ? QStringLiteral("?") : value;
        last = m.capturedEnd();
    }
    out += label.mid(last);
    return out;
}

QStringList missingValues(const library::ComponentDefinition& def, const diagram::Component& c)
{
    QStringList out;
    for (const std::string& name : flatten::missingRequiredParameters(def, c))
        out << QString::fromStdString(name);
    return out;
}

bool connectorEnabled(const library::ComponentDefinition& def, const diagram::Component& c,
                      const library::ConnectorDef& connector, const diagram::Diagram* model)
{
    if (!connector.condition || !connector.condition->ast)
        return true;
    static const diagram::Diagram none;
    return flatten::evaluateCondition(model ? *model : none, def, c, *connector.condition).value_or(true);
}

std::optional<int> connectorSize(const library::ComponentDefinition& def, const diagram::Component& c,
                                 const library::ConnectorDef& connector, const diagram::Diagram* model)
{
    if (!connector.size)
        return 0;
    static const diagram::Diagram none;
    return flatten::evaluateSize(model ? *model : none, def, c, *connector.size);
}

} // namespace flange::ui
