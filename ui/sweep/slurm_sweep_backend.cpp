#include "ui/sweep/slurm_sweep_backend.hpp"

#include "ui/document/atomic_write.hpp"

#include "engine/api/about.hpp"
#include "engine/api/errors.hpp"
#include "engine/api/slurm_sweep.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>

#include <cmath>

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
    jobId_.clear();
    running_ = true;
    try {
        dir_ = std::filesystem::absolute(choice_.folder.toStdString()).lexically_normal();
        std::error_code ec;
        std::filesystem::create_directories(dir_, ec);
        // The tasks read the diagram as it was swept, from the folder they share.
        const std::filesystem::path model = dir_ / "model.json";
        QString why;
        if (!writeFileAtomically(QString::fromStdString(model.string()), diagram::serializeDiagram(job_->model), &why))
            throw badInput(model.string() + ": cannot be written (" + why.toStdString() + ")");
        sweep::SlurmSetup setup;
        setup.flangeVersion = about::flangeVersion();
        setup.flangeSim = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("flange-sim")).toStdString();
        setup.model = model.string();
        setup.stopTime = job_->options.stopTime;
        setup.interval = job_->options.interval;
        setup.tolerance = job_->options.tolerance;
        setup.slurm = {choice_.partition.toStdString(), {}, choice_.timeLimit.toStdString(),
                       static_cast<size_t>(std::max(1, choice_.tasks))};
        const std::filesystem::path script = sweep::writeSlurmSweep(job_->definition, job_->model, *job_->library, setup,
                                                                    dir_, sweep::kDefaultMaxArraySize);
        tasks_ = sweep::readBatches(dir_).front().tasks;
        QString error;
        const QString out = runProgram(QStringLiteral("sbatch"), {QStringLiteral("--parsable"), QString::fromStdString(script.string())},
                                       QString::fromStdString(dir_.string()), &error);
        if (!error.isEmpty())
            throw badInput(error.toStdString());
        jobId_ = out.section(QLatin1Char(';'), 0, 0);
        sweep::writeJobId(dir_, 0, jobId_.toStdString());
    } catch (const std::exception& e) {
        finish(false, QString::fromStdString(e.what()));
        return;
    }
    poll_->start();
    poll(); // a quick cluster (or sbatch running the tasks itself) may have finished some
}

void SlurmSweepBackend::poll()
{
    if (!running_)
        return;
    try {
        const size_t parameters = job_->plan.parameters.size(), metrics = job_->definition.metrics.size();
        for (const auto& [run, line] : sweep::finishedRuns(dir_))
            if (reported_.insert(run).second)
                emit runFinished(SweepRunRecord{runFromCsvLine(line, parameters, metrics), nullptr});
        if (reported_.size() >= job_->plan.runs())
            return finish(false, {});
        // Every task has ended and runs are missing: a task failed (its log says why).
        for (size_t t = 0; t < tasks_; ++t)
            if (!sweep::taskExit(dir_, 0, t))
                return;
        finish(false, tr("%1 runs missing: flange-sim sweep-status %2 says which task and why; sweep-resume runs them")
                          .arg(job_->plan.runs() - reported_.size())
                          .arg(QString::fromStdString(dir_.string())));
    } catch (const std::exception& e) {
        finish(false, QString::fromStdString(e.what()));
    }
}

void SlurmSweepBackend::cancel()
{
    if (!running_)
        return;
    if (!jobId_.isEmpty()) {
        QString error;
        runProgram(QStringLiteral("scancel"), {jobId_}, QString::fromStdString(dir_.string()), &error);
        if (!error.isEmpty())
            return finish(true, error);
    }
    finish(true, {});
}

void SlurmSweepBackend::finish(bool cancelled, const QString& error)
{
    poll_->stop();
    running_ = false;
    emit sweepEnded(cancelled, error);
}

} // namespace flange::ui
