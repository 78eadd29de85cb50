#pragma once
// The pace of a Tune drag's runs. Every value a drag previews would start a run that
// cancels the one in flight; at the mouse's 60 moves a second a run of 30 ms never ended
// and the plots showed only beginnings. The pacer lets a run go on until it ends or has
// run `intervalMs`, holding the newest value meanwhile (the document has it already), and
// then starts that one, which cancels the run if it is still going. Runs shorter than the
// interval are all drawn whole; longer ones are cancelled for the newest value.
#include <QElapsedTimer>
#include <QObject>

#include <functional>

class QTimer;

namespace flange::ui {

class RunPacer : public QObject {
    Q_OBJECT
public:
    // `running`: whether a run is in flight; `start`: starts one with the document as it is.
    RunPacer(std::function<bool()> running, std::function<void()> start, int intervalMs, QObject* parent = nullptr);

    // A new value: runs now, or once the run in flight ends or has run the interval.
    void request();
    // The run in flight ended: a value held meanwhile runs now.
    void runEnded();
    // The value held, if any, runs now (the slider released).
    void flush();
    bool holding() const { return holding_; }

private:
    void startNow();

    std::function<bool()> running_;
    std::function<void()> start_;
    int intervalMs_;
    QTimer* wait_;
    QElapsedTimer sinceStart_;
    bool holding_ = false;
};

} // namespace flange::ui
