// Exploring a parameter by feel: the wheel-step rule, wheel events on dialog fields, and
// live preview of the dialog's edits in the document with one undo step on OK.
#include "ui/main_window.hpp"
#include "ui/parameters/live_parameter_session.hpp"
#include "ui/parameters/parameter_dialog.hpp"
#include "ui/parameters/parameter_field.hpp"
#include "ui/parameters/wheel_step.hpp"
#include "ui/window_actions.hpp"
#include "ui_test_support.hpp"

#include <QAction>
#include <QApplication>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTimer>
#include <QWheelEvent>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

const char* const kType = "Rotational.Components.SpringDamper";

const library::ComponentDefinition& springDamper()
{
    const library::ComponentDefinition* d = test::bundledLibrary()->find(kType);
    REQUIRE(d);
    return *d;
}

QString stepped(const char* text, int notches, bool fine = false)
{
    return wheelStep(QString::fromLatin1(text), notches, fine).value_or(QStringLiteral("<none>"));
}

// One wheel notch (or `notches`) over the field's editor, as a mouse would send it.
void spin(ParameterField* field, int notches, Qt::KeyboardModifiers modifiers = {})
{
    REQUIRE(field);
    QLineEdit* edit = field->lineEdit();
    REQUIRE(edit);
    const QPointF at(edit->width() / 2.0, edit->height() / 2.0);
    QWheelEvent event(at, edit->mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton, modifiers,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(edit, &event);
}

double parameterOf(test::Canvas& canvas, const char* name)
{
    const diagram::Component* c = canvas.document.component("springDamper1");
    REQUIRE(c);
    const diagram::Json* v = c->parameter(name);
    REQUIRE(v);
    return v->get<double>();
}

} // namespace

TEST_CASE("a wheel notch steps the last significant digit typed, keeping the text's form", "[wheel]")
{
    CHECK(stepped("1000", 1) == "1100");
    CHECK(stepped("1000", 2) == "1200");
    CHECK(stepped("1000", -1) == "900");
    CHECK(stepped("1000", -2) == "890"); // as two single notches: 900 keeps two digits too
    CHECK(stepped("5", 1) == "6");
    CHECK(stepped("99", 1) == "100");
    CHECK(stepped("0.5", 1) == "0.6");
    CHECK(stepped("0.50", 1) == "0.51");
    CHECK(stepped("0.9", 1) == "1.0");
    CHECK(stepped("12.25", -1) == "12.24");
    CHECK(stepped(".5", 1) == "0.6");
    CHECK(stepped(" 250 ", 1) == "260");
}

TEST_CASE("wheel steps in exponent form keep the exponent as typed", "[wheel]")
{
    CHECK(stepped("2e3", 1) == "3e3");
    CHECK(stepped("1.5e-3", 1) == "1.6e-3");
    CHECK(stepped("2E+03", -1) == "1E+03");
    CHECK(stepped("-2e3", -1) == "-3e3");
    CHECK(stepped("-2e3", 1) == "-1e3");
}

TEST_CASE("a wheel step never reaches or crosses zero: it refines instead", "[wheel]")
{
    CHECK(stepped("1", -1) == "0.9");
    CHECK(stepped("0.1", -1) == "0.09");
    CHECK(stepped("0.1", -3) == "0.07");
    CHECK(stepped("-1", 1) == "-0.9");
    CHECK(stepped("-1e3", 1) == "-0.9e3");
    CHECK(stepped("12", -12) == "0.9"); // 11 ... 1, then 0.9
    // Only an exact zero moves off it, in the wheel's direction.
    CHECK(stepped("0", 1) == "1");
    CHECK(stepped("0", -1) == "-1");
    CHECK(stepped("0.0", 1) == "0.1");
}

TEST_CASE("Ctrl+wheel steps one digit finer", "[wheel]")
{
    CHECK(stepped("1000", 1, true) == "1010");
    CHECK(stepped("0.5", 1, true) == "0.51");
    CHECK(stepped("2e3", -1, true) == "1.9e3");
    CHECK(stepped("1", -1, true) == "0.9"); // 1.0 - 0.1
}

TEST_CASE("only plain numbers are stepped", "[wheel]")
{
    for (const char* text : {"", " ", "k/2", "2*3", "1e", "abc", "-", ".", "1,5", "1e3e3", "+-1", "0x10", "123456789012345678"}) {
        INFO("'" << text << "'");
        CHECK_FALSE(wheelStep(QString::fromLatin1(text), 1).has_value());
    }
}

TEST_CASE("the wheel over a numeric field steps it, and over an expression or the default it does nothing", "[wheel]")
{
    diagram::Component c;
    c.name = "springDamper1";
    c.type = kType;
    c.setParameter("c", 1000);
    c.setParameter("d", "2*50"); // an expression: the wheel leaves it alone
    ParameterDialog dialog(springDamper(), c);
    dialog.show();

    spin(dialog.field("c"), 1);
    CHECK(dialog.field("c")->text() == "1100");
    spin(dialog.field("c"), -2);
    CHECK(dialog.field("c")->text() == "900");
    spin(dialog.field("c"), 1, Qt::ControlModifier);
    CHECK(dialog.field("c")->text() == "901"); // 900 steps by 10; finer, by 1
    INFO(dialog.problem().toStdString());
    CHECK(dialog.okButton()->isEnabled());

    spin(dialog.field("d"), 1);
    CHECK(dialog.field("d")->text() == "2*50");
    spin(dialog.field("phi_rel0"), 1); // empty: the default placeholder
    CHECK(dialog.field("phi_rel0")->text().isEmpty());
}

