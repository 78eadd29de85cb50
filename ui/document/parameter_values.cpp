#include "ui/document/parameter_values.hpp"

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

QString formatValue(const diagram::Json& value)
{
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
    if (const diagram::Json* v = c.parameter(name))
        return formatValue(*v);
    if (const library::ParameterDef* p = def.parameter(name); p && p->defaultValue)
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
        out += name == "name" ? QString::fromStdString(c.name) : formatForLabel(parameterText(def, c, name));
        last = m.capturedEnd();
    }
    out += label.mid(last);
    return out;
}

namespace {

std::optional<bool> evaluate(const library::ComponentDefinition& def, const diagram::Component& c, const expr::Ast& a,
                             int depth)
{
    if (depth > 16)
        return std::nullopt; // a default that refers to itself
    using Kind = expr::Ast::Kind;
    switch (a.kind) {
    case Kind::Boolean: return a.number != 0;
    case Kind::Unary:
        if (a.name == "not" && a.args.size() == 1)
            if (auto v = evaluate(def, c, *a.args[0], depth + 1))
                return !*v;
        return std::nullopt;
    case Kind::Binary: {
        if (a.args.size() != 2 || (a.name != "and" && a.name != "or"))
            return std::nullopt;
        auto l = evaluate(def, c, *a.args[0], depth + 1);
        auto r = evaluate(def, c, *a.args[1], depth + 1);
        if (!l || !r)
            return std::nullopt;
        return a.name == "and" ? (*l && *r) : (*l || *r);
    }
    case Kind::Ident: {
        if (const diagram::Json* v = c.parameter(a.name)) {
            if (v->is_boolean())
                return v->get<bool>();
            if (v->is_string()) {
                const std::string s = v->get<std::string>();
                if (s == "true" || s == "false")
                    return s == "true";
            }
            return std::nullopt; // an expression in model parameters: not evaluated here
        }
        const library::ParameterDef* p = def.parameter(a.name);
        if (p && p->defaultValue && p->defaultValue->ast)
            return evaluate(def, c, *p->defaultValue->ast, depth + 1);
        return std::nullopt;
    }
    default: return std::nullopt;
    }
}

} // namespace

std::optional<bool> evaluateBoolean(const library::ComponentDefinition& def, const diagram::Component& c,
                                    const expr::Ast& condition)
{
    return evaluate(def, c, condition, 0);
}

bool connectorEnabled(const library::ComponentDefinition& def, const diagram::Component& c,
                      const library::ConnectorDef& connector)
{
    if (!connector.condition || !connector.condition->ast)
        return true;
    return evaluateBoolean(def, c, *connector.condition->ast).value_or(true);
}

} // namespace flange::ui
