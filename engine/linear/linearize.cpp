// Linearization of the DAE F(y', y) = 0 the engine integrates (after index reduction:
// states x with their derivatives x', dummy derivatives and other algebraic unknowns z).
// About an operating point, with the states held the rest follows from
//     F_x' dx' + F_z dz = -F_x dx,
// the same system the engine solves for consistent values (its unknowns: x' for the
// states' slots, z for the others). With M = [F_x' | F_z] (the Jacobian tape's dF/dyp
// columns of the states, dF/dy of the others) and W = -M^-1 F_x, the rows of W at the
// states' slots are A, those at an algebraic slot its dz/dx, and dz'/dx = (dz/dx) A.
#include "engine/api/linearize.hpp"

#include "engine/compiled_model.hpp"
#include "engine/error.hpp"
#include "engine/linear/drive_line_parts.hpp"
#include "engine/linear/input_injection.hpp"
#include "engine/linear/operating_point.hpp"
#include "engine/linear/steady_state.hpp"

#include <Eigen/Dense>
#include <Eigen/SparseLU>

#include <algorithm>
#include <cmath>

namespace flange::linear {

namespace {

using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Row = Eigen::RowVectorXd;

constexpr size_t kMostStates = 1000;

class Linearization {
public:
    Linearization(const CompiledModel& m, const OperatingPoint& p) : m_(m), p_(p)
    {
        const int n = m.n;
        const int ns = static_cast<int>(m.stateSlots.size());
        std::vector<double> jy(m.jacPattern.nnz()), jyp(m.jacPattern.nnz());
        std::vector<double> regs = m.jacobian.workspace();
        codegen::TapeInputs in = inputs(p.y.data(), p.yp.data());
        in.out[0] = jy.data();
        in.out[1] = jyp.data();
        m.jacobian.run(in, regs.data());

        std::vector<Eigen::Triplet<double>> entries;
        Matrix fx = Matrix::Zero(n, ns);
        for (int j = 0; j < n; ++j) {
            const bool state = m.slotIsState[static_cast<size_t>(j)] != 0;
            for (int32_t k = m.jacPattern.colPtr[static_cast<size_t>(j)]; k < m.jacPattern.colPtr[static_cast<size_t>(j) + 1]; ++k) {
                const int r = m.jacPattern.rowIdx[static_cast<size_t>(k)];
                const size_t kk = static_cast<size_t>(k);
                if (state) {
                    entries.emplace_back(r, j, jyp[kk]);
                    fx(r, m.stateIndexOfSlot[static_cast<size_t>(j)]) += jy[kk];
                } else {
                    entries.emplace_back(r, j, jy[kk]);
                }
                if (!std::isfinite(jy[kk]) || !std::isfinite(jyp[kk]))
                    throw simulationFailed("linearize: the Jacobian is not finite at t = " + readableNumber(p.time) +
                                           " (" + m.eqOrigins[static_cast<size_t>(r)] + ")")
                        .at(p.time);
            }
        }
        w_.resize(n, ns);
        if (n > 0) {
            Eigen::SparseMatrix<double> mm(n, n);
            mm.setFromTriplets(entries.begin(), entries.end());
            mm.makeCompressed();
            Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
            lu.compute(mm);
            if (lu.info() != Eigen::Success)
                throw simulationFailed("linearize: the model's equations are singular at t = " + readableNumber(p.time) +
                                       " (a locked or stuck element?): no linear model there")
                    .at(p.time);
            const Eigen::MatrixXd rhs = -fx;
            const Eigen::MatrixXd solution = lu.solve(rhs); // column-major, as SparseLU writes
            w_ = solution;
        }
        a_.resize(ns, ns);
        for (int i = 0; i < ns; ++i)
            a_.row(i) = w_.row(m.stateSlots[static_cast<size_t>(i)]);
    }

    const Matrix& a() const { return a_; }

    // d y[slot] / dx and d y'[slot] / dx.
    Row yRow(int slot) const
    {
        if (m_.slotIsState[static_cast<size_t>(slot)])
            return Row::Unit(a_.cols(), m_.stateIndexOfSlot[static_cast<size_t>(slot)]);
        return w_.row(slot);
    }
    Row ypRow(int slot) const
    {
        if (m_.slotIsState[static_cast<size_t>(slot)])
            return w_.row(slot);
        return w_.row(slot) * a_;
    }

    // d v / dx of the output variable `o`.
    Row outputRow(const OutputVar& o)
    {
        switch (o.kind) {
        case OutputVar::Kind::Y: return o.sign * yRow(o.index);
        case OutputVar::Kind::Yp: return o.sign * ypRow(o.index);
        case OutputVar::Kind::Computed: return o.sign * computedRows().row(o.index);
        default: return Row::Zero(a_.cols());
        }
    }

private:
    codegen::TapeInputs inputs(const double* y, const double* yp) const
    {
        codegen::TapeInputs in;
        in.y = y;
        in.yp = yp;
        in.disc = p_.disc.data();
        in.pre = p_.disc.data();
        in.rel = p_.rel.data();
        in.time = p_.time;
        return in;
    }

