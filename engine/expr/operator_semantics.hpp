#pragma once
// What each operator computes, in one place: constant folding and the tree evaluator
// (expr::applyUnary/applyBinary) and the compiled tapes (codegen/tape.cpp) all call
// these, so a folded constant, an evaluated start value and a residual agree to the bit.
// Relations give 1 or 0; logical operators read any non-zero value as true.
#include <cmath>

namespace flange::expr::semantics {

inline double logicalNot(double x) { return x != 0 ? 0.0 : 1.0; }
inline double logicalAnd(double x, double y) { return (x != 0 && y != 0) ? 1.0 : 0.0; }
inline double logicalOr(double x, double y) { return (x != 0 || y != 0) ? 1.0 : 0.0; }
inline double sign(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); }
inline double minimum(double x, double y) { return x < y ? x : y; }
inline double maximum(double x, double y) { return x > y ? x : y; }
// Modelica's mod (result has the divisor's sign), rem (the dividend's) and div (truncated).
inline double modulo(double x, double y) { return x - std::floor(x / y) * y; }
inline double remainder(double x, double y) { return x - std::trunc(x / y) * y; }
inline double integerDivision(double x, double y) { return std::trunc(x / y); }
// x^n for a small whole n >= 0 by repeated multiplication (the tapes' PowInt).
inline double powerByMultiplication(double x, int n)
{
    double p = 1;
    for (int k = 0; k < n; ++k)
        p *= x;
    return p;
}

} // namespace flange::expr::semantics
