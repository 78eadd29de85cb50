#pragma once
// A sweep on this computer's cores: the engine's runner (sweep::runSweep) on a thread of
// its own, with a worker per core; each run's chosen signals are kept for the overlay
// curves, and each finished run is posted to the GUI thread as it finishes.
#include "ui/sweep/sweep_backend.hpp"

#include <atomic>
#include <thread>

namespace flange::ui {

class LocalSweepBackend : public SweepBackend {
    Q_OBJECT
public:
    explicit LocalSweepBackend(QObject* parent = nullptr, unsigned jobs = 0);
    ~LocalSweepBackend() override; // cancels and waits

    void start(std::shared_ptr<const SweepJob> job) override;
    void cancel() override;
    bool isRunning() const override { return running_; }

private:
    void join();

    unsigned jobs_;
    std::thread thread_;
    std::shared_ptr<std::atomic<bool>> cancel_;
    bool running_ = false;
};

} // namespace flange::ui
