#include "ui/sweep/sweep_session.hpp"

namespace flange::ui {

void SweepSession::begin(std::shared_ptr<const SweepJob> job)
{
    job_ = std::move(job);
    records_.clear();
    records_.reserve(plannedRuns());
    running_ = true;
    cancelled_ = false;
    error_.clear();
    emit begun();
}

void SweepSession::add(const SweepRunRecord& record)
{
    records_.push_back(record);
    emit recordAdded(static_cast<int>(records_.size()) - 1);
}

void SweepSession::end(bool cancelled, const QString& error)
{
    running_ = false;
    cancelled_ = cancelled;
    error_ = error;
    emit ended();
}

QStringList SweepSession::parameterNames() const
{
    QStringList out;
    if (job_)
        for (const std::string& p : job_->plan.parameters)
            out << QString::fromStdString(p);
    return out;
}

QStringList SweepSession::metricNames() const
{
    QStringList out;
    if (job_)
        for (const sweep::MetricDefinition& m : job_->definition.metrics)
            out << QString::fromStdString(m.name);
    return out;
}

bool SweepSession::isDrawn(int p) const
{
    return job_ && p >= 0 && static_cast<size_t>(p) < job_->definition.vary.size() &&
           job_->definition.vary[static_cast<size_t>(p)].isDraw();
}

bool SweepSession::isLogRange(int p) const
{
    return job_ && p >= 0 && static_cast<size_t>(p) < job_->definition.vary.size() &&
           job_->definition.vary[static_cast<size_t>(p)].kind == sweep::Variation::Kind::LogRange;
}

} // namespace flange::ui
