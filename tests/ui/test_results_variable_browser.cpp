// The variable browser: a tree by name path, filtering, protected variables, ticks that
// plot, component selection both ways and dragging names onto a plot.
#include "ui/mime_types.hpp"
#include "ui/results/variable_browser.hpp"
#include "ui/results/variable_tree_model.hpp"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QSignalSpy>
#include <QTreeView>

#include <catch2/catch.hpp>

#include <functional>

using namespace flange;
using namespace flange::ui;

namespace {

std::shared_ptr<RunResult> clutchRun()
{
    auto r = std::make_shared<RunResult>();
    r->begin({
        {"inertia1.phi", "rad", false, false},
        {"inertia1.w", "rad/s", false, false},
        {"inertia1.flange_a.phi", "rad", false, false},
        {"inertia1.flange_a.tau", "N.m", false, false},
        {"clutch1.w_rel", "rad/s", false, false},
        {"clutch1.mode", "", false, true},
        {"clutch1.tau0_max", "N.m", true, false},
        {"vehicle.mass.v", "m/s", false, false},
    });
    r->appendRows({0, 1}, {0, 0, 0, 0, 1, -1, 5, 0, //
                           2, 4, 2, 8, 0, 0, 5, 3});
    return r;
}

// A run of `inertias` inertias with two variables each (phi and w), for the large cases.
std::shared_ptr<RunResult> inertiasRun(int inertias)
{
    std::vector<ResultVariable> vars;
    for (int i = 1; i <= inertias; ++i)
        for (const char* v : {"phi", "w"})
            vars.push_back({"inertia" + std::to_string(i) + "." + v, "rad", false, false});
    auto run = std::make_shared<RunResult>();
    run->begin(vars);
    return run;
}

QModelIndex find(QAbstractItemModel* model, const QString& path, const QModelIndex& parent = {})
{
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex i = model->index(r, 0, parent);
        if (i.data(VariableTreeModel::PathRole).toString() == path)
            return i;
        if (const QModelIndex below = find(model, path, i); below.isValid())
            return below;
    }
    return {};
}

QStringList children(QAbstractItemModel* model, const QModelIndex& parent = {})
{
    QStringList names;
    for (int r = 0; r < model->rowCount(parent); ++r)
        names << model->index(r, 0, parent).data().toString();
    return names;
}

// Full names of the variables the view shows.
QStringList visibleLeaves(QAbstractItemModel* model, const QModelIndex& parent = {})
{
    QStringList out;
    for (int r = 0; r < model->rowCount(parent); ++r) {
        const QModelIndex i = model->index(r, 0, parent);
        if (i.data(VariableTreeModel::LeafRole).toBool())
            out << i.data(VariableTreeModel::PathRole).toString();
        out += visibleLeaves(model, i);
    }
    return out;
}

QString cell(QAbstractItemModel* model, const QString& path, int column)
{
    return find(model, path).siblingAtColumn(column).data().toString();
}

struct Shown {
    VariableBrowser browser;
    QAbstractItemModel* model = browser.view()->model();
    Shown()
    {
        browser.resize(400, 500);
        browser.show();
    }
};

} // namespace

TEST_CASE("before a run the browser shows a hint instead of an empty tree", "[results]")
{
    Shown s;
    CHECK_FALSE(s.browser.view()->isVisible());
    const auto labels = s.browser.findChildren<QLabel*>();
    CHECK(std::any_of(labels.begin(), labels.end(),
                      [](QLabel* l) { return l->isVisible() && l->text().contains("Simulate (F5)"); }));
    s.browser.setResult(clutchRun());
    CHECK(s.browser.view()->isVisible());
}

TEST_CASE("variables form a tree by name path with their units", "[results]")
{
    Shown s;
    s.browser.setResult(clutchRun());
    CHECK(children(s.model) == QStringList{"inertia1", "clutch1", "vehicle"});
    const QModelIndex inertia = find(s.model, "inertia1");
    CHECK(children(s.model, inertia) == QStringList{"phi", "w", "flange_a"});
    CHECK(children(s.model, find(s.model, "inertia1.flange_a")) == QStringList{"phi", "tau"});
    CHECK(children(s.model, find(s.model, "vehicle.mass")) == QStringList{"v"});
    CHECK(cell(s.model, "inertia1.w", VariableTreeModel::UnitColumn) == "rad/s");
    CHECK(cell(s.model, "inertia1.flange_a.tau", VariableTreeModel::UnitColumn) == "N.m");
    CHECK(cell(s.model, "inertia1", VariableTreeModel::UnitColumn).isEmpty());
    CHECK(find(s.model, "inertia1.w").flags() & Qt::ItemIsUserCheckable);
    CHECK_FALSE(inertia.flags() & Qt::ItemIsUserCheckable);
}

