#include "engine/sweep/sweep_folder.hpp"

#include "engine/error.hpp"
#include "engine/io/csv_format.hpp"
#include "engine/io/csv_writer.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>

namespace flange::sweep {

namespace {

void appendNumber(std::string& out, double v)
{
    if (std::isfinite(v))
        io::appendCsvNumber(out, v);
}

void appendQuoted(std::string& out, const std::string& text)
{
    out += '"';
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

void appendHeader(std::string& out, const std::vector<std::string>& names)
{
    for (size_t i = 0; i < names.size(); ++i) {
        if (i)
            out += ',';
        appendQuoted(out, names[i]);
    }
    out += '\n';
}

std::FILE* create(const std::filesystem::path& path)
{
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f)
        throw badInput(path.string() + ": cannot be written");
    return f;
}

void writeAll(const std::filesystem::path& path, std::FILE* f, const std::string& text)
{
    if (std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fflush(f) != 0)
        throw badInput(path.string() + ": writing failed (is the disk full?)");
}

} // namespace

void appendRunsCsvLine(std::string& line, size_t run, const std::vector<double>& values, const RunResult& r)
{
    line += std::to_string(run);
    for (double v : values) {
        line += ',';
        appendNumber(line, v);
    }
    for (double v : r.metrics) {
        line += ',';
        appendNumber(line, v);
    }
    line += ',';
    appendQuoted(line, r.status);
    line += ',';
    appendQuoted(line, r.message);
    line += ',';
    appendNumber(line, r.seconds);
    line += '\n';
}

void checkMetricColumns(const SweepPlan& plan, const MetricSet& metrics)
{
    for (const MetricDefinition& m : metrics.definitions()) {
        const bool reserved = m.name == "run" || m.name == "status" || m.name == "message" || m.name == "seconds";
        if (reserved || std::find(plan.parameters.begin(), plan.parameters.end(), m.name) != plan.parameters.end())
            throw badInput("--metric " + m.name + ": the name is taken by a column of runs.csv; choose another");
    }
}

SweepFolder::SweepFolder(const std::filesystem::path& dir, const SweepDefinition& definition, const SweepPlan& plan,
                         const MetricSet& metrics)
    : dir_(dir), plan_(plan)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
        throw badInput(dir.string() + ": cannot create the folder (" + ec.message() + ")");
    {
        std::ofstream json(dir / "sweep.json");
        json << sweepToJson(definition).dump(2) << '\n';
        if (!json)
            throw badInput((dir / "sweep.json").string() + ": cannot be written");
    }
    std::vector<std::string> header = {"run"};
    header.insert(header.end(), plan.parameters.begin(), plan.parameters.end());
    std::string text;
    appendHeader(text, header);
    for (size_t r = 0; r < plan.runs(); ++r) {
        text += std::to_string(r);
        for (double v : plan.values[r]) {
            text += ',';
            appendNumber(text, v);
        }
        text += '\n';
    }
    std::FILE* planFile = create(dir / "plan.csv");
    try {
        writeAll(dir / "plan.csv", planFile, text);
    } catch (...) {
        std::fclose(planFile);
        throw;
    }
    if (std::fclose(planFile) != 0)
        throw badInput((dir / "plan.csv").string() + ": writing failed (is the disk full?)");

    for (const MetricDefinition& m : metrics.definitions())
        header.push_back(m.name);
    for (const char* column : {"status", "message", "seconds"})
        header.emplace_back(column);
    text.clear();
    appendHeader(text, header);
    runs_ = create(dir / "runs.csv");
    writeAll(dir / "runs.csv", runs_, text);
}

SweepFolder::~SweepFolder()
{
    if (runs_)
        std::fclose(runs_);
}

void SweepFolder::finished(const RunResult& r)
{
    line_.clear();
    appendRunsCsvLine(line_, r.run, plan_.values[r.run], r);
    writeAll(dir_ / "runs.csv", runs_, line_);
}

std::unique_ptr<ResultSink> SweepFolder::openSignals(size_t run)
{
    return std::make_unique<io::CsvWriter>((dir_ / ("run-" + std::to_string(run) + ".csv")).string());
}

void SweepFolder::closeSignals(ResultSink& sink) { static_cast<io::CsvWriter&>(sink).finish(); }

void SweepFolder::close()
{
    std::FILE* f = runs_;
    runs_ = nullptr;
    if (f && std::fclose(f) != 0)
        throw badInput((dir_ / "runs.csv").string() + ": writing failed (is the disk full?)");
}

PreparedSweep prepareSweep(const SweepDefinition& definition, diagram::Diagram model, const library::Library& lib)
{
    PreparedSweep p;
    applyAssignments(model, lib, definition.set);
    for (const Variation& v : definition.vary) {
        try {
            p.targets.push_back(findOverrideTarget(model, lib, v.name));
        } catch (Error& e) {
            throw Error(e.kind(), "--vary " + std::string(e.what()), e.instances);
        }
    }
    p.plan = makePlan(definition.vary, definition.plan, [&](size_t i, const std::string& text) {
        try {
            return overrideValue(p.targets[i], text);
        } catch (Error& e) {
            throw Error(e.kind(), "--vary " + std::string(e.what()), e.instances);
        }
    });
    p.model = std::move(model);
    return p;
}

SweepSummary runSweepToFolder(const SweepDefinition& definition, diagram::Diagram model, const library::Library& lib,
                              const SimulationOptions& options, const std::filesystem::path& dir, unsigned jobs,
                              const std::function<bool()>& cancelled)
{
    PreparedSweep p = prepareSweep(definition, std::move(model), lib);
    const MetricSet metrics(definition.metrics);
    checkMetricColumns(p.plan, metrics);
    DiagramRunExecutor executor(std::move(p.model), lib, p.targets, options);
    // The model must translate and report the signals asked for before anything is written.
    checkSweepSignals(metrics, definition.chosenSignals, executor);
    SweepSettings settings{jobs, definition.chosenSignals, cancelled};
    SweepFolder folder(dir, definition, p.plan, metrics);
    const SweepSummary summary = runSweep(p.plan, metrics, executor, settings, folder);
    folder.close();
    return summary;
}

} // namespace flange::sweep
