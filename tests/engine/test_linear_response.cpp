// Issue 37: the steady state of a driven line, the frequency response (Bode) of a damped
// oscillator against its closed form and against a simulated sine response, and the
// critical speeds (Campbell) where order lines meet a natural frequency.
#include "engine/api/linearize.hpp"

#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include <cmath>
#include <complex>
#include <numbers>
#include <string>
#include <vector>

using namespace flange;
using namespace flange::test;

namespace {

std::shared_ptr<const Model> modelOf(const std::string& json)
{
    return Model::compile(diagramFromJson(json), sharedBundledLibrary());
}

constexpr double kRel = 1e-9;
constexpr double kC = 1e4, kD = 20, kJ = 1; // omega_n = 100 rad/s, zeta = 0.1

// A torque driven by `source` on an inertia held by a spring-damper to the ground.
std::string oscillatorJson(const std::string& source)
{
    return diagramJson({component("fixed", "Rotational.Components.Fixed"),
                        component("sd", "Rotational.Components.SpringDamper", "{\"c\": 1e4, \"d\": 20}"),
                        component("inertia", "Rotational.Components.Inertia", "{\"J\": 1}"),
                        component("torque", "Rotational.Sources.Torque"), source},
                       {{"fixed.flange", "sd.flange_a"}, {"sd.flange_b", "inertia.flange_a"},
                        {"torque.flange", "inertia.flange_b"}, {"source.y", "torque.tau"}},
                       3.0, 1e-3);
}

// phi / tau of J phi'' + d phi' + c phi = tau at w.
std::complex<double> oscillatorResponse(double w) { return 1.0 / std::complex<double>(kC - kJ * w * w, kD * w); }

linear::LinearSystem linearOscillator()
{
    linear::LinearizeOptions o;
    o.inputs = {"torque.tau"};
    o.measure = {"inertia.phi", "sd.tau"};
    return linear::linearize(modelOf(oscillatorJson(component("source", "Blocks.Sources.Constant", R"({"k": 0})"))), o);
}

} // namespace

TEST_CASE("Bode, a damped oscillator's magnitude and phase are those of 1 / (c - J w^2 + j d w)")
{
    const linear::LinearSystem sys = linearOscillator();
    const std::vector<double> f = linear::logSpaced(0.1, 1000, 200);
    REQUIRE(f.size() == 200);
    CHECK(f.front() == 0.1);
    CHECK(f.back() == 1000);
    CHECK(f[100] / f[99] == Approx(std::pow(1e4, 1.0 / 199)).epsilon(1e-12));
    const linear::Bode b = linear::bode(sys, f, linear::modes(sys));
    REQUIRE(b.responses.size() == 2);
    const linear::FrequencyResponse& r = b.responses[0];
    CHECK(r.input == "torque.tau");
    CHECK(r.output == "inertia.phi");
    for (size_t i = 0; i < f.size(); ++i) {
        const std::complex<double> h = oscillatorResponse(2 * std::numbers::pi * f[i]);
        CHECK(r.magnitude[i] == Approx(std::abs(h)).epsilon(kRel));
        // From 0 through -90 at resonance to -180, continuous.
        CHECK(r.phaseDeg[i] == Approx(std::arg(h) * 180 / std::numbers::pi).margin(1e-7));
    }
    // sd.tau = c phi + d phi': its response is (c + j d w) / (c - J w^2 + j d w).
    const double w = 2 * std::numbers::pi * f[120];
    CHECK(b.responses[1].magnitude[120] == Approx(std::abs(std::complex<double>(kC, kD * w) * oscillatorResponse(w))).epsilon(kRel));
    // The one natural frequency is marked: sqrt(c/J) / 2 pi.
    REQUIRE(b.naturalFrequenciesHz.size() == 1);
    CHECK(b.naturalFrequenciesHz[0] == Approx(100 / (2 * std::numbers::pi)).epsilon(kRel));
}

