#include "ui/sweep/sweep_panel.hpp"

#include "ui/chart/chart_view.hpp"
#include "ui/sweep/sweep_charts.hpp"
#include "ui/sweep/sweep_session.hpp"
#include "ui/sweep/sweep_table_model.hpp"

#include <QComboBox>
#include <QElapsedTimer>
#include <QScopeGuard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace flange::ui {

namespace {

// Charts redraw at most this often while runs arrive (ms): 200 runs finishing within a
// second redraw a handful of times, not 200.
constexpr int kRedrawDelayMs = 150;

QComboBox* choice(const QString& objectName)
{
    auto* c = new QComboBox;
    c->setObjectName(objectName);
    c->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return c;
}

} // namespace

SweepPanel::SweepPanel(SweepSession& session, QWidget* parent) : QWidget(parent), session_(session)
{
    model_ = new SweepTableModel(session_, this);
    sorted_ = new QSortFilterProxyModel(this);
    sorted_->setSourceModel(model_);
    sorted_->setSortRole(SweepTableModel::SortRole);
    table_ = new QTableView;
    table_->setObjectName(QStringLiteral("sweepRuns"));
    table_->setModel(sorted_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(0, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);

    status_ = new QLabel;
    status_->setObjectName(QStringLiteral("sweepStatus"));
    progress_ = new QProgressBar;
    progress_->setMaximumWidth(220);
    cancel_ = new QPushButton(tr("Cancel"));
    rerun_ = new QPushButton(tr("Re-run"));
    apply_ = new QPushButton(tr("Apply These Values"));
    apply_->setToolTip(tr("Set the selected run's parameter values in the diagram (one undo step)"));
    apply_->setEnabled(false);
    resume_ = new QPushButton(tr("Resume"));
    resume_->setObjectName(QStringLiteral("sweepResume"));
    resume_->setToolTip(tr("Submit the missing runs to the cluster again; the finished ones are kept"));
    resume_->hide();
    auto* top = new QHBoxLayout;
    top->addWidget(status_, 1);
    top->addWidget(progress_);
    top->addWidget(resume_);
    top->addWidget(cancel_);
    top->addWidget(rerun_);
    top->addWidget(apply_);

    signal_ = choice(QStringLiteral("sweepSignal"));
    metric_ = choice(QStringLiteral("sweepMetric"));
    x_ = choice(QStringLiteral("sweepX"));
    y_ = choice(QStringLiteral("sweepY"));
    auto* controls = new QHBoxLayout;
    for (auto [label, box] : {std::pair{tr("Signal"), signal_}, std::pair{tr("Metric"), metric_},
                              std::pair{tr("Parameter"), x_}, std::pair{tr("Colour / second parameter"), y_}}) {
        controls->addWidget(new QLabel(label));
        controls->addWidget(box);
    }
    controls->addStretch(1);

    tabs_ = new QTabWidget;
    const QStringList titles{tr("Curves"), tr("Metric vs Parameter"), tr("Map"), tr("Histogram")};
    for (int i = 0; i < 4; ++i) {
        charts_[i] = new chart::ChartView;
        tabs_->addTab(charts_[i], titles[i]);
        connect(charts_[i], &chart::ChartView::pointClicked, this, [this, i](int series, int point) {
            if (i == Curves) {
                // Series are the runs with curves, in record order.
                int k = -1;
                const auto& records = session_.records();
                for (size_t r = 0; r < records.size(); ++r)
                    if (records[r].curves && ++k == series)
                        selectRecord(static_cast<int>(r));
            } else if (i == MetricAgainstParameter && series == 0 && point >= 0) {
                // The unselected runs' points, in record order without the selected one.
                const int selected = selectedRecord();
                selectRecord(selected >= 0 && point >= selected ? point + 1 : point);
            }
        });
    }
    auto* chartColumn = new QWidget;
    auto* chartLayout = new QVBoxLayout(chartColumn);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addLayout(controls);
    chartLayout->addWidget(tabs_, 1);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(table_);
    split->addWidget(chartColumn);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({400, 600}); // in proportion when first laid out: the table's hint is narrow
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);

    redrawSoon_ = new QTimer(this);
    redrawSoon_->setSingleShot(true);
    redrawSoon_->setInterval(kRedrawDelayMs);
    connect(redrawSoon_, &QTimer::timeout, this, &SweepPanel::redraw);

    connect(&session_, &SweepSession::begun, this, &SweepPanel::begin);
    connect(&session_, &SweepSession::recordAdded, this, [this] {
        updateStatus();
        if (!redrawSoon_->isActive())
            redrawSoon_->start();
    });
    connect(&session_, &SweepSession::ended, this, [this] {
        updateStatus();
        redraw();
    });
    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        apply_->setEnabled(selectedRecord() >= 0);
        redraw();
    });
    for (QComboBox* box : {signal_, metric_, x_, y_})
        connect(box, &QComboBox::currentIndexChanged, this, &SweepPanel::redraw);
    connect(tabs_, &QTabWidget::currentChanged, this, &SweepPanel::updateTab);
    connect(cancel_, &QPushButton::clicked, this, &SweepPanel::cancelRequested);
    connect(rerun_, &QPushButton::clicked, this, &SweepPanel::rerunRequested);
    connect(resume_, &QPushButton::clicked, this, &SweepPanel::resumeRequested);
    connect(apply_, &QPushButton::clicked, this, [this] {
        if (selectedRecord() >= 0)
            emit applyRequested(selectedRecord());
    });
    updateStatus();
    updateTab();
}

