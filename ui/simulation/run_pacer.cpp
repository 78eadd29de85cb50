#include "ui/simulation/run_pacer.hpp"

#include <QTimer>

#include <algorithm>

namespace flange::ui {

RunPacer::RunPacer(std::function<bool()> running, std::function<void()> start, int intervalMs, QObject* parent)
    : QObject(parent), running_(std::move(running)), start_(std::move(start)), intervalMs_(intervalMs)
{
    wait_ = new QTimer(this);
    wait_->setSingleShot(true);
    connect(wait_, &QTimer::timeout, this, [this] {
        if (holding_)
            startNow();
    });
}

void RunPacer::request()
{
    if (!running_() || !sinceStart_.isValid() || sinceStart_.elapsed() >= intervalMs_) {
        startNow();
        return;
    }
    holding_ = true;
    if (!wait_->isActive())
        wait_->start(static_cast<int>(std::max<qint64>(0, intervalMs_ - sinceStart_.elapsed())));
}

void RunPacer::runEnded()
{
    if (holding_)
        startNow();
}

void RunPacer::flush()
{
    if (holding_)
        startNow();
}

void RunPacer::startNow()
{
    holding_ = false;
    wait_->stop();
    sinceStart_.start();
    start_();
}

} // namespace flange::ui
