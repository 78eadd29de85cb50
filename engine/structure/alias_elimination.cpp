#include "engine/structure/alias_elimination.hpp"

#include "engine/expr/node_map.hpp"

#include "engine/error.hpp"
#include "engine/instance_name.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <sstream>

namespace flange::structure {

using expr::NodeId;
using expr::Op;
using flatten::FlatModel;
using flatten::FlatVar;

namespace {

// (variable, coefficient) pairs: an equation has a handful, so a flat list searched
// linearly beats a map's node per term (this runs on every equation of the model).
using Terms = std::vector<std::pair<int32_t, double>>;

// residual == sum(coef * var) + constant, or false if it is not linear with numbers as
// coefficients. A coefficient that is a parameter kept as a leaf (a gear's ratio, J of
// J*der(w) = tau) makes no alias, whatever its value, so that its value decides nothing;
// parameters in the constant go to `offsets`, structural once the equation is eliminated.
bool linearForm(const expr::Pool& p, NodeId id, double scale, Terms& terms, double& constant,
                std::vector<NodeId>& offsets, int depth = 0)
{
    if (depth > 8)
        return false;
    const expr::Node& n = p.node(id);
    if (n.op != Op::Const && p.ofParameters(id)) {
        offsets.push_back(id);
        constant += scale * n.value;
        return true;
    }
    auto number = [&p](NodeId k) { return p.node(k).op == Op::Const; };
    switch (n.op) {
    case Op::Const: constant += scale * n.value; return true;
    case Op::Var: {
        auto it = std::find_if(terms.begin(), terms.end(), [&n](const auto& t) { return t.first == n.index; });
        if (it == terms.end())
            terms.emplace_back(n.index, scale);
        else
            it->second += scale;
        return true;
    }
    case Op::Neg: return linearForm(p, n.a, -scale, terms, constant, offsets, depth + 1);
    case Op::Add:
        return linearForm(p, n.a, scale, terms, constant, offsets, depth + 1) &&
               linearForm(p, n.b, scale, terms, constant, offsets, depth + 1);
    case Op::Sub:
        return linearForm(p, n.a, scale, terms, constant, offsets, depth + 1) &&
               linearForm(p, n.b, -scale, terms, constant, offsets, depth + 1);
    case Op::Mul:
        if (number(n.a))
            return linearForm(p, n.b, scale * p.constValue(n.a), terms, constant, offsets, depth + 1);
        if (number(n.b))
            return linearForm(p, n.a, scale * p.constValue(n.b), terms, constant, offsets, depth + 1);
        return false;
    case Op::Div:
        if (number(n.b) && p.constValue(n.b) != 0)
            return linearForm(p, n.a, scale / p.constValue(n.b), terms, constant, offsets, depth + 1);
        return false;
    default: return false;
    }
}

bool nearlyEqual(double a, double b) { return std::fabs(a - b) <= 1e-12 * (1 + std::fabs(a) + std::fabs(b)); }

std::string num(double v)
{
    std::ostringstream o;
    o.precision(10);
    o << v;
    return o.str();
}

class AliasEliminator {
public:
    explicit AliasEliminator(FlatModel& m) : m_(m)
    {
        size_t n = m.vars.size();
        k_ = static_cast<int32_t>(n); // the constant class: K = 0
        parent_.resize(n + 1);
        sign_.assign(n + 1, 1.0);
        offset_.assign(n + 1, 0.0);
        deriv_.assign(n + 1, -1);
        why_.assign(n + 1, std::string());
        derivSign_.assign(n + 1, 1.0);
        for (size_t i = 0; i <= n; ++i)
            parent_[i] = static_cast<int32_t>(i);
        for (size_t i = 0; i < n; ++i)
            if (m.vars[i].derivative >= 0)
                deriv_[i] = m.vars[i].derivative;
    }

