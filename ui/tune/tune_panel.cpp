#include "ui/tune/tune_panel.hpp"

#include "engine/api/results.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"
#include "ui/parameters/live_parameter_session.hpp"
#include "ui/parameters/value_parsing.hpp"
#include "ui/tune/tune_target.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace flange::ui::tune {

namespace {

QString withUnit(double v, const std::string& unit)
{
    QString s = QString::fromStdString(io::shortestNumber(v));
    if (!unit.empty())
        s += QLatin1Char(' ') + QString::fromStdString(unit);
    return s;
}

// Six significant digits: a track of 1000 positions sets nothing finer, and the file and
// the undo text read "3162.28", not "3162.2776601683795".
double rounded(double v) { return v == 0 ? 0 : std::stod(QString::number(v, 'g', 6).toStdString()); }

} // namespace

struct TunePanel::Row {
    QString name;
    TuneRange range;
    std::optional<TuneTarget> target; // nothing while the diagram lacks it (component removed)
    QWidget* box = nullptr;
    QLabel* value = nullptr;
    QLineEdit* min = nullptr;
    QLineEdit* max = nullptr;
    QCheckBox* log = nullptr;
    QSlider* slider = nullptr;
    std::unique_ptr<LiveParameterSession> session; // while the slider is held
};

TunePanel::TunePanel(DiagramEditor& editor, QWidget* parent) : QWidget(parent), editor_(editor)
{
    add_ = new QComboBox(this);
    add_->setEditable(true);
    add_->setInsertPolicy(QComboBox::NoInsert);
    add_->lineEdit()->setPlaceholderText(tr("parameter, e.g. spring.c"));
    add_->setMinimumContentsLength(8);
    add_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    add_->setToolTip(tr("A parameter (spring.c) or a start value (inertia1.w.start) to tune with a slider"));
    auto* addButton = new QPushButton(tr("Add"), this);
    connect(addButton, &QPushButton::clicked, this, [this] { addSlider(add_->currentText()); });
    connect(add_->lineEdit(), &QLineEdit::returnPressed, this, [this] { addSlider(add_->currentText()); });

    message_ = new QLabel(this);
    message_->setWordWrap(true);
    message_->setStyleSheet(QStringLiteral("color: #c0392b"));
    message_->hide();

    auto* rows = new QWidget;
    rowsLayout_ = new QVBoxLayout(rows);
    rowsLayout_->setContentsMargins(0, 0, 0, 0);
    rowsLayout_->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(rows);

    auto* top = new QHBoxLayout;
    top->addWidget(add_, 1);
    top->addWidget(addButton);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(message_);
    layout->addWidget(scroll, 1);

    DiagramDocument& doc = editor_.document();
    connect(&doc, &DiagramDocument::componentChanged, this, &TunePanel::syncPositions);
    for (auto signal : {&DiagramDocument::componentAdded, &DiagramDocument::componentRemoved})
        connect(&doc, signal, this, [this] {
            refillChoices();
            syncPositions();
        });
    connect(&doc, &DiagramDocument::componentRenamed, this, [this] {
        refillChoices();
        syncPositions();
    });
    connect(&doc, &DiagramDocument::diagramReset, this, &TunePanel::reloadFromDocument);
    reloadFromDocument();
}

TunePanel::~TunePanel() = default;

int TunePanel::sliderCount() const { return static_cast<int>(rows_.size()); }
QSlider* TunePanel::slider(int index) const { return rows_.at(static_cast<size_t>(index))->slider; }
QString TunePanel::sliderName(int index) const { return rows_.at(static_cast<size_t>(index))->name; }
TuneRange TunePanel::range(int index) const { return rows_.at(static_cast<size_t>(index))->range; }
QString TunePanel::valueText(int index) const { return rows_.at(static_cast<size_t>(index))->value->text(); }
QString TunePanel::message() const { return message_->text(); }

QStringList TunePanel::choices() const
{
    QStringList out;
    for (int i = 0; i < add_->count(); ++i)
        out << add_->itemText(i);
    return out;
}

int TunePanel::indexOf(const Row* row) const
{
    for (size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].get() == row)
            return static_cast<int>(i);
    return -1;
}

void TunePanel::showMessage(const QString& text)
{
    message_->setText(text);
    message_->setVisible(!text.isEmpty());
}

QString TunePanel::addSlider(const QString& name)
{
    QString reason;
    const std::optional<TuneTarget> target = resolveTarget(editor_.document(), name, &reason);
    if (!target) {
        showMessage(reason);
        return reason;
    }
    for (const auto& r : rows_)
        if (r->name == target->name) {
            reason = tr("%1 has a slider already").arg(target->name);
            showMessage(reason);
            return reason;
        }
    const std::optional<double> now = currentValue(editor_.document(), *target);
    if (!now) {
        reason = tr("%1: its value is no number (an expression?): type a number in the parameter dialog first")
                     .arg(target->name);
        showMessage(reason);
        return reason;
    }
    makeRow(target->name, defaultRange(*now));
    add_->clearEditText();
    showMessage({});
    store();
    return {};
}

