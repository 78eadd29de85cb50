// Compile once, run many (engine/api/model.hpp, simulation.hpp): a run of one compiled
// model at new parameter values gives the rows of the model translated at those values,
// and a run in steps gives the rows of a run to the end.
#include "engine/api/model.hpp"
#include "engine/api/simulation.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/diagram/model_parameters.hpp"
#include "engine/error.hpp"
#include "engine/sweep/parameter_overrides.hpp"
#include "engine/sweep/tunable_values.hpp"
#include "engine/units/units.hpp"
#include "bench/chain_model.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using namespace flange;

namespace {

diagram::Diagram example(const std::string& path)
{
    // A path joined, not a string added to (GCC 12's -Warray-bounds false positive).
    return diagram::loadDiagram((std::filesystem::path(FLANGE_SOURCE_DIR) / "models" / "msl" / path).string());
}

// Bounds that keep a run at an odd value (a clutch's force of 0, a frequency of 1) short.
SimulationOptions bounded()
{
    SimulationOptions o;
    o.maxSteps = 100000;
    return o;
}

struct Outcome {
    std::vector<double> times;
    std::vector<std::vector<double>> rows;
    std::string error; // empty when the run succeeded
    bool retranslated = false;
};

Outcome outcomeOf(Run& run)
{
    Outcome out;
    try {
        run.setOptions(bounded());
        run.runToEnd();
    } catch (const Error& e) {
        out.error = e.what();
        return out;
    }
    out.times = run.times();
    for (size_t i = 0; i < run.rowCount(); ++i)
        out.rows.push_back(run.row(i));
    return out;
}

// The diagram with one parameter set as the parameter dialog stores it.
diagram::Diagram withValue(diagram::Diagram d, const std::string& name, double value)
{
    const size_t dot = name.find('.');
    if (dot == std::string::npos) {
        std::vector<diagram::ParameterDeclaration> list = diagram::declarations(d);
        for (auto& p : list)
            if (p.name == name)
                p.value = value;
        diagram::setDeclarations(d, list);
    } else {
        d.component(name.substr(0, dot))->setParameter(name.substr(dot + 1), value);
    }
    return d;
}

Outcome translatedAt(const diagram::Diagram& d, const std::string& name, double value)
{
    std::optional<Outcome> out;
    try {
        Run run(Model::compile(withValue(d, name, value), test::sharedBundledLibrary()));
        out = outcomeOf(run);
    } catch (const Error& e) {
        out = Outcome{{}, {}, e.what()};
    }
    return *out;
}

Outcome tunedAt(const std::shared_ptr<const Model>& model, const std::string& name, double value)
{
    Run run(model);
    run.setParameter(name, value);
    Outcome out = outcomeOf(run);
    out.retranslated = run.retranslated();
    return out;
}

bool close(double a, double b) { return a == b || std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b)); }

void requireSame(const Outcome& tuned, const Outcome& translated, const std::string& what)
{
    INFO(what);
    REQUIRE(tuned.error == translated.error);
    REQUIRE(tuned.times.size() == translated.times.size());
    size_t differing = 0;
    for (size_t r = 0; r < tuned.rows.size(); ++r) {
        differing += close(tuned.times[r], translated.times[r]) ? 0 : 1;
        for (size_t c = 0; c < tuned.rows[r].size(); ++c)
            differing += close(tuned.rows[r][c], translated.rows[r][c]) ? 0 : 1;
    }
    CHECK(differing == 0);
}

// New values for a parameter: 0 and 1, and half as much again (or 0.5 from 0).
std::vector<double> newValues(double now) { return {0.0, 1.0, now == 0 ? 0.5 : 1.5 * now}; }

} // namespace

TEST_CASE("every numeric parameter of CoupledClutches, set in a run, gives the rows of the model translated at that value")
{
    const diagram::Diagram d = example("Rotational/CoupledClutches.json");
    const auto model = Model::compile(d, test::sharedBundledLibrary());
    int tried = 0, tuned = 0;
    for (const Model::Parameter& p : model->parameters()) {
        if (!p.value)
            continue;
        for (double v : newValues(*p.value)) {
            const Outcome outcome = tunedAt(model, p.name, v);
            requireSame(outcome, translatedAt(d, p.name, v), p.name + " = " + std::to_string(v));
            ++tried;
            // A tunable parameter's new value other than 0 runs on the compiled model itself;
            // any other new value translates (or is refused by translation, as out of range).
            if (v != *p.value && outcome.error.empty()) {
                INFO(p.name + " = " + std::to_string(v));
                CHECK(outcome.retranslated == (!p.tunable || v == 0));
                tuned += outcome.retranslated ? 0 : 1;
            }
        }
    }
    // The model's f, T2, T3, the clutches', inertias', sines' and steps' parameters.
    CHECK(tried >= 3 * 30);
    // The inertias' J, the clutches' fn_max and peak, the sines' amplitudes, ... at two values each.
    CHECK(tuned >= 2 * 10);
}