    AliasStats run(const CancelFlag& cancelled)
    {
        AliasStats stats;
        std::vector<flatten::FlatEquation> kept;
        kept.reserve(m_.equations.size());
        Terms terms;
        std::vector<NodeId> offsets;
        // An eliminated equation's offset is fixed in the aliases: its parameters are structural.
        auto eliminated = [this, &offsets, &stats] {
            for (NodeId o : offsets)
                m_.pool.markStructural(o);
            ++stats.removedEquations;
        };
        for (auto& eq : m_.equations) {
            throwIfCancelled(cancelled, "translation");
            terms.clear();
            offsets.clear();
            double c = 0;
            if (linearForm(m_.pool, eq.residual, 1.0, terms, c, offsets)) {
                std::erase_if(terms, [](const auto& t) { return t.second == 0; });
                std::sort(terms.begin(), terms.end()); // by variable: x below y, as before
                bool continuous = true;
                for (const auto& [v, a] : terms)
                    continuous = continuous && !m_.vars[static_cast<size_t>(v)].discrete;
                if (continuous && terms.size() == 2) {
                    auto [x, ax] = *terms.begin();
                    auto [y, ay] = *std::next(terms.begin());
                    if (nearlyEqual(std::fabs(ax), std::fabs(ay))) {
                        // x = -(ay/ax) y - c/ax
                        if (merge(x, y, ay / ax > 0 ? -1.0 : 1.0, -c / ax, eq.origin)) {
                            eliminated();
                            continue;
                        }
                    }
                } else if (continuous && terms.size() == 1) {
                    auto [x, ax] = *terms.begin();
                    if (merge(x, k_, 1.0, -c / ax, eq.origin)) {
                        eliminated();
                        continue;
                    }
                }
            }
            kept.push_back(std::move(eq));
        }
        m_.equations = std::move(kept);
        applyAliases(stats);
        rebuildDerivativeLinks();
        throwIfCancelled(cancelled, "translation");
        substituteEverywhere();
        return stats;
    }

private:
    // x = sign * root + offset
    int32_t find(int32_t x, double& s, double& o)
    {
        s = 1;
        o = 0;
        int32_t r = x;
        while (parent_[static_cast<size_t>(r)] != r) {
            // compose: r = sign_[r] * parent + offset_[r]
            o = s * offset_[static_cast<size_t>(r)] + o;
            s = s * sign_[static_cast<size_t>(r)];
            r = parent_[static_cast<size_t>(r)];
        }
        return r;
    }

    // Which of two roots should stay: K always; then a state candidate, higher stateSelect,
    // fixed start, a named (not generated) and public variable, a shorter name.
    bool prefer(int32_t a, int32_t b) const
    {
        if (a == k_ || b == k_)
            return a == k_;
        const FlatVar& va = m_.vars[static_cast<size_t>(a)];
        const FlatVar& vb = m_.vars[static_cast<size_t>(b)];
        bool da = deriv_[static_cast<size_t>(a)] >= 0, db = deriv_[static_cast<size_t>(b)] >= 0;
        if (da != db)
            return da;
        if (va.stateSelect != vb.stateSelect)
            return va.stateSelect > vb.stateSelect;
        if (va.fixed != vb.fixed)
            return va.fixed;
        if (va.generated != vb.generated)
            return !va.generated;
        if (va.isProtected != vb.isProtected)
            return !va.isProtected;
        if (va.name.size() != vb.name.size())
            return va.name.size() < vb.name.size();
        return a < b;
    }

    std::string nameOf(int32_t v) const { return v == k_ ? "a constant" : m_.vars[static_cast<size_t>(v)].name; }

