// The parameter dialog built from a definition: tabs, placeholders, validation, write-back.
#include "ui/canvas/component_item.hpp"
#include "ui/parameters/parameter_dialog.hpp"
#include "ui/parameters/parameter_field.hpp"
#include "ui/parameters/start_value_field.hpp"
#include "ui_test_support.hpp"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

const library::ComponentDefinition& def(const char* type)
{
    const library::ComponentDefinition* d = test::fixtureLibrary()->find(type);
    REQUIRE(d);
    return *d;
}

diagram::Component instance(const char* name, const char* type)
{
    diagram::Component c;
    c.name = name;
    c.type = type;
    return c;
}

QStringList tabTitles(const ParameterDialog& dialog)
{
    QStringList titles;
    for (int i = 0; i < dialog.tabs()->count(); ++i)
        titles << dialog.tabs()->tabText(i);
    return titles;
}

} // namespace

TEST_CASE("the dialog has General, Advanced and Initialization tabs and hides final parameters")
{
    ParameterDialog dialog(def("Rotational.Components.SpringDamper"),
                           instance("springDamper1", "Rotational.Components.SpringDamper"));
    CHECK(tabTitles(dialog) == QStringList{"General", "Advanced", "Initialization"});
    CHECK(dialog.field("c"));
    CHECK(dialog.field("nSteps"));
    CHECK(dialog.field("bEps") == nullptr); // final
    CHECK(dialog.startField("phi_rel"));
}

TEST_CASE("defaults are shown as placeholder text, with units and descriptions beside")
{
    diagram::Component c = instance("inertia1", "Rotational.Components.Inertia");
    c.setParameter("J", 2);
    ParameterDialog dialog(def("Rotational.Components.Inertia"), c);
    const QList<QLineEdit*> edits = dialog.findChildren<QLineEdit*>();
    const auto withPlaceholder = [&](const QString& placeholder) {
        return std::count_if(edits.begin(), edits.end(), [&](QLineEdit* e) { return e->placeholderText() == placeholder; });
    };
    CHECK(dialog.field("J")->text() == "2");
    CHECK(withPlaceholder("1") >= 1);   // J's default
    CHECK(dialog.startField("w")->startText().isEmpty());
    CHECK(withPlaceholder("0") >= 2);   // phi and w start values
    const auto labels = dialog.findChildren<QLabel*>();
    CHECK(std::any_of(labels.begin(), labels.end(), [](QLabel* l) { return l->text() == "kg.m2"; }));
    CHECK(std::any_of(labels.begin(), labels.end(), [](QLabel* l) { return l->text() == "Moment of inertia"; }));
}

TEST_CASE("invalid values keep OK disabled and say why")
{
    diagram::Component c = instance("springDamper1", "Rotational.Components.SpringDamper");
    c.setParameter("c", 100);
    ParameterDialog dialog(def("Rotational.Components.SpringDamper"), c);
    CHECK(dialog.okButton()->isEnabled());
    CHECK(dialog.problem().isEmpty());

    struct Case {
        const char* field;
        const char* text;
        const char* reason;
    };
    const Case cases[] = {
        {"c", "0", "c must be greater than 0 N.m/rad"},   // minExclusive
        {"c", "", "c needs a value"},                     // required
        {"c", "2 *", "is not a number or an expression"}, // neither
        {"d", "-1", "d must be at least 0"},
        {"nSteps", "2.5", "nSteps must be a whole number"},
        {"nSteps", "11", "nSteps must be at most 10"},
    };
    for (const Case& k : cases) {
        INFO(k.field << " = '" << k.text << "'");
        dialog.field(k.field)->setText(k.text);
        CHECK_FALSE(dialog.okButton()->isEnabled());
        CHECK_THAT(dialog.problem().toStdString(), Catch::Contains(k.reason));
        dialog.field(k.field)->setText(k.field == std::string("c") ? "100" : "");
        CHECK(dialog.okButton()->isEnabled());
    }
    dialog.startField("phi_rel")->setStartText("1 +");
    CHECK_FALSE(dialog.okButton()->isEnabled());
    dialog.startField("phi_rel")->setStartText("0.5");
    CHECK(dialog.okButton()->isEnabled());
}

