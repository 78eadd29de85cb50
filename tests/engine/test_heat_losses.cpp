// MSL's Rotational HeatLosses has no reference result: its check is the energy balance.
// The bundled model runs with its fixed ambient replaced by a heat capacitor, which then
// holds exactly the heat all lossy elements gave off. The work of the torque source must
// equal that heat plus the kinetic and elastic energy left in the drive train. The run
// also exercises friction elements locked in series (clutch, one-way clutch and brake
// stuck behind a stuck lossy gear), whose Jacobian is singular but consistent.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>


using namespace flange;
using namespace flange::test;

namespace {

constexpr double kCapacity = 1.0;    // J/K
constexpr double kStartT = 298.15;   // K, the ambient of the MSL model

std::string withHeatCapacitor()
{
    nlohmann::json d = nlohmann::json::parse(bundledModel("Rotational/HeatLosses.json"));
    for (auto& c : d["components"])
        if (c["name"] == "TAmbient") {
            c["type"] = "Thermal.HeatTransfer.Components.HeatCapacitor";
            c["parameters"] = {{"C", kCapacity}};
            c["variables"] = {{"T", {{"start", kStartT}, {"fixed", true}}}};
        }
    return d.dump();
}

// Trapezoidal integral of a*b over the rows (b = "one": of a alone). Event rows hold the
// left and right limits at one time, so a jump adds nothing.
double integral(const MemorySink& s, const std::string& a, const std::string& b)
{
    const auto ia = static_cast<size_t>(s.column(a));
    auto product = [&](size_t i) {
        return s.rows[i][ia] * (b == "one" ? 1.0 : s.rows[i][static_cast<size_t>(s.column(b))]);
    };
    double sum = 0;
    for (size_t i = 1; i < s.rows.size(); ++i)
        sum += 0.5 * (s.times[i] - s.times[i - 1]) * (product(i) + product(i - 1));
    return sum;
}

} // namespace

TEST_CASE("Rotational HeatLosses: the source's work ends up as heat, motion and spring energy")
{
    auto s = simulateJson(withHeatCapacitor());
    REQUIRE(s.sink.times.back() == Approx(1.0));
    // All four kinds of friction element lock and slip during the run.
    CHECK(s.stats.stateEvents > 50);

    const double work = integral(s.sink, "torque.tau", "inertia1.w");
    const double heat = kCapacity * (s.sink.last("TAmbient.T") - kStartT);
    double kinetic = 0;
    for (const char* inertia : {"inertia1", "inertia2", "inertia3", "inertia4", "inertia5", "inertia6"}) {
        const double w = s.sink.last(std::string(inertia) + ".w");
        kinetic += 0.5 * 2.0 * w * w; // every J = 2 kg.m2
    }
    const double phiSd = s.sink.last("springDamper.phi_rel"), phiS3 = s.sink.last("spring3.phi_rel");
    const double springs = 0.5 * 1e4 * phiSd * phiSd + 0.5 * 1e4 * phiS3 * phiS3;
    // ElastoBacklash releases its spring with zero torque when the damper would pull (MSL's
    // model): that energy is neither heat nor stored. Count what entered the element less its
    // heat as its share.
    const double backlash = integral(s.sink, "elastoBacklash.tau", "elastoBacklash.w_rel") -
                            integral(s.sink, "elastoBacklash.lossPower", "one");
    INFO("work " << work << " heat " << heat << " kinetic " << kinetic << " springs " << springs
                 << " backlash " << backlash);
    CHECK(heat > 0.1 * work); // the losses are a real part of the balance
    CHECK(heat + kinetic + springs + backlash == Approx(work).epsilon(2e-3));
}