    // Records x = s * y + o. Returns false if the equation is not an alias after all
    // (it relates a class to itself with a factor 2), so it stays an equation. On success
    // the origin moves into the record: the equation it came from is dropped.
    bool merge(int32_t x, int32_t y, double s, double o, std::string& origin)
    {
        double sx, ox, sy, oy;
        int32_t rx = find(x, sx, ox);
        int32_t ry = find(y, sy, oy);
        // x = sx rx + ox, y = sy ry + oy  =>  sx rx + ox = s (sy ry + oy) + o
        if (rx == ry) {
            if (!nearlyEqual(sx, s * sy))
                return false;
            double lhs = ox, rhs = s * oy + o;
            std::string others = reasons(x, y);
            std::vector<std::string> culprits = instancesOf(origin);
            for (const auto& r : reasonList(x, y))
                for (auto& name : instancesOf(r))
                    culprits.push_back(std::move(name));
            if (!nearlyEqual(lhs, rhs))
                throw badInput("contradictory equations: " + origin + " conflicts with " + others + " (" + num(lhs) +
                               " vs " + num(rhs) + ")")
                    .about(culprits);
            throw badInput("the model is over-determined: " + origin + " is already implied by " + others +
                           ". Is a flange connected twice, or do two sources fix the same motion?")
                .about(culprits);
        }
        // rx = (s sy / sx) ry + (s oy + o - ox) / sx
        double S = s * sy / sx;
        double O = (s * oy + o - ox) / sx;
        if (prefer(rx, ry)) {
            attach(ry, rx, 1.0 / S, -O / S); // ry = (rx - O)/S
            why_[static_cast<size_t>(ry)] = std::move(origin);
        } else {
            attach(rx, ry, S, O);
            why_[static_cast<size_t>(rx)] = std::move(origin);
        }
        return true;
    }

    // The equations that tied x and y to their common representative, for messages.
    std::string reasons(int32_t x, int32_t y) const
    {
        std::string s;
        for (const auto& o : reasonList(x, y))
            s += (s.empty() ? "" : "; ") + o;
        return s.empty() ? "other equations" : s;
    }

    std::vector<std::string> reasonList(int32_t x, int32_t y) const
    {
        std::vector<std::string> out;
        for (int32_t v : {x, y})
            for (int32_t r = v; parent_[static_cast<size_t>(r)] != r && out.size() < 6; r = parent_[static_cast<size_t>(r)])
                if (!why_[static_cast<size_t>(r)].empty() &&
                    std::find(out.begin(), out.end(), why_[static_cast<size_t>(r)]) == out.end())
                    out.push_back(why_[static_cast<size_t>(r)]);
        return out;
    }

    // child = s * root + o, both roots.
    void attach(int32_t child, int32_t root, double s, double o)
    {
        parent_[static_cast<size_t>(child)] = root;
        sign_[static_cast<size_t>(child)] = s;
        offset_[static_cast<size_t>(child)] = o;
        // der(child) = s der(root): move the child's derivative class over.
        int32_t dc = deriv_[static_cast<size_t>(child)];
        if (dc < 0)
            return;
        double sdc = derivSign_[static_cast<size_t>(child)];
        if (root == k_) {
            pendingConstantZero_.push_back(dc);
        } else if (deriv_[static_cast<size_t>(root)] < 0) {
            deriv_[static_cast<size_t>(root)] = dc;
            derivSign_[static_cast<size_t>(root)] = sdc * s; // der(root) = der(child)/s = sdc dc / s
        } else {
            // der(root) = sdr dr and der(root) = (sdc/s) dc  =>  dr = (sdc / (s sdr)) dc
            int32_t dr = deriv_[static_cast<size_t>(root)];
            double sdr = derivSign_[static_cast<size_t>(root)];
            pendingPairs_.push_back({dr, dc, sdc / (s * sdr)});
        }
        drainPending();
    }

    void drainPending()
    {
        if (draining_)
            return;
        draining_ = true;
        while (!pendingPairs_.empty() || !pendingConstantZero_.empty()) {
            if (!pendingPairs_.empty()) {
                Pending p = pendingPairs_.front();
                pendingPairs_.pop_front();
                double sa, oa, sb, ob;
                if (find(p.a, sa, oa) != find(p.b, sb, ob) || !nearlyEqual(sa, p.s * sb))
                    mergeDerivative(p.a, p.b, p.s);
            } else {
                int32_t d = pendingConstantZero_.front();
                pendingConstantZero_.pop_front();
                mergeDerivative(d, k_, 1.0);
            }
        }
        draining_ = false;
    }