    // The explicitly computed unknowns (their expressions are inlined in the residual and
    // have no Jacobian tape of their own): central differences of the computed tape along
    // each state's direction (y and y' moved together as the linear model moves them).
    // Exact but for rounding where the equations are linear in the unknowns, as a drive
    // line's relative angles and torques are.
    const Matrix& computedRows()
    {
        if (computedRows_.size() > 0 || m_.computedOrigins.empty())
            return computedRows_;
        const int ns = static_cast<int>(a_.cols());
        const size_t nc = m_.computedOrigins.size();
        computedRows_ = Matrix::Zero(static_cast<Eigen::Index>(nc), ns);
        std::vector<double> regs = m_.computed.workspace(), plus(nc), minus(nc);
        for (int j = 0; j < ns; ++j) {
            const int32_t s = m_.stateSlots[static_cast<size_t>(j)];
            const double h = 1e-4 * std::max({1.0, std::abs(p_.y[static_cast<size_t>(s)]), m_.nominal[static_cast<size_t>(s)]});
            auto evaluate = [&](double step, std::vector<double>& out) {
                std::vector<double> y = p_.y, yp = p_.yp;
                for (int i = 0; i < m_.n; ++i) {
                    const double dy = m_.slotIsState[static_cast<size_t>(i)] ? (i == s ? 1.0 : 0.0) : w_(i, j);
                    const double dyp = m_.slotIsState[static_cast<size_t>(i)] ? w_(i, j) : (w_.row(i) * a_.col(j))(0, 0);
                    y[static_cast<size_t>(i)] += step * dy;
                    yp[static_cast<size_t>(i)] += step * dyp;
                }
                codegen::TapeInputs in = inputs(y.data(), yp.data());
                in.out[0] = out.data();
                m_.computed.run(in, regs.data());
            };
            evaluate(h, plus);
            evaluate(-h, minus);
            for (size_t k = 0; k < nc; ++k)
                computedRows_(static_cast<Eigen::Index>(k), j) = (plus[k] - minus[k]) / (2 * h);
        }
        return computedRows_;
    }

