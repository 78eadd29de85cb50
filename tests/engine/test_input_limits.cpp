// Inputs as large as the limits allow (docs/limits.md), generated here, translate and
// simulate on an 8 MB stack, the size of the main thread's and of the window's worker
// thread's (a std::thread with the default size); one past a limit is refused with
// its message. No walker may recurse as deep as the input is long.
#include "engine/codegen/tape_compiler.hpp"
#include "engine/error.hpp"
#include "engine/expr/differentiate.hpp"
#include "engine/expr/evaluate.hpp"
#include "engine/expr/printer.hpp"
#include "engine/flatten/instantiate.hpp"
#include "engine/input_limits.hpp"
#include "support/test_support.hpp"

#include <catch2/catch.hpp>

#include <pthread.h>

#include <exception>
#include <fstream>
#include <functional>
#include <string>

using namespace flange;
using namespace flange::test;

namespace {

constexpr size_t kStack = 8 * 1024 * 1024;

// Runs f on a thread whose stack is kStack bytes, and gives back what it threw.
void onStackOf8MB(const std::function<void()>& f)
{
    struct Job {
        const std::function<void()>* f;
        std::exception_ptr thrown;
    } job{&f, nullptr};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, kStack);
    pthread_t thread;
    const int started = pthread_create(
        &thread, &attr,
        [](void* p) -> void* {
            auto* j = static_cast<Job*>(p);
            try {
                (*j->f)();
            } catch (...) {
                j->thrown = std::current_exception();
            }
            return nullptr;
        },
        &job);
    pthread_attr_destroy(&attr);
    REQUIRE(started == 0);
    pthread_join(thread, nullptr);
    if (job.thrown)
        std::rethrow_exception(job.thrown);
}

// Translates and simulates on the 8 MB stack.
Simulated simulatedOn8MB(const std::string& json)
{
    Simulated s;
    onStackOf8MB([&] { s = simulateJson(json); });
    return s;
}

std::string errorOn8MB(const std::string& json)
{
    std::string message = "compiled";
    onStackOf8MB([&] {
        try {
            compileModel(diagramFromJson(json), bundledLibrary());
        } catch (const Error& e) {
            message = e.what();
        }
    });
    return message;
}

std::string topLevel(const std::string& components, const std::string& connections, const std::string& rest = "")
{
    return R"({"format": "flange-diagram", "version": 1, "name": "t",
        "experiment": {"startTime": 0, "stopTime": 1, "interval": 0.5}, "components": [)" +
           components + R"(], "connections": [)" + connections + "]" + rest + "}";
}

std::string connection(const std::string& from, const std::string& to)
{
    return R"({"from": ")" + from + R"(", "to": ")" + to + R"("})";
}

// A definition folder with a sum over a range (a reduction) and a for-equation over one.
library::Library rangeLibrary(const TempFolder& folder)
{
    std::ofstream(folder.path() / "SumRange.json") << R"json({
  "name": "Test.SumRange",
  "parameters": [{"name": "n", "type": "Integer", "default": "3"}],
  "connectors": [{"name": "y", "type": "RealOutput"}],
  "equations": ["y = sum(i*time for i in 1:n)"]
})json";
    // x = i for every i: balanced only for n = 1, but the range is checked first.
    std::ofstream(folder.path() / "ForRange.json") << R"json({
  "name": "Test.ForRange",
  "parameters": [{"name": "n", "type": "Integer", "default": "1"}],
  "connectors": [{"name": "y", "type": "RealOutput"}],
  "equations": ["y = time", {"for": "i in 1:n", "do": ["y = i*time"]}]
})json";
    // Ranges inside ranges: a reduction inside a reduction, and one inside a for-equation.
    std::ofstream(folder.path() / "NestedRanges.json") << R"json({
  "name": "Test.NestedRanges",
  "parameters": [{"name": "n", "type": "Integer", "default": "3"}],
  "connectors": [{"name": "y", "type": "RealOutput"}],
  "equations": ["y = sum(sum(i*j*time for j in 1:n) for i in 1:n)"]
})json";
    std::ofstream(folder.path() / "ForSum.json") << R"json({
  "name": "Test.ForSum",
  "parameters": [{"name": "n", "type": "Integer", "default": "1"}],
  "connectors": [{"name": "y", "type": "RealOutput"}],
  "equations": [{"for": "i in 1:n", "do": ["y = sum(j*time for j in 1:n)"]}]
})json";
    library::Library lib;
    lib.loadFolder(std::string(FLANGE_SOURCE_DIR) + "/resources/components");
    lib.loadFolder(folder.path().string());
    lib.resolve();
    return lib;
}

} // namespace