    void mergeDerivative(int32_t a, int32_t b, double s)
    {
        double sa, oa, sb, ob;
        int32_t ra = find(a, sa, oa), rb = find(b, sb, ob);
        if (ra == rb)
            return; // already related; a mismatch here would be caught by the structural check
        double S = s * sb / sa, O = (s * ob - oa) / sa;
        if (prefer(ra, rb))
            attach(rb, ra, 1.0 / S, -O / S);
        else
            attach(ra, rb, S, O);
    }

    void applyAliases(AliasStats& stats)
    {
        for (size_t i = 0; i < m_.vars.size(); ++i) {
            double s, o;
            int32_t r = find(static_cast<int32_t>(i), s, o);
            FlatVar& v = m_.vars[i];
            if (r == static_cast<int32_t>(i))
                continue;
            if (r == k_) {
                v.isConstant = true;
                v.aliasOffset = o;
                ++stats.constants;
                if (v.fixed && !nearlyEqual(v.start, o))
                    throw badInput("initial condition " + v.name + " = " + num(v.start) + " (fixed) contradicts " +
                                   v.name + " = " + num(o) + " from the model's equations")
                        .about({instanceOf(v.name)});
                continue;
            }
            v.aliasOf = r;
            v.aliasSign = s;
            v.aliasOffset = o;
            ++stats.aliases;
            FlatVar& root = m_.vars[static_cast<size_t>(r)];
            double mapped = (v.start - o) / s; // start of the root implied by this member
            if (v.fixed) {
                if (root.fixed && !nearlyEqual(root.start, mapped))
                    throw badInput("initial conditions " + (fixedBy_.count(static_cast<size_t>(r)) ? fixedBy_[static_cast<size_t>(r)] : root.name + " = " + num(root.start)) + " and " + v.name + " = " +
                                   num(v.start) + " contradict each other: they describe the same motion")
                        .about({instanceOf(root.name), instanceOf(v.name)});
                if (!root.fixed) {
                    root.fixed = true;
                    root.start = mapped;
                    fixedBy_[static_cast<size_t>(r)] = v.name + " = " + num(v.start);
                }
            } else if (!root.fixed && root.start == 0 && v.start != 0) {
                root.start = mapped;
            }
            root.stateSelect = std::max(root.stateSelect, v.stateSelect);
            if (root.nominal == 1 && v.nominal != 1)
                root.nominal = v.nominal;
        }
    }

    void rebuildDerivativeLinks()
    {
        size_t n = m_.vars.size();
        for (auto& v : m_.vars) {
            v.derivative = -1;
            v.derivativeOf = -1;
        }
        for (size_t i = 0; i < n; ++i) {
            FlatVar& v = m_.vars[i];
            if (v.eliminated() || deriv_[i] < 0)
                continue;
            double sd, od;
            int32_t rd = find(deriv_[i], sd, od);
            double s = derivSign_[i] * sd; // der(v) = s * rd + derivSign * od
            double o = derivSign_[i] * od;
            if (rd != k_ && nearlyEqual(s, 1.0) && o == 0 && m_.vars[static_cast<size_t>(rd)].derivativeOf < 0 &&
                rd != static_cast<int32_t>(i)) {
                m_.vars[i].derivative = rd;
                m_.vars[static_cast<size_t>(rd)].derivativeOf = static_cast<int32_t>(i);
                continue;
            }
            // der(v) is an expression of another class: give v a fresh derivative variable.
            flatten::FlatVar g;
            g.name = "der(" + m_.vars[i].name + ")";
            g.generated = true;
            g.component = m_.vars[i].component;
            g.nominal = m_.vars[i].nominal;
            g.derivativeOf = static_cast<int32_t>(i);
            std::string origin = "der(" + m_.vars[i].name + ") = derivative of its aliases";
            int32_t gid = m_.addVar(g);
            m_.vars[i].derivative = gid;
            NodeId rhs = rd == k_ ? m_.pool.constant(o) : m_.pool.add(m_.pool.mul(m_.pool.constant(s), m_.pool.var(rd)), m_.pool.constant(o));
            m_.equations.push_back({m_.pool.sub(m_.pool.var(gid), rhs), origin, m_.vars[i].component});
        }
    }

