#include "engine/codegen/tape.hpp"
#include "engine/expr/operator_semantics.hpp"

#include <cmath>
#include <cstring>

namespace flange::codegen {

namespace semantics = expr::semantics;

namespace {

bool sameBits(double a, double b)
{
    uint64_t x, y;
    std::memcpy(&x, &a, sizeof x);
    std::memcpy(&y, &b, sizeof y);
    return x == y;
}

template <class F>
double memo1(double* r, const Instr& I, F f)
{
    double* m = r + I.c; // last argument, its result
    const double x = r[I.a];
    if (!sameBits(x, m[0])) {
        m[0] = x;
        m[1] = f(x);
    }
    return m[1];
}

template <class F>
double memo2(double* r, const Instr& I, F f)
{
    double* m = r + I.c; // last arguments, their result
    const double x = r[I.a], y = r[I.b];
    if (!sameBits(x, m[0]) || !sameBits(y, m[1])) {
        m[0] = x;
        m[1] = y;
        m[2] = f(x, y);
    }
    return m[2];
}

double unary(TOp op, double x)
{
    switch (op) {
    case TOp::Sin: return std::sin(x);
    case TOp::Cos: return std::cos(x);
    case TOp::Tan: return std::tan(x);
    case TOp::Asin: return std::asin(x);
    case TOp::Acos: return std::acos(x);
    case TOp::Atan: return std::atan(x);
    case TOp::Sinh: return std::sinh(x);
    case TOp::Cosh: return std::cosh(x);
    case TOp::Tanh: return std::tanh(x);
    case TOp::Exp: return std::exp(x);
    case TOp::Log: return std::log(x);
    default: return std::log10(x);
    }
}

} // namespace

bool isMemoized(TOp op)
{
    switch (op) {
    case TOp::Sin: case TOp::Cos: case TOp::Tan: case TOp::Asin: case TOp::Acos: case TOp::Atan:
    case TOp::Sinh: case TOp::Cosh: case TOp::Tanh: case TOp::Exp: case TOp::Log: case TOp::Log10:
    case TOp::Pow: case TOp::Atan2:
        return true;
    default:
        return false;
    }
}

double memoStart(TOp op)
{
    if (op == TOp::Pow)
        return std::pow(0.0, 0.0);
    if (op == TOp::Atan2)
        return std::atan2(0.0, 0.0);
    return unary(op, 0.0);
}

// Threaded dispatch (GCC's labels as values): every operation ends in its own indirect
// jump, so the branch predictor learns which operation follows which. With one shared
// switch jump, the interpreter spent a third of a 100,000-inertia residual mispredicting
// it; the table below is in TOp's order, which the static_assert ties to its length.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic" // labels as values: a GCC (and Clang) extension
void Tape::run(const TapeInputs& in, double* registers) const
{
    static const void* const dispatch[] = {
        &&LoadY, &&LoadYp, &&LoadDisc, &&LoadPre, &&LoadRel, &&LoadTime, &&LoadInitial,
        &&Neg, &&Not, &&Add, &&Sub, &&Mul, &&Div, &&Pow, &&PowInt,
        &&Lt, &&Le, &&Gt, &&Ge, &&Eq, &&Ne, &&And, &&Or,
        &&Sin, &&Cos, &&Tan, &&Asin, &&Acos, &&Atan, &&Sinh, &&Cosh, &&Tanh, &&Exp, &&Log, &&Log10, &&Sqrt,
        &&Abs, &&Sign, &&Floor, &&Ceil,
        &&Atan2, &&Min, &&Max, &&Mod, &&Rem, &&IntDiv,
        &&Interp, &&InterpSlope,
        &&JumpIfZero, &&Jump, &&Move, &&Store,
    };
    static_assert(sizeof dispatch / sizeof dispatch[0] == static_cast<size_t>(TOp::Store) + 1);

    double* r = registers;
    const Instr* const code = code_.data();
    const Instr* const end = code + code_.size();
    const Instr* I = code;
#define FLANGE_GO() goto* dispatch[static_cast<size_t>(I->op)]
#define FLANGE_NEXT()                                                                                                 \
    do {                                                                                                              \
        if (++I == end)                                                                                               \
            return;                                                                                                   \
        FLANGE_GO();                                                                                                  \
    } while (0)
#define FLANGE_JUMP(target)                                                                                           \
    do {                                                                                                              \
        I = code + (target);                                                                                          \
        if (I == end)                                                                                                 \
            return;                                                                                                   \
        FLANGE_GO();                                                                                                  \
    } while (0)
    if (I == end)
        return;
    FLANGE_GO();

LoadY: r[I->dst] = in.y[I->a]; FLANGE_NEXT();
LoadYp: r[I->dst] = in.yp[I->a]; FLANGE_NEXT();
LoadDisc: r[I->dst] = in.disc[I->a]; FLANGE_NEXT();
LoadPre: r[I->dst] = in.pre[I->a]; FLANGE_NEXT();
LoadRel: r[I->dst] = in.rel[I->a]; FLANGE_NEXT();
LoadTime: r[I->dst] = in.time; FLANGE_NEXT();
LoadInitial: r[I->dst] = in.initial; FLANGE_NEXT();
Neg: r[I->dst] = -r[I->a]; FLANGE_NEXT();
Not: r[I->dst] = semantics::logicalNot(r[I->a]); FLANGE_NEXT();
Add: r[I->dst] = r[I->a] + r[I->b]; FLANGE_NEXT();
Sub: r[I->dst] = r[I->a] - r[I->b]; FLANGE_NEXT();
Mul: r[I->dst] = r[I->a] * r[I->b]; FLANGE_NEXT();
Div: r[I->dst] = r[I->a] / r[I->b]; FLANGE_NEXT();
Pow: r[I->dst] = memo2(r, *I, [](double x, double y) { return std::pow(x, y); }); FLANGE_NEXT();
PowInt: r[I->dst] = semantics::powerByMultiplication(r[I->a], I->b); FLANGE_NEXT();
Lt: r[I->dst] = r[I->a] < r[I->b]; FLANGE_NEXT();
Le: r[I->dst] = r[I->a] <= r[I->b]; FLANGE_NEXT();
Gt: r[I->dst] = r[I->a] > r[I->b]; FLANGE_NEXT();
Ge: r[I->dst] = r[I->a] >= r[I->b]; FLANGE_NEXT();
Eq: r[I->dst] = r[I->a] == r[I->b]; FLANGE_NEXT();
Ne: r[I->dst] = r[I->a] != r[I->b]; FLANGE_NEXT();
And: r[I->dst] = semantics::logicalAnd(r[I->a], r[I->b]); FLANGE_NEXT();
Or: r[I->dst] = semantics::logicalOr(r[I->a], r[I->b]); FLANGE_NEXT();
Sin: r[I->dst] = memo1(r, *I, [](double x) { return std::sin(x); }); FLANGE_NEXT();
Cos: r[I->dst] = memo1(r, *I, [](double x) { return std::cos(x); }); FLANGE_NEXT();
Tan: r[I->dst] = memo1(r, *I, [](double x) { return std::tan(x); }); FLANGE_NEXT();
Asin: r[I->dst] = memo1(r, *I, [](double x) { return std::asin(x); }); FLANGE_NEXT();
Acos: r[I->dst] = memo1(r, *I, [](double x) { return std::acos(x); }); FLANGE_NEXT();
Atan: r[I->dst] = memo1(r, *I, [](double x) { return std::atan(x); }); FLANGE_NEXT();
Sinh: r[I->dst] = memo1(r, *I, [](double x) { return std::sinh(x); }); FLANGE_NEXT();
Cosh: r[I->dst] = memo1(r, *I, [](double x) { return std::cosh(x); }); FLANGE_NEXT();
Tanh: r[I->dst] = memo1(r, *I, [](double x) { return std::tanh(x); }); FLANGE_NEXT();
Exp: r[I->dst] = memo1(r, *I, [](double x) { return std::exp(x); }); FLANGE_NEXT();
Log: r[I->dst] = memo1(r, *I, [](double x) { return std::log(x); }); FLANGE_NEXT();
Log10: r[I->dst] = memo1(r, *I, [](double x) { return std::log10(x); }); FLANGE_NEXT();
Sqrt: r[I->dst] = std::sqrt(r[I->a]); FLANGE_NEXT();
Abs: r[I->dst] = std::fabs(r[I->a]); FLANGE_NEXT();
Sign: r[I->dst] = semantics::sign(r[I->a]); FLANGE_NEXT();
Floor: r[I->dst] = std::floor(r[I->a]); FLANGE_NEXT();
Ceil: r[I->dst] = std::ceil(r[I->a]); FLANGE_NEXT();
Atan2: r[I->dst] = memo2(r, *I, [](double x, double y) { return std::atan2(x, y); }); FLANGE_NEXT();
Min: r[I->dst] = semantics::minimum(r[I->a], r[I->b]); FLANGE_NEXT();
Max: r[I->dst] = semantics::maximum(r[I->a], r[I->b]); FLANGE_NEXT();
Mod: r[I->dst] = semantics::modulo(r[I->a], r[I->b]); FLANGE_NEXT();
Rem: r[I->dst] = semantics::remainder(r[I->a], r[I->b]); FLANGE_NEXT();
IntDiv: r[I->dst] = semantics::integerDivision(r[I->a], r[I->b]); FLANGE_NEXT();
Interp:
InterpSlope:
{
    const expr::TableInterpolator& t = *tables_[static_cast<size_t>(I->b & 0xffff)];
    const int column = (I->b >> 16) + 2;
    const int interval = I->c < 0 ? -1 : static_cast<int>(r[I->c]);
    r[I->dst] = I->op == TOp::Interp ? t.value(r[I->a], column, interval) : t.slope(r[I->a], column, interval);
}
    FLANGE_NEXT();
JumpIfZero:
    if (r[I->a] == 0)
        FLANGE_JUMP(I->dst);
    FLANGE_NEXT();
Jump: FLANGE_JUMP(I->dst);
Move: r[I->dst] = r[I->a]; FLANGE_NEXT();
Store: in.out[I->out][I->dst] = r[I->a]; FLANGE_NEXT();
#undef FLANGE_JUMP
#undef FLANGE_NEXT
#undef FLANGE_GO
}
#pragma GCC diagnostic pop

} // namespace flange::codegen
