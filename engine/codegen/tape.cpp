#include "engine/codegen/tape.hpp"
#include "engine/expr/operator_semantics.hpp"

#include <cmath>
#include <cstring>

namespace flange::codegen {

std::vector<double> Tape::workspace(const std::vector<double>& parameters) const
{
    std::vector<double> registers = initialRegisters_;
    for (const auto& [reg, id] : parameterRegisters_)
        registers[static_cast<size_t>(reg)] = parameters[static_cast<size_t>(id)];
    if (parameterExpressions_)
        parameterExpressions_->interpret(TapeInputs{}, registers.data());
    return registers;
}

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

// The value of every operation other than a load, a store, a jump, a move or plain
// arithmetic and comparison: one definition for the interpreter below and the native code
// (Tape::runOne), so both compute the same bits.
double Tape::value(const Instr& I, double* r) const
{
    switch (I.op) {
    case TOp::Not: return semantics::logicalNot(r[I.a]);
    case TOp::And: return semantics::logicalAnd(r[I.a], r[I.b]);
    case TOp::Or: return semantics::logicalOr(r[I.a], r[I.b]);
    case TOp::Pow: return memo2(r, I, [](double x, double y) { return std::pow(x, y); });
    case TOp::PowInt: return semantics::powerByMultiplication(r[I.a], I.b);
    case TOp::Sin: case TOp::Cos: case TOp::Tan: case TOp::Asin: case TOp::Acos: case TOp::Atan:
    case TOp::Sinh: case TOp::Cosh: case TOp::Tanh: case TOp::Exp: case TOp::Log: case TOp::Log10:
        return memo1(r, I, [op = I.op](double x) { return unary(op, x); });
    case TOp::Sign: return semantics::sign(r[I.a]);
    case TOp::Floor: return std::floor(r[I.a]);
    case TOp::Ceil: return std::ceil(r[I.a]);
    case TOp::Atan2: return memo2(r, I, [](double x, double y) { return std::atan2(x, y); });
    case TOp::Min: return semantics::minimum(r[I.a], r[I.b]);
    case TOp::Max: return semantics::maximum(r[I.a], r[I.b]);
    case TOp::Mod: return semantics::modulo(r[I.a], r[I.b]);
    case TOp::Rem: return semantics::remainder(r[I.a], r[I.b]);
    case TOp::IntDiv: return semantics::integerDivision(r[I.a], r[I.b]);
    case TOp::Interp: case TOp::InterpSlope: {
        const expr::TableInterpolator& t = *tables_[static_cast<size_t>(I.b & 0xffff)];
        const int column = (I.b >> 16) + 2;
        const int interval = I.c < 0 ? -1 : static_cast<int>(r[I.c]);
        return I.op == TOp::Interp ? t.value(r[I.a], column, interval) : t.slope(r[I.a], column, interval);
    }
    default: // the interpreter and the native code do the rest themselves
        return 0;
    }
}

void Tape::runOne(double* registers, uint32_t index, const Tape* tape) noexcept
{
    const Instr& I = tape->code_[index];
    registers[I.dst] = tape->value(I, registers);
}

// Threaded dispatch (GCC's labels as values): every operation ends in its own indirect
// jump, so the branch predictor learns which operation follows which. With one shared
// switch jump, the interpreter spent a third of a 100,000-inertia residual mispredicting
// it; the table below is in TOp's order, which the static_assert ties to its length.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic" // labels as values: a GCC (and Clang) extension
void Tape::interpret(const TapeInputs& in, double* registers) const
{
    static const void* const dispatch[] = {
        &&LoadY, &&LoadYp, &&LoadDisc, &&LoadPre, &&LoadRel, &&LoadTime, &&LoadInitial,
        &&Neg, &&Other, &&Add, &&Sub, &&Mul, &&Div, &&Other, &&Other,
        &&Lt, &&Le, &&Gt, &&Ge, &&Eq, &&Ne, &&Other, &&Other,
        &&Other, &&Other, &&Other, &&Other, &&Other, &&Other, &&Other, &&Other, &&Other, &&Other, &&Other, &&Other,
        &&Sqrt, &&Abs, &&Other, &&Other, &&Other,
        &&Other, &&Other, &&Other, &&Other, &&Other, &&Other,
        &&Other, &&Other,
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
Add: r[I->dst] = r[I->a] + r[I->b]; FLANGE_NEXT();
Sub: r[I->dst] = r[I->a] - r[I->b]; FLANGE_NEXT();
Mul: r[I->dst] = r[I->a] * r[I->b]; FLANGE_NEXT();
Div: r[I->dst] = r[I->a] / r[I->b]; FLANGE_NEXT();
Lt: r[I->dst] = r[I->a] < r[I->b]; FLANGE_NEXT();
Le: r[I->dst] = r[I->a] <= r[I->b]; FLANGE_NEXT();
Gt: r[I->dst] = r[I->a] > r[I->b]; FLANGE_NEXT();
Ge: r[I->dst] = r[I->a] >= r[I->b]; FLANGE_NEXT();
Eq: r[I->dst] = r[I->a] == r[I->b]; FLANGE_NEXT();
Ne: r[I->dst] = r[I->a] != r[I->b]; FLANGE_NEXT();
Sqrt: r[I->dst] = std::sqrt(r[I->a]); FLANGE_NEXT();
Abs: r[I->dst] = std::fabs(r[I->a]); FLANGE_NEXT();
Other: r[I->dst] = value(*I, r); FLANGE_NEXT();
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