TEST_CASE("MultiSum of 100,000 inputs, 10x the old crash threshold, simulates on an 8 MB stack")
{
    // A ramp, not a constant: a constant's copies would fold away before any walker saw the sum.
    const int n = kMostElements;
    std::string connections;
    for (int k = 1; k <= n; ++k)
        connections += (k > 1 ? ", " : "") + connection("ramp.y", "sum.u[" + std::to_string(k) + "]");
    const Simulated s = simulatedOn8MB(topLevel(component("ramp", "Blocks.Sources.Ramp", R"({"height": 1, "duration": 2})") +
                                                    ", " +
                                                    component("sum", "Blocks.Math.MultiSum",
                                                              R"({"nu": )" + std::to_string(n) + R"(, "k": [[2]]})"),
                                                connections));
    // Every term 2*0.5 at 1 s, every partial sum exact.
    CHECK(s.sink.last("sum.y") == n);
    CHECK(s.sink.at("sum.y", 0.5) == n / 2);
}

TEST_CASE("50,000 model parameters, each naming the next, evaluate on an 8 MB stack")
{
    const int n = 50000;
    auto chain = [n](const std::string& last) {
        std::string parameters = R"(, "parameters": {)";
        for (int k = 0; k < n - 1; ++k)
            parameters += "\"p" + std::to_string(k) + "\": \"p" + std::to_string(k + 1) + " + 1\", ";
        return parameters + "\"p" + std::to_string(n - 1) + "\": " + last + "}";
    };
    const std::string user = component("c", "Blocks.Sources.Constant", R"({"k": "p0"})");
    const Simulated s = simulatedOn8MB(topLevel(user, "", chain("1")));
    CHECK(s.sink.last("c.y") == n);
    // A cycle through the whole chain is named where it closes, at the first parameter.
    CHECK(errorOn8MB(topLevel(user, "", chain("\"p0\""))) == "model parameter 'p0' depends on itself");
}

TEST_CASE("a subsystem's 50,000 declared parameters, each naming the next, evaluate on an 8 MB stack")
{
    const int n = 50000;
    std::string parameters = "{";
    for (int k = 0; k < n - 1; ++k)
        parameters += "\"p" + std::to_string(k) + "\": \"p" + std::to_string(k + 1) + " + 1\", ";
    parameters += "\"p" + std::to_string(n - 1) + "\": 1}";
    const std::string subsystem = R"(, "subsystems": [{"name": "Test.Chain", "parameters": )" + parameters +
                                  R"(, "components": [)" + component("c", "Blocks.Sources.Constant", R"({"k": "p0"})") +
                                  R"(], "connections": []}])";
    const Simulated s = simulatedOn8MB(topLevel(component("chain", "Test.Chain"), "", subsystem));
    CHECK(s.sink.last("chain.c.y") == n);
    // The instance's own value for the far end moves the whole chain.
    const Simulated t =
        simulatedOn8MB(topLevel(component("chain", "Test.Chain", "{\"p" + std::to_string(n - 1) + "\": 3}"), "", subsystem));
    CHECK(t.sink.last("chain.c.y") == n + 2);
}

