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

void Tape::run(const TapeInputs& in, double* registers) const
{
    double* r = registers;
    const Instr* code = code_.data();
    const size_t n = code_.size();
    for (size_t pc = 0; pc < n; ++pc) {
        const Instr& I = code[pc];
        switch (I.op) {
        case TOp::LoadY: r[I.dst] = in.y[I.a]; break;
        case TOp::LoadYp: r[I.dst] = in.yp[I.a]; break;
        case TOp::LoadDisc: r[I.dst] = in.disc[I.a]; break;
        case TOp::LoadPre: r[I.dst] = in.pre[I.a]; break;
        case TOp::LoadRel: r[I.dst] = in.rel[I.a]; break;
        case TOp::LoadTime: r[I.dst] = in.time; break;
        case TOp::LoadInitial: r[I.dst] = in.initial; break;
        case TOp::Neg: r[I.dst] = -r[I.a]; break;
        case TOp::Not: r[I.dst] = semantics::logicalNot(r[I.a]); break;
        case TOp::Add: r[I.dst] = r[I.a] + r[I.b]; break;
        case TOp::Sub: r[I.dst] = r[I.a] - r[I.b]; break;
        case TOp::Mul: r[I.dst] = r[I.a] * r[I.b]; break;
        case TOp::Div: r[I.dst] = r[I.a] / r[I.b]; break;
        case TOp::Pow: r[I.dst] = memo2(r, I, [](double x, double y) { return std::pow(x, y); }); break;
        case TOp::PowInt: r[I.dst] = semantics::powerByMultiplication(r[I.a], I.b); break;
        case TOp::Lt: r[I.dst] = r[I.a] < r[I.b]; break;
        case TOp::Le: r[I.dst] = r[I.a] <= r[I.b]; break;
        case TOp::Gt: r[I.dst] = r[I.a] > r[I.b]; break;
        case TOp::Ge: r[I.dst] = r[I.a] >= r[I.b]; break;
        case TOp::Eq: r[I.dst] = r[I.a] == r[I.b]; break;
        case TOp::Ne: r[I.dst] = r[I.a] != r[I.b]; break;
        case TOp::And: r[I.dst] = semantics::logicalAnd(r[I.a], r[I.b]); break;
        case TOp::Or: r[I.dst] = semantics::logicalOr(r[I.a], r[I.b]); break;
        case TOp::Sin: r[I.dst] = memo1(r, I, [](double x) { return std::sin(x); }); break;
        case TOp::Cos: r[I.dst] = memo1(r, I, [](double x) { return std::cos(x); }); break;
        case TOp::Tan: r[I.dst] = memo1(r, I, [](double x) { return std::tan(x); }); break;
        case TOp::Asin: r[I.dst] = memo1(r, I, [](double x) { return std::asin(x); }); break;
        case TOp::Acos: r[I.dst] = memo1(r, I, [](double x) { return std::acos(x); }); break;
        case TOp::Atan: r[I.dst] = memo1(r, I, [](double x) { return std::atan(x); }); break;
        case TOp::Sinh: r[I.dst] = memo1(r, I, [](double x) { return std::sinh(x); }); break;
        case TOp::Cosh: r[I.dst] = memo1(r, I, [](double x) { return std::cosh(x); }); break;
        case TOp::Tanh: r[I.dst] = memo1(r, I, [](double x) { return std::tanh(x); }); break;
        case TOp::Exp: r[I.dst] = memo1(r, I, [](double x) { return std::exp(x); }); break;
        case TOp::Log: r[I.dst] = memo1(r, I, [](double x) { return std::log(x); }); break;
        case TOp::Log10: r[I.dst] = memo1(r, I, [](double x) { return std::log10(x); }); break;
        case TOp::Sqrt: r[I.dst] = std::sqrt(r[I.a]); break;
        case TOp::Abs: r[I.dst] = std::fabs(r[I.a]); break;
        case TOp::Sign: r[I.dst] = semantics::sign(r[I.a]); break;
        case TOp::Floor: r[I.dst] = std::floor(r[I.a]); break;
        case TOp::Ceil: r[I.dst] = std::ceil(r[I.a]); break;
        case TOp::Atan2: r[I.dst] = memo2(r, I, [](double x, double y) { return std::atan2(x, y); }); break;
        case TOp::Min: r[I.dst] = semantics::minimum(r[I.a], r[I.b]); break;
        case TOp::Max: r[I.dst] = semantics::maximum(r[I.a], r[I.b]); break;
        case TOp::Mod: r[I.dst] = semantics::modulo(r[I.a], r[I.b]); break;
        case TOp::Rem: r[I.dst] = semantics::remainder(r[I.a], r[I.b]); break;
        case TOp::IntDiv: r[I.dst] = semantics::integerDivision(r[I.a], r[I.b]); break;
        case TOp::Interp:
        case TOp::InterpSlope:
        {
            const expr::TableInterpolator& t = *tables_[static_cast<size_t>(I.b & 0xffff)];
            const int column = (I.b >> 16) + 2;
            const int interval = I.c < 0 ? -1 : static_cast<int>(r[I.c]);
            r[I.dst] = I.op == TOp::Interp ? t.value(r[I.a], column, interval) : t.slope(r[I.a], column, interval);
        }
            break;
        case TOp::JumpIfZero:
            if (r[I.a] == 0)
                pc = static_cast<size_t>(I.dst) - 1;
            break;
        case TOp::Jump: pc = static_cast<size_t>(I.dst) - 1; break;
        case TOp::Move: r[I.dst] = r[I.a]; break;
        case TOp::Store: in.out[I.out][I.dst] = r[I.a]; break;
        }
    }
}

} // namespace flange::codegen