    const CompiledModel& m_;
    const OperatingPoint& p_;
    Matrix w_, a_, computedRows_;
};

// + 0.0: a -0 (a zero times a negative coefficient) is written as 0.
std::vector<double> values(const double* begin, Eigen::Index size)
{
    std::vector<double> out(begin, begin + size);
    for (double& v : out)
        v += 0.0;
    return out;
}
std::vector<double> values(const Matrix& m) { return values(m.data(), m.size()); }
std::vector<double> values(const Row& r) { return values(r.data(), r.size()); }

} // namespace

namespace {

// The input states' columns of A and C as B and D, without the input states themselves.
void separateInputs(LinearSystem& sys, const std::vector<std::string>& inputStates, const std::vector<std::string>& names)
{
    const size_t n = sys.states.size(), p = sys.outputs.size();
    std::vector<size_t> input;
    for (const std::string& s : inputStates)
        input.push_back(static_cast<size_t>(std::find(sys.states.begin(), sys.states.end(), s) - sys.states.begin()));
    for (size_t i : input)
        if (i == n)
            throw internalError("linearize", "an input's state was not selected");
    std::vector<size_t> keep;
    for (size_t j = 0; j < n; ++j)
        if (std::find(input.begin(), input.end(), j) == input.end())
            keep.push_back(j);
    auto select = [&](const std::vector<double>& m, const std::vector<size_t>& rows, const std::vector<size_t>& cols) {
        std::vector<double> out;
        for (size_t r : rows)
            for (size_t c : cols)
                out.push_back(m[r * n + c]);
        return out;
    };
    std::vector<size_t> outputRows(p);
    for (size_t r = 0; r < p; ++r)
        outputRows[r] = r;
    sys.B = select(sys.A, keep, input);
    sys.D = select(sys.C, outputRows, input);
    sys.A = select(sys.A, keep, keep);
    sys.C = select(sys.C, outputRows, keep);
    for (auto& part : sys.parts)
        for (std::vector<double>* row : {&part.position, &part.speed})
            if (!row->empty()) {
                std::vector<double> kept;
                for (size_t c : keep)
                    kept.push_back((*row)[c]);
                *row = std::move(kept);
            }
    std::vector<std::string> states;
    std::vector<double> stateValues;
    for (size_t j : keep) {
        states.push_back(sys.states[j]);
        stateValues.push_back(sys.stateValues[j]);
    }
    sys.states = std::move(states);
    sys.stateValues = std::move(stateValues);
    sys.inputs = names;
}

LinearSystem linearizeModel(const std::shared_ptr<const Model>& model, const LinearizeOptions& options);

// The states no state's derivative depends on (their columns of A are zero): absolute
// angles and positions, which a steady state leaves turning.
std::vector<char> freeStates(const Matrix& a)
{
    const double scale = a.size() > 0 ? a.cwiseAbs().maxCoeff() : 0.0;
    std::vector<char> free(static_cast<size_t>(a.cols()), 0);
    for (Eigen::Index j = 0; j < a.cols(); ++j)
        free[static_cast<size_t>(j)] = a.col(j).cwiseAbs().maxCoeff() <= 1e-12 * scale;
    return free;
}

// A variable's value at the operating point, as the run's row would give it.
double valueAt(const CompiledModel& m, const OperatingPoint& p, const OutputVar& o)
{
    double raw = 0;
    switch (o.kind) {
    case OutputVar::Kind::Y: raw = p.y[static_cast<size_t>(o.index)]; break;
    case OutputVar::Kind::Yp: raw = p.yp[static_cast<size_t>(o.index)]; break;
    case OutputVar::Kind::Discrete: return p.disc[static_cast<size_t>(o.index)];
    case OutputVar::Kind::Constant: break;
    case OutputVar::Kind::Computed: {
        std::vector<double> regs = m.computed.workspace(), computed(m.computedOrigins.size());
        codegen::TapeInputs in = tapeInputs(p);
        in.out[0] = computed.data();
        m.computed.run(in, regs.data());
        raw = computed[static_cast<size_t>(o.index)];
        break;
    }
    }
    return o.sign * raw + o.offset + 0.0;
}

} // namespace

LinearSystem linearize(const std::shared_ptr<const Model>& model, const LinearizeOptions& options)
{
    for (const std::string& name : options.measure)
        if (!model->variableIndex(name))
            throw badInput("linearize: the model has no variable '" + name + "' to measure");
    if (options.inputs.empty())
        return linearizeModel(model, options);
    std::vector<std::string> inputStates;
    const std::shared_ptr<const Model> driven = withInputs(*model, options.inputs, inputStates);
    LinearSystem sys = linearizeModel(driven, options);
    separateInputs(sys, inputStates, options.inputs);
    return sys;
}

namespace {

LinearSystem linearizeModel(const std::shared_ptr<const Model>& model, const LinearizeOptions& options)
{
    const CompiledModel& m = model->compiled();
    // The dense analysis holds an unknowns x states matrix and decomposes A in O(states^3):
    // 1,000 states take seconds; a larger model is refused before its run, not after.
    if (m.stateSlots.size() > kMostStates)
        throw badInput("linearize: the model has " + std::to_string(m.stateSlots.size()) + " states; the dense analysis takes at most " +
                       std::to_string(kMostStates) + " (flange-sim linearize --lowest K gives the lowest modes of larger lines)");
    OperatingPoint p = operatingPoint(model, options.at);
    if (options.steady) {
        const std::vector<char> free = freeStates(Linearization(m, p).a());
        p = steadyState(m, std::move(p), free);
    }
    Linearization lin(m, p);

    LinearSystem sys;
    sys.time = p.time;
    sys.steady = options.steady;
    for (int32_t s : m.stateSlots)
        sys.stateValues.push_back(p.y[static_cast<size_t>(s)] + 0.0);
    for (const std::string& name : options.measure)
        sys.outputValues.push_back(valueAt(m, p, m.outputs[static_cast<size_t>(*model->variableIndex(name))]));
    for (int32_t s : m.stateSlots)
        sys.states.push_back(m.varName(m.slotVar[static_cast<size_t>(s)]));
    sys.A = values(lin.a());
    const size_t ns = sys.states.size();
    for (const std::string& name : options.measure) {
        sys.outputs.push_back(name);
        const std::vector<double> row = values(lin.outputRow(m.outputs[static_cast<size_t>(*model->variableIndex(name))]));
        sys.C.insert(sys.C.end(), row.begin(), row.end());
    }
    (void)ns;
    for (PartVariables& pv : driveLineParts(*model)) {
        auto rowOf = [&](const std::string& name) {
            const std::optional<int> i = name.empty() ? std::nullopt : model->variableIndex(name);
            return i ? values(lin.outputRow(m.outputs[static_cast<size_t>(*i)])) : std::vector<double>{};
        };
        pv.part.position = rowOf(pv.position);
        pv.part.speed = rowOf(pv.speed);
        sys.parts.push_back(std::move(pv.part));
    }
    // Friction elements stuck at the operating point: their relative coordinate.
    for (const auto& entry : m.instanceTypes) {
        const std::string& instance = entry.first;
        const std::optional<int> locked = model->variableIndex(instance + ".locked");
        if (!locked || m.outputs[static_cast<size_t>(*locked)].kind != OutputVar::Kind::Discrete ||
            p.disc[static_cast<size_t>(m.outputs[static_cast<size_t>(*locked)].index)] == 0)
            continue;
        for (const char* relative : {"phi_rel", "s_rel", "phi", "s", "phi_a"}) {
            const std::optional<int> i = model->variableIndex(instance + "." + relative);
            if (!i)
                continue;
            LinearSystem::Part part;
            part.name = instance;
            part.kind = LinearSystem::Part::Kind::Locked;
            part.position = values(lin.outputRow(m.outputs[static_cast<size_t>(*i)]));
            sys.parts.push_back(std::move(part));
            break;
        }
    }
    return sys;
}

} // namespace

} // namespace flange::linear
