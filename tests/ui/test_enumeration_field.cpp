// Enumeration parameters in the parameter dialog: a combo box of the type's literals with
// their descriptions as tooltips, written back as Init.X, reading any accepted spelling.
#include "engine/library/enumeration.hpp"
#include "ui/parameters/parameter_dialog.hpp"
#include "ui/parameters/parameter_field.hpp"
#include "ui_test_support.hpp"

#include <QComboBox>
#include <QPushButton>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

// The bundled Inertia with an Init parameter added, as a block definition declares it.
library::ComponentDefinition inertiaWithInitType()
{
    const library::ComponentDefinition* d = test::bundledLibrary()->find("Rotational.Components.Inertia");
    REQUIRE(d);
    library::ComponentDefinition def = *d;
    library::ParameterDef p;
    p.name = "initType";
    p.type = library::ValueType::Enumeration;
    p.enumeration = "Blocks.Types.Init";
    p.defaultValue = library::exprFromValue("Init.InitialState", "test", "initType");
    p.description = "Type of initialization";
    def.parameters.push_back(p);
    return def;
}

diagram::Component inertia()
{
    diagram::Component c;
    c.name = "inertia1";
    c.type = "Rotational.Components.Inertia";
    c.setParameter("J", 1); // required: without it the dialog's problem would be J's
    return c;
}

// The combo box that lists `literal`.
QComboBox* comboListing(const ParameterDialog& dialog, const QString& literal)
{
    for (QComboBox* box : dialog.findChildren<QComboBox*>())
        if (box->findText(literal) >= 0)
            return box;
    return nullptr;
}

// The value the dialog would write for `name`, null if it writes none.
diagram::Json valueOf(const ParameterDialog& dialog, const std::string& name)
{
    for (const auto& [n, v] : dialog.parameters())
        if (n == name)
            return v;
    return nullptr;
}

} // namespace

TEST_CASE("an enumeration parameter offers the default and the literals, described in tooltips")
{
    const library::ComponentDefinition def = inertiaWithInitType();
    ParameterDialog dialog(def, inertia());
    QComboBox* box = comboListing(dialog, "SteadyState");
    REQUIRE(box);
    QStringList items;
    for (int i = 0; i < box->count(); ++i)
        items << box->itemText(i);
    CHECK(items == QStringList{"Init.InitialState (default)", "NoInit", "SteadyState", "InitialState", "InitialOutput"});
    CHECK(box->itemData(2, Qt::ToolTipRole).toString() == "Steady state initialization (derivatives of states are zero)");
    ParameterField* f = dialog.field("initType");
    REQUIRE(f);
    CHECK(f->text().isEmpty());
    box->setCurrentIndex(box->findText("SteadyState"));
    CHECK(valueOf(dialog, "initType") == "Init.SteadyState");
}

TEST_CASE("an enumeration value written in full is shown as its literal and kept unchanged")
{
    const library::ComponentDefinition def = inertiaWithInitType();
    diagram::Component c = inertia();
    c.setParameter("initType", "Modelica.Blocks.Types.Init.NoInit");
    ParameterDialog dialog(def, c);
    REQUIRE(dialog.field("initType"));
    CHECK(dialog.field("initType")->text() == "NoInit");
    CHECK(dialog.okButton()->isEnabled());
}

TEST_CASE("a literal of the wrong spelling typed for an enumeration is refused naming the literals")
{
    const library::ComponentDefinition def = inertiaWithInitType();
    ParameterDialog dialog(def, inertia());
    dialog.field("initType")->setText("Init.Steady");
    CHECK_FALSE(dialog.okButton()->isEnabled());
    CHECK_THAT(dialog.problem().toStdString(),
               Catch::Contains("'Steady' is not a literal of Blocks.Types.Init (Init.NoInit, Init.SteadyState"));
}

TEST_CASE("StateSelect is one such enumeration: never to always, stored as StateSelect.x")
{
    const library::ComponentDefinition* def = test::bundledLibrary()->find("Rotational.Components.Inertia");
    REQUIRE(def);
    ParameterDialog dialog(*def, inertia());
    QComboBox* box = comboListing(dialog, "prefer");
    REQUIRE(box);
    CHECK(box->count() == 6); // the default and five literals
    dialog.field("stateSelect")->setText("prefer");
    CHECK(valueOf(dialog, "stateSelect") == "StateSelect.prefer");
}
