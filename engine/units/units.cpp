#include "engine/units/units.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <utility>
#include <vector>

namespace flange::units {

namespace {

enum Base { M, KG, S, A, K, MOL, CD, RAD };

Dimension dim(std::initializer_list<std::pair<Base, int>> parts)
{
    Dimension d;
    for (auto [b, e] : parts)
        d.exponents[static_cast<size_t>(b)] = e;
    return d;
}

struct Symbol {
    const char* name;
    Unit unit;
    bool prefixable; // SI prefixes allowed (km, mN, kW); not on min, rpm, degC, ...
};

constexpr double pi = std::numbers::pi;

const std::vector<Symbol>& symbols()
{
    static const std::vector<Symbol> table = {
        {"m", {dim({{M, 1}}), 1, 0}, true},
        {"g", {dim({{KG, 1}}), 1e-3, 0}, true},
        {"s", {dim({{S, 1}}), 1, 0}, true},
        {"A", {dim({{A, 1}}), 1, 0}, true},
        {"K", {dim({{K, 1}}), 1, 0}, true},
        {"mol", {dim({{MOL, 1}}), 1, 0}, true},
        {"cd", {dim({{CD, 1}}), 1, 0}, true},
        {"rad", {dim({{RAD, 1}}), 1, 0}, true},
        {"deg", {dim({{RAD, 1}}), pi / 180, 0}, false},
        {"rev", {dim({{RAD, 1}}), 2 * pi, 0}, false},
        {"rpm", {dim({{RAD, 1}, {S, -1}}), 2 * pi / 60, 0}, false},
        {"min", {dim({{S, 1}}), 60, 0}, false},
        {"h", {dim({{S, 1}}), 3600, 0}, false},
        {"d", {dim({{S, 1}}), 86400, 0}, false},
        {"t", {dim({{KG, 1}}), 1000, 0}, false},
        {"l", {dim({{M, 3}}), 1e-3, 0}, true},
        {"L", {dim({{M, 3}}), 1e-3, 0}, true},
        {"N", {dim({{KG, 1}, {M, 1}, {S, -2}}), 1, 0}, true},
        {"J", {dim({{KG, 1}, {M, 2}, {S, -2}}), 1, 0}, true},
        {"W", {dim({{KG, 1}, {M, 2}, {S, -3}}), 1, 0}, true},
        {"Pa", {dim({{KG, 1}, {M, -1}, {S, -2}}), 1, 0}, true},
        {"bar", {dim({{KG, 1}, {M, -1}, {S, -2}}), 1e5, 0}, true},
        {"Hz", {dim({{S, -1}}), 1, 0}, true},
        {"V", {dim({{KG, 1}, {M, 2}, {S, -3}, {A, -1}}), 1, 0}, true},
        {"Ohm", {dim({{KG, 1}, {M, 2}, {S, -3}, {A, -2}}), 1, 0}, true},
        {"degC", {dim({{K, 1}}), 1, 273.15}, false},
        {"degF", {dim({{K, 1}}), 5.0 / 9.0, 273.15 - 32 * 5.0 / 9.0}, false},
        {"in", {dim({{M, 1}}), 0.0254, 0}, false},
        {"ft", {dim({{M, 1}}), 0.3048, 0}, false},
        {"lbf", {dim({{KG, 1}, {M, 1}, {S, -2}}), 4.4482216152605, 0}, false},
    };
    return table;
}

const std::vector<std::pair<const char*, double>>& prefixes()
{
    static const std::vector<std::pair<const char*, double>> table = {
        {"da", 1e1}, {"Y", 1e24}, {"Z", 1e21}, {"E", 1e18}, {"P", 1e15}, {"T", 1e12}, {"G", 1e9}, {"M", 1e6},
        {"k", 1e3},  {"h", 1e2},  {"d", 1e-1}, {"c", 1e-2}, {"m", 1e-3}, {"u", 1e-6}, {"n", 1e-9}, {"p", 1e-12},
        {"f", 1e-15}, {"a", 1e-18}};
    return table;
}

// One factor without its exponent: a symbol, or a prefix and a prefixable symbol.
std::optional<Unit> factor(const std::string& word)
{
    for (const Symbol& s : symbols())
        if (word == s.name)
            return s.unit;
    for (const auto& [p, scale] : prefixes()) {
        const std::string prefix = p;
        if (word.size() <= prefix.size() || word.compare(0, prefix.size(), prefix) != 0)
            continue;
        for (const Symbol& s : symbols())
            if (s.prefixable && word.substr(prefix.size()) == s.name)
                return Unit{s.unit.dimension, s.unit.scale * scale, 0};
    }
    return std::nullopt;
}

void multiply(Unit& into, const Unit& u, int power)
{
    for (size_t i = 0; i < into.dimension.exponents.size(); ++i)
        into.dimension.exponents[i] += u.dimension.exponents[i] * power;
    into.scale *= std::pow(u.scale, power);
}

std::string siText(const Dimension& d)
{
    static const char* const names[] = {"m", "kg", "s", "A", "K", "mol", "cd", "rad"};
    // kg first, as in kg.m2: the usual order of mechanical units.
    static const int order[] = {KG, M, S, A, K, MOL, CD, RAD};
    std::string num, den;
    for (int b : order) {
        int e = d.exponents[static_cast<size_t>(b)];
        if (e == 0)
            continue;
        std::string& side = e > 0 ? num : den;
        // Appended piece by piece, not "." + ...: GCC 12 warns (-Wrestrict, a false
        // positive) on a literal joined to a temporary string.
        if (!side.empty())
            side += '.';
        side += names[b];
        if (std::abs(e) != 1)
            side += std::to_string(std::abs(e));
    }
    if (num.empty() && den.empty())
        return "1";
    return (num.empty() ? "1" : num) + (den.empty() ? "" : "/" + den);
}

std::string fifteenDigits(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    return buf;
}

} // namespace

std::optional<Unit> parseUnit(std::string_view text, std::string* error)
{
    Unit out;
    std::string t(text);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back())))
        t.pop_back();
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front())))
        t.erase(t.begin());
    if (t.empty() || t == "1")
        return out;
    int sign = 1;     // +1 before the first '/', -1 after it (Modelica: one division at most)
    int factors = 0;
    std::optional<Unit> single;
    size_t i = 0;
    while (i < t.size()) {
        if (t[i] == '(' || t[i] == ')') { // "N.m/(rad/s)": no library unit needs them
            if (error)
                *error = "'" + t + "': parentheses are not supported in units";
            return std::nullopt;
        }
        size_t start = i;
        while (i < t.size() && (std::isalpha(static_cast<unsigned char>(t[i])) || t[i] == '1'))
            ++i;
        std::string word = t.substr(start, i - start);
        size_t expStart = i;
        if (i < t.size() && (t[i] == '-' || t[i] == '+' || t[i] == '^'))
            ++i;
        if (i < t.size() && t[expStart] == '^' && (t[i] == '-' || t[i] == '+'))
            ++i;
        while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])))
            ++i;
        std::string expText = t.substr(expStart, i - expStart);
        if (!expText.empty() && expText[0] == '^')
            expText.erase(0, 1);
        int power = expText.empty() ? 1 : std::atoi(expText.c_str());
        if (!expText.empty() && (expText == "-" || expText == "+")) {
            if (error)
                *error = "'" + t + "' is not a unit";
            return std::nullopt;
        }
        if (word == "1" && expText.empty()) {
            // "1/s": the numerator one
        } else {
            std::optional<Unit> u = factor(word);
            if (!u) {
                if (error)
                    *error = word.empty() ? "'" + t + "' is not a unit" : "unknown unit '" + word + "'";
                return std::nullopt;
            }
            multiply(out, *u, sign * power);
            ++factors;
            single = power == 1 && sign == 1 ? u : std::nullopt;
        }
        if (i == t.size())
            break;
        if (t[i] == '.' || t[i] == '*') {
            ++i;
        } else if (t[i] == '/' && sign == 1) {
            sign = -1;
            ++i;
        } else {
            if (error)
                *error = "'" + t + "' is not a unit";
            return std::nullopt;
        }
        if (i == t.size()) {
            if (error)
                *error = "'" + t + "' is not a unit";
            return std::nullopt;
        }
    }
    // An offset (degC) only means something for the unit on its own, not in degC/s.
    if (factors == 1 && single)
        out.offset = single->offset;
    return out;
}

