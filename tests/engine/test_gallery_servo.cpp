// The gallery's servo (models/gallery/ServoWithLoadProfile.json) brings issue 16's classes
// together: a KinematicPTP2 speed reference, a LimPID speed controller, a Gearbox and a
// CombiTimeTable reading its load torque from a CSV file beside the model.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include "engine/diagram/diagram_json.hpp"

using namespace flange;
using namespace flange::test;

TEST_CASE("gallery servo: the PI loop holds the PTP speed through the gearbox against the CSV load")
{
    Simulated s;
    s.model = compileModel(diagram::loadDiagram(std::string(FLANGE_SOURCE_DIR) + "/models/gallery/ServoWithLoadProfile.json"),
                           bundledLibrary());
    s.stats = simulate(*s.model, {}, s.sink);
    // The load torque is the CSV's: 0 before 1 s, -20 N.m from 1 s to 2 s, then a ramp
    // from -40 at 2 s to -10 at 3 s.
    CHECK(s.sink.at("loadTorque.tau", 0.5) == Approx(0.0).margin(1e-12));
    CHECK(s.sink.at("loadTorque.tau", 1.5) == Approx(-20.0));
    CHECK(s.sink.at("loadTorque.tau", 2.5) == Approx(-25.0));
    // PTP: 100 rad at 50 rad/s and 100 rad/s2 from 0.2 s: cruise from 0.7 s to 2.2 s.
    CHECK(s.sink.at("ptp.qd[1]", 1.5) == Approx(50.0));
    // The integral action removes the error the load step caused: back to 50 rad/s.
    CHECK(s.sink.at("speedSensor.w", 1.9) == Approx(50.0).epsilon(1e-4));
    // Steady state at 1.9 s: the motor drives the 20 N.m load through ratio 5 with mesh
    // efficiency 0.95, so it gives 20/5/0.95 = 4.2105 N.m.
    CHECK(s.sink.at("pid.y", 1.9) == Approx(20.0 / 5.0 / 0.95).epsilon(1e-4));
    // After the move the motor comes to rest.
    CHECK(s.sink.last("speedSensor.w") == Approx(0.0).margin(1e-2));
}
