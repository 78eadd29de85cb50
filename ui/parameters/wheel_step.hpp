#pragma once
// The mouse-wheel step of a number typed in a parameter field, as a pure text-to-text
// function so the rule can be tested without widgets.
//
// Rule (what an engineer exploring a value expects): a notch changes the last
// significant digit the user typed by one, and wheel up makes the value larger.
//   0.5 -> 0.6, 12.25 -> 12.26, 0.50 -> 0.51 (typed decimals are significant);
//   integers count trailing zeros as placeholders but keep at least two significant
//   digits, so 1000 -> 1100 -> 1200 and 5 -> 6 (a 1000 -> 2000 jump is too coarse);
//   downward 1000 -> 900 -> 890, as 900 also keeps two significant digits;
//   exponent form keeps its exponent text: 2e3 -> 3e3, 1.5e-3 -> 1.6e-3.
// Fine (Ctrl held) steps one digit further right: 1000 -> 1010, 0.5 -> 0.51.
// A step that would reach or cross zero refines instead (1 -> 0.9, 0.1 -> 0.09,
// -2e3 -> -1e3 -> -0.9e3), so the sign never flips and a parameter that must stay
// positive stays positive; only an exact 0 steps to +/-1 in the wheel's direction.
// The result is built from the decimal digits, never via double printing, so there is
// no 1.1000000000000001e+03 noise.
#include <QString>

#include <optional>

namespace flange::ui {

// `text` stepped by `notches` (positive: up), notch by notch, or nullopt when it is not a plain number
// (empty, an expression, too many digits to step exactly).
std::optional<QString> wheelStep(const QString& text, int notches, bool fine = false);

} // namespace flange::ui