TEST_CASE("live preview shows edits in the document, and Cancel puts the original back without an undo entry",
          "[wheel]")
{
    test::Canvas canvas;
    canvas.editor.addComponent(kType, {0, 0});
    canvas.editor.setSettings("springDamper1", {{"c", 1000}, {"d", 1}}, {});
    const int steps = canvas.document.undoStack()->count();
    const bool modified = canvas.document.isModified();
    QSignalSpy changed(&canvas.document, &DiagramDocument::componentChanged);

    {
        ParameterDialog dialog(springDamper(), *canvas.document.component("springDamper1"));
        LiveParameterSession live(canvas.editor, "springDamper1");
        dialog.setLiveApply([&live](const auto& p, const auto& v) { live.preview(p, v); });
        dialog.show();

        spin(dialog.field("c"), 1);
        CHECK(parameterOf(canvas, "c") == 1100.0);
        dialog.field("c")->setText("1500"); // typing that validates is previewed too
        CHECK(parameterOf(canvas, "c") == 1500.0);
        dialog.field("c")->setText("-1"); // refused (c >= 0): the document keeps the last valid value
        CHECK(parameterOf(canvas, "c") == 1500.0);
        CHECK(changed.count() == 2);
        CHECK(canvas.document.undoStack()->count() == steps);

        live.cancel();
    }
    CHECK(parameterOf(canvas, "c") == 1000.0);
    CHECK(canvas.document.undoStack()->count() == steps);
    CHECK(canvas.document.isModified() == modified);
}

TEST_CASE("live preview ends as exactly one undo step on OK", "[wheel]")
{
    test::Canvas canvas;
    canvas.editor.addComponent(kType, {0, 0});
    canvas.editor.setSettings("springDamper1", {{"c", 1000}, {"d", 1}}, {});
    const int steps = canvas.document.undoStack()->count();

    ParameterDialog dialog(springDamper(), *canvas.document.component("springDamper1"));
    LiveParameterSession live(canvas.editor, "springDamper1");
    dialog.setLiveApply([&live](const auto& p, const auto& v) { live.preview(p, v); });
    dialog.show();
    spin(dialog.field("c"), 1);
    spin(dialog.field("c"), 1);
    CHECK(parameterOf(canvas, "c") == 1200.0);
    live.accept(dialog.parameters(), dialog.variables());

    CHECK(parameterOf(canvas, "c") == 1200.0);
    REQUIRE(canvas.document.undoStack()->count() == steps + 1);
    canvas.document.undoStack()->undo();
    CHECK(parameterOf(canvas, "c") == 1000.0);
    canvas.document.undoStack()->redo();
    CHECK(parameterOf(canvas, "c") == 1200.0);
}

TEST_CASE("a live session left unfinished restores the original", "[wheel]")
{
    test::Canvas canvas;
    canvas.editor.addComponent(kType, {0, 0});
    canvas.editor.setSettings("springDamper1", {{"c", 1000}, {"d", 1}}, {});
    {
        LiveParameterSession live(canvas.editor, "springDamper1");
        live.preview({{"c", 2000}}, {});
        CHECK(parameterOf(canvas, "c") == 2000.0);
    }
    CHECK(parameterOf(canvas, "c") == 1000.0);
}

TEST_CASE("the main window previews parameter edits only with Auto Re-simulate on", "[wheel]")
{
    MainWindow window(ComponentLibrary{std::const_pointer_cast<library::Library>(test::bundledLibrary()), {}, {}});
    window.setQuiet(true);
    DiagramDocument& doc = *window.document();
    window.editor().addComponent(kType, {0, 0});
    window.editor().setSettings("springDamper1", {{"c", 1000}, {"d", 1}}, {});
    const int steps = doc.undoStack()->count();
    const auto cNow = [&doc] { return doc.component("springDamper1")->parameter("c")->get<double>(); };

    // Spins c up once in the open dialog, notes what the document holds, then closes it.
    double seen = 0;
    const auto spinThen = [&](bool accept) {
        QTimer::singleShot(0, [&, accept] {
            auto* dialog = qobject_cast<ParameterDialog*>(QApplication::activeModalWidget());
            REQUIRE(dialog);
            spin(dialog->field("c"), 1);
            seen = cNow();
            accept ? dialog->accept() : dialog->reject();
        });
        window.editParameters("springDamper1");
    };

    window.actions().autoResimulate->setChecked(false);
    spinThen(true);
    CHECK(seen == 1000.0); // off: nothing reaches the document before OK
    CHECK(cNow() == 1100.0);
    CHECK(doc.undoStack()->count() == steps + 1);

    window.actions().autoResimulate->setChecked(true);
    spinThen(false);
    CHECK(seen == 1200.0); // on: previewed while open
    CHECK(cNow() == 1100.0); // Cancel: back, and no undo entry
    CHECK(doc.undoStack()->count() == steps + 1);

    spinThen(true);
    CHECK(seen == 1200.0);
    CHECK(cNow() == 1200.0);
    CHECK(doc.undoStack()->count() == steps + 2);
    window.actions().autoResimulate->setChecked(false);
}
