#include "ui/document/instance_naming.hpp"

#include <QRegularExpression>

namespace flange::ui {

bool isIdentifier(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return re.match(name).hasMatch();
}

QString baseNameForType(const QString& type)
{
    QString last = type.section(QLatin1Char('.'), -1);
    if (last.isEmpty())
        return QStringLiteral("component");
    // Lower the leading capitals of an acronym too, as Dymola does (IdealGear -> idealGear, PI -> pI is ugly).
    int upper = 0;
    while (upper < last.size() && last[upper].isUpper())
        ++upper;
    if (upper <= 1 || upper == last.size())
        last = upper == last.size() ? last.toLower() : last.left(1).toLower() + last.mid(1);
    else
        last = last.left(upper - 1).toLower() + last.mid(upper - 1);
    return isIdentifier(last) ? last : QStringLiteral("component");
}

QString uniqueName(const QString& base, const QSet<QString>& taken)
{
    for (int n = 1;; ++n) {
        const QString candidate = base + QString::number(n);
        if (!taken.contains(candidate))
            return candidate;
    }
}

QString uniqueCopyName(const QString& original, const QSet<QString>& taken)
{
    if (!taken.contains(original))
        return original;
    static const QRegularExpression digits(QStringLiteral("[0-9]+$"));
    QString stem = original;
    stem.remove(digits);
    if (stem.isEmpty())
        stem = QStringLiteral("component");
    return uniqueName(stem, taken);
}

} // namespace flange::ui
