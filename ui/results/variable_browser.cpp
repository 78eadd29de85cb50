#include "ui/results/variable_browser.hpp"

#include <algorithm>

#include "ui/results/variable_filter_proxy.hpp"
#include "ui/results/variable_tree_model.hpp"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QStackedWidget>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

namespace flange::ui {

namespace {

// Restores a flag on every way out of a scope.
class QuietScope {
public:
    explicit QuietScope(bool& flag) : flag_(flag), old_(flag) { flag_ = true; }
    ~QuietScope() { flag_ = old_; }

private:
    bool& flag_;
    bool old_;
};

} // namespace

VariableBrowser::VariableBrowser(QWidget* parent) : QWidget(parent)
{
    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter variables"));
    filter_->setClearButtonEnabled(true);
    showProtected_ = new QCheckBox(tr("Show protected"), this);
    showProtected_->setToolTip(tr("Also list the variables a component keeps to itself"));

    model_ = new VariableTreeModel(this);
    proxy_ = new VariableFilterProxy(this);
    proxy_->setSourceModel(model_);
    view_ = new QTreeView(this);
    view_->setModel(proxy_);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->setDragEnabled(true);
    view_->setDragDropMode(QAbstractItemView::DragOnly);
    view_->setDefaultDropAction(Qt::CopyAction);
    QHeaderView* header = view_->header();
    header->setStretchLastSection(false);
    // Names as wide as they are: a narrow dock scrolls sideways rather than cutting
    // "elastoBacklash2" to "elastoBa…" (the dock's share was the name's before).
    header->setSectionResizeMode(VariableTreeModel::NameColumn, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(VariableTreeModel::UnitColumn, QHeaderView::ResizeToContents);
    // fixed, so the column does not jump as the crosshair moves
    header->setSectionResizeMode(VariableTreeModel::ValueColumn, QHeaderView::Interactive);
    header->resizeSection(VariableTreeModel::ValueColumn,
                          fontMetrics().horizontalAdvance(QStringLiteral("-0.000000e-00")));

    auto* hint = new QLabel(tr("Simulate (F5) to see the variables"), this);
    hint->setAlignment(Qt::AlignCenter);
    hint->setWordWrap(true);
    hint->setEnabled(false); // drawn greyed, as a placeholder
    pages_ = new QStackedWidget(this);
    pages_->addWidget(hint);
    pages_->addWidget(view_);

    auto* top = new QHBoxLayout;
    top->addWidget(filter_, 1);
    top->addWidget(showProtected_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(pages_, 1);

    filterPause_ = new QTimer(this);
    filterPause_->setSingleShot(true);
    filterPause_->setInterval(kFilterPauseMs);
    connect(filterPause_, &QTimer::timeout, this, &VariableBrowser::applyFilter);
    connect(filter_, &QLineEdit::textChanged, this, [this] {
        if (result_ && result_->variableCount() > static_cast<size_t>(kMostFilteredPerKey))
            filterPause_->start();
        else
            applyFilter();
    });
    connect(showProtected_, &QCheckBox::toggled, this, &VariableBrowser::applyFilter);
    connect(model_, &VariableTreeModel::checkToggled, this, &VariableBrowser::checkToggled);
    connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this, &VariableBrowser::currentChanged);
    connect(view_, &QTreeView::expanded, this, [this](const QModelIndex& index) {
        if (!quiet_ && filter_->text().isEmpty())
            expanded_.insert(index.data(VariableTreeModel::PathRole).toString());
    });
    connect(view_, &QTreeView::collapsed, this, [this](const QModelIndex& index) {
        if (!quiet_ && filter_->text().isEmpty())
            expanded_.remove(index.data(VariableTreeModel::PathRole).toString());
    });
}

VariableBrowser::~VariableBrowser() = default;

void VariableBrowser::setResult(std::shared_ptr<const RunResult> result)
{
    QuietScope quiet(quiet_);
    result_ = std::move(result);
    model_->setVariables(result_, checked_);
    pages_->setCurrentIndex(result_ && result_->variableCount() ? 1 : 0);
    restoreExpansion();
    if (cursor_)
        model_->showValuesAt(result_, *cursor_);
}

void VariableBrowser::setPlotted(const QStringList& names)
{
    QuietScope quiet(quiet_);
    checked_ = QSet<QString>(names.begin(), names.end());
    model_->setChecked(checked_);
}

QStringList VariableBrowser::plotted() const
{
    QStringList names(checked_.begin(), checked_.end());
    names.sort();
    return names;
}

void VariableBrowser::setCursorTime(double t)
{
    QuietScope quiet(quiet_);
    cursor_ = t;
    model_->showValuesAt(result_, t);
    view_->viewport()->update(); // the opened nodes' values too
}

void VariableBrowser::clearCursorTime()
{
    cursor_.reset();
    model_->clearValues();
    view_->viewport()->update();
}

void VariableBrowser::selectComponent(const QString& instance)
{
    const QModelIndex index = proxy_->mapFromSource(model_->indexOf(instance));
    if (!index.isValid())
        return; // not in this run, or filtered out
    QuietScope quiet(quiet_);
    view_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view_->scrollTo(index);
}

void VariableBrowser::applyFilter()
{
    filterPause_->stop();
    QuietScope quiet(quiet_);
    // Closed first: the proxy removes the rows a filter hides one range at a time, and Qt
    // checks every persistent index (one per opened node) at each; with a 10,000-inertia
    // chain's nodes open that took 90 s for one key.
    view_->collapseAll();
    proxy_->setText(filter_->text());
    proxy_->setShowProtected(showProtected_->isChecked());
    restoreExpansion();
    emit filterApplied();
}

namespace {

// Whether the tree below `parent` holds at most `budget` variables (counts no further).
bool fewVariables(const QAbstractItemModel& m, const QModelIndex& parent, int& budget)
{
    for (int r = 0, n = m.rowCount(parent); r < n; ++r) {
        const QModelIndex index = m.index(r, VariableTreeModel::NameColumn, parent);
        if (index.data(VariableTreeModel::LeafRole).toBool()) {
            if (--budget < 0)
                return false;
        } else if (!fewVariables(m, index, budget)) {
            return false;
        }
    }
    return true;
}

} // namespace

void VariableBrowser::restoreExpansion()
{
    QuietScope quiet(quiet_);
    // While filtering, the matches are shown opened when there are few enough to read
    // (opening 90,000 is no help and takes seconds); the user's own expansion comes back
    // when the filter is cleared.
    if (!filter_->text().isEmpty()) {
        int budget = kMostOpenedMatches;
        if (fewVariables(*proxy_, {}, budget))
            view_->expandAll();
        return;
    }
    view_->collapseAll();
    for (const QString& path : std::as_const(expanded_))
        if (const QModelIndex index = model_->indexOf(path); index.isValid())
            view_->expand(proxy_->mapFromSource(index));
}

void VariableBrowser::checkToggled(const QString& name, bool on)
{
    if (quiet_ || on == checked_.contains(name))
        return; // not the user's tick, or nothing changed
    if (on)
        checked_.insert(name);
    else
        checked_.remove(name);
    emit plotRequested(name, on);
}

void VariableBrowser::currentChanged()
{
    const QModelIndex current = view_->currentIndex();
    if (quiet_ || !current.isValid())
        return;
    const QModelIndex name = current.siblingAtColumn(VariableTreeModel::NameColumn);
    // The whole path: inside subsystems only the window knows which part of
    // "vehicle.mass.v" is the component (DiagramDocument::locate).
    emit componentSelected(name.data(VariableTreeModel::PathRole).toString());
}

} // namespace flange::ui
