#pragma once
// The Tune dock's content: sliders on numeric parameters and start values. Dragging a
// slider writes each value into the document through a LiveParameterSession (no undo
// entry) and says valuePreviewed, so the window runs it at once; releasing keeps the
// value as one undo step. A step by key, wheel or click on the track is an undo step of
// its own. The sliders (target, range, scale) are saved in the diagram's "plot" key as
// "tune": [{"name": "spring.c", "min": 1e3, "max": 1e5, "log": true}], in the target's
// unit; ranges are typed as values are in the parameter dialog ("10 kN/m", "5 deg").
#include "engine/api/diagram.hpp"
#include "ui/tune/tune_scale.hpp"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QSlider;
class QVBoxLayout;
QT_END_NAMESPACE

namespace flange::ui {
class DiagramEditor;
}

namespace flange::ui::tune {

class TunePanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kSteps = 1000; // positions of a slider's track

    explicit TunePanel(DiagramEditor& editor, QWidget* parent = nullptr);
    ~TunePanel() override;

    // A slider on `name` ("spring.c", "inertia1.w.start") with the default range around its
    // value now (tune_scale.hpp); the refusal, also shown in the panel, or an empty string.
    QString addSlider(const QString& name);
    // A new range typed as the dialog reads values ("1 kN.m/rad", "1e5"); refused (and the
    // range kept) with the message naming the field.
    QString setRange(int index, const QString& minText, const QString& maxText, bool log);
    void removeSlider(int index);

    int sliderCount() const;
    QSlider* slider(int index) const;
    QString sliderName(int index) const;
    TuneRange range(int index) const;
    QString valueText(int index) const;  // the value shown beside the slider
    QString message() const;             // the last refusal shown, empty when none
    QStringList choices() const;         // what the add box offers

    diagram::Json toJson() const;
    // Sliders from the diagram's "tune" entry; one that cannot be read is left out and said.
    QString loadFromJson(const diagram::Json& tune);

signals:
    void dragStarted();
    void valuePreviewed(); // the document shows a dragged value, off the undo stack
    void valueKept();      // a value became an undo step

private:
    struct Row;
    Row* makeRow(const QString& name, const TuneRange& range);
    void moved(Row* row, int position);
    void released(Row* row);
    void syncPositions();
    void refillChoices();
    void reloadFromDocument();
    void store();
    void showMessage(const QString& text);
    bool atTopLevel(); // says why not when it is not
    int indexOf(const Row* row) const;

    DiagramEditor& editor_;
    QComboBox* add_;
    QLabel* message_;
    QVBoxLayout* rowsLayout_;
    std::vector<std::unique_ptr<Row>> rows_;
    bool syncing_ = false;
};

} // namespace flange::ui::tune
