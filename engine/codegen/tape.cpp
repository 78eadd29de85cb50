#include "engine/codegen/tape.hpp"
#include "engine/expr/operator_semantics.hpp"

#include <cmath>

namespace flange::codegen {

namespace semantics = expr::semantics;

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
        case TOp::Pow: r[I.dst] = std::pow(r[I.a], r[I.b]); break;
        case TOp::PowInt: r[I.dst] = semantics::powerByMultiplication(r[I.a], I.b); break;
        case TOp::Lt: r[I.dst] = r[I.a] < r[I.b]; break;
        case TOp::Le: r[I.dst] = r[I.a] <= r[I.b]; break;
        case TOp::Gt: r[I.dst] = r[I.a] > r[I.b]; break;
        case TOp::Ge: r[I.dst] = r[I.a] >= r[I.b]; break;
        case TOp::Eq: r[I.dst] = r[I.a] == r[I.b]; break;
        case TOp::Ne: r[I.dst] = r[I.a] != r[I.b]; break;
        case TOp::And: r[I.dst] = semantics::logicalAnd(r[I.a], r[I.b]); break;
        case TOp::Or: r[I.dst] = semantics::logicalOr(r[I.a], r[I.b]); break;
        case TOp::Sin: r[I.dst] = std::sin(r[I.a]); break;
        case TOp::Cos: r[I.dst] = std::cos(r[I.a]); break;
        case TOp::Tan: r[I.dst] = std::tan(r[I.a]); break;
        case TOp::Asin: r[I.dst] = std::asin(r[I.a]); break;
        case TOp::Acos: r[I.dst] = std::acos(r[I.a]); break;
        case TOp::Atan: r[I.dst] = std::atan(r[I.a]); break;
        case TOp::Sinh: r[I.dst] = std::sinh(r[I.a]); break;
        case TOp::Cosh: r[I.dst] = std::cosh(r[I.a]); break;
        case TOp::Tanh: r[I.dst] = std::tanh(r[I.a]); break;
        case TOp::Exp: r[I.dst] = std::exp(r[I.a]); break;
        case TOp::Log: r[I.dst] = std::log(r[I.a]); break;
        case TOp::Log10: r[I.dst] = std::log10(r[I.a]); break;
        case TOp::Sqrt: r[I.dst] = std::sqrt(r[I.a]); break;
        case TOp::Abs: r[I.dst] = std::fabs(r[I.a]); break;
        case TOp::Sign: r[I.dst] = semantics::sign(r[I.a]); break;
        case TOp::Floor: r[I.dst] = std::floor(r[I.a]); break;
        case TOp::Ceil: r[I.dst] = std::ceil(r[I.a]); break;
        case TOp::Atan2: r[I.dst] = std::atan2(r[I.a], r[I.b]); break;
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
