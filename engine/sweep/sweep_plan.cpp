#include "engine/sweep/sweep_plan.hpp"

#include "engine/error.hpp"
#include "engine/sweep/random_draws.hpp"

#include <charconv>
#include <cmath>

namespace flange::sweep {

namespace {

std::string trim(const std::string& s)
{
    const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

std::vector<std::string> splitAt(const std::string& s, char separator)
{
    std::vector<std::string> parts;
    size_t from = 0;
    for (;;) {
        const size_t at = s.find(separator, from);
        parts.push_back(trim(s.substr(from, at == std::string::npos ? std::string::npos : at - from)));
        if (at == std::string::npos)
            return parts;
        from = at + 1;
    }
}

// "uniform(1, 2)" -> {"1", "2"} when s is `function(a, b)`.
std::optional<std::vector<std::string>> callArguments(const std::string& s, const std::string& function)
{
    if (s.rfind(function + "(", 0) != 0 || s.back() != ')')
        return std::nullopt;
    return splitAt(s.substr(function.size() + 1, s.size() - function.size() - 2), ',');
}

} // namespace

Variation parseVariation(const std::string& text, const std::string& option)
{
    const size_t eq = text.find('=');
    if (eq == std::string::npos)
        throw badInput(option + ": '" + text + "' is not NAME=SPEC");
    return parseVariation(trim(text.substr(0, eq)), trim(text.substr(eq + 1)), option);
}

Variation parseVariation(const std::string& name, const std::string& specText, const std::string& option)
{
    Variation v;
    v.name = trim(name);
    v.spec = trim(specText);
    const std::string where = option + " " + v.name + ": ";
    if (v.name.empty())
        throw badInput(option + ": '=" + v.spec + "' names no parameter");
    if (v.spec.empty())
        throw badInput(where + "no values (a list v1,v2, a range start:stop:n, uniform(lo,hi) or normal(mean,sd))");
    auto refuseEmpty = [&](const std::vector<std::string>& items) {
        for (const std::string& item : items)
            if (item.empty())
                throw badInput(where + "'" + v.spec + "' has an empty value");
    };
    for (const auto& [function, kind] : {std::pair{"uniform", Variation::Kind::Uniform}, {"normal", Variation::Kind::Normal}})
        if (std::optional<std::vector<std::string>> args = callArguments(v.spec, function)) {
            if (args->size() != 2)
                throw badInput(where + "'" + v.spec + "' needs two values: " + function +
                               (kind == Variation::Kind::Uniform ? "(lo,hi)" : "(mean,sd)"));
            refuseEmpty(*args);
            v.kind = kind;
            v.items = *args;
            return v;
        }
    if (v.spec.find('(') != std::string::npos)
        throw badInput(where + "'" + v.spec + "' is no draw: uniform(lo,hi) or normal(mean,sd)");
    if (v.spec.find(':') != std::string::npos) {
        std::vector<std::string> parts = splitAt(v.spec, ':');
        const bool log = parts.size() == 4 && parts[3] == "log";
        if (!(parts.size() == 3 || log))
            throw badInput(where + "'" + v.spec + "' is no range: start:stop:n or start:stop:n:log");
        refuseEmpty(parts);
        long n = 0;
        const std::string& count = parts[2];
        const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
        if (ec != std::errc() || end != count.data() + count.size() || n < 2)
            throw badInput(where + "the number of values in '" + v.spec + "' must be a whole number of at least 2 (it is '" +
                           count + "')");
        v.kind = log ? Variation::Kind::LogRange : Variation::Kind::Range;
        v.items = {parts[0], parts[1]};
        v.count = n;
        return v;
    }
    v.kind = Variation::Kind::List;
    v.items = splitAt(v.spec, ',');
    refuseEmpty(v.items);
    return v;
}

namespace {

// The values of one list or range, converted.
std::vector<double> axisValues(const Variation& v, size_t index, const std::function<double(size_t, const std::string&)>& value)
{
    std::vector<double> out;
    if (v.kind == Variation::Kind::List) {
        for (const std::string& item : v.items)
            out.push_back(value(index, item));
        return out;
    }
    const double start = value(index, v.items[0]), stop = value(index, v.items[1]);
    const long n = v.count;
    if (static_cast<size_t>(n) > kMaxPlannedRuns)
        throw badInput("--vary " + v.name + ": " + std::to_string(n) + " values are more than a sweep may plan");
    if (v.kind == Variation::Kind::LogRange && !(start > 0 && stop > 0))
        throw badInput("--vary " + v.name + ": a log range needs positive ends ('" + v.spec + "')");
    for (long i = 0; i < n; ++i) {
        const double f = static_cast<double>(i) / static_cast<double>(n - 1);
        if (i == n - 1)
            out.push_back(stop); // the end as written, not as rounded by the steps
        else if (v.kind == Variation::Kind::LogRange)
            out.push_back(start * std::pow(stop / start, f));
        else
            out.push_back(start + (stop - start) * f);
    }
    return out;
}

} // namespace

SweepPlan makePlan(const std::vector<Variation>& variations, const PlanSettings& settings,
                   const std::function<double(size_t, const std::string&)>& value)
{
    SweepPlan plan;
    if (variations.empty())
        throw badInput("a sweep needs at least one --vary NAME=SPEC");
    for (size_t i = 0; i < variations.size(); ++i) {
        for (size_t j = 0; j < i; ++j)
            if (variations[j].name == variations[i].name)
                throw badInput("--vary " + variations[i].name + " is given twice");
        plan.parameters.push_back(variations[i].name);
    }

    // The axes: each list or range, and all draws together (at the place of the first).
    struct Axis {
        std::vector<size_t> variations;         // which columns it fills
        std::vector<std::vector<double>> table; // [position][column of `variations`]
    };
    std::vector<Axis> axes;
    std::vector<size_t> drawn;
    size_t drawAxis = 0;
    for (size_t i = 0; i < variations.size(); ++i) {
        if (variations[i].isDraw()) {
            if (drawn.empty()) {
                drawAxis = axes.size();
                axes.emplace_back();
            }
            drawn.push_back(i);
            continue;
        }
        Axis a;
        a.variations = {i};
        for (double x : axisValues(variations[i], i, value))
            a.table.push_back({x});
        axes.push_back(std::move(a));
    }
    if (!drawn.empty()) {
        if (!settings.samples)
            throw badInput("--vary " + variations[drawn[0]].name + ": draws need --samples N (and --seed S)");
        if (*settings.samples < 1 || static_cast<size_t>(*settings.samples) > kMaxPlannedRuns)
            throw badInput("--samples must be between 1 and " + std::to_string(kMaxPlannedRuns) + " (it is " +
                           std::to_string(*settings.samples) + ")");
        struct Draw {
            Variation::Kind kind;
            double a, b;
        };
        std::vector<Draw> draws;
        for (size_t i : drawn) {
            const Variation& v = variations[i];
            Draw d{v.kind, value(i, v.items[0]), value(i, v.items[1])};
            if (d.kind == Variation::Kind::Uniform && !(d.a <= d.b))
                throw badInput("--vary " + v.name + ": uniform(lo,hi) needs lo <= hi ('" + v.spec + "')");
            if (d.kind == Variation::Kind::Normal && !(d.b >= 0))
                throw badInput("--vary " + v.name + ": normal(mean,sd) needs sd >= 0 ('" + v.spec + "')");
            draws.push_back(d);
        }
        RandomDraws random(settings.seed);
        Axis& a = axes[drawAxis];
        a.variations = drawn;
        for (long s = 0; s < *settings.samples; ++s) {
            std::vector<double> row;
            for (const Draw& d : draws)
                row.push_back(d.kind == Variation::Kind::Uniform ? random.uniform(d.a, d.b) : random.normal(d.a, d.b));
            a.table.push_back(std::move(row));
        }
    } else if (settings.samples) {
        throw badInput("--samples is for draws (uniform(lo,hi), normal(mean,sd)), and no --vary draws");
    }

    size_t runs = 1;
    if (settings.paired) {
        runs = axes[0].table.size();
        for (const Axis& a : axes)
            if (a.table.size() != runs)
                throw badInput("--paired: " + variations[a.variations[0]].name + " has " + std::to_string(a.table.size()) +
                               " values and " + variations[axes[0].variations[0]].name + " " + std::to_string(runs) +
                               "; paired lists need equal lengths");
    } else {
        for (const Axis& a : axes) {
            if (runs > kMaxPlannedRuns / a.table.size())
                throw badInput("the sweep's grid has more than " + std::to_string(kMaxPlannedRuns) + " runs");
            runs *= a.table.size();
        }
    }
    plan.values.assign(runs, std::vector<double>(variations.size()));
    for (size_t r = 0; r < runs; ++r) {
        size_t rest = r;
        for (size_t k = axes.size(); k-- > 0;) {
            const Axis& a = axes[k];
            const size_t position = settings.paired ? r : rest % a.table.size();
            rest /= a.table.size();
            for (size_t c = 0; c < a.variations.size(); ++c)
                plan.values[r][a.variations[c]] = a.table[position][c];
        }
    }
    return plan;
}

} // namespace flange::sweep