std::string describe(const Dimension& d)
{
    static const std::vector<std::pair<Dimension, const char*>> named = {
        {dim({}), "a plain number"},
        {dim({{M, 1}}), "a length"},
        {dim({{KG, 1}}), "a mass"},
        {dim({{S, 1}}), "a time"},
        {dim({{K, 1}}), "a temperature"},
        {dim({{RAD, 1}}), "an angle"},
        {dim({{A, 1}}), "a current"},
        {dim({{M, 3}}), "a volume"},
        {dim({{KG, 1}, {M, 2}}), "a moment of inertia"},
        {dim({{M, 1}, {S, -1}}), "a velocity"},
        {dim({{M, 1}, {S, -2}}), "an acceleration"},
        {dim({{RAD, 1}, {S, -1}}), "an angular velocity"},
        {dim({{RAD, 1}, {S, -2}}), "an angular acceleration"},
        {dim({{S, -1}}), "a frequency"},
        {dim({{KG, 1}, {M, 1}, {S, -2}}), "a force"},
        {dim({{KG, 1}, {M, 2}, {S, -2}}), "a torque or an energy"},
        {dim({{KG, 1}, {M, 2}, {S, -3}}), "a power"},
        {dim({{KG, 1}, {M, -1}, {S, -2}}), "a pressure"},
        {dim({{KG, 1}, {S, -2}}), "a translational stiffness"},
        {dim({{KG, 1}, {M, 2}, {S, -2}, {RAD, -1}}), "a rotational stiffness"},
        {dim({{KG, 1}, {S, -1}}), "a translational damping"},
        {dim({{KG, 1}, {M, 2}, {S, -1}, {RAD, -1}}), "a rotational damping"},
    };
    for (const auto& [n, text] : named)
        if (n == d)
            return text;
    return "in " + siText(d);
}

