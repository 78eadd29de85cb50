#include "engine/modelica/msl_builtins.hpp"

#include <cmath>
#include <map>
#include <numbers>
#include <set>

namespace flange::modelica {

bool isMslPackage(const std::string& n)
{
    static const std::set<std::string> packages = [] {
        std::set<std::string> s = {"Modelica", "Modelica.Mechanics", "Modelica.Blocks", "Modelica.Thermal",
                                   "Modelica.Thermal.HeatTransfer", "Modelica.Units", "Modelica.Units.SI",
                                   "Modelica.Constants", "Modelica.Icons", "Modelica.Math", "Modelica.Electrical",
                                   "Modelica.Electrical.Machines", "Modelica.Electrical.Machines.Thermal",
                                   "Modelica.Electrical.Machines.Thermal.Constants", "Modelica.Blocks.Icons",
                                   "Modelica.Mechanics.Rotational.Icons", "Modelica.Mechanics.Translational.Icons",
                                   "Modelica.SIunits"};
        for (const char* p : {"Rotational", "Translational"})
            for (const char* sub : {"", ".Components", ".Sources", ".Sensors", ".Interfaces", ".Examples",
                                    ".Examples.Utilities", ".Types"})
                s.insert(std::string("Modelica.Mechanics.") + p + sub);
        for (const char* sub : {"Sources", "Math", "Continuous", "Interfaces", "Logical", "Nonlinear", "Types",
                                "Tables", "Discrete", "Routing"})
            s.insert(std::string("Modelica.Blocks.") + sub);
        for (const char* sub : {"Components", "Sources", "Sensors", "Interfaces", "Celsius"})
            s.insert(std::string("Modelica.Thermal.HeatTransfer.") + sub);
        return s;
    }();
    return packages.count(n) > 0;
}

std::optional<double> mslConstant(const std::string& n)
{
    static const std::map<std::string, double> constants = {
        {"Modelica.Constants.pi", std::numbers::pi},
        {"Modelica.Constants.e", std::numbers::e},
        {"Modelica.Constants.D2R", std::numbers::pi / 180},
        {"Modelica.Constants.R2D", 180 / std::numbers::pi},
        {"Modelica.Constants.g_n", 9.80665},
        {"Modelica.Constants.eps", 1e-15},
        {"Modelica.Constants.small", 1e-60},
        {"Modelica.Constants.inf", 1e60},
        {"Modelica.Constants.c", 299792458},
        {"Modelica.Constants.G", 6.67430e-11},
        {"Modelica.Constants.T_zero", -273.15},
        // Linear temperature coefficients of conductors at 20 degC, 1/K.
        {"Modelica.Electrical.Machines.Thermal.Constants.alpha20Zero", 0},
        {"Modelica.Electrical.Machines.Thermal.Constants.alpha20Copper", 3.92e-3},
        {"Modelica.Electrical.Machines.Thermal.Constants.alpha20Aluminium", 4e-3},
        {"Modelica.Electrical.Machines.Thermal.Constants.alpha20Brass", 1.1e-3},
        {"Modelica.Electrical.Machines.Thermal.Constants.alpha20Bronze", 0.8e-3},
    };
    auto it = constants.find(n);
    return it == constants.end() ? std::nullopt : std::optional<double>(it->second);
}

std::string engineConstantName(const std::string& n)
{
    // As engine/flatten/lower.cpp's built-in names.
    for (const char* c : {"pi", "eps", "small", "inf", "g_n"})
        if (n == std::string("Modelica.Constants.") + c)
            return c;
    return std::string();
}

std::optional<std::string> mslTypeUnit(const std::string& n)
{
    static const std::map<std::string, std::string> units = {
        {"Time", "s"}, {"Frequency", "Hz"}, {"AngularFrequency", "rad/s"}, {"Period", "s"},
        {"Angle", "rad"}, {"AngularVelocity", "rad/s"}, {"AngularAcceleration", "rad/s2"},
        {"Inertia", "kg.m2"}, {"MomentOfInertia", "kg.m2"}, {"Torque", "N.m"},
        {"RotationalSpringConstant", "N.m/rad"}, {"RotationalDampingConstant", "N.m.s/rad"},
        {"Mass", "kg"}, {"Length", "m"}, {"Position", "m"}, {"Distance", "m"}, {"Radius", "m"},
        {"Diameter", "m"}, {"Velocity", "m/s"}, {"Acceleration", "m/s2"}, {"Force", "N"},
        {"TranslationalSpringConstant", "N/m"}, {"TranslationalDampingConstant", "N.s/m"},
        {"Area", "m2"}, {"Volume", "m3"}, {"Density", "kg/m3"}, {"Power", "W"}, {"Energy", "J"},
        {"Work", "J"}, {"Temperature", "K"}, {"ThermodynamicTemperature", "K"},
        {"HeatCapacity", "J/K"}, {"ThermalConductance", "W/K"}, {"HeatFlowRate", "W"},
        {"LinearTemperatureCoefficient", "1/K"}, {"Voltage", "V"}, {"Current", "A"},
        {"Resistance", "Ohm"}, {"Pressure", "Pa"}, {"Efficiency", "1"},
    };
    if (n == "Real" || n == "Integer" || n == "Boolean" || n == "String")
        return std::string();
    for (const char* prefix : {"Modelica.Units.SI.", "Modelica.SIunits."})
        if (n.starts_with(prefix)) {
            auto it = units.find(n.substr(std::string(prefix).size()));
            if (it != units.end())
                return it->second;
        }
    return std::nullopt;
}

std::string mathFunction(const std::string& n)
{
    static const std::set<std::string> functions = {"sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh",
                                                    "cosh", "tanh", "exp", "log", "log10", "sqrt", "abs", "sign",
                                                    "min", "max", "floor", "ceil", "integer", "mod", "rem", "div"};
    const std::string shortName = n.starts_with("Modelica.Math.") ? n.substr(14) : n;
    return functions.count(shortName) ? shortName : std::string();
}

std::string mslPackageImport(const std::string& identifier)
{
    return identifier == "SI" ? "Modelica.Units.SI" : std::string();
}

std::string libraryName(const std::string& n)
{
    if (n.starts_with("Modelica.Mechanics.Rotational.") || n.starts_with("Modelica.Mechanics.Translational."))
        return n.substr(19);
    if (n.starts_with("Modelica.Blocks.") || n.starts_with("Modelica.Thermal."))
        return n.substr(9);
    return std::string();
}

std::string connectorTypeName(const std::string& n)
{
    for (const char* domain : {"Rotational", "Translational"})
        for (const char* c : {"Flange_a", "Flange_b", "Support"})
            if (n == std::string("Modelica.Mechanics.") + domain + ".Interfaces." + c)
                return std::string(domain) + "." + c;
    for (const char* c : {"HeatPort_a", "HeatPort_b"})
        if (n == std::string("Modelica.Thermal.HeatTransfer.Interfaces.") + c)
            return std::string("Thermal.") + c;
    for (const char* c : {"RealInput", "RealOutput", "BooleanInput", "BooleanOutput"})
        if (n == std::string("Modelica.Blocks.Interfaces.") + c)
            return c;
    return std::string();
}

} // namespace flange::modelica