TEST_CASE("a Step's startTime and a spring's phi_rel0 set in a run give the rows of the model translated at those values")
{
    const diagram::Diagram clutches = example("Rotational/CoupledClutches.json");
    const auto clutchesModel = Model::compile(clutches, test::sharedBundledLibrary());
    for (double v : {0.0, 1.0, 0.25})
        requireSame(tunedAt(clutchesModel, "step1.startTime", v), translatedAt(clutches, "step1.startTime", v),
                    "step1.startTime = " + std::to_string(v));
    // Given as a number (not bound to T2), the time of its event is tunable: the run
    // evaluates it at its start.
    const diagram::Diagram numbered = withValue(clutches, "step1.startTime", 0.4);
    const auto numberedModel = Model::compile(numbered, test::sharedBundledLibrary());
    for (double v : {1.0, 0.25, 0.4 + 1e-9}) {
        const Outcome tuned = tunedAt(numberedModel, "step1.startTime", v);
        requireSame(tuned, translatedAt(numbered, "step1.startTime", v), "step1.startTime = " + std::to_string(v));
        CHECK_FALSE(tuned.retranslated);
    }
    const diagram::Diagram grounded = example("Rotational/FirstGrounded.json");
    const auto groundedModel = Model::compile(grounded, test::sharedBundledLibrary());
    for (double v : {0.0, 1.0, -0.3})
        requireSame(tunedAt(groundedModel, "spring.phi_rel0", v), translatedAt(grounded, "spring.phi_rel0", v),
                    "spring.phi_rel0 = " + std::to_string(v));
}

TEST_CASE("a derived parameter follows the model parameter it is bound to, set in a run")
{
    // step1.startTime is "T2" in CoupledClutches: T2 = 0.6 is step1.startTime = 0.6.
    const diagram::Diagram d = example("Rotational/CoupledClutches.json");
    requireSame(tunedAt(Model::compile(d, test::sharedBundledLibrary()), "T2", 0.6), translatedAt(d, "step1.startTime", 0.6),
                "T2 = 0.6");
}

TEST_CASE("parameters and start values set in a run take units as the parameter dialog does")
{
    const diagram::Diagram d = example("Rotational/CoupledClutches.json");
    const auto model = Model::compile(d, test::sharedBundledLibrary());
    Run grams(model);
    grams.setParameter("J2.J", 2500, "g.m2");
    requireSame(outcomeOf(grams), translatedAt(d, "J2.J", 2.5), "J2.J = 2500 g.m2");
    Run typed(model);
    typed.setParameter("J2.J", "2500 g.m2");
    requireSame(outcomeOf(typed), translatedAt(d, "J2.J", 2.5), "J2.J = \"2500 g.m2\"");

    Run rpm(model);
    rpm.setStart("J1.w", 60, "rpm");
    diagram::Diagram started = d;
    const std::optional<double> w = units::convert(60, "rpm", "rad/s", "w").value;
    REQUIRE(w);
    CHECK(std::fabs(*w - 2 * M_PI) < 1e-14);
    started.component("J1")->variable("w")->start = *w; // the dialog's conversion
    Run reference(Model::compile(started, test::sharedBundledLibrary()));
    requireSame(outcomeOf(rpm), outcomeOf(reference), "J1.w start = 60 rpm");

    Run wrong(model);
    try {
        wrong.setParameter("J2.J", 3, "m");
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadInput);
        CHECK(std::string(e.what()).find("J2.J") != std::string::npos);
    }
}