TEST_CASE("accepted values are written back as numbers or expressions, in one undo step, and shown")
{
    test::Canvas canvas;
    canvas.editor.addComponent("Rotational.Components.SpringDamper", {0, 0});
    const diagram::Component* c = canvas.document.component("springDamper1");
    ParameterDialog dialog(def("Rotational.Components.SpringDamper"), *c);
    dialog.field("c")->setText("5e3");
    dialog.field("d")->setText("pi/2");
    dialog.field("nSteps")->setText("3");
    dialog.startField("phi_rel")->setStartText("0.1");
    dialog.startField("phi_rel")->setFixed(true);
    REQUIRE(dialog.okButton()->isEnabled());
    const int steps = canvas.document.undoStack()->count();
    REQUIRE(canvas.editor.setSettings("springDamper1", dialog.parameters(), dialog.variables()));
    CHECK(canvas.document.undoStack()->count() == steps + 1);

    c = canvas.document.component("springDamper1");
    REQUIRE(c->parameter("c"));
    CHECK(c->parameter("c")->is_number_float());
    CHECK(*c->parameter("c") == 5000.0);
    CHECK(*c->parameter("d") == "pi/2");
    CHECK(c->parameter("nSteps")->is_number_integer());
    const diagram::VariableSettings* v = c->variable("phi_rel");
    REQUIRE(v);
    CHECK(*v->start == 0.1);
    CHECK(*v->fixed == true);
    CHECK(canvas.scene.componentItem("springDamper1")->shownLabel() == "c=5000");

    canvas.document.undoStack()->undo();
    // Back to the value a new spring-damper gets: its required c, the definition's 1e5.
    CHECK(*canvas.document.component("springDamper1")->parameter("c") == 100000);
    CHECK(canvas.scene.componentItem("springDamper1")->shownLabel() == "c=1e5");
}

TEST_CASE("untouched fields keep their values exactly, a cleared field returns to the default")
{
    diagram::Component c = instance("springDamper1", "Rotational.Components.SpringDamper");
    c.setParameter("d", 1.5);
    c.setParameter("c", 10);
    diagram::VariableSettings s;
    s.start = 1;
    s.fixed = false;
    c.variables.emplace_back("phi_rel", s);
    ParameterDialog dialog(def("Rotational.Components.SpringDamper"), c);
    CHECK(dialog.parameters() == c.parameters);
    REQUIRE(dialog.variables().size() == 1);
    CHECK(dialog.variables()[0].second.start == s.start);
    CHECK(dialog.variables()[0].second.fixed == s.fixed);

    dialog.field("d")->setText("");
    const auto params = dialog.parameters();
    REQUIRE(params.size() == 1);
    CHECK(params[0].first == "c");
}

TEST_CASE("Boolean parameters offer the default, true and false")
{
    ParameterDialog dialog(def("Rotational.Sources.Torque"), instance("torque1", "Rotational.Sources.Torque"));
    ParameterField* f = dialog.field("useSupport");
    REQUIRE(f);
    CHECK(f->text().isEmpty());
    f->setText("true");
    const auto params = dialog.parameters();
    REQUIRE(params.size() == 1);
    CHECK(params[0].second == true);
}

TEST_CASE("a table parameter must be rows of numbers of equal length")
{
    ParameterDialog dialog(def("Blocks.Math.Gain"), instance("gain1", "Blocks.Math.Gain"));
    dialog.field("table")->setText("[[0, 1], [2]]");
    CHECK_THAT(dialog.problem().toStdString(), Catch::Contains("every row"));
    dialog.field("table")->setText("[[0, 1], [2, 3]]");
    CHECK(dialog.okButton()->isEnabled());
    CHECK(dialog.parameters()[0].second == diagram::Json::parse("[[0, 1], [2, 3]]"));
}