TEST_CASE("Bode, a simulated sine response after its transient has the Bode amplitude within 1 %")
{
    const linear::LinearSystem sys = linearOscillator();
    for (const double f : {5.0, 15.0, 40.0}) {
        const linear::Bode b = linear::bode(sys, {f, 2 * f}, {});
        SimulationOptions options;
        options.tolerance = 1e-9;
        const Simulated run = simulateJson(oscillatorJson(component("source", "Blocks.Sources.Sine",
                                                                    "{\"amplitude\": 1, \"f\": " + std::to_string(f) + "}")),
                                           options);
        // After 2 s the transient has decayed by exp(-zeta w_n 2) = exp(-20): fit
        // a sin + b cos + c over the last second, a whole number of periods.
        const int col = run.sink.column("inertia.phi");
        Eigen::MatrixXd basis(0, 3);
        Eigen::VectorXd values(0);
        for (size_t i = 0; i < run.sink.times.size(); ++i) {
            const double t = run.sink.times[i];
            if (t < 2)
                continue;
            basis.conservativeResize(basis.rows() + 1, Eigen::NoChange);
            basis.row(basis.rows() - 1) << std::sin(2 * std::numbers::pi * f * t), std::cos(2 * std::numbers::pi * f * t), 1.0;
            values.conservativeResize(values.size() + 1);
            values(values.size() - 1) = run.sink.rows[i][static_cast<size_t>(col)];
        }
        REQUIRE(values.size() > 900);
        const Eigen::Vector3d fit = basis.colPivHouseholderQr().solve(values);
        const double amplitude = std::hypot(fit(0), fit(1));
        INFO("f = " << f << " Hz: simulated " << amplitude << ", Bode " << b.responses[0].magnitude[0]);
        CHECK(amplitude == Approx(b.responses[0].magnitude[0]).epsilon(0.01));
        // The phase too: sin(w t + arg H) = cos(arg H) sin + sin(arg H) cos.
        CHECK(std::atan2(fit(1), fit(0)) * 180 / std::numbers::pi == Approx(b.responses[0].phaseDeg[0]).margin(1.0));
    }
}

TEST_CASE("Bode refuses a range that is no range, and a system without an input")
{
    CHECK_THROWS_WITH(linear::logSpaced(0, 10, 50), Catch::Contains("0 < F0 < F1"));
    CHECK_THROWS_WITH(linear::logSpaced(10, 1, 50), Catch::Contains("0 < F0 < F1"));
    CHECK_THROWS_WITH(linear::logSpaced(1, 10, 1), Catch::Contains("at least 2 points"));
    linear::LinearizeOptions o;
    o.measure = {"inertia.phi"};
    const auto sys = linear::linearize(modelOf(oscillatorJson(component("source", "Blocks.Sources.Constant", R"({"k": 0})"))), o);
    CHECK_THROWS_WITH(linear::bode(sys, {1, 2}, {}), Catch::Contains("needs an input and an output"));
}

TEST_CASE("Campbell, order k meets the natural frequency f at 60 f / k rpm, the response along it is the Bode's")
{
    const linear::LinearSystem sys = linearOscillator();
    const auto modes = linear::modes(sys);
    const double fn = 100 / (2 * std::numbers::pi);
    const linear::Campbell c = linear::campbell(sys, modes, {1, 2, 0.5}, "inertia");
    CHECK(c.shaft == "inertia");
    REQUIRE(c.naturalFrequenciesHz.size() == 1);
    CHECK(c.naturalFrequenciesHz[0] == Approx(fn).epsilon(kRel));
    // By speed: order 2 first, then 1, then 0.5; the default range reaches 1.2 times the last.
    REQUIRE(c.crossings.size() == 3);
    CHECK(c.crossings[0].order == 2);
    CHECK(c.crossings[0].rpm == Approx(30 * fn).epsilon(kRel));
    CHECK(c.crossings[1].rpm == Approx(60 * fn).epsilon(kRel));
    CHECK(c.crossings[2].order == 0.5);
    CHECK(c.crossings[2].rpm == Approx(120 * fn).epsilon(kRel));
    CHECK(c.crossings[2].mode == modes[0].label);
    REQUIRE(c.rpm.size() == 200);
    CHECK(c.rpm.back() == Approx(1.2 * 120 * fn).epsilon(kRel));
    REQUIRE(c.responses.size() == 3 * 2); // orders x (phi, sd.tau) from the one input
    const linear::Campbell::OrderResponse& r = c.responses[2]; // order 2, to inertia.phi
    CHECK(r.order == 2);
    CHECK(r.output == "inertia.phi");
    for (size_t i = 0; i < c.rpm.size(); i += 37)
        CHECK(r.magnitude[i] == Approx(std::abs(oscillatorResponse(2 * std::numbers::pi * 2 * c.rpm[i] / 60))).epsilon(kRel));
    // Given speeds: only the crossings within them.
    const linear::Campbell within = linear::campbell(sys, modes, {1, 2}, "inertia", {100, 800});
    REQUIRE(within.crossings.size() == 1);
    CHECK(within.crossings[0].order == 2);
    CHECK_THROWS_WITH(linear::campbell(sys, modes, {1}, "sd"), Catch::Contains("--order-shaft sd is no inertia"));
    CHECK_THROWS_WITH(linear::campbell(sys, modes, {-1}, "inertia"), Catch::Contains("orders are positive"));
    CHECK_THROWS_WITH(linear::campbell(sys, modes, {1}, "inertia", {0, 100}), Catch::Contains("above 0"));
}

