#include "ui/sweep/slurm_sweep_backend.hpp"


#include "engine/api/about.hpp"
#include "engine/api/errors.hpp"
#include "engine/api/slurm_sweep.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>

#include <cmath>
#include <map>
#include <optional>

namespace flange::ui {

namespace {

// sbatch and scancel are started without a shell: no path or value is re-read by one.
QString runProgram(const QString& program, const QStringList& args, const QString& dir, QString* error)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    p.start(program, args);
    if (!p.waitForStarted(10'000)) {
        *error = program + QStringLiteral(": ") + p.errorString();
        return {};
    }
    p.closeWriteChannel();
    if (!p.waitForFinished(120'000)) {
        p.kill();
        p.waitForFinished();
        *error = program + QObject::tr(": no answer in 120 s");
        return {};
    }
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        const QString err = QString::fromLocal8Bit(p.readAllStandardError()).trimmed();
        *error = program + QStringLiteral(": ") + (err.isEmpty() ? QObject::tr("exit status %1").arg(p.exitCode()) : err);
        return {};
    }
    return QString::fromLocal8Bit(p.readAllStandardOutput()).trimmed();
}

// The fields of a CSV line as the sweep folder writes them: text in double quotes with ""
// for a quote, numbers bare.
std::vector<std::string> csvFields(const std::string& line)
{
    std::vector<std::string> out(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                out.back() += line[++i];
            else if (c == '"')
                quoted = false;
            else
                out.back() += c;
        } else if (c == '"')
            quoted = true;
        else if (c == ',')
            out.emplace_back();
        else if (c != '\n' && c != '\r')
            out.back() += c;
    }
    return out;
}

// The array tasks of the user's jobs that may still run, by job id; nullopt when squeue
// cannot be asked (not a submission host, the controller down).
std::optional<std::map<std::string, std::set<size_t>>> queuedTasks()
{
    QString error;
    const QString out = runProgram(QStringLiteral("squeue"),
                                   {QStringLiteral("-h"), QStringLiteral("-r"), QStringLiteral("--me"), QStringLiteral("-o"),
                                    QStringLiteral("%F %K %T")},
                                   {}, &error);
    if (!error.isEmpty())
        return std::nullopt;
    std::map<std::string, std::set<size_t>> queued;
    for (const auto& [job, tasks] : sweep::parseSqueue(out.toStdString()))
        for (const auto& [task, state] : tasks)
            if (sweep::stillQueued(state))
                queued[job].insert(task);
    return queued;
}

// Why runs are missing once no task runs: the first task that failed and its log's last
// line, else the tasks that ended without finishing.
QString whyMissing(const std::filesystem::path& dir)
{
    const auto jobs = sweep::readJobIds(dir);
    if (jobs.empty())
        return QObject::tr("the sweep's script was never submitted");
    for (const sweep::Batch& b : sweep::readBatches(dir))
        for (size_t t = 0; t < b.tasks; ++t)
            if (const std::optional<int> exit = sweep::taskExit(dir, b.number, t); exit && *exit != 0) {
                QFile log(QString::fromStdString(sweep::taskLog(dir, b.number, t).string()));
                QString last;
                if (log.open(QIODevice::ReadOnly))
                    last = QString::fromLocal8Bit(log.readAll()).trimmed().section(QLatin1Char('\n'), -1);
                return QObject::tr("task %1 of batch %2 failed with exit status %3: %4").arg(t).arg(b.number).arg(*exit).arg(last);
            }
    return QObject::tr("tasks ended without finishing them: cancelled, a time limit or a node failure");
}

} // namespace

