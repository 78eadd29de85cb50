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
    const library::ComponentDefinition* d = test::bundledLibrary()->find(type);
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

// The real SpringDamper with a strict lower bound on c: the bundled library has no
// exclusive minimum, but definitions in a user's folder may.
library::ComponentDefinition springDamperWithExclusiveMin()
{
    library::ComponentDefinition d = def("Rotational.Components.SpringDamper");
    for (auto& p : d.parameters)
        if (p.name == "c")
            p.minExclusive = true;
    return d;
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
    ParameterDialog dialog(def("Rotational.Components.ElastoBacklash"),
                           instance("elastoBacklash1", "Rotational.Components.ElastoBacklash"));
    CHECK(tabTitles(dialog) == QStringList{"General", "Advanced", "Initialization"});
    CHECK(dialog.field("c"));
    CHECK(dialog.field("phi_nominal")); // on the Advanced tab
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
    c.setParameter("d", 1);
    ParameterDialog dialog(springDamperWithExclusiveMin(), c);
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
        {"d", "", "d needs a value"},
    };
    for (const Case& k : cases) {
        INFO(k.field << " = '" << k.text << "'");
        REQUIRE(dialog.field(k.field));
        dialog.field(k.field)->setText(k.text);
        CHECK_FALSE(dialog.okButton()->isEnabled());
        CHECK_THAT(dialog.problem().toStdString(), Catch::Contains(k.reason));
        dialog.field(k.field)->setText(k.field == std::string("c") ? "100" : "1");
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
    diagram::Component c = instance("lossyGear1", "Rotational.Components.LossyGear");
    c.setParameter("ratio", 2); // required
    ParameterDialog dialog(def("Rotational.Components.LossyGear"), c);
    REQUIRE(dialog.field("lossTable"));
    dialog.field("lossTable")->setText("[[0, 1, 1, 0, 0], [1, 0.9]]");
    CHECK_THAT(dialog.problem().toStdString(), Catch::Contains("every row"));
    dialog.field("lossTable")->setText("[[0, 1, 1, 0, 0], [1, 0.9, 0.9, 0, 0]]");
    CHECK(dialog.okButton()->isEnabled());
    const auto params = dialog.parameters();
    const auto table = std::find_if(params.begin(), params.end(), [](const auto& p) { return p.first == "lossTable"; });
    REQUIRE(table != params.end());
    CHECK(table->second == diagram::Json::parse("[[0, 1, 1, 0, 0], [1, 0.9, 0.9, 0, 0]]"));
}

TEST_CASE("an Integer parameter must be a whole number within its bounds")
{
    diagram::Component c = instance("signTorque1", "Rotational.Sources.SignTorque");
    c.setParameter("tau_nominal", 10); // required, as is w0 (shown with its default)
    c.setParameter("w0", 0.1);
    ParameterDialog dialog(def("Rotational.Sources.SignTorque"), c);
    ParameterField* reg = dialog.field("reg"); // Integer, 1 to 4
    REQUIRE(reg);
    reg->setText("2.5");
    CHECK_FALSE(dialog.okButton()->isEnabled());
    CHECK_THAT(dialog.problem().toStdString(), Catch::Contains("reg must be a whole number"));
    reg->setText("5");
    CHECK_FALSE(dialog.okButton()->isEnabled());
    CHECK_THAT(dialog.problem().toStdString(), Catch::Contains("reg must be at most 4"));
    reg->setText("3");
    REQUIRE(dialog.okButton()->isEnabled());
    const auto params = dialog.parameters();
    const auto reg3 = std::find_if(params.begin(), params.end(), [](const auto& p) { return p.first == "reg"; });
    REQUIRE(reg3 != params.end());
    CHECK(reg3->second.is_number_integer());
    CHECK(reg3->second == 3);
}
