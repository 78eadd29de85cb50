#include "engine/codegen/affinity.hpp"
#include "engine/codegen/tape_compiler.hpp"

#include "engine/expr/node_map.hpp"

#include <algorithm>
#include <utility>

namespace flange::codegen {

using expr::NodeId;
using expr::Op;

namespace {

// Ordered: Fixed and Held read no unknown, Affine is a sum of unknowns times Fixed
// coefficients plus a part that reads none, Other anything else.
enum Kind : uint8_t { kFixed, kHeld, kAffine, kOther };

Kind sum(Kind a, Kind b) { return std::max(a, b); }

Kind product(Kind a, Kind b)
{
    if (a <= kHeld && b <= kHeld)
        return std::max(a, b);
    if ((a == kAffine && b == kFixed) || (a == kFixed && b == kAffine))
        return kAffine;
    return kOther;
}

// Anything not linear in its operands (sin, a comparison, floor) keeps an expression
// affine only when it reads no unknown at all.
Kind opaque(Kind a, Kind b) { return a <= kHeld && b <= kHeld ? std::max(a, b) : kOther; }

class Classifier {
public:
    Classifier(const expr::Pool& pool, const std::function<VarSource(int32_t)>& source,
               const std::vector<char>& slotIsState, Affinity& out)
        : pool_(pool), source_(source), slotIsState_(slotIsState), out_(out)
    {
    }

    Kind classify(NodeId root)
    {
        stack_.assign(1, {root, false});
        while (!stack_.empty()) {
            auto [id, expanded] = stack_.back();
            stack_.pop_back();
            if (kinds_.contains(id))
                continue;
            const expr::Node& n = pool_.node(id);
            if (!expanded) {
                stack_.push_back({id, true});
                for (NodeId c : {n.a, n.b, n.c})
                    if (c != expr::kNone && !kinds_.contains(c))
                        stack_.push_back({c, false});
                continue;
            }
            const Kind k = kindOf(n);
            if (k == kOther)
                return kOther; // the answer is known: no need to look further
            kinds_.set(id, k);
        }
        return static_cast<Kind>(kinds_.at(root));
    }

private:
    Kind child(NodeId id) const { return id == expr::kNone ? kFixed : static_cast<Kind>(kinds_.at(id)); }

    Kind kindOf(const expr::Node& n)
    {
        const Kind a = child(n.a), b = child(n.b), c = child(n.c);
        switch (n.op) {
        case Op::Const:
        case Op::Param:
        case Op::Initial: // false in every solve after initialization
            return kFixed;
        case Op::Disc: out_.disc.push_back(n.index); return kFixed;
        case Op::Pre: out_.pre.push_back(n.index); return kFixed;
        case Op::Rel: out_.rel.push_back(n.index); return kFixed;
        case Op::Time: return kHeld;
        case Op::Var: {
            const VarSource s = source_(n.index);
            if (s.kind == VarSource::Kind::Constant)
                return kFixed;
            return s.kind == VarSource::Kind::Y && slotIsState_[static_cast<size_t>(s.index)] ? kHeld : kAffine;
        }
        case Op::Neg: return a;
        case Op::Add:
        case Op::Sub: return sum(a, b);
        case Op::Mul: return product(a, b);
        case Op::Div: return b == kFixed ? a : opaque(a, b);
        case Op::If:
            // A condition that only changes at events picks one affine branch per mode; one
            // that reads the states or time would change the coefficients between events.
            if (a == kFixed)
                return sum(b, c);
            return opaque(a, opaque(b, c));
        default: return opaque(a, opaque(b, c));
        }
    }

    const expr::Pool& pool_;
    const std::function<VarSource(int32_t)>& source_;
    const std::vector<char>& slotIsState_;
    Affinity& out_;
    expr::NodeMap<uint8_t> kinds_;
    std::vector<std::pair<NodeId, bool>> stack_;
};

} // namespace

Affinity consistentAffinity(const expr::Pool& pool, const std::vector<NodeId>& rows,
                            const std::function<VarSource(int32_t)>& source, const std::vector<char>& slotIsState)
{
    Affinity out;
    Classifier classifier(pool, source, slotIsState, out);
    for (NodeId row : rows)
        if (classifier.classify(row) == kOther)
            return {};
    for (auto* v : {&out.disc, &out.pre, &out.rel})
        std::sort(v->begin(), v->end());
    out.affine = true;
    return out;
}

} // namespace flange::codegen