TEST_CASE("a run names what it cannot set and refuses settings once it has started")
{
    const auto model = Model::compile(example("Rotational/CoupledClutches.json"), test::sharedBundledLibrary());
    Run run(model);
    auto message = [](const std::function<void()>& f) {
        try {
            f();
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::BadInput);
            return std::string(e.what());
        }
        return std::string("no error");
    };
    // The words of flange-sim's --set: one rule finds a value by name (parameter_overrides.hpp).
    CHECK(message([&] { run.setParameter("J9.J", 1); }) == "'J9.J': the model has no instance 'J9'");
    CHECK(message([&] { run.setParameter("J1.K", 1); }) ==
          "'J1.K': Rotational.Components.Inertia has no parameter 'K' (a start value is written J1.variable.start)");
    CHECK(message([&] { run.setParameter("T9", 1); }) ==
          "'T9': the model has no parameter of this name (an instance's is written instance.parameter)");
    CHECK(message([&] { run.setParameter("J1.w.start", 1); }) == "'J1.w.start': a start value, set by setStart");
    CHECK(message([&] { run.setParameter("J1.J", 0.5, "s"); }) == "J1.J: 's' is a time, J1.J needs kg.m2 (in '0.5 s')");
    CHECK(message([&] { run.selectSignals({"J1.v"}); }) == "the model has no variable 'J1.v'");
    run.initialize();
    CHECK(message([&] { run.setParameter("T2", 1); }) ==
          "setParameter: the run has started; set it before initialize() or runToEnd()");
}

TEST_CASE("a run without edits runs the compiled model itself, and one with a new value its own translation")
{
    const auto model = Model::compile(example("Rotational/CoupledClutches.json"), test::sharedBundledLibrary());
    Run same(model);
    same.setParameter("J1.J", 1); // the value it has
    same.runToEnd();
    CHECK_FALSE(same.retranslated());
    CHECK(&same.model() == model.get());
    Run edited(model);
    edited.setParameter("step1.startTime", 0.5); // a number where an expression was: another equation
    edited.runToEnd();
    CHECK(edited.retranslated());
}

TEST_CASE("a run with new values of tunable parameters runs the compiled model, one with a structural edit translates")
{
    const auto model = Model::compile(example("Rotational/CoupledClutches.json"), test::sharedBundledLibrary());
    const auto tunable = [&model](const std::string& name) {
        for (const Model::Parameter& p : model->parameters())
            if (p.name == name)
                return p.tunable;
        FAIL("no parameter " << name);
        return false;
    };
    CHECK(tunable("clutch1.fn_max"));
    CHECK(tunable("J4.J"));
    CHECK(tunable("J2.J")); // solved for its acceleration with J as a parameter
    CHECK(tunable("step1.height")); // its default, written as a number
    CHECK(tunable("T2"));                      // the diagram's own, and step1.startTime bound to it
    CHECK_FALSE(tunable("step1.startTime"));   // an expression ("T2"), not a number
    CHECK_FALSE(tunable("torque.useSupport")); // a Boolean
    Run tuned(model);
    tuned.setParameter("clutch1.fn_max", 30);
    tuned.setParameter("J4.J", 2);
    tuned.setParameter("step1.height", 2);
    tuned.runToEnd();
    CHECK_FALSE(tuned.retranslated());
    CHECK(&tuned.model() == model.get());
    // 0 would drop terms in translation, and a value below the minimum is translation's to refuse.
    Run zero(model);
    zero.setParameter("clutch1.fn_max", 0);
    zero.runToEnd();
    CHECK(zero.retranslated());
    Run negative(model);
    negative.setParameter("J4.J", -1);
    CHECK_THROWS(negative.runToEnd());
    Run both(model);
    both.setParameter("clutch1.fn_max", 30);
    both.setParameter("step2.startTime", 0.8);
    both.runToEnd();
    CHECK(both.retranslated());
}

TEST_CASE("a run in steps (initialize, advanceTo, advanceToNextEvent) gives the rows and events of one run to the end")
{
    const auto model = Model::compile(example("Rotational/CoupledClutches.json"), test::sharedBundledLibrary());
    Run whole(model);
    whole.runToEnd();
    REQUIRE(whole.events().size() >= 4);

    Run steps(model);
    steps.initialize();
    CHECK(steps.rowCount() == 1);
    CHECK(steps.time() == 0);
    REQUIRE(steps.advanceTo(0.3));
    CHECK(steps.time() >= 0.3);
    CHECK(steps.times().back() == steps.time());
    size_t events = 0;
    while (steps.advanceToNextEvent()) {
        ++events;
        REQUIRE(steps.events().size() == events);
        // Both rows of the event are out: the last two rows are at its time.
        const size_t n = steps.rowCount();
        CHECK(steps.times()[n - 1] == steps.events().back().time);
        CHECK(steps.times()[n - 2] == steps.events().back().time);
    }
    CHECK(steps.finished());
    CHECK_FALSE(steps.advanceTo(10));
    REQUIRE(steps.rowCount() == whole.rowCount());
    CHECK(steps.times() == whole.times());
    for (size_t i = 0; i < whole.rowCount(); ++i)
        REQUIRE(steps.row(i) == whole.row(i));
    CHECK(events >= whole.events().size() - 1); // events after 0.3 s, each one step
    CHECK(steps.statistics().steps == whole.statistics().steps);
}

