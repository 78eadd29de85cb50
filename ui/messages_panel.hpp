#pragma once
// The messages panel under the canvas: what went wrong (or right) when opening, saving
// or loading the library, newest last, with a severity icon and the time.
#include <QWidget>

class QListWidget;

namespace flange::ui {

class MessagesPanel : public QWidget {
    Q_OBJECT
public:
    enum class Severity { Info, Warning, Error };

    explicit MessagesPanel(QWidget* parent = nullptr);

    void add(Severity severity, const QString& text);
    void info(const QString& text) { add(Severity::Info, text); }
    void warning(const QString& text) { add(Severity::Warning, text); }
    void error(const QString& text) { add(Severity::Error, text); }
    void clear();

    QStringList messages() const;
    int errorCount() const { return errors_; }

signals:
    // An error arrived: the window may want to raise the panel.
    void errorAdded();

private:
    QListWidget* list_;
    int errors_ = 0;
};

} // namespace flange::ui