TEST_CASE("a parameter named only in a branch not taken is not an error, in a long chain")
{
    // p0 uses p1 only when off is true: p1's bad value must not stop the model.
    const std::string parameters = R"(, "parameters": {"off": false, "p0": "if off then p1 else 3", "p1": "1/0"})";
    const Simulated s = simulatedOn8MB(topLevel(component("c", "Blocks.Sources.Constant", R"({"k": "p0"})"), "", parameters));
    CHECK(s.sink.last("c.y") == 3);
    CHECK_THAT(errorOn8MB(topLevel(component("c", "Blocks.Sources.Constant", R"({"k": "p1"})"), "", parameters)),
               Catch::Contains("model parameter 'p1'") && Catch::Contains("infinity"));
}

TEST_CASE("20,000 inertias on one flange share a connection set whose origins stay short")
{
    const int n = 20000;
    std::string components = component("torque", "Rotational.Sources.ConstantTorque", R"({"tau_constant": 4})") + ", " +
                             component("fixed", "Rotational.Components.Fixed");
    std::string connections = connection("torque.support", "fixed.flange");
    for (int k = 0; k < n; ++k) {
        std::string name = "j";
        name += std::to_string(k);
        // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on a literal
        // joined to a temporary string.
        components += ", ";
        components += component(name, "Rotational.Components.Inertia", R"({"J": 0.5})");
        connections += ", ";
        connections += connection("torque.flange", name + ".flange_a");
    }
    const std::string json = topLevel(components, connections);
    size_t longest = 0;
    onStackOf8MB([&] {
        const flatten::FlatModel m = flatten::instantiate(diagramFromJson(json), bundledLibrary());
        for (const flatten::FlatEquation& eq : m.equations)
            longest = std::max(longest, eq.origin.size());
    });
    // The first eight members, the one the equation is about and the count of the others.
    CHECK(longest < 300);
    const Simulated s = simulatedOn8MB(json);
    // 4 N·m on 20,000 × 0.5 kg·m²: w = 4 t / 10,000.
    CHECK(s.sink.last("j19999.w") == Approx(4.0 / 10000));
    CHECK(s.sink.last("j0.w") == Approx(4.0 / 10000));
}

TEST_CASE("a small connection set still names every member in its origin")
{
    const std::string json = topLevel(component("a", "Rotational.Components.Inertia", R"({"J": 1})") + ", " +
                                          component("b", "Rotational.Components.Inertia", R"({"J": 1})") + ", " +
                                          component("c", "Rotational.Components.Inertia", R"({"J": 1})"),
                                      connection("a.flange_b", "b.flange_a") + ", " + connection("b.flange_a", "c.flange_a"));
    const flatten::FlatModel m = flatten::instantiate(diagramFromJson(json), bundledLibrary());
    size_t named = 0;
    for (const flatten::FlatEquation& eq : m.equations)
        if (eq.origin == "connection set {a.flange_b, b.flange_a, c.flange_a}")
            ++named;
    CHECK(named == 3); // two equal angles and the torque sum
}

namespace {

// Subsystems Test.L1 ... Test.L<levels>, each holding one of the next; the innermost
// holds a mass moving at 2 m/s.
std::string nested(int levels)
{
    std::string subsystems;
    for (int k = 1; k <= levels; ++k) {
        const std::string inner = k == levels ? component("mass", "Translational.Components.Mass", R"({"m": 1})",
                                                          R"({"v": {"start": 2, "fixed": true}, "s": {"start": 0, "fixed": true}})")
                                              : component("l", "Test.L" + std::to_string(k + 1));
        subsystems += std::string(k > 1 ? ", " : "") + R"({"name": "Test.L)" + std::to_string(k) +
                      R"(", "components": [)" + inner + R"(], "connections": []})";
    }
    return topLevel(component("top", "Test.L1"), "", R"(, "subsystems": [)" + subsystems + "]");
}

std::string instancePath(int levels)
{
    std::string path = "top";
    for (int k = 1; k < levels; ++k)
        path += ".l";
    return path;
}

} // namespace

TEST_CASE("subsystems nested to the limit simulate on an 8 MB stack, one level more is refused")
{
    const Simulated s = simulatedOn8MB(nested(kMostSubsystemNesting));
    CHECK(s.sink.last(instancePath(kMostSubsystemNesting) + ".mass.s") == Approx(2.0));

    const std::string message = errorOn8MB(nested(kMostSubsystemNesting + 1));
    CHECK_THAT(message, Catch::StartsWith("component '" + instancePath(kMostSubsystemNesting + 1) +
                                          "': subsystems are nested more than 100 levels deep: Test.L1 -> Test.L2 -> "));
    CHECK_THAT(message, Catch::EndsWith("Test.L100 -> Test.L101"));
}