TEST_CASE("runs of one compiled model on four threads give the same rows, and the chosen signals only")
{
    const auto model = Model::compile(example("Rotational/CoupledClutches.json"), test::sharedBundledLibrary());
    Run alone(model);
    alone.selectSignals({"J1.w", "J4.w"});
    alone.runToEnd();
    CHECK(alone.columns() == std::vector<std::string>{"J1.w", "J4.w"});
    std::vector<std::vector<double>> w(4);
    std::vector<std::thread> threads;
    for (size_t k = 0; k < w.size(); ++k)
        threads.emplace_back([&model, &w, k] {
            Run run(model);
            run.selectSignals({"J1.w", "J4.w"});
            run.runToEnd();
            w[k] = run.signal("J4.w");
        });
    for (auto& t : threads)
        t.join();
    for (const auto& one : w)
        CHECK(one == alone.signal("J4.w"));
}

TEST_CASE("a run cancelled between its steps stops with Cancelled at the next one")
{
    const auto model = Model::compile(example("Rotational/CoupledClutches.json"), test::sharedBundledLibrary());
    Run run(model);
    run.advanceTo(0.2);
    run.cancel();
    try {
        run.advanceTo(1);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Cancelled);
    }
    CHECK(run.finished());
    CHECK(run.time() < 1);
}

TEST_CASE("every tunable parameter of every MSL example, set in a run without translating, gives the rows of the model translated at that value")
{
    int examples = 0;
    for (const char* folder : {"Rotational", "Translational"}) {
        for (const auto& entry : std::filesystem::directory_iterator(std::string(FLANGE_SOURCE_DIR) + "/models/msl/" + folder)) {
            const std::string name = std::string(folder) + "/" + entry.path().filename().string();
            const diagram::Diagram d = example(name);
            const auto model = Model::compile(d, test::sharedBundledLibrary());
            for (const Model::Parameter& p : model->parameters()) {
                if (!p.value || !p.tunable)
                    continue;
                const double v = 1.5 * *p.value;
                const Outcome tuned = tunedAt(model, p.name, v);
                const std::string what = name + ": " + p.name + " = " + std::to_string(v);
                requireSame(tuned, translatedAt(d, p.name, v), what);
                INFO(what);
                CHECK(!tuned.retranslated);
            }
            ++examples;
        }
    }
    CHECK(examples >= 30); // the reference comparisons' examples among them
}

TEST_CASE("a parameter of a late section of a long drive line, its sections stamped from templates, is tunable")
{
    // Inertias joined by spring-dampers, every section alike: the sections after the first
    // are stamps, each with leaves of its own (flatten/instance_template.hpp).
    const int n = 600; // 1,201 components
    const diagram::Diagram chain = diagram::parseDiagram(bench::chainDiagram(n, 0.05), "chain");
    const auto model = Model::compile(chain, test::sharedBundledLibrary());
    for (const auto& [name, value] : std::vector<std::pair<const char*, double>>{
             {"springDamper500.c", 2e4}, {"springDamper500.d", 3}, {"inertia500.J", 0.5}}) {
        const Outcome tuned = tunedAt(model, name, value);
        CHECK_FALSE(tuned.retranslated);
        requireSame(tuned, translatedAt(chain, name, value), name);
    }
}

TEST_CASE("a run with a tunable and a structural edit translates the diagram with both")
{
    // Checking the tunable values puts translation's values in the edited diagram for a
    // moment: the translated diagram must have the run's again.
    const diagram::Diagram clutches = example("Rotational/CoupledClutches.json");
    const auto model = Model::compile(clutches, test::sharedBundledLibrary());
    Run run(model);
    run.setParameter("clutch1.fn_max", 30);
    run.setParameter("step2.startTime", 0.8);
    const Outcome both = outcomeOf(run);
    CHECK(run.retranslated());
    requireSame(both, translatedAt(withValue(clutches, "clutch1.fn_max", 30), "step2.startTime", 0.8),
                "clutch1.fn_max = 30, step2.startTime = 0.8");
}

