#pragma once
// What a Modelica model made of MSL classes takes from MSL without Flange reading MSL's
// sources: the packages that hold the classes Flange's library has (so that names such
// as `Rotational.Components.Inertia` resolve by Modelica's lookup), the constants the
// examples use, the unit of each `SI.` type, the math functions, and the imports the
// enclosing MSL packages declare (`SI` for Modelica.Units.SI).
#include <optional>
#include <string>

namespace flange::modelica {

// A package of MSL 4.0.0 ("Modelica.Mechanics.Rotational.Components").
bool isMslPackage(const std::string& fullName);

// The value of an MSL constant by its full name ("Modelica.Constants.pi").
std::optional<double> mslConstant(const std::string& fullName);

// The name Flange's expressions know a constant by ("pi" for Modelica.Constants.pi), or
// empty when they do not (its value is written instead).
std::string engineConstantName(const std::string& fullName);

// The unit of an MSL type alias by its full name ("Modelica.Units.SI.Time" -> "s"); empty
// for Real, Integer, Boolean and types without a unit; nullopt when it is no known type.
std::optional<std::string> mslTypeUnit(const std::string& fullName);

// Modelica.Math functions and the built-in ones Flange's expressions know, by full or
// short name ("Modelica.Math.exp" -> "exp"); empty when it is none of them.
std::string mathFunction(const std::string& name);

// The full name an identifier has in an enclosing MSL package by an import of that
// package ("SI" -> "Modelica.Units.SI"); empty otherwise.
std::string mslPackageImport(const std::string& identifier);

// Flange's library names MSL classes without "Modelica.Mechanics." (Rotational,
// Translational) or "Modelica." (Blocks, Thermal): the library name of a full MSL name,
// or empty when it names none of those packages.
std::string libraryName(const std::string& mslName);

// The connector type Flange's definitions name an MSL connector class by
// ("Modelica.Mechanics.Rotational.Interfaces.Flange_a" -> "Rotational.Flange_a",
// "Modelica.Blocks.Interfaces.RealInput" -> "RealInput"), or empty.
std::string connectorTypeName(const std::string& mslName);

} // namespace flange::modelica
