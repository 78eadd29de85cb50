#pragma once
// Physical units as Modelica writes them ("kg.m2", "rad/s", "N.m.s/rad", "s-1"): parsing,
// dimension checks and conversion to the unit a parameter is declared in. The one unit
// table of Flange; the editor asks here when the user types "300 g" or "1000 rpm".
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace flange::units {

// Exponents of the base dimensions m, kg, s, A, K, mol, cd and rad. The angle is kept as
// a dimension of its own so that rpm converts to rad/s but Hz does not.
struct Dimension {
    std::array<int, 8> exponents{};
    bool operator==(const Dimension&) const = default;
};

// value in SI = value in this unit * scale + offset (offset only for degC, degF).
struct Unit {
    Dimension dimension;
    double scale = 1;
    double offset = 0;
};

// Parses a unit; "" and "1" are the plain number. On failure `error` says which part is unknown.
std::optional<Unit> parseUnit(std::string_view text, std::string* error = nullptr);

// "a length", "a moment of inertia", or the dimension in SI units ("kg.m/s") when it has no name.
std::string describe(const Dimension& d);

// A number followed by an optional unit, as typed: "300 g", "-5deg", "1e3 rpm", "2".
struct Quantity {
    double value = 0;
    std::string unit; // empty when none was typed
};
std::optional<Quantity> splitQuantity(std::string_view text);

// Converts `value` given in `from` into `to`. Refuses incompatible units with a message
// naming `what` ("J: 'm' is a length, J needs kg.m2").
struct Conversion {
    std::optional<double> value;
    std::string error;
};
Conversion convert(double value, const std::string& from, const std::string& to, const std::string& what);

} // namespace flange::units