sweep::RunResult runFromCsvLine(const std::string& line, size_t parameters, size_t metrics)
{
    const std::vector<std::string> f = csvFields(line);
    if (f.size() != 1 + parameters + metrics + 3)
        throw badInput("runs.csv: '" + line + "' has " + std::to_string(f.size()) + " fields, not " +
                       std::to_string(1 + parameters + metrics + 3));
    auto number = [&](const std::string& s) -> double {
        if (s.empty())
            return NAN;
        bool ok = false;
        const double v = QString::fromStdString(s).toDouble(&ok);
        if (!ok)
            throw badInput("runs.csv: '" + s + "' in '" + line + "' is not a number");
        return v;
    };
    sweep::RunResult r;
    r.run = static_cast<size_t>(number(f[0]));
    for (size_t m = 0; m < metrics; ++m)
        r.metrics.push_back(number(f[1 + parameters + m]));
    r.status = f[1 + parameters + metrics];
    r.message = f[2 + parameters + metrics];
    r.seconds = number(f[3 + parameters + metrics]);
    return r;
}

SlurmSweepBackend::SlurmSweepBackend(SlurmChoice choice, QObject* parent)
    : SweepBackend(parent), choice_(std::move(choice)), poll_(new QTimer(this))
{
    qRegisterMetaType<SweepRunRecord>();
    poll_->setInterval(kPollMs);
    connect(poll_, &QTimer::timeout, this, &SlurmSweepBackend::poll);
}

SlurmSweepBackend::~SlurmSweepBackend() = default; // the array job goes on without the window

QString SlurmSweepBackend::unavailableReason()
{
    return QStandardPaths::findExecutable(QStringLiteral("sbatch")).isEmpty() ? tr("sbatch is not on PATH") : QString();
}

void SlurmSweepBackend::start(std::shared_ptr<const SweepJob> job)
{
    job_ = std::move(job);
    reported_.clear();
    missing_.clear();
    jobId_.clear();
    running_ = true;
    try {
        dir_ = std::filesystem::absolute(choice_.folder.toStdString()).lexically_normal();
        sweep::SlurmSetup setup;
        setup.flangeVersion = about::flangeVersion();
        setup.flangeSim = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("flange-sim")).toStdString();
        setup.stopTime = job_->options.stopTime;
        setup.interval = job_->options.interval;
        setup.tolerance = job_->options.tolerance;
        setup.slurm = {choice_.partition.toStdString(), {}, choice_.timeLimit.toStdString(),
                       static_cast<size_t>(std::max(1, choice_.tasks))};
        for (const QString& folder : choice_.libraryFolders)
            setup.library.push_back(std::filesystem::absolute(folder.toStdString()).lexically_normal().string());
        // The engine writes the diagram's copy, with its data files, that the tasks read.
        const std::filesystem::path script = sweep::writeSlurmSweep(job_->definition, job_->model, *job_->library, setup,
                                                                    dir_, sweep::kDefaultMaxArraySize);
        QString error;
        const QString out = runProgram(QStringLiteral("sbatch"), {QStringLiteral("--parsable"), QString::fromStdString(script.string())},
                                       QString::fromStdString(dir_.string()), &error);
        if (!error.isEmpty())
            throw badInput("the cluster did not take the job (" + dir_.string() + " is written, nothing runs): " +
                           error.toStdString());
        jobId_ = out.section(QLatin1Char(';'), 0, 0);
        sweep::writeJobId(dir_, 0, jobId_.toStdString());
    } catch (const std::exception& e) {
        finish(false, QString::fromStdString(e.what()));
        return;
    }
    follow();
}

void SlurmSweepBackend::reattach(std::shared_ptr<const SweepJob> job)
{
    job_ = std::move(job);
    dir_ = std::filesystem::absolute(choice_.folder.toStdString()).lexically_normal();
    reported_.clear();
    missing_.clear();
    jobId_.clear();
    running_ = true;
    try {
        const auto jobs = sweep::readJobIds(dir_);
        if (!jobs.empty())
            jobId_ = QString::fromStdString(jobs.rbegin()->second);
    } catch (const std::exception& e) {
        finish(false, QString::fromStdString(e.what()));
        return;
    }
    follow();
}

