// The Modelica.Blocks classes in the palette: MSL's package structure, the MSL description
// as tooltip, an icon of their own; the enumeration types are not components and not listed.
#include "ui/palette/library_model.hpp"
#include "ui_test_support.hpp"

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

TEST_CASE("the new blocks appear under Blocks > package with their MSL descriptions")
{
    test::Canvas c;
    LibraryModel model(c.document.library(), c.icons);
    const std::pair<const char*, const char*> blocks[] = {
        {"Blocks.Sources.Exponentials", "Generate a rising and falling exponential signal"},
        {"Blocks.Sources.SawTooth", "Generate saw tooth signal"},
        {"Blocks.Sources.BooleanStep", "Generate step signal of type Boolean"},
        {"Blocks.Sources.BooleanPulse", "Generate pulse signal of type Boolean"},
        {"Blocks.Continuous.Integrator", "Output the integral of the input signal with optional reset"},
        {"Blocks.Continuous.Derivative", "Approximated derivative block"},
        {"Blocks.Continuous.FirstOrder", "First order transfer function block (= 1 pole)"},
        {"Blocks.Continuous.SecondOrder", "Second order transfer function block (= 2 poles)"},
        {"Blocks.Continuous.PI", "Proportional-Integral controller"},
        {"Blocks.Continuous.PID", "PID-controller in additive description form"},
        {"Blocks.Continuous.LimPID", "P, PI, PD, and PID controller with limited output, anti-windup compensation, "
                                     "setpoint weighting and optional feed-forward"},
        {"Blocks.Nonlinear.Limiter", "Limit the range of a signal"},
        {"Blocks.Nonlinear.DeadZone", "Provide a region of zero output"},
        {"Blocks.Nonlinear.VariableLimiter", "Limit the range of a signal with variable limits"},
        {"Blocks.Math.Abs", "Output the absolute value of the input"},
        {"Blocks.Math.Sign", "Output the sign of the input"},
        {"Blocks.Math.Min", "Pass through the smallest signal"},
        {"Blocks.Math.Max", "Pass through the largest signal"},
        {"Blocks.Math.Division", "Output first input divided by second input"},
        {"Blocks.Logical.Greater", "Output y is true, if input u1 is greater than input u2"},
        {"Blocks.Logical.LessThreshold", "Output y is true, if input u is less than threshold"},
        {"Blocks.Logical.Switch", "Switch between two Real signals"},
    };
    for (const auto& [type, description] : blocks) {
        INFO(type);
        const QModelIndex leaf = model.indexOfType(type);
        REQUIRE(leaf.isValid());
        const QStringList parts = QString(type).split('.');
        // Blocks > Package > Name
        CHECK(leaf.data().toString() == parts[2]);
        CHECK(leaf.parent().data().toString() == parts[1]);
        CHECK(leaf.parent().parent().data().toString() == "Blocks");
        CHECK(leaf.data(Qt::ToolTipRole).toString().contains(QString(description).toHtmlEscaped()));
        CHECK_FALSE(leaf.data(Qt::DecorationRole).isNull());
    }
    CHECK_FALSE(model.indexOfType("Blocks.Types.Init").isValid());
}
