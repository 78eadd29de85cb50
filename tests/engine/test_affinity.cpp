// Which residuals are affine in the unknowns of the solve with the states held, with
// coefficients that only events change (codegen/affinity.hpp): only those may take one
// Newton step without the residual that confirms it.
#include "engine/codegen/affinity.hpp"
#include "engine/codegen/tape_compiler.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

using namespace flange;
using expr::NodeId;
using expr::Op;

namespace {

// Variable 0 is the state x (slot 0), 1 its derivative, 2 the algebraic z (slot 1), 3 a
// constant folded away.
struct Rows {
    expr::Pool pool;
    NodeId x = pool.var(0), der = pool.var(1), z = pool.var(2), c = pool.var(3);
    codegen::Affinity of(const std::vector<NodeId>& rows) const
    {
        auto source = [](int32_t v) {
            using K = codegen::VarSource::Kind;
            switch (v) {
            case 0: return codegen::VarSource{K::Y, 0, 0};
            case 1: return codegen::VarSource{K::Yp, 0, 0};
            case 2: return codegen::VarSource{K::Y, 1, 0};
            default: return codegen::VarSource{K::Constant, 0, 2.5};
            }
        };
        return codegen::consistentAffinity(pool, rows, source, {1, 0});
    }
    NodeId k(double v) { return pool.constant(v); }
};

} // namespace

TEST_CASE("a residual linear in the derivatives and algebraics, whatever it does with states and time, is affine")
{
    Rows r;
    // der(x) + 2 z - sin(x) * time + c: the states and time only move the constant part
    const NodeId row = r.pool.add(r.pool.add(r.der, r.pool.mul(r.k(2), r.z)),
                                  r.pool.sub(r.c, r.pool.mul(r.pool.unary(Op::Sin, r.x), r.pool.time())));
    const NodeId divided = r.pool.sub(r.pool.div(r.z, r.k(4)), r.pool.neg(r.der)); // z / 4 + der(x)
    CHECK(r.of({row, divided}).affine);
}

TEST_CASE("a coefficient that reads a state or time, or a product of unknowns, is not affine")
{
    Rows r;
    CHECK_FALSE(r.of({r.pool.mul(r.z, r.z)}).affine);
    CHECK_FALSE(r.of({r.pool.mul(r.der, r.z)}).affine);
    CHECK_FALSE(r.of({r.pool.mul(r.x, r.z)}).affine); // dF/dz = x changes from one output point to the next
    CHECK_FALSE(r.of({r.pool.mul(r.pool.unary(Op::Cos, r.pool.time()), r.der)}).affine);
    CHECK_FALSE(r.of({r.pool.div(r.z, r.x)}).affine);
    CHECK_FALSE(r.of({r.pool.div(r.x, r.z)}).affine);
    CHECK_FALSE(r.of({r.pool.add(r.der, r.pool.unary(Op::Exp, r.z))}).affine);
    // one row out of two is enough
    CHECK_FALSE(r.of({r.pool.add(r.der, r.z), r.pool.mul(r.z, r.z)}).affine);
}

TEST_CASE("functions with a zero derivative that jump in an unknown are not affine")
{
    // Their Jacobian is constant (zero), but one Newton step does not solve them.
    Rows r;
    CHECK_FALSE(r.of({r.pool.add(r.der, r.pool.unary(Op::Floor, r.z))}).affine);
    CHECK_FALSE(r.of({r.pool.add(r.der, r.pool.unary(Op::Sign, r.z))}).affine);
    CHECK_FALSE(r.of({r.pool.add(r.der, r.pool.unary(Op::Abs, r.z))}).affine);
    // noEvent(z > 0): a comparison read directly, not a relation frozen between events
    CHECK_FALSE(r.of({r.pool.ifThenElse(r.pool.compare(Op::Gt, r.z, r.k(0)), r.z, r.pool.neg(r.z))}).affine);
}

TEST_CASE("an if on event-frozen values picks one affine branch per mode, and one on a state does not")
{
    Rows r;
    // if rel[4] then z else 3 z - x
    const NodeId byRelation = r.pool.ifThenElse(r.pool.rel(4), r.z, r.pool.sub(r.pool.mul(r.k(3), r.z), r.x));
    const codegen::Affinity a = r.of({byRelation});
    CHECK(a.affine);
    CHECK(a.rel == std::vector<int32_t>{4});
    // noEvent(x > 0): the coefficient of z changes with the state between events
    const NodeId byState = r.pool.ifThenElse(r.pool.compare(Op::Gt, r.x, r.k(0)), r.z, r.pool.mul(r.k(3), r.z));
    CHECK_FALSE(r.of({byState}).affine);
    // but an if on a state that selects no unknown is part of the constant term
    CHECK(r.of({r.pool.add(r.z, r.pool.ifThenElse(r.pool.compare(Op::Gt, r.x, r.k(0)), r.x, r.k(1)))}).affine);
}

TEST_CASE("the discrete values, pre() values and relations an affine residual reads are listed, each once")
{
    Rows r;
    // pre(v5) * z + d3 - der(x) * d3 + if rel[7] then 1 else rel[2]
    const NodeId row = r.pool.add(
        r.pool.sub(r.pool.add(r.pool.mul(r.pool.pre(5), r.z), r.pool.disc(3)), r.pool.mul(r.der, r.pool.disc(3))),
        r.pool.ifThenElse(r.pool.rel(7), r.k(1), r.pool.rel(2)));
    const codegen::Affinity a = r.of({row});
    CHECK(a.affine);
    CHECK(a.disc == std::vector<int32_t>{3});
    CHECK(a.pre == std::vector<int32_t>{5});
    CHECK(a.rel == std::vector<int32_t>{2, 7});
}

TEST_CASE("translation finds a friction element's solve affine, and not a gear whose efficiency reads its speed")
{
    // The mass's friction force is F_Coulomb + F_prop v (v a state) or, stuck, whatever
    // holds it: linear in the force and acceleration in each mode.
    auto friction = compileModel(test::diagramFromJson(test::diagramJson(
        {test::component("sine", "Blocks.Sources.Sine", R"({"amplitude": 10, "f": 1})"),
         test::component("force", "Translational.Sources.Force"),
         test::component("mass", "Translational.Components.MassWithStopAndFriction",
                         R"({"m": 1, "L": 0, "smax": 1, "smin": -1, "F_prop": 1, "F_Coulomb": 5, "F_Stribeck": 0, "fexp": 2})")},
        {{"sine.y", "force.f"}, {"force.flange", "mass.flange_a"}})), test::bundledLibrary());
    CHECK(friction->consistentAffinity.affine);
    CHECK_FALSE(friction->consistentAffinity.rel.empty());
    // The loss torque is (1 - eta(w)) times the transmitted torque, an unknown.
    auto gear = compileModel(test::diagramFromJson(test::diagramJson(
        {test::component("torque", "Rotational.Sources.ConstantTorque", R"({"tau_constant": 10})"),
         test::component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})"),
         test::component("gear", "Rotational.Components.LossyGear",
                         R"({"ratio": 2, "lossTable": [[0, 0.5, 0.5, 0, 0], [10, 0.9, 0.9, 0, 0]]})"),
         test::component("inertia2", "Rotational.Components.Inertia", R"({"J": 3})")},
        {{"torque.flange", "inertia1.flange_a"}, {"inertia1.flange_b", "gear.flange_a"},
         {"gear.flange_b", "inertia2.flange_a"}})), test::bundledLibrary());
    CHECK_FALSE(gear->consistentAffinity.affine);
}
