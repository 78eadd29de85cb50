// The Experiment dialog reads times as the parameter fields read values (issue 34, defect 9):
// "3 s" and "100 ms" were refused there while "100 ms" was taken for a parameter.
#include "ui/parameters/experiment_dialog.hpp"
#include "ui/parameters/value_parsing.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

TEST_CASE("the Experiment dialog takes times with units, converted to seconds", "[parameters]")
{
    ExperimentDialog dialog(diagram::Experiment{});
    dialog.startField()->setText("0");
    dialog.stopField()->setText("3 s");
    dialog.intervalField()->setText("100 ms");
    dialog.toleranceField()->setText("1e-6");
    CHECK(dialog.problem().isEmpty());
    CHECK(dialog.okButton()->isEnabled());
    diagram::Experiment e = dialog.experiment();
    CHECK(e.stopTime == 3);
    REQUIRE(e.interval);
    CHECK(*e.interval == Approx(0.1));

    dialog.stopField()->setText("2 min");
    CHECK(dialog.experiment().stopTime == 120);
    dialog.stopField()->setText("20"); // a plain number is in seconds, as before
    CHECK(dialog.experiment().stopTime == 20);
}

TEST_CASE("the Experiment dialog refuses a time in a unit that is no time, saying why", "[parameters]")
{
    ExperimentDialog dialog(diagram::Experiment{});
    dialog.stopField()->setText("3 m");
    CHECK_FALSE(dialog.okButton()->isEnabled());
    CHECK(dialog.problem().contains("stop time"));
    CHECK(dialog.problem().contains("length"));
    dialog.stopField()->setText("three");
    CHECK_FALSE(dialog.okButton()->isEnabled());
    CHECK(dialog.problem().contains("'three' is not a number"));
}

TEST_CASE("one reading of number and unit for parameters and the experiment", "[parameters]")
{
    QString why;
    CHECK(parseNumberIn("t", "100 ms", "s", &why) == Approx(0.1));
    CHECK(parseNumberIn("t", "2.5", "s", &why) == 2.5);
    CHECK(parseNumberIn("w", "60 rpm", "rad/s", &why) == Approx(2 * 3.141592653589793));
    CHECK_FALSE(parseNumberIn("t", "5 kg", "s", &why));
    CHECK(why.contains("kg"));
}

TEST_CASE("the Experiment dialog shows and sets the solver, stored in the experiment", "[parameters]")
{
    using Integrator = diagram::Experiment::Integrator;
    diagram::Experiment bdf;
    bdf.integrator = Integrator::Bdf;
    bdf.exactOutputs = true;
    ExperimentDialog dialog(bdf);
    CHECK(dialog.integratorField()->currentData().toInt() == static_cast<int>(Integrator::Bdf));
    CHECK(dialog.exactOutputsField()->isChecked());
    CHECK(dialog.experiment().integrator == Integrator::Bdf);
    CHECK(dialog.experiment().exactOutputs);
    dialog.integratorField()->setCurrentIndex(dialog.integratorField()->findData(static_cast<int>(Integrator::Auto)));
    dialog.exactOutputsField()->setChecked(false);
    CHECK(dialog.experiment().integrator == Integrator::Auto);
    CHECK_FALSE(dialog.experiment().exactOutputs);
    // the default experiment shows the automatic choice
    ExperimentDialog plain(diagram::Experiment{});
    CHECK(plain.integratorField()->currentData().toInt() == static_cast<int>(Integrator::Auto));
    CHECK_FALSE(plain.exactOutputsField()->isChecked());
}