TunePanel::Row* TunePanel::makeRow(const QString& name, const TuneRange& range)
{
    auto row = std::make_unique<Row>();
    Row* r = row.get();
    r->name = name;
    r->range = range;
    r->target = resolveTarget(editor_.document(), name, nullptr);

    r->box = new QWidget;
    auto* grid = new QGridLayout(r->box);
    grid->setContentsMargins(0, 4, 0, 4);
    auto* title = new QLabel(QStringLiteral("<b>%1</b>").arg(name.toHtmlEscaped()), r->box);
    r->value = new QLabel(r->box);
    r->value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto* remove = new QToolButton(r->box);
    remove->setText(QStringLiteral("✕"));
    remove->setToolTip(tr("Remove this slider (the value stays)"));
    remove->setAutoRaise(true);
    r->min = new QLineEdit(r->box);
    r->max = new QLineEdit(r->box);
    r->min->setToolTip(tr("Lower end of the slider, with a unit if you like"));
    r->max->setToolTip(tr("Upper end of the slider, with a unit if you like"));
    r->log = new QCheckBox(tr("log"), r->box);
    r->log->setToolTip(tr("Equal ratios along the track (both ends above 0)"));
    r->slider = new QSlider(Qt::Horizontal, r->box);
    r->slider->setRange(0, kSteps);
    r->slider->setMinimumWidth(80);
    // Three lines, so the dock stays as narrow as the Variables dock beside it: the name
    // and value, the track, its ends.
    grid->addWidget(title, 0, 0);
    grid->addWidget(r->value, 0, 1);
    grid->addWidget(remove, 0, 2);
    grid->addWidget(r->slider, 1, 0, 1, 3);
    auto* ends = new QHBoxLayout;
    ends->addWidget(r->min, 1);
    ends->addWidget(r->max, 1);
    ends->addWidget(r->log);
    grid->addLayout(ends, 2, 0, 1, 3);
    grid->setColumnStretch(1, 1);

    rowsLayout_->insertWidget(rowsLayout_->count() - 1, r->box);
    rows_.push_back(std::move(row));

    connect(r->slider, &QSlider::sliderPressed, this, [this, r] {
        if (!r->target || !atTopLevel())
            return;
        r->session = std::make_unique<LiveParameterSession>(editor_, r->target->component);
        emit dragStarted();
    });
    connect(r->slider, &QSlider::valueChanged, this, [this, r](int position) { moved(r, position); });
    connect(r->slider, &QSlider::sliderReleased, this, [this, r] { released(r); });
    auto retype = [this, r] {
        const int i = indexOf(r);
        if (i >= 0)
            setRange(i, r->min->text(), r->max->text(), r->log->isChecked());
    };
    connect(r->min, &QLineEdit::editingFinished, this, retype);
    connect(r->max, &QLineEdit::editingFinished, this, retype);
    connect(r->log, &QCheckBox::toggled, this, retype);
    connect(remove, &QToolButton::clicked, this, [this, r] {
        const int i = indexOf(r);
        if (i >= 0)
            removeSlider(i);
    });
    syncPositions();
    return r;
}

void TunePanel::removeSlider(int index)
{
    if (index < 0 || index >= sliderCount())
        return;
    std::unique_ptr<Row> row = std::move(rows_[static_cast<size_t>(index)]);
    rows_.erase(rows_.begin() + index);
    row->session.reset(); // a drag in progress leaves the value as it was
    row->box->deleteLater();
    store();
}

QString TunePanel::setRange(int index, const QString& minText, const QString& maxText, bool log)
{
    if (index < 0 || index >= sliderCount())
        return {};
    Row* r = rows_[static_cast<size_t>(index)].get();
    const std::string unit = r->target ? r->target->unit : std::string();
    QString reason;
    const std::optional<double> lo = parseNumberIn(tr("%1 min").arg(r->name), minText, unit, &reason);
    std::optional<double> hi;
    if (lo)
        hi = parseNumberIn(tr("%1 max").arg(r->name), maxText, unit, &reason);
    TuneRange range{lo.value_or(0), hi.value_or(0), log};
    if (lo && hi)
        if (std::optional<QString> problem = rangeProblem(r->name, range))
            reason = *problem;
    if (!lo || !hi || !reason.isEmpty()) {
        showMessage(reason);
        return reason;
    }
    showMessage({});
    const bool changed = !(range == r->range);
    r->range = range;
    syncPositions();
    if (changed)
        store();
    return {};
}

