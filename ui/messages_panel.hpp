#pragma once
// The messages panel under the canvas: what went wrong (or right) when opening, saving,
// loading the library or simulating, newest last, with a severity icon and the time. A
// message about components carries their names; clicking it selects them on the canvas.
#include <QWidget>

class QListWidget;

namespace flange::ui {

class MessagesPanel : public QWidget {
    Q_OBJECT
public:
    enum class Severity { Info, Warning, Error };

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
    int errorCount() const { return errors_; }

signals:
    // An error arrived: the window may want to raise the panel.
    void errorAdded();
    // A message naming components was clicked.
    void instancesActivated(const QStringList& instances);

private:
    QListWidget* list_;
    int errors_ = 0;
};

} // namespace flange::ui