TEST_CASE("Steady state, a torque through a spring-damper into a damper to the ground turns the line at T/d")
{
    const double torque = 5, damping = 0.5, c = 1e3;
    const auto model = modelOf(diagramJson(
        {component("level", "Blocks.Sources.Constant", R"({"k": 5})"), component("torque", "Rotational.Sources.Torque"),
         component("inertia1", "Rotational.Components.Inertia", R"({"J": 1})"),
         component("sd", "Rotational.Components.SpringDamper", R"({"c": 1e3, "d": 2})"),
         component("inertia2", "Rotational.Components.Inertia", R"({"J": 2})"),
         component("damper", "Rotational.Components.Damper", R"({"d": 0.5})"), component("fixed", "Rotational.Components.Fixed")},
        {{"level.y", "torque.tau"}, {"torque.flange", "inertia1.flange_a"}, {"inertia1.flange_b", "sd.flange_a"},
         {"sd.flange_b", "inertia2.flange_a"}, {"inertia2.flange_b", "damper.flange_a"}, {"damper.flange_b", "fixed.flange"}}));
    linear::LinearizeOptions o;
    o.steady = true;
    o.measure = {"inertia1.w", "inertia2.w", "inertia1.a", "sd.tau", "sd.phi_rel", "damper.tau"};
    const linear::LinearSystem sys = linear::linearize(model, o);
    CHECK(sys.steady);
    REQUIRE(sys.outputValues.size() == 6);
    CHECK(sys.outputValues[0] == Approx(torque / damping).epsilon(kRel));
    CHECK(sys.outputValues[1] == Approx(torque / damping).epsilon(kRel));
    CHECK(sys.outputValues[2] == Approx(0).margin(1e-9));
    // The spring-damper passes the whole torque, on its relative angle alone.
    CHECK(sys.outputValues[3] == Approx(-torque).epsilon(kRel));
    CHECK(sys.outputValues[4] == Approx(-torque / c).epsilon(kRel));
    CHECK(sys.outputValues[5] == Approx(-torque).epsilon(kRel));
    // Linearized there: the absolute angle turns freely (one rigid zero); speeds and the
    // relative angle follow J1 w1' = tau, J2 w2' = -tau - d w2, phi_rel' = w2 - w1, with
    // tau = c phi_rel + d_sd (w2 - w1): the modes have that 3 x 3 system's eigenvalues.
    const double j1 = 1, j2 = 2, dsd = 2;
    Eigen::Matrix3d reduced;
    reduced << -dsd / j1, dsd / j1, c / j1, //
        dsd / j2, -(dsd + damping) / j2, -c / j2, //
        -1, 1, 0;
    const Eigen::Vector3cd expected = reduced.eigenvalues();
    const auto modes = linear::modes(sys);
    REQUIRE(modes.size() == 3);
    CHECK(modes[0].rigid);
    for (size_t i = 1; i < modes.size(); ++i) {
        INFO(modes[i].label << " " << modes[i].eigenvalue);
        bool found = false;
        for (Eigen::Index k = 0; k < 3; ++k)
            found = found || std::abs(expected(k) - modes[i].eigenvalue) < 1e-9 * std::abs(expected(k));
        CHECK(found);
    }
}

TEST_CASE("Steady state, none for a torque accelerating a free inertia, said so")
{
    const auto model = modelOf(diagramJson({component("level", "Blocks.Sources.Constant", R"({"k": 5})"),
                                            component("torque", "Rotational.Sources.Torque"),
                                            component("inertia", "Rotational.Components.Inertia", R"({"J": 1})")},
                                           {{"level.y", "torque.tau"}, {"torque.flange", "inertia.flange_a"}}));
    linear::LinearizeOptions o;
    o.steady = true;
    CHECK_THROWS_WITH(linear::linearize(model, o), Catch::Contains("no steady state") && Catch::Contains("inertia"));
}
