// The seeds' figures compare three contact laws (models/gallery): the unmodified linear
// spring/damper law pulls at the end of contact; setting the pulling force to zero makes
// the force jump when contact starts; ElastoGap / ElastoBacklash do neither.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace flange;
using namespace flange::test;

namespace {

Simulated simulateFile(const std::string& relative)
{
    std::ifstream in(std::string(FLANGE_SOURCE_DIR) + "/" + relative);
    std::stringstream ss;
    ss << in.rdbuf();
    // The properties are exact for the model; outputs are solved exactly so that IDA's
    // interpolation across ElastoGap's event-less kink does not blur them.
    SimulationOptions exact;
    exact.exactAlgebraicOutputs = true;
    return simulateJson(ss.str(), exact);
}

// Values just after each instant where `signal` leaves zero at an event (left limit 0,
// right limit not), i.e. at contact start when the contact force jumps.
struct ContactStarts {
    int count = 0;        // event instants where the left limit is zero and contact begins
    double maxJump = 0;   // largest |right limit| among them
};

ContactStarts contactStarts(const MemorySink& s, const std::string& force, const std::string& contact)
{
    ContactStarts out;
    size_t f = static_cast<size_t>(s.column(force)), c = static_cast<size_t>(s.column(contact));
    for (size_t i = 1; i < s.times.size(); ++i)
        if (s.times[i] == s.times[i - 1] && s.rows[i - 1][c] == 0 && s.rows[i][c] == 1) {
            ++out.count;
            out.maxJump = std::max(out.maxJump, std::fabs(s.rows[i][f]));
        }
    return out;
}

} // namespace

TEST_CASE("elastoGap contact laws: pulling, jump at contact start, and neither for ElastoGap")
{
    auto s = simulateFile("models/gallery/ElastoGapContactLaws.json");
    const auto& sink = s.sink;
    double peak = 0;
    for (const auto& r : sink.rows)
        peak = std::max(peak, std::fabs(r[static_cast<size_t>(sink.column("elastoGap3.f"))]));
    REQUIRE(peak > 10); // the contact really happens (force of the order of d*v = 40 N)
    auto maxOf = [&](const std::string& name) {
        double m = -1e300;
        for (const auto& r : sink.rows)
            m = std::max(m, r[static_cast<size_t>(sink.column(name))]);
        return m;
    };
    // A positive force on flange_b pulls the mass back towards the wall.
    CHECK(maxOf("elastoGap1.f") > 0.01 * peak);
    CHECK(maxOf("elastoGap2.f") <= 1e-9 * peak);
    CHECK(maxOf("elastoGap3.f") <= 1e-9 * peak);
    auto jump2 = contactStarts(sink, "elastoGap2.f", "elastoGap2.contact");
    auto jump3 = contactStarts(sink, "elastoGap3.f", "elastoGap3.contact");
    REQUIRE(jump2.count > 0);
    REQUIRE(jump3.count > 0);
    CHECK(jump2.maxJump > 0.5 * 40);         // d * |v| at the first impact: 40 N * 1 m/s
    CHECK(jump3.maxJump < 1e-6 * peak);      // continuous at contact start
}

TEST_CASE("backlash contact laws: only the unmodified law pulls, and ElastoBacklash2 jumps at contact")
{
    auto s = simulateFile("models/gallery/BacklashContactLaws.json");
    const auto& sink = s.sink;
    const double bMax = M_PI / 8; // half of the 45 degree backlash
    for (int k = 1; k <= 3; ++k) {
        std::string name = "elastoBacklash" + std::to_string(k);
        size_t phi = static_cast<size_t>(sink.column(name + ".phi_rel"));
        size_t tau = static_cast<size_t>(sink.column(name + ".tau"));
        double pulling = 0, peak = 0;
        double largestJump = 0;
        for (size_t i = 0; i < sink.rows.size(); ++i) {
            double p = sink.rows[i][phi], t = sink.rows[i][tau];
            peak = std::max(peak, std::fabs(t));
            // In contact on the positive side a pushing torque is positive, on the negative side negative.
            if (p > bMax)
                pulling = std::max(pulling, -t);
            else if (p < -bMax)
                pulling = std::max(pulling, t);
            if (i > 0 && sink.times[i] == sink.times[i - 1] && sink.rows[i - 1][tau] == 0)
                largestJump = std::max(largestJump, std::fabs(t));
        }
        INFO(name << ": peak " << peak << ", pulling " << pulling << ", jump " << largestJump);
        REQUIRE(peak > 1000);
        if (k == 1)
            CHECK(pulling > 1e-3 * peak);
        else
            CHECK(pulling <= 1e-9 * peak);
        if (k == 2)
            CHECK(largestJump > 1e-3 * peak);
        if (k == 3)
            CHECK(largestJump < 1e-6 * peak);
    }
}