TEST_CASE("the value column shows the values at the cursor time", "[results]")
{
    Shown s;
    s.browser.setResult(clutchRun());
    CHECK(cell(s.model, "inertia1.w", VariableTreeModel::ValueColumn).isEmpty());
    s.browser.setCursorTime(0.25);
    CHECK(cell(s.model, "inertia1.w", VariableTreeModel::ValueColumn) == "1");
    CHECK(cell(s.model, "clutch1.mode", VariableTreeModel::ValueColumn) == "-1"); // discrete: held, not blended
    CHECK(cell(s.model, "inertia1", VariableTreeModel::ValueColumn).isEmpty());
    s.browser.setCursorTime(2); // after the last row
    CHECK(cell(s.model, "inertia1.w", VariableTreeModel::ValueColumn).isEmpty());
}

TEST_CASE("the filter keeps matching variables with the nodes above them", "[results]")
{
    Shown s;
    s.browser.setResult(clutchRun());
    s.browser.filterEdit()->setText("W");
    CHECK(visibleLeaves(s.model) == QStringList{"inertia1.w", "clutch1.w_rel"});
    CHECK(children(s.model) == QStringList{"inertia1", "clutch1"});
    CHECK(s.browser.view()->isExpanded(find(s.model, "inertia1")));
    s.browser.filterEdit()->setText("flange_a.t");
    CHECK(visibleLeaves(s.model) == QStringList{"inertia1.flange_a.tau"});
    s.browser.filterEdit()->clear();
    CHECK(visibleLeaves(s.model).size() == 7);
    CHECK_FALSE(s.browser.view()->isExpanded(find(s.model, "inertia1"))); // the user's expansion is back
}

TEST_CASE("a filter matching many variables leaves their nodes closed, and a narrower one opens them", "[results]")
{
    // Opening every match of a 10,000-inertia chain's "i" (90,000 variables) is no help and
    // took seconds; the matches open once there are few enough to read.
    const int inertias = VariableBrowser::kMostOpenedMatches / 2 + 10;
    Shown s;
    s.browser.setResult(inertiasRun(inertias));
    s.browser.filterEdit()->setText("inertia");
    CHECK(visibleLeaves(s.model).size() == 2 * inertias);
    CHECK_FALSE(s.browser.view()->isExpanded(find(s.model, "inertia1")));
    s.browser.filterEdit()->setText("inertia1");
    CHECK(visibleLeaves(s.model).size() < VariableBrowser::kMostOpenedMatches);
    CHECK(s.browser.view()->isExpanded(find(s.model, "inertia1")));
    CHECK(s.browser.view()->isExpanded(find(s.model, "inertia100")));
}

TEST_CASE("protected variables show only when asked for", "[results]")
{
    Shown s;
    s.browser.setResult(clutchRun());
    CHECK_FALSE(visibleLeaves(s.model).contains("clutch1.tau0_max"));
    s.browser.showProtectedBox()->setChecked(true);
    CHECK(visibleLeaves(s.model).contains("clutch1.tau0_max"));
    CHECK(visibleLeaves(s.model).size() == 8);
}

TEST_CASE("ticking a variable asks to plot it, setPlotted ticks without asking", "[results]")
{
    Shown s;
    s.browser.setResult(clutchRun());
    QSignalSpy requested(&s.browser, &VariableBrowser::plotRequested);
    REQUIRE(s.model->setData(find(s.model, "clutch1.w_rel"), Qt::Checked, Qt::CheckStateRole));
    REQUIRE(requested.count() == 1);
    CHECK(requested[0][0].toString() == "clutch1.w_rel");
    CHECK(requested[0][1].toBool());
    REQUIRE(s.model->setData(find(s.model, "clutch1.w_rel"), Qt::Unchecked, Qt::CheckStateRole));
    REQUIRE(requested.count() == 2);
    CHECK_FALSE(requested[1][1].toBool());

    s.browser.setPlotted({"inertia1.w", "vehicle.mass.v"});
    CHECK(requested.count() == 2);
    CHECK(find(s.model, "inertia1.w").data(Qt::CheckStateRole).toInt() == Qt::Checked);
    CHECK(find(s.model, "clutch1.w_rel").data(Qt::CheckStateRole).toInt() == Qt::Unchecked);
    CHECK(s.browser.plotted() == QStringList{"inertia1.w", "vehicle.mass.v"});
}

TEST_CASE("ticks and expansion survive the next run", "[results]")
{
    Shown s;
    s.browser.setResult(clutchRun());
    s.model->setData(find(s.model, "inertia1.w"), Qt::Checked, Qt::CheckStateRole);
    s.browser.view()->expand(find(s.model, "inertia1"));
    s.browser.view()->expand(find(s.model, "inertia1.flange_a"));
    s.browser.setCursorTime(0.5);

    s.browser.setResult(clutchRun());
    CHECK(find(s.model, "inertia1.w").data(Qt::CheckStateRole).toInt() == Qt::Checked);
    CHECK(s.browser.view()->isExpanded(find(s.model, "inertia1")));
    CHECK(s.browser.view()->isExpanded(find(s.model, "inertia1.flange_a")));
    CHECK_FALSE(s.browser.view()->isExpanded(find(s.model, "clutch1")));
    CHECK(cell(s.model, "inertia1.w", VariableTreeModel::ValueColumn) == "2");
}

