#include "ui/parameters/wheel_step.hpp"

#include <QRegularExpression>

#include <cstdlib>

namespace flange::ui {

namespace {

// value = mantissa * 10^scale; the last digit of the mantissa is the digit a notch steps.
struct Decimal {
    long long mantissa = 0;
    int scale = 0;
};

int digitCount(long long v)
{
    int n = 1;
    for (v = std::llabs(v); v >= 10; v /= 10)
        ++n;
    return n;
}

// Writes |mantissa| * 10^(scale - exponent) with just the decimals it needs.
QString format(Decimal d, int exponent)
{
    const int shift = d.scale - exponent;
    QString digits = QString::number(std::llabs(d.mantissa));
    if (shift >= 0) {
        digits += QString(shift, QLatin1Char('0'));
    } else {
        const int decimals = -shift;
        if (digits.size() <= decimals)
            digits = QString(decimals - digits.size() + 1, QLatin1Char('0')) + digits;
        digits.insert(digits.size() - decimals, QLatin1Char('.'));
    }
    return (d.mantissa < 0 ? QStringLiteral("-") : QString()) + digits;
}

// One notch, dir = +1 or -1.
std::optional<QString> stepOnce(const QString& text, int dir, bool fine)
{
    // sign, integer digits, optional decimals, optional exponent kept verbatim
    static const QRegularExpression plain(QStringLiteral(R"(^(-?)(\d*)(?:\.(\d*))?([eE][+-]?\d+)?$)"));
    const QString t = text.trimmed();
    const QRegularExpressionMatch m = plain.match(t);
    if (!m.hasMatch() || (m.captured(2).isEmpty() && m.captured(3).isEmpty()))
        return std::nullopt;
    QString intDigits = m.captured(2);
    const QString decimals = m.captured(3);
    const QString exponentText = m.captured(4);
    const int exponent = exponentText.isEmpty() ? 0 : exponentText.mid(1).toInt();
    if (intDigits.size() + decimals.size() > 15 || std::abs(exponent) > 300)
        return std::nullopt; // beyond what a long long steps exactly; not a value to explore by feel

    Decimal d;
    if (!decimals.isEmpty()) {
        d.mantissa = (intDigits + decimals).toLongLong();
        d.scale = -static_cast<int>(decimals.size());
    } else {
        // Trailing zeros of an integer are placeholders, not precision, but keep two
        // significant digits so 1000 steps by 100.
        while (intDigits.size() > 1 && intDigits.endsWith(QLatin1Char('0'))) {
            intDigits.chop(1);
            ++d.scale;
        }
        d.mantissa = intDigits.toLongLong();
        if (d.mantissa != 0 && d.scale > 0 && digitCount(d.mantissa) < 2) {
            d.mantissa *= 10;
            --d.scale;
        }
    }
    if (!m.captured(1).isEmpty())
        d.mantissa = -d.mantissa;
    d.scale += exponent;
    if (fine) {
        d.mantissa *= 10;
        --d.scale;
    }

    // Toward zero from the last step before it: refine instead of reaching or crossing 0.
    if (d.mantissa != 0 && std::llabs(d.mantissa) <= 1 && (d.mantissa > 0) != (dir > 0)) {
        d.mantissa *= 10;
        --d.scale;
    }
    d.mantissa += dir;
    return format(d, exponent) + exponentText;
}

} // namespace

std::optional<QString> wheelStep(const QString& text, int notches, bool fine)
{
    // Notch by notch, re-reading the text each time, so one fast event of three notches
    // lands where three slow single-notch events would.
    std::optional<QString> out = stepOnce(text, notches >= 0 ? 1 : -1, fine);
    if (!out || notches == 0)
        return out ? std::optional<QString>(text.trimmed()) : std::nullopt;
    for (int i = 1; i < std::abs(notches); ++i) {
        const std::optional<QString> next = stepOnce(*out, notches > 0 ? 1 : -1, fine);
        if (!next)
            break; // out of exact digits: stay at the last value reached
        out = next;
    }
    return out;
}

} // namespace flange::ui
