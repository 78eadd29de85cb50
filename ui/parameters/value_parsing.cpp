#include "ui/parameters/value_parsing.hpp"

#include "engine/api/expressions.hpp"
#include "ui/document/parameter_values.hpp"

#include <QLocale>
#include <QObject>
#include <QRegularExpression>

#include <cmath>

namespace flange::ui {

namespace {

using library::ValueType;

ParsedValue refused(const QString& reason) { return ParsedValue{reason, std::nullopt}; }
ParsedValue accepted(diagram::Json v) { return ParsedValue{{}, std::move(v)}; }

// An integer as typed ("5") stays an integer in the file; "5.0" and "1e3" stay doubles.
diagram::Json numberJson(const QString& text, double v)
{
    static const QRegularExpression integer(QStringLiteral("^[+-]?[0-9]{1,15}$"));
    if (integer.match(text).hasMatch())
        return diagram::Json(static_cast<long long>(v));
    return diagram::Json(v);
}

// Accepts the text as an expression the engine can evaluate with `names`, or says why not
// (a text that does not even parse is "not <expected>", with the parser's reason).
ParsedValue expressionOrReason(const QString& name, const QString& text, const QString& expected,
                               const std::vector<std::string>& names)
{
    try {
        expr::parseExpression(text.toStdString());
    } catch (const expr::ParseError& e) {
        return refused(QObject::tr("%1: '%2' is not %3 (%4 at column %5)")
                           .arg(name, text, expected, QString::fromStdString(e.what()))
                           .arg(e.column() + 1));
    }
    if (std::optional<std::string> why = flatten::checkParameterExpression(text.toStdString(), names, name.toStdString()))
        return refused(QString::fromStdString(*why));
    return accepted(diagram::Json(text.toStdString()));
}

// "300 g" for a parameter in kg: the value in kg, and the unit typed kept for display.
// Empty optional when the text is no number-with-unit at all.
std::optional<ParsedValue> quantity(const QString& name, const QString& text, const std::string& unit, double* number)
{
    const std::optional<units::Quantity> q = units::splitQuantity(text.toStdString());
    if (!q || q->unit.empty())
        return std::nullopt;
    const units::Conversion c = units::convert(q->value, q->unit, unit, name.toStdString());
    if (!c.value)
        return refused(QString::fromStdString(c.error));
    *number = *c.value;
    if (q->unit == unit)
        return accepted(diagram::Json(*c.value));
    diagram::Json j = diagram::Json::object();
    j["value"] = *c.value;
    j["displayUnit"] = q->unit;
    return accepted(j);
}

QString withUnit(double v, const std::string& unit)
{
    QString s = QString::number(v, 'g', QLocale::FloatingPointShortest);
    if (!unit.empty())
        s += QLatin1Char(' ') + QString::fromStdString(unit);
    return s;
}

ParsedValue parseNumber(const library::ParameterDef& def, const QString& name, const QString& text,
                        const std::vector<std::string>& names)
{
    bool isNumber = false;
    double v = QLocale::c().toDouble(text, &isNumber);
    std::optional<ParsedValue> withUnitTyped;
    if (!isNumber) {
        withUnitTyped = quantity(name, text, def.unit, &v);
        if (withUnitTyped && !withUnitTyped->ok())
            return *withUnitTyped;
        isNumber = withUnitTyped.has_value();
    }
    if (!isNumber || !std::isfinite(v))
        return expressionOrReason(name, text, QObject::tr("a number or an expression"), names);
    if (def.type == ValueType::Integer && v != std::floor(v))
        return refused(QObject::tr("%1 must be a whole number").arg(name));
    if (def.min) {
        if (def.minExclusive && !(v > *def.min))
            return refused(QObject::tr("%1 must be greater than %2").arg(name, withUnit(*def.min, def.unit)));
        if (!def.minExclusive && v < *def.min)
            return refused(QObject::tr("%1 must be at least %2").arg(name, withUnit(*def.min, def.unit)));
    }
    if (def.max && v > *def.max)
        return refused(QObject::tr("%1 must be at most %2").arg(name, withUnit(*def.max, def.unit)));
    return withUnitTyped ? *withUnitTyped : accepted(numberJson(text, v));
}

ParsedValue parseTable(const QString& name, const QString& text)
{
    const diagram::Json j = diagram::Json::parse(text.toStdString(), nullptr, false);
    const QString reason = QObject::tr("%1: a table is written as rows of numbers, [[0, 1], [1, 2]]").arg(name);
    if (j.is_discarded() || !j.is_array() || j.empty())
        return refused(reason);
    size_t columns = 0;
    for (const diagram::Json& row : j) {
        if (!row.is_array() || row.empty())
            return refused(reason);
        for (const diagram::Json& x : row)
            if (!x.is_number())
                return refused(reason);
        if (columns != 0 && row.size() != columns)
            return refused(QObject::tr("%1: every row of the table needs %2 numbers").arg(name).arg(columns));
        columns = row.size();
    }
    return accepted(j);
}

} // namespace

std::string enumerationValueText(const library::EnumerationDef& e, const std::string& literal)
{
    // The short form (Init.NoInit) reads as MSL code does; the full name only when another
    // enumeration has the same short name.
    const bool shortIsUnique = library::findEnumeration(e.shortName()) == &e;
    return (shortIsUnique ? e.shortName() : e.name) + "." + literal;
}

ParsedValue parseParameterText(const library::ParameterDef& def, const QString& rawText,
                               const std::vector<std::string>& names)
{
    const QString name = QString::fromStdString(def.name);
    const QString text = rawText.trimmed();
    if (text.isEmpty()) {
        if (def.required)
            return refused(QObject::tr("%1 needs a value").arg(name));
        return ParsedValue{};
    }
    switch (def.type) {
    case ValueType::Real:
    case ValueType::Integer: return parseNumber(def, name, text, names);
    case ValueType::Boolean:
        if (text == QLatin1String("true") || text == QLatin1String("false"))
            return accepted(diagram::Json(text == QLatin1String("true")));
        return expressionOrReason(name, text, QObject::tr("true, false or a Boolean expression"), names);
    case ValueType::Enumeration: {
        const library::EnumerationDef* e = library::findEnumeration(def.enumeration);
        if (!e)
            return refused(QObject::tr("%1: unknown type %2").arg(name, QString::fromStdString(def.enumeration)));
        const std::string t = text.toStdString();
        std::optional<std::string> literal = e->ordinal(t) ? std::optional<std::string>(t) : library::literalName(*e, t);
        if (literal)
            return accepted(diagram::Json(enumerationValueText(*e, *literal)));
        if (std::optional<std::string> bad = library::badLiteralMessage(t))
            return refused(QStringLiteral("%1: %2").arg(name, QString::fromStdString(*bad)));
        return expressionOrReason(name, text, QObject::tr("a literal of %1").arg(QString::fromStdString(e->name)), names);
    }
    case ValueType::Table: return parseTable(name, text);
    case ValueType::String: return accepted(diagram::Json(text.toStdString()));
    }
    return refused(QObject::tr("%1: unsupported parameter type").arg(name));
}

ParsedValue parseStartText(const QString& name, const QString& rawText, const std::vector<std::string>& names,
                           const std::string& unit)
{
    const QString text = rawText.trimmed();
    if (text.isEmpty())
        return ParsedValue{};
    bool isNumber = false;
    double v = QLocale::c().toDouble(text, &isNumber);
    if (isNumber && std::isfinite(v))
        return accepted(numberJson(text, v));
    if (std::optional<ParsedValue> q = quantity(name, text, unit, &v))
        return *q;
    return expressionOrReason(name, text, QObject::tr("a number or an expression"), names);
}

std::optional<double> parseNumberIn(const QString& name, const QString& text, const std::string& unit, QString* reason)
{
    const std::optional<units::Quantity> q = units::splitQuantity(text.trimmed().toStdString());
    if (!q || !std::isfinite(q->value)) {
        if (reason)
            *reason = QObject::tr("%1: '%2' is not a number").arg(name, text.trimmed());
        return std::nullopt;
    }
    const units::Conversion c = units::convert(q->value, q->unit.empty() ? unit : q->unit, unit, name.toStdString());
    if (!c.value && reason)
        *reason = QString::fromStdString(c.error);
    return c.value;
}

} // namespace flange::ui