TEST_CASE("a run with a parameter set twice takes the last value, and one set back to its own value runs as compiled")
{
    const diagram::Diagram clutches = example("Rotational/CoupledClutches.json");
    const auto model = Model::compile(clutches, test::sharedBundledLibrary());
    Run twice(model);
    twice.setParameter("clutch1.fn_max", 0);
    twice.setParameter("clutch1.fn_max", 30);
    const Outcome last = outcomeOf(twice);
    CHECK_FALSE(twice.retranslated());
    requireSame(last, translatedAt(clutches, "clutch1.fn_max", 30), "clutch1.fn_max = 0, then 30");
    Run back(model);
    back.setParameter("J2.J", 2);
    back.setParameter("J2.J", 1); // its own value
    const Outcome own = outcomeOf(back);
    CHECK_FALSE(back.retranslated());
    Run alone(model);
    requireSame(own, outcomeOf(alone), "J2.J = 2, then 1");
    // 0 last: translation's, as a single edit of 0 is.
    Run zero(model);
    zero.setParameter("clutch1.fn_max", 30);
    zero.setParameter("clutch1.fn_max", 0);
    requireSame(outcomeOf(zero), translatedAt(clutches, "clutch1.fn_max", 0), "clutch1.fn_max = 30, then 0");
    CHECK(zero.retranslated());
}

TEST_CASE("a run with a tunable edit and a start value, or a model parameter, gives the rows of the diagram with both")
{
    const diagram::Diagram clutches = example("Rotational/CoupledClutches.json");
    const auto model = Model::compile(clutches, test::sharedBundledLibrary());
    Run started(model);
    started.setParameter("J2.J", 2);
    started.setStart("J1.w", 5);
    const Outcome both = outcomeOf(started);
    CHECK(started.retranslated()); // a start value is the initial equations' to take
    diagram::Diagram edited = withValue(clutches, "J2.J", 2);
    edited.component("J1")->variable("w")->start = 5;
    Run reference(Model::compile(edited, test::sharedBundledLibrary()));
    requireSame(both, outcomeOf(reference), "J2.J = 2, J1.w start = 5");

    Run own(model);
    own.setParameter("J2.J", 2);
    own.setParameter("T2", 0.6);
    const Outcome tuned = outcomeOf(own);
    CHECK_FALSE(own.retranslated());
    requireSame(tuned, translatedAt(withValue(clutches, "J2.J", 2), "T2", 0.6), "J2.J = 2, T2 = 0.6");
}

TEST_CASE("an instance's edits alone tell the tunable values the edited diagram's comparison tells")
{
    // sweep::tunedInstanceValues (what a run asks first) against sweep::tunedValues on the
    // edited diagram: the same values where the first answers.
    const diagram::Diagram d = example("Rotational/CoupledClutches.json");
    const auto model = Model::compile(d, test::sharedBundledLibrary());
    const library::Library& lib = *test::sharedBundledLibrary();
    int answered = 0;
    for (const Model::Parameter& p : model->parameters()) {
        if (!p.value)
            continue;
        for (double v : newValues(*p.value)) {
            INFO(p.name + " = " + std::to_string(v));
            const sweep::OverrideTarget t = sweep::findOverrideTarget(d, lib, p.name);
            const std::vector<sweep::Override> edits{{t, sweep::storedValue(t, v)}};
            const auto fast = sweep::tunedInstanceValues(model->compiled(), d, lib, edits);
            diagram::Diagram edited = d;
            sweep::applyOverride(edited, t, v);
            const auto compared = sweep::tunedValues(model->compiled(), d, lib, edited);
            if (!fast)
                continue;
            ++answered;
            REQUIRE(compared);
            CHECK(*fast == *compared);
            CHECK(p.tunable);
            CHECK(v != 0);
        }
    }
    CHECK(answered >= 2 * 10); // the instances' tunable parameters at values other than 0
}

TEST_CASE("a run streamed to a sink gives the sink the columns and rows, and keeps neither")
{
    struct Names : ResultSink {
        std::vector<std::string> names;
        size_t rows = 0;
        void begin(const std::vector<std::string>& n) override { names = n; }
        void row(double, const std::vector<double>&) override { ++rows; }
    };
    const auto model = Model::compile(example("Rotational/CoupledClutches.json"), test::sharedBundledLibrary());
    Run kept(model);
    kept.runToEnd();
    Names sink;
    Run streamed(model);
    streamed.streamTo(sink);
    streamed.runToEnd();
    CHECK(sink.names == kept.columns());
    CHECK(sink.rows == kept.rowCount());
    CHECK(streamed.columns().empty());
    CHECK(streamed.rowCount() == 0);
}