TEST_CASE("subsystems that double at every level are refused before they are made")
{
    // 40 levels of two in a few kilobytes: 2^40 parts of two variables each.
    std::string subsystems;
    for (int k = 1; k <= 40; ++k) {
        const std::string type = k == 40 ? "Rotational.Components.Fixed" : "Test.D" + std::to_string(k + 1);
        subsystems += std::string(k > 1 ? ", " : "") + R"({"name": "Test.D)" + std::to_string(k) +
                      R"(", "components": [)" + component("a", type) + ", " + component("b", type) +
                      R"(], "connections": []})";
    }
    const std::string doubling = R"(, "subsystems": [)" + subsystems + "]";
    CHECK(errorOn8MB(topLevel(component("top", "Test.D1"), "", doubling)) ==
          "component 'top' (Test.D1): the model would have more than 10000000 variables");
}

TEST_CASE("the variables made are counted too, and the first part past the limit is refused")
{
    // A vector connector's size is a parameter: the definition does not count its members.
    const std::string json =
        topLevel(component("w", "Test.Wrap"), "",
                 R"(, "subsystems": [{"name": "Test.Wrap", "components": [)" +
                     component("sum", "Blocks.Math.MultiSum", R"({"nu": 2000})") + R"(], "connections": []}])");
    std::string message = "instantiated";
    std::vector<std::string> instances;
    try {
        flatten::instantiate(diagramFromJson(json), bundledLibrary(), {}, 1000);
    } catch (const Error& e) {
        message = e.what();
        instances = e.instances;
    }
    CHECK(message == "component 'w.sum' (Test.Wrap -> Blocks.Math.MultiSum): the model has more than 1000 variables");
    CHECK(instances == std::vector<std::string>{"w.sum"});
}

TEST_CASE("ranges of for-equations and reductions stop where vector sizes do")
{
    const TempFolder folder("flange-test-ranges");
    const library::Library lib = rangeLibrary(folder);
    auto translate = [&lib](const std::string& type, long long n) {
        std::string message = "compiled";
        onStackOf8MB([&] {
            try {
                compileModel(diagramFromJson(topLevel(component("r", type, R"({"n": )" + std::to_string(n) + "}"), "")),
                             lib);
            } catch (const Error& e) {
                message = e.what();
            }
        });
        return message;
    };
    CHECK_THAT(translate("Test.SumRange", kMostElements + 1),
               Catch::Contains("the range 1:100001 has 100001 iterations, more than the 100000 a range may have"));
    CHECK_THAT(translate("Test.SumRange", 1000000000), Catch::Contains("the range 1:1000000000 has 1000000000 iterations"));
    CHECK_THAT(translate("Test.ForRange", kMostElements + 1),
               Catch::Contains("the range 1:100001 has 100001 iterations, more than the 100000 a range may have"));
    CHECK(translate("Test.ForRange", 0) == "compiled"); // an empty range holds nothing
    // Nested ranges multiply: 100,000 inside 100,000 would expand 10^10 terms.
    CHECK_THAT(translate("Test.NestedRanges", kMostElements),
               Catch::Contains("the range 1:100000 has 100000 iterations inside ranges of 100000, 10000000000 in all, "
                               "more than the 10000000 nested ranges may have"));
    CHECK_THAT(translate("Test.ForSum", kMostElements),
               Catch::Contains("the range 1:100000 has 100000 iterations inside ranges of 100000, 10000000000 in all"));
}

