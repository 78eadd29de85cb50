// The tapes evaluated at the run's values of the moment, into its own register files
// (the tapes themselves are shared between threads), and SUNDIALS' context (run_state.hpp).
#include "engine/solve/run_state.hpp"

#include <cmath>

namespace flange::solve {

codegen::TapeInputs RunState::inputs(double t, bool initial) const
{
    codegen::TapeInputs in;
    in.y = y_.data();
    in.yp = yp_.data();
    in.disc = disc_.data();
    in.pre = pre_.data();
    in.rel = rel_.data();
    in.time = t;
    in.initial = initial ? 1.0 : 0.0;
    return in;
}

void RunState::residual(double t, const double* y, const double* yp, double* out, bool initial)
{
    codegen::TapeInputs in = inputs(t, initial);
    in.y = y;
    in.yp = yp;
    in.out[0] = out;
    m_.residual.run(in, resRegs_.data());
}

void RunState::jacobian(double t, const double* y, const double* yp, bool initial)
{
    codegen::TapeInputs in = inputs(t, initial);
    in.y = y;
    in.yp = yp;
    in.out[0] = jy_.data();
    in.out[1] = jyp_.data();
    m_.jacobian.run(in, jacRegs_.data());
}

void RunState::computeValues(double t, const double* y, const double* yp, bool initial)
{
    if (computed_.empty())
        return;
    codegen::TapeInputs in = inputs(t, initial);
    in.y = y;
    in.yp = yp;
    in.out[0] = computed_.data();
    m_.computed.run(in, computedRegs_.data());
}

// The equation to name for a residual row that is not finite, after computeValues() at
// the same point: the first computed unknown that is not finite is where the NaN or
// infinity arose (the ones it reads come before it and are finite), else the row itself.
std::string RunState::nonFiniteOrigin(const std::string& rowOrigin) const
{
    for (size_t k = 0; k < computed_.size(); ++k)
        if (!std::isfinite(computed_[k]))
            return m_.computedOrigins[k];
    return rowOrigin;
}

void RunState::distances(double t, const double* y, const double* yp)
{
    if (dist_.empty())
        return;
    codegen::TapeInputs in = inputs(t, false);
    in.y = y;
    in.yp = yp;
    in.out[0] = dist_.data();
    m_.crossing.run(in, crossRegs_.data());
}

// The SUNDIALS context and the absolute tolerances, shared by IDA and the non-stiff start.
void RunState::createContext()
{
    if (ctx_)
        return;
    ctx_ = newContext();
    atolv_ = newSerialVector(n_, ctx_.get());
    for (int32_t i = 0; i < n_; ++i)
        // abstol_i = reltol * nominal_i, as Dymola's DASSL: the error test is then relative
        // for values above their nominal and absolute at rtol * nominal below it. The MSL
        // user's guide's 0.01 * reltol * nominal_i made IDA take more steps than Dymola
        // for no gain against the references (docs/performance.md).
        NV_Ith_S(atolv_.get(), i) = rtol_ * m_.nominal[static_cast<size_t>(i)];
}

void RunState::check(int flag, const char* what)
{
    if (flag < 0)
        throw simulationFailed(std::string(what) + " failed: " + lastSolverMessage_);
}

} // namespace flange::solve