bool SlurmSweepBackend::resume(QString* error)
{
    if (running_ || !job_) {
        *error = running_ ? tr("the sweep is still running") : tr("no sweep to resume");
        return false;
    }
    try {
        // sweep-resume's batch: the runs in no task file, nothing computed again.
        const auto script = sweep::writeResumeBatch(dir_, std::nullopt, sweep::kDefaultMaxArraySize);
        if (!script) {
            *error = tr("no run is missing");
            return false;
        }
        const size_t batch = sweep::readBatches(dir_).size() - 1;
        QString failed;
        const QString out = runProgram(QStringLiteral("sbatch"), {QStringLiteral("--parsable"), QString::fromStdString(script->string())},
                                       QString::fromStdString(dir_.string()), &failed);
        if (!failed.isEmpty())
            throw badInput(failed.toStdString());
        jobId_ = out.section(QLatin1Char(';'), 0, 0);
        sweep::writeJobId(dir_, batch, jobId_.toStdString());
    } catch (const std::exception& e) {
        *error = QString::fromStdString(e.what());
        return false;
    }
    missing_.clear();
    return true;
}

void SlurmSweepBackend::follow()
{
    poll_->start();
    poll(); // a quick cluster (or sbatch running the tasks itself) may have finished some
}

void SlurmSweepBackend::poll()
{
    if (!running_)
        return;
    try {
        const size_t parameters = job_->plan.parameters.size(), metrics = job_->definition.metrics.size();
        const bool curves = !job_->definition.chosenSignals.empty();
        auto reportNew = [&] {
            for (const auto& [run, line] : sweep::finishedRuns(dir_)) {
                if (!reported_.insert(run).second)
                    continue;
                SweepRunRecord record{runFromCsvLine(line, parameters, metrics), nullptr};
                // The kept signals, written before the run's line (a failed run has none). A
                // file that does not read leaves the run without curves, not the sweep.
                if (curves) {
                    try {
                        if (std::optional<sweep::RunSignals> s = sweep::readRunSignals(dir_, run))
                            record.curves = std::make_shared<const SweepCurves>(
                                SweepCurves{std::move(s->names), std::move(s->time), std::move(s->values)});
                    } catch (const std::exception&) {
                    }
                }
                emit runFinished(record);
            }
        };
        reportNew();
        if (reported_.size() < job_->plan.runs()) {
            if (tasksMayRun())
                return;
            reportNew(); // what the last tasks wrote before they ended
        }
        // The folder's runs.csv as flange-sim sweep-collect leaves it.
        missing_ = sweep::collectRuns(dir_).missing;
        if (missing_.empty())
            return finish(false, {});
        finish(false, tr("runs %1 missing (%2); Resume submits them").arg(QString::fromStdString(sweep::describeRuns(missing_)), whyMissing(dir_)));
    } catch (const std::exception& e) {
        finish(false, QString::fromStdString(e.what()));
    }
}

bool SlurmSweepBackend::tasksMayRun() const
{
    const auto jobs = sweep::readJobIds(dir_);
    if (const auto queue = queuedTasks()) {
        for (const auto& [batch, id] : jobs)
            if (queue->count(id))
                return true;
        return false;
    }
    // squeue cannot be asked: a submitted task that has not written its exit status may
    // still run (one killed never writes it: flange-sim sweep-status tells, where squeue works).
    for (const sweep::Batch& b : sweep::readBatches(dir_))
        if (jobs.count(b.number))
            for (size_t t = 0; t < b.tasks; ++t)
                if (!sweep::taskExit(dir_, b.number, t))
                    return true;
    return false;
}

void SlurmSweepBackend::cancel()
{
    if (!running_)
        return;
    QStringList errors;
    const auto queue = queuedTasks();
    for (const auto& [batch, id] : sweep::readJobIds(dir_)) {
        if (queue ? !queue->count(id) : QString::fromStdString(id) != jobId_)
            continue;
        QString error;
        runProgram(QStringLiteral("scancel"), {QString::fromStdString(id)}, QString::fromStdString(dir_.string()), &error);
        if (!error.isEmpty())
            errors << error;
    }
    finish(true, errors.join(QStringLiteral("; ")));
}

void SlurmSweepBackend::detach()
{
    poll_->stop();
    running_ = false;
}

void SlurmSweepBackend::finish(bool cancelled, const QString& error)
{
    poll_->stop();
    running_ = false;
    emit sweepEnded(cancelled, error);
}

} // namespace flange::ui