chart::ChartView* SweepPanel::chart(Tab tab) const { return charts_[tab]; }

int SweepPanel::selectedRecord() const
{
    const QModelIndexList rows = table_->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : sorted_->data(rows.front(), SweepTableModel::RecordRole).toInt();
}

void SweepPanel::selectRecord(int record)
{
    if (record < 0 || record >= model_->rowCount()) {
        table_->clearSelection();
        return;
    }
    const QModelIndex at = sorted_->mapFromSource(model_->index(record, 0));
    table_->selectionModel()->select(at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table_->scrollTo(at);
}

void SweepPanel::offerResume(bool offered) { resume_->setVisible(offered); }

void SweepPanel::begin()
{
    resume_->hide();
    for (QComboBox* box : {signal_, metric_, x_, y_}) {
        const QSignalBlocker block(box);
        box->clear();
    }
    {
        const QSignalBlocker b1(signal_), b2(metric_), b3(x_), b4(y_);
        if (const SweepJob* job = session_.job())
            for (const std::string& s : job->definition.chosenSignals)
                signal_->addItem(QString::fromStdString(s));
        metric_->addItems(session_.metricNames());
        x_->addItems(session_.parameterNames());
        y_->addItem(tr("(none)"));
        y_->addItems(session_.parameterNames());
        // The second parameter, where there is one: the map's y and the points' colour.
        y_->setCurrentIndex(session_.parameterNames().size() > 1 ? 2 : 0);
    }
    // The view that answers the sweep's question first: draws scatter, two axes map,
    // one axis a metric against it, and without metrics the curves.
    bool drawn = false;
    for (int p = 0; p < session_.parameterNames().size(); ++p)
        drawn = drawn || session_.isDrawn(p);
    const bool metrics = !session_.metricNames().isEmpty();
    Tab first = !metrics ? Curves
                : drawn ? Histogram
                : session_.parameterNames().size() > 1 ? Map
                                                        : MetricAgainstParameter;
    tabs_->setCurrentIndex(first);
    updateStatus();
    redraw();
}

void SweepPanel::updateStatus()
{
    const size_t planned = session_.plannedRuns(), done = session_.records().size();
    size_t failed = 0;
    for (const SweepRunRecord& r : session_.records())
        failed += r.result.status != "ok";
    QString text = session_.job() ? tr("%1 of %2 runs").arg(done).arg(planned) : tr("No sweep yet: Simulation ▸ Sweep…");
    if (failed)
        text += tr(", %1 failed").arg(failed);
    if (!session_.isRunning() && session_.job()) {
        if (session_.wasCancelled())
            text += tr(" (cancelled)");
        if (!session_.error().isEmpty())
            text += tr(": %1").arg(session_.error());
    }
    status_->setText(text);
    progress_->setRange(0, static_cast<int>(std::max<size_t>(planned, 1)));
    progress_->setValue(static_cast<int>(done));
    progress_->setVisible(session_.isRunning());
    cancel_->setEnabled(session_.isRunning());
    rerun_->setEnabled(session_.job() && !session_.isRunning());
}

void SweepPanel::updateTab()
{
    const int t = tabs_->currentIndex();
    signal_->setEnabled(t == Curves);
    metric_->setEnabled(t != Curves);
    x_->setEnabled(t == Curves || t == MetricAgainstParameter || t == Map);
    y_->setEnabled(t == MetricAgainstParameter || t == Map);
    redraw();
}

void SweepPanel::redraw()
{
    redrawSoon_->stop();
    QElapsedTimer cost;
    cost.start();
    // A chart that takes long to draw (hundreds of curves) is drawn less often while runs
    // arrive, so that the window stays responsive: at most a fifth of the time drawing.
    const auto later = qScopeGuard([&] {
        redrawSoon_->setInterval(std::max<int>(kRedrawDelayMs, static_cast<int>(4 * cost.elapsed())));
    });
    const int selected = selectedRecord();
    const int x = x_->currentIndex(), y = y_->currentIndex() - 1, metric = metric_->currentIndex();
    // Only the tab in view is drawn; the others when they are shown.
    switch (tabs_->currentIndex()) {
    case Curves:
        charts_[Curves]->setData(curvesChart(session_, signal_->currentText(), x, selected));
        break;
    case MetricAgainstParameter:
        charts_[MetricAgainstParameter]->setData(metricChart(session_, metric, x, y, selected));
        break;
    case Map:
        charts_[Map]->setData(mapChart(session_, metric, x, y));
        break;
    case Histogram:
        charts_[Histogram]->setData(histogramChart(session_, metric));
        break;
    }
}

} // namespace flange::ui