std::optional<Quantity> splitQuantity(std::string_view text)
{
    std::string t(text);
    // A quantity is a plain decimal number: not "inf", "nan" or hex.
    size_t first = t.find_first_not_of(" \t");
    if (first == std::string::npos ||
        !(std::isdigit(static_cast<unsigned char>(t[first])) || t[first] == '-' || t[first] == '+' || t[first] == '.'))
        return std::nullopt;
    // from_chars, not strtod: the number reads the same in every locale (flange-sim runs in
    // the user's, where strtod would take "0.5" for 0 in a German one). It takes no '+'.
    if (t[first] == '+' && ++first < t.size() && t[first] == '-')
        return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(t.data() + first, t.data() + t.size(), v);
    if (ec != std::errc() || !std::isfinite(v))
        return std::nullopt;
    std::string rest(end, static_cast<const char*>(t.data() + t.size()));
    size_t a = rest.find_first_not_of(" \t"), b = rest.find_last_not_of(" \t");
    rest = a == std::string::npos ? std::string() : rest.substr(a, b - a + 1);
    // "2e" or "2x3": the unit must start with a letter (or be "1/s"-like only after a space).
    if (!rest.empty() && !std::isalpha(static_cast<unsigned char>(rest[0])))
        return std::nullopt;
    return Quantity{v, rest};
}

Conversion convert(double value, const std::string& from, const std::string& to, const std::string& what)
{
    Conversion c;
    std::string why;
    std::optional<Unit> f = parseUnit(from, &why);
    if (!f) {
        c.error = what + ": " + why;
        return c;
    }
    std::optional<Unit> t = parseUnit(to, &why);
    if (!t) {
        c.error = what + ": its declared unit: " + why;
        return c;
    }
    if (!(f->dimension == t->dimension)) {
        const std::string needs = to.empty() || to == "1" ? "a plain number" : to;
        c.error = what + ": '" + from + "' is " + describe(f->dimension) + ", " + what + " needs " + needs;
        return c;
    }
    const double si = value * f->scale + f->offset;
    // Rounded to 15 digits when that only removes the conversion's own rounding (a few ulps):
    // 300 g is 0.3 kg, not 0.30000000000000004, while 90 deg stays pi/2 to the last digit.
    const double v = (si - t->offset) / t->scale;
    const double rounded = std::stod(fifteenDigits(v));
    c.value = std::abs(rounded - v) <= 4 * std::numeric_limits<double>::epsilon() * std::abs(v) ? rounded : v;
    return c;
}

} // namespace flange::units
