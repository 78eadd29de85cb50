#pragma once
// One sweep in the window: its job (plan, metrics) and the runs finished so far, in the
// order they finished. The table and the charts read it; a backend fills it.
#include "ui/sweep/sweep_backend.hpp"

#include <QObject>
#include <QStringList>

#include <optional>

namespace flange::ui {

class SweepSession : public QObject {
    Q_OBJECT
public:
    explicit SweepSession(QObject* parent = nullptr) : QObject(parent) {}

    // A new sweep: forgets the runs of the last one.
    void begin(std::shared_ptr<const SweepJob> job);
    void add(const SweepRunRecord& record);
    void end(bool cancelled, const QString& error);

    const SweepJob* job() const { return job_.get(); }
    std::shared_ptr<const SweepJob> sharedJob() const { return job_; }
    size_t plannedRuns() const { return job_ ? job_->plan.runs() : 0; }
    const std::vector<SweepRunRecord>& records() const { return records_; }
    bool isRunning() const { return running_; }
    bool wasCancelled() const { return cancelled_; }
    QString error() const { return error_; }

    QStringList parameterNames() const;
    QStringList metricNames() const;
    // The value of varied parameter `p` in plan run `run`.
    double parameterValue(size_t run, int p) const { return job_->plan.values[run][static_cast<size_t>(p)]; }
    // Whether parameter `p` is drawn (uniform, normal) rather than listed or ranged.
    bool isDrawn(int p) const;
    // Whether parameter `p` was given as a log range.
    bool isLogRange(int p) const;

signals:
    void begun();
    void recordAdded(int index);
    void ended();

private:
    std::shared_ptr<const SweepJob> job_;
    std::vector<SweepRunRecord> records_;
    bool running_ = false, cancelled_ = false;
    QString error_;
};

} // namespace flange::ui