TEST_CASE("component selection goes both ways", "[results]")
{
    Shown s;
    s.browser.setResult(clutchRun());
    QSignalSpy selected(&s.browser, &VariableBrowser::componentSelected);
    s.browser.selectComponent("clutch1");
    CHECK(s.browser.view()->currentIndex() == find(s.model, "clutch1"));
    CHECK(s.browser.view()->selectionModel()->isSelected(find(s.model, "clutch1")));
    CHECK(selected.count() == 0);
    s.browser.selectComponent("nosuch"); // ignored
    CHECK(s.browser.view()->currentIndex() == find(s.model, "clutch1"));

    s.browser.view()->expand(find(s.model, "inertia1"));
    s.browser.view()->setCurrentIndex(find(s.model, "inertia1.w"));
    REQUIRE(selected.count() == 1);
    // The full path: the window finds the component it names, at any depth.
    CHECK(selected[0][0].toString() == "inertia1.w");
}

TEST_CASE("dragging variables carries their names", "[results]")
{
    Shown s;
    s.browser.setResult(clutchRun());
    QItemSelectionModel* selection = s.browser.view()->selectionModel();
    const auto rows = QItemSelectionModel::Select | QItemSelectionModel::Rows;
    selection->select(find(s.model, "clutch1.w_rel"), rows);
    selection->select(find(s.model, "inertia1.w"), rows);
    selection->select(find(s.model, "vehicle"), rows); // a node: not a variable
    CHECK(s.model->supportedDragActions() & Qt::CopyAction);
    std::unique_ptr<QMimeData> data(s.model->mimeData(selection->selectedIndexes()));
    REQUIRE(data);
    REQUIRE(data->hasFormat(kVariableMimeType));
    QStringList names = QString::fromUtf8(data->data(kVariableMimeType)).split('\n');
    names.sort();
    CHECK(names == QStringList{"clutch1.w_rel", "inertia1.w"});
}

TEST_CASE("on a run with very many variables the filter waits for a pause in typing", "[results]")
{
    // Each application takes about 250 ms at 90,000 variables: at every key, typing a name
    // would stall.
    const int inertias = VariableBrowser::kMostFilteredPerKey / 2 + 1;
    Shown s;
    s.browser.setResult(inertiasRun(inertias));
    QSignalSpy applied(&s.browser, &VariableBrowser::filterApplied);
    s.browser.filterEdit()->setText("inertia7");
    s.browser.filterEdit()->setText("inertia77");
    CHECK(applied.count() == 0);
    CHECK(visibleLeaves(s.model).size() == 2 * inertias); // not yet filtered
    REQUIRE(applied.wait(5000));
    CHECK(applied.count() == 1); // once, for what was typed by then
    CHECK(visibleLeaves(s.model).contains("inertia77.w"));
    CHECK_FALSE(visibleLeaves(s.model).contains("inertia7.w"));

    // A small run filters at every key.
    Shown small;
    small.browser.setResult(clutchRun());
    small.browser.filterEdit()->setText("W");
    CHECK(visibleLeaves(small.model) == QStringList{"inertia1.w", "clutch1.w_rel"});
}

TEST_CASE("the next run with the same variables lets the previous one go, and its names are found", "[results]")
{
    Shown s;
    std::shared_ptr<RunResult> first = clutchRun();
    const std::weak_ptr<RunResult> firstSeen = first;
    s.browser.setResult(first);
    s.browser.setCursorTime(0.5);
    first.reset();
    s.browser.setResult(clutchRun());
    CHECK(firstSeen.expired()); // its rows are not kept alive by the tree
    s.browser.selectComponent("clutch1");
    CHECK(s.browser.view()->currentIndex().data(VariableTreeModel::PathRole).toString() == "clutch1");
    CHECK(cell(s.model, "clutch1.w_rel", VariableTreeModel::ValueColumn) == "0.5");
}

TEST_CASE("values asked of a run without a variable's column stay blank", "[results]")
{
    VariableTreeModel model;
    model.setVariables(clutchRun(), {});
    auto shorter = std::make_shared<RunResult>();
    shorter->begin({{"inertia1.phi", "rad", false, false}});
    shorter->appendRows({0, 1}, {0, 2});
    model.showValuesAt(shorter, 0.5);
    CHECK(cell(&model, "inertia1.phi", VariableTreeModel::ValueColumn) == "1");
    CHECK(cell(&model, "vehicle.mass.v", VariableTreeModel::ValueColumn).isEmpty());
}
