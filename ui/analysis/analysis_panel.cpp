#include "ui/analysis/analysis_panel.hpp"

#include "ui/analysis/analysis_charts.hpp"
#include "ui/chart/chart_view.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace flange::ui {

namespace {

chart::ChartView* chartView(QWidget* parent)
{
    auto* view = new chart::ChartView(parent);
    view->setMinimumHeight(180);
    return view;
}

// What a chart shows before there is a result, or when the result has none of it.
chart::ChartData nothing(const QString& why)
{
    chart::ChartData data;
    data.placeholder = why;
    return data;
}

QTableWidget* table(const QStringList& headers, QWidget* parent)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    return t;
}

QTableWidgetItem* cell(const QString& text)
{
    return new QTableWidgetItem(text);
}

QString number(double v, int digits = 4) { return QString::number(v, 'g', digits); }

QWidget* page(QWidget* parent, std::initializer_list<QWidget*> widgets)
{
    auto* w = new QWidget(parent);
    auto* layout = new QVBoxLayout(w);
    layout->setContentsMargins(2, 2, 2, 2);
    for (QWidget* child : widgets)
        layout->addWidget(child, qobject_cast<QLabel*>(child) ? 0 : 1);
    return w;
}

} // namespace

AnalysisPanel::AnalysisPanel(QWidget* parent) : QTabWidget(parent)
{
    summary_ = new QLabel(tr("Analysis ▸ Linearize… linearizes the diagram and lists its modes here."), this);
    summary_->setWordWrap(true);
    modes_ = table({tr("mode"), tr("f [Hz]"), tr("damped [Hz]"), tr("ζ"), tr("energy")}, this);
    shape_ = chartView(this);
    auto* modeSplit = new QSplitter(Qt::Vertical, this);
    modeSplit->addWidget(modes_);
    modeSplit->addWidget(shape_);
    // A few modes fill the table's first rows: the shape gets the larger part (sizes in
    // proportion, scaled to the splitter's).
    modeSplit->setSizes({1000, 1500});
    addTab(page(this, {summary_, modeSplit}), tr("Modes"));

    bodeNote_ = new QLabel(this);
    bodeNote_->setWordWrap(true);
    magnitude_ = chartView(this);
    phase_ = chartView(this);
    addTab(page(this, {bodeNote_, magnitude_, phase_}), tr("Frequency Response"));

    campbellNote_ = new QLabel(this);
    campbellNote_->setWordWrap(true);
    campbell_ = chartView(this);
    crossings_ = table({tr("order"), tr("mode [Hz]"), tr("speed [rpm]"), tr("mode")}, this);
    crossings_->setMaximumHeight(140);
    response_ = chartView(this);
    addTab(page(this, {campbellNote_, campbell_, crossings_, response_}), tr("Critical Speeds"));

    connect(modes_, &QTableWidget::currentCellChanged, this, [this](int row) { showMode(row); });
    showMode(-1);
    for (chart::ChartView* view : {magnitude_, phase_, campbell_, response_})
        view->setData(nothing(tr("No result yet")));
}

void AnalysisPanel::show(const AnalysisResult& r)
{
    result_ = r;
    const linear::LinearSystem& sys = r.system;
    QString point = sys.steady ? tr("the steady state") : sys.time == 0 && r.request.point == AnalysisRequest::Point::Initial
                                                              ? tr("the initial state")
                                                              : tr("t = %1 s").arg(number(sys.time, 6));
    if (sys.steady && r.request.point == AnalysisRequest::Point::AtTime)
        point += tr(" (searched from t = %1 s)").arg(number(sys.time, 6));
    summary_->setText(tr("Linearized at %1: %n states, ", "", static_cast<int>(sys.states.size())).arg(point) +
                      tr("%n modes. Select a mode for its shape.", "", static_cast<int>(r.modes.size())));

    modes_->setRowCount(static_cast<int>(r.modes.size()));
    for (int i = 0; i < static_cast<int>(r.modes.size()); ++i) {
        const linear::Mode& m = r.modes[static_cast<size_t>(i)];
        const QString kind = m.rigid ? tr("rigid") : m.constraint ? tr("constraint") : QString();
        modes_->setItem(i, 0, cell(QString::number(i + 1) + (kind.isEmpty() ? QString() : QStringLiteral(" (") + kind + QLatin1Char(')'))));
        modes_->setItem(i, 1, cell(number(m.frequencyHz)));
        modes_->setItem(i, 2, cell(number(m.dampedFrequencyHz)));
        modes_->setItem(i, 3, cell(number(m.dampingRatio, 3)));
        const QString label = QString::fromStdString(m.label);
        const int colon = label.indexOf(QLatin1Char(':'));
        modes_->setItem(i, 4, cell(colon >= 0 ? label.mid(colon + 2) : QString()));
    }
    modes_->resizeColumnsToContents();
    // The first mode that rings (or the first) selected, its shape shown.
    int first = 0;
    for (int i = 0; i < static_cast<int>(r.modes.size()); ++i)
        if (!r.modes[static_cast<size_t>(i)].rigid && !r.modes[static_cast<size_t>(i)].constraint) {
            first = i;
            break;
        }
    if (!r.modes.empty())
        modes_->setCurrentCell(first, 0);
    showMode(r.modes.empty() ? -1 : first);

    if (r.bode) {
        bodeNote_->setText(tr("From each input to each output; dashed: the natural frequencies."));
        magnitude_->setData(bodeMagnitudeChart(*r.bode));
        phase_->setData(bodePhaseChart(*r.bode));
    } else {
        bodeNote_->setText(tr("No frequency response: Linearize… with an input (a flange, or a Real input) and an output."));
        magnitude_->setData(nothing(tr("No frequency response")));
        phase_->setData(nothing(tr("No frequency response")));
    }
    crossings_->setRowCount(0);
    if (r.campbell) {
        campbellNote_->setText(tr("A drive line's natural frequencies do not change with its speed: each order line "
                                  "meets each mode once, at a critical speed."));
        campbell_->setData(campbellChart(*r.campbell));
        crossings_->setRowCount(static_cast<int>(r.campbell->crossings.size()));
        for (int i = 0; i < static_cast<int>(r.campbell->crossings.size()); ++i) {
            const auto& x = r.campbell->crossings[static_cast<size_t>(i)];
            crossings_->setItem(i, 0, cell(number(x.order)));
            crossings_->setItem(i, 1, cell(number(x.frequencyHz)));
            crossings_->setItem(i, 2, cell(QString::number(x.rpm, 'f', 0)));
            crossings_->setItem(i, 3, cell(QString::fromStdString(x.mode)));
        }
        crossings_->resizeColumnsToContents();
        response_->setData(r.campbell->responses.empty() ? nothing(tr("No forced response: Linearize… with an input and an output."))
                                                         : orderResponseChart(*r.campbell));
    } else {
        campbellNote_->setText(tr("No critical speeds: Linearize… with excitation orders and the shaft they are of."));
        campbell_->setData(nothing(tr("No critical speeds")));
        response_->setData(nothing(tr("No critical speeds")));
    }
}

void AnalysisPanel::showMode(int row)
{
    if (!result_ || row < 0 || row >= static_cast<int>(result_->modes.size())) {
        shape_->setData(nothing(result_ ? tr("Select a mode for its shape") : tr("No result yet")));
        emit modeSelected({});
        return;
    }
    const linear::Mode& m = result_->modes[static_cast<size_t>(row)];
    shape_->setData(modeShapeChart(m));
    emit modeSelected(m.shape);
}

} // namespace flange::ui