TEST_CASE("a reduction inside a reduction expands every term")
{
    const TempFolder folder("flange-test-nested-sum");
    const library::Library lib = rangeLibrary(folder);
    Simulated s;
    onStackOf8MB([&] {
        s.model = compileModel(diagramFromJson(topLevel(component("r", "Test.NestedRanges", R"({"n": 300})"), "")), lib);
        s.stats = simulate(*s.model, {}, s.sink);
    });
    // (1 + ... + 300)^2 at 1 s, every partial sum exact.
    CHECK(s.sink.last("r.y") == 45150.0 * 45150.0);
}

TEST_CASE("a reduction over the largest range gives its exact sum on an 8 MB stack")
{
    const TempFolder folder("flange-test-range-sum");
    const library::Library lib = rangeLibrary(folder);
    Simulated s;
    onStackOf8MB([&] {
        s.model = compileModel(
            diagramFromJson(topLevel(component("r", "Test.SumRange", R"({"n": )" + std::to_string(kMostElements) + "}"), "")),
            lib);
        s.stats = simulate(*s.model, {}, s.sink);
    });
    // sum(i*time) at time 1: every term an integer, every partial sum exact in doubles.
    CHECK(s.sink.last("r.y") == 5000050000.0);
}

TEST_CASE("a left-deep chain of 1,000,000 links is printed, evaluated, differentiated and compiled on an 8 MB stack")
{
    // What a builder that does not balance gives: ((x + sin(x)) + sin(x)) + ..., link by link.
    expr::Pool pool;
    const expr::NodeId x = pool.var(0);
    const expr::NodeId sine = pool.unary(expr::Op::Sin, x);
    expr::NodeId chain = x;
    const int n = 1000000;
    for (int k = 1; k <= n; ++k)
        chain = pool.add(chain, sine);
    std::string text;
    double value = 0, slope = 0;
    size_t instructions = 0;
    onStackOf8MB([&] {
        text = expr::toString(pool, chain, [](int32_t) { return std::string("x"); });
        const double xs[] = {0.5};
        expr::EvalContext ctx;
        ctx.vars = xs;
        value = expr::evaluate(pool, chain, ctx);
        slope = expr::evaluate(pool, expr::partial(pool, chain, 0), ctx);
        codegen::TapeCompiler compiler(pool, [](int32_t) { return codegen::VarSource{codegen::VarSource::Kind::Y, 0, 0}; });
        compiler.store(chain, 0, 0);
        instructions = compiler.instructionCount();
    });
    CHECK(text.size() == std::string("x").size() + n * std::string(" + sin(x)").size());
    CHECK(text.rfind("x + sin(x) + sin(x)", 0) == 0);
    CHECK(value == Approx(0.5 + n * std::sin(0.5)).epsilon(1e-9));
    CHECK(slope == Approx(1 + n * std::cos(0.5)).epsilon(1e-9));
    // A load of x, one sine (common to every link) and one addition per link, and the store.
    CHECK(instructions == static_cast<size_t>(n) + 3);
}

TEST_CASE("expressions print with the parentheses their precedence needs")
{
    expr::Pool pool;
    const expr::NodeId a = pool.var(0), b = pool.var(1), c = pool.var(2);
    auto text = [&pool](expr::NodeId e) {
        return expr::toString(pool, e, [](int32_t v) { return std::string(1, static_cast<char>('a' + v)); });
    };
    CHECK(text(pool.mul(pool.add(a, b), pool.unary(expr::Op::Cos, c))) == "(a + b) * cos(c)");
    CHECK(text(pool.sub(a, pool.sub(b, c))) == "a - (b - c)");
    CHECK(text(pool.sub(pool.sub(a, b), c)) == "a - b - c");
    CHECK(text(pool.neg(pool.add(a, b))) == "-(a + b)");
    CHECK(text(pool.mul(a, pool.constant(-2))) == "(-2) * a");
    CHECK(text(pool.ifThenElse(pool.compare(expr::Op::Gt, a, pool.zero()), pool.pow(b, pool.constant(3)),
                               pool.binary(expr::Op::Atan2, b, c))) == "if a > 0 then b ^ 3 else atan2(b, c)");
    CHECK(text(pool.mul(pool.ifThenElse(pool.compare(expr::Op::Lt, a, b), a, b), c)) == "(if a < b then a else b) * c");
}
