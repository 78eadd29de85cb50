#pragma once
// The messages panel under the canvas: what went wrong (or right) when opening, saving,
// loading the library or simulating, newest last, with a severity icon and the time. A
// message about components carries their names; clicking it selects them on the canvas.
// It keeps the newest kMostMessages, as a console keeps its scrollback: the list lays out
// every line again at each one added (the lines wrap), about 11 us a line, so a long
// session of re-runs (one line each) would make every run slower.
#include <QWidget>

class QListWidget;

namespace flange::ui {

class MessagesPanel : public QWidget {
    Q_OBJECT
public:
    enum class Severity { Info, Warning, Error };
    static constexpr int kMostMessages = 200;

    explicit MessagesPanel(QWidget* parent = nullptr);

    void add(Severity severity, const QString& text, const QStringList& instances = {});
    void info(const QString& text) { add(Severity::Info, text); }
    void warning(const QString& text) { add(Severity::Warning, text); }
    void error(const QString& text) { add(Severity::Error, text); }
    void clear();

    QStringList messages() const;
    // The components the message in `row` concerns; for tests and scripted use.
    QStringList instancesAt(int row) const;
    // Acts as a click on the message in `row`.
    void activate(int row);
    // Errors added since the last clear(), including any that scrolled out.
    int errorCount() const { return errors_; }
    // Room for kLinesShown lines of text, a failure's message and its largest residuals, and
    // never less than kFewestLines: the window's first layout gives a dock its minimum,
    // which was three lines.
    static constexpr int kLinesShown = 8, kFewestLines = 5;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // An error arrived: the window may want to raise the panel.
    void errorAdded();
    // A message naming components was clicked.
    void instancesActivated(const QStringList& instances);

protected:
    void showEvent(QShowEvent* event) override;

private:
    QListWidget* list_;
    int errors_ = 0;
};

} // namespace flange::ui
