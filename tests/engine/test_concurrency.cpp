// One CompiledModel simulated on several threads at once: the model is immutable and
// every run brings its own workspaces, so each thread's rows equal a lone run's exactly.
#include "support/test_support.hpp"

#include "engine/diagram/diagram_json.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <thread>

using namespace flange;
using namespace flange::test;

namespace {

bool bitwiseEqual(const MemorySink& a, const MemorySink& b)
{
    if (a.times.size() != b.times.size() || a.rows.size() != b.rows.size())
        return false;
    if (std::memcmp(a.times.data(), b.times.data(), a.times.size() * sizeof(double)) != 0)
        return false;
    for (size_t i = 0; i < a.rows.size(); ++i)
        if (a.rows[i].size() != b.rows[i].size() ||
            std::memcmp(a.rows[i].data(), b.rows[i].data(), a.rows[i].size() * sizeof(double)) != 0)
            return false;
    return true;
}

} // namespace

TEST_CASE("one compiled CoupledClutches simulated on four threads at once gives the lone run's rows bit for bit")
{
    auto model = compileModel(diagram::loadDiagram(std::string(FLANGE_SOURCE_DIR) + "/models/msl/Rotational/CoupledClutches.json"),
                              bundledLibrary());
    MemorySink reference;
    simulate(*model, {}, reference);
    REQUIRE(reference.rows.size() > 100);
    REQUIRE(reference.events.size() > 3); // the friction modes switch: every tape and solver is exercised

    constexpr int kThreads = 4;
    MemorySink sinks[kThreads];
    std::string failures[kThreads];
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i)
        threads.emplace_back([&, i] {
            try {
                simulate(*model, {}, sinks[i]);
            } catch (const std::exception& e) {
                failures[i] = e.what();
            }
        });
    for (auto& t : threads)
        t.join();
    for (int i = 0; i < kThreads; ++i) {
        INFO("thread " << i);
        CHECK(failures[i].empty());
        CHECK(sinks[i].names == reference.names);
        CHECK(sinks[i].events.size() == reference.events.size());
        CHECK(bitwiseEqual(sinks[i], reference));
    }
}