bool TunePanel::atTopLevel()
{
    // The editor edits the level shown; a slider's component is at the top level, and a
    // component of a subsystem may have its name.
    if (editor_.document().levelPath().isEmpty())
        return true;
    showMessage(tr("Sliders set the top level's components: go back to the top level first"));
    return false;
}

void TunePanel::moved(Row* r, int position)
{
    if (syncing_ || !r->target)
        return;
    if (!atTopLevel()) {
        syncPositions(); // the slider back where the value is
        return;
    }
    const diagram::Component* c = editor_.document().component(r->target->component);
    if (!c)
        return;
    const double v = rounded(valueAt(r->range, static_cast<double>(position) / kSteps));
    r->value->setText(withUnit(v, r->target->unit));
    const auto [parameters, variables] = settingsWith(*c, *r->target, v);
    if (r->session) {
        r->session->preview(parameters, variables);
        emit valuePreviewed();
    } else if (editor_.setSettings(r->target->component, parameters, variables)) {
        emit valueKept(); // a key, the wheel or a click on the track: a step of its own
    }
}

void TunePanel::released(Row* r)
{
    if (!r->session)
        return;
    std::unique_ptr<LiveParameterSession> session = std::move(r->session);
    if (const diagram::Component* c = editor_.document().component(r->target->component)) {
        const auto [parameters, variables] = settingsWith(*c, *r->target, rounded(valueAt(r->range, static_cast<double>(r->slider->value()) / kSteps)));
        session->accept(parameters, variables);
        emit valueKept();
    }
}

void TunePanel::syncPositions()
{
    syncing_ = true;
    for (const auto& r : rows_) {
        if (r->session)
            continue; // the hand on the slider decides
        r->target = resolveTarget(editor_.document(), r->name, nullptr);
        const std::string unit = r->target ? r->target->unit : std::string();
        r->min->setText(withUnit(r->range.min, unit));
        r->max->setText(withUnit(r->range.max, unit));
        {
            const QSignalBlocker quiet(r->log);
            r->log->setChecked(r->range.log);
        }
        const std::optional<double> now = r->target ? currentValue(editor_.document(), *r->target) : std::nullopt;
        r->slider->setEnabled(now.has_value());
        if (now) {
            r->slider->setValue(static_cast<int>(std::lround(fractionOf(r->range, *now) * kSteps)));
            r->value->setText(withUnit(*now, unit));
        } else {
            r->value->setText(r->target ? tr("not a number") : tr("not in the diagram"));
        }
    }
    syncing_ = false;
}

void TunePanel::refillChoices()
{
    const QString typed = add_->currentText();
    add_->clear();
    add_->addItems(tunableNames(editor_.document()));
    add_->setCurrentText(typed);
}

diagram::Json TunePanel::toJson() const
{
    diagram::Json out = diagram::Json::array();
    for (const auto& r : rows_)
        out.push_back({{"name", r->name.toStdString()}, {"min", r->range.min}, {"max", r->range.max}, {"log", r->range.log}});
    return out;
}

QString TunePanel::loadFromJson(const diagram::Json& tune)
{
    while (!rows_.empty()) {
        rows_.back()->box->deleteLater();
        rows_.pop_back();
    }
    QStringList problems;
    if (tune.is_array()) {
        for (const diagram::Json& s : tune) {
            if (!s.is_object() || !s.contains("name") || !s["name"].is_string() || !s.contains("min") ||
                !s["min"].is_number() || !s.contains("max") || !s["max"].is_number()) {
                problems << tr("a slider without name, min and max");
                continue;
            }
            const QString name = QString::fromStdString(s["name"].get<std::string>());
            const TuneRange range{s["min"].get<double>(), s["max"].get<double>(),
                                  s.contains("log") && s["log"].is_boolean() && s["log"].get<bool>()};
            if (std::optional<QString> problem = rangeProblem(name, range)) {
                problems << *problem;
                continue;
            }
            makeRow(name, range);
        }
    } else if (!tune.is_null()) {
        problems << tr("\"tune\" is not a list");
    }
    const QString text = problems.isEmpty() ? QString() : tr("Sliders left out: %1").arg(problems.join(QStringLiteral("; ")));
    showMessage(text);
    return text;
}

void TunePanel::reloadFromDocument()
{
    refillChoices();
    const diagram::Json& plot = editor_.document().rootDiagram().plot;
    loadFromJson(plot.is_object() && plot.contains("tune") ? plot["tune"] : diagram::Json());
}

void TunePanel::store()
{
    diagram::Json plot = editor_.document().rootDiagram().plot;
    if (!plot.is_object())
        plot = diagram::Json::object();
    if (rows_.empty())
        plot.erase("tune");
    else
        plot["tune"] = toJson();
    editor_.document().setPlot(plot);
}

} // namespace flange::ui::tune