    void substituteEverywhere()
    {
        expr::NodeMap<NodeId> memo;
        auto leaf = [this](const expr::Node& n) -> NodeId {
            if (n.op != Op::Var)
                return expr::kNone;
            const FlatVar& v = m_.vars[static_cast<size_t>(n.index)];
            if (v.isConstant)
                return m_.pool.constant(v.aliasOffset);
            if (v.aliasOf < 0)
                return expr::kNone;
            return m_.pool.add(m_.pool.mul(m_.pool.constant(v.aliasSign), m_.pool.var(v.aliasOf)), m_.pool.constant(v.aliasOffset));
        };
        auto sub = [&](NodeId id) { return m_.pool.rewrite(id, leaf, memo); };
        std::vector<flatten::FlatEquation> kept;
        for (auto& eq : m_.equations) {
            eq.residual = sub(eq.residual);
            if (m_.pool.isConst(eq.residual)) {
                if (m_.pool.constValue(eq.residual) != 0)
                    throw badInput("contradictory equation: " + eq.origin + " reduces to " +
                                   num(m_.pool.constValue(eq.residual)) + " = 0")
                        .about(instancesOf(eq.origin));
                throw badInput("over-determined: equation " + eq.origin + " is implied by other equations")
                    .about(instancesOf(eq.origin));
            }
            kept.push_back(std::move(eq));
        }
        m_.equations = std::move(kept);
        for (auto& eq : m_.initialEquations)
            eq.residual = sub(eq.residual);
        for (auto& d : m_.discreteEquations)
            d.value = sub(d.value);
        for (auto& d : m_.initialDiscrete)
            d.value = sub(d.value);
        for (auto& r : m_.relations) {
            r.lhs = sub(r.lhs);
            r.rhs = sub(r.rhs);
        }
        for (auto& w : m_.whens) {
            w.condition = sub(w.condition);
            for (auto& a : w.assignments)
                a.value = sub(a.value);
            for (auto& r : w.reinits) {
                r.value = sub(r.value);
                const FlatVar& v = m_.vars[static_cast<size_t>(r.var)];
                if (v.isConstant)
                    throw badInput(w.origin + ": reinit of " + v.name + ", which is a constant").about(instancesOf(w.origin));
                if (v.aliasOf >= 0) {
                    // reinit(x, e) with x = s r + o  =>  reinit(r, (e - o)/s)
                    r.value = m_.pool.div(m_.pool.sub(r.value, m_.pool.constant(v.aliasOffset)), m_.pool.constant(v.aliasSign));
                    r.var = v.aliasOf;
                }
            }
        }
    }

    struct Pending {
        int32_t a, b;
        double s; // a = s * b
    };

    FlatModel& m_;
    int32_t k_;
    std::vector<int32_t> parent_;
    std::vector<double> sign_, offset_;
    std::vector<int32_t> deriv_;
    std::vector<double> derivSign_;
    std::deque<Pending> pendingPairs_;
    std::deque<int32_t> pendingConstantZero_;
    bool draining_ = false;
    std::map<size_t, std::string> fixedBy_;
    std::vector<std::string> why_;
};

} // namespace

AliasStats eliminateAliases(FlatModel& m, const CancelFlag& cancelled) { return AliasEliminator(m).run(cancelled); }

} // namespace flange::structure
