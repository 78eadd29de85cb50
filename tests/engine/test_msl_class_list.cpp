// Issue 16: every class of MSL v4.0.0's Mechanics.Rotational and Mechanics.Translational
// packages Components, Sources and Sensors has a definition in the bundled library.
// The lists are the package.order files at tag v4.0.0 of modelica/ModelicaStandardLibrary,
// written here as data (not read from anywhere), so a class dropped from the library or a
// list edited by mistake shows up as a failure naming the class.
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

using namespace flange;

namespace {

struct Package {
    std::string name;                  // MSL name without "Modelica.Mechanics."
    std::vector<std::string> classes;  // package.order at v4.0.0, in its order
};

const std::vector<Package> kMslV400Packages = {
    {"Rotational.Components",
     {"Fixed", "Inertia", "Disc", "Spring", "Damper", "SpringDamper", "ElastoBacklash", "ElastoBacklash2",
      "BearingFriction", "Brake", "Clutch", "OneWayClutch", "IdealGear", "LossyGear", "IdealPlanetary", "Gearbox",
      "IdealGearR2T", "IdealRollingWheel", "InitializeFlange", "RelativeStates", "AngleToTorqueAdaptor",
      "TorqueToAngleAdaptor", "GeneralAngleToTorqueAdaptor", "GeneralTorqueToAngleAdaptor"}},
    {"Rotational.Sources",
     {"Position", "Speed", "Accelerate", "Move", "Torque", "Torque2", "LinearSpeedDependentTorque",
      "QuadraticSpeedDependentTorque", "ConstantTorque", "SignTorque", "ConstantSpeed", "TorqueStep",
      "EddyCurrentTorque"}},
    {"Rotational.Sensors",
     {"AngleSensor", "SpeedSensor", "AccSensor", "RelAngleSensor", "RelSpeedSensor", "RelAccSensor", "TorqueSensor",
      "PowerSensor", "MultiSensor"}},
    {"Translational.Components",
     {"Fixed", "Mass", "Rod", "Spring", "Damper", "SpringDamper", "ElastoGap", "SupportFriction", "Brake",
      "IdealGearR2T", "IdealRollingWheel", "RollingResistance", "Vehicle", "InitializeFlange",
      "MassWithStopAndFriction", "RelativeStates", "GeneralForceToPositionAdaptor",
      "GeneralPositionToForceAdaptor"}},
    {"Translational.Sources",
     {"Position", "Speed", "Accelerate", "Move", "Force", "Force2", "LinearSpeedDependentForce",
      "QuadraticSpeedDependentForce", "ConstantForce", "SignForce", "ConstantSpeed", "ForceStep",
      "EddyCurrentForce"}},
    {"Translational.Sensors",
     {"PositionSensor", "SpeedSensor", "AccSensor", "RelPositionSensor", "RelSpeedSensor", "RelAccSensor",
      "ForceSensor", "PowerSensor", "MultiSensor"}},
};

} // namespace

TEST_CASE("every class of MSL v4.0.0 Mechanics Rotational/Translational Components, Sources, Sensors is defined")
{
    const library::Library& lib = test::bundledLibrary();
    size_t checked = 0;
    for (const Package& p : kMslV400Packages)
        for (const std::string& c : p.classes) {
            const std::string name = p.name + "." + c;
            INFO("MSL class " << name);
            const library::ComponentDefinition* d = lib.find(name);
            REQUIRE(d != nullptr);
            CHECK_FALSE(d->partial);
            CHECK_FALSE(d->description.empty());
            ++checked;
        }
    CHECK(checked == 24 + 13 + 9 + 18 + 13 + 9);
}

namespace {

// Interfaces at v4.0.0. Connectors are connector types in Flange, partial models are
// partial definitions; the rest has no counterpart, for the reason given.
const std::vector<std::string> kConnectors = {"Flange_a", "Flange_b", "Support"};
const std::vector<std::string> kNotApplicable = {
    "Flange",                      // the base of Flange_a/Flange_b, never used on its own
    "InternalSupport",             // the protected support of the graphical partials below
    "PartialOneFlangeAndSupport",  // graphical: wires an internal Fixed; a Flange subsystem uses a
    "PartialTwoFlangesAndSupport", // conditional support connector instead (see Gearbox)
};
const std::vector<Package> kMslV400Interfaces = {
    {"Rotational.Interfaces",
     {"PartialTwoFlanges", "PartialCompliant", "PartialCompliantWithRelativeStates",
      "PartialElementaryOneFlangeAndSupport2", "PartialElementaryTwoFlangesAndSupport2",
      "PartialElementaryRotationalToTranslational", "PartialTorque", "PartialAbsoluteSensor", "PartialRelativeSensor",
      "PartialFriction"}},
    {"Translational.Interfaces",
     {"PartialTwoFlanges", "PartialRigid", "PartialCompliant", "PartialCompliantWithRelativeStates",
      "PartialElementaryOneFlangeAndSupport2", "PartialElementaryTwoFlangesAndSupport2",
      "PartialElementaryRotationalToTranslational", "PartialForce", "PartialAbsoluteSensor", "PartialRelativeSensor",
      "PartialFriction"}},
};

} // namespace

TEST_CASE("the Interfaces of MSL v4.0.0 Rotational/Translational are connector types or partial definitions")
{
    const library::Library& lib = test::bundledLibrary();
    for (const Package& p : kMslV400Interfaces) {
        const std::string domain = p.name.substr(0, p.name.find('.'));
        for (const std::string& c : kConnectors) {
            INFO("MSL connector " << p.name << "." << c);
            CHECK(library::connectorTypeFromString(domain + "." + c).has_value());
        }
        for (const std::string& c : p.classes) {
            const std::string name = p.name + "." + c;
            INFO("MSL partial model " << name);
            const library::ComponentDefinition* d = lib.find(name);
            REQUIRE(d != nullptr);
            CHECK(d->partial);
        }
        // 17 (Rotational) and 18 (Translational, with PartialRigid) classes in package.order.
        CHECK(kConnectors.size() + kNotApplicable.size() + p.classes.size() == (domain == "Rotational" ? 17u : 18u));
    }
}
