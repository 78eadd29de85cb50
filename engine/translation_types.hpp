#pragma once
// What translation takes besides the diagram (hooks for a worker thread) and what it
// reports about itself: public vocabulary (engine/api/model.hpp) without the compiled
// model's tables.
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace flange {

// Hooks for a caller translating on a worker thread. Both may be empty.
struct CompileOptions {
    // Polled between phases and inside the loops that grow with the model; true stops
    // the translation with flange::Error (Cancelled).
    std::function<bool()> cancelled;
    // After each phase: its name and the fraction (0..1) of the whole translation done,
    // non-decreasing, ending with 1.
    std::function<void(const std::string& phase, double fraction)> progress;
};

struct TranslationStats {
    int flatVariables = 0, flatEquations = 0;
    int aliases = 0, constants = 0;
    int differentiatedEquations = 0;
    int states = 0, algebraics = 0; // the solver's unknowns
    int computed = 0;                // algebraic unknowns computed explicitly from them
    int relations = 0, discreteVariables = 0;
    size_t expressionNodes = 0; // in the pool after translation: the memory translation needed
    double seconds = 0;
    std::vector<std::string> stateNames;
    std::vector<std::pair<std::string, double>> phases; // translation phase -> milliseconds
};

// What Check reports (Model::check: Diagram > Check, `flange-sim check`): the choices
// translation made, read before anything is simulated, as Dymola's and OMEdit's Check do.
struct CheckReport {
    std::vector<std::string> states;           // integrated by the solver
    std::vector<std::string> dummyDerivatives; // derivatives index reduction made algebraic
    std::vector<std::string> aliases;          // eliminated: "inertia2.phi = inertia1.phi"
    int constants = 0;                         // variables found constant and eliminated
    std::vector<std::vector<std::string>> algebraicLoops; // the unknowns of each loop, largest loop first
    std::vector<std::string> assumedStarts;    // "inertia1.phi = 0": nothing fixed them
    // Fixed starts the others already determine, each with those it shares its value
    // with: "fixed start inertia2.w = 3 (with fixed start inertia1.w = 6)". A run checks
    // that they agree and names them all when they do not.
    std::vector<std::string> redundantStarts;
    std::vector<std::string> warnings; // translation's
    // The report as text, one heading a line and each list indented below it; a list
    // longer than mostPerList shows its first items and how many more there are (the
    // window's Messages: a 10,000-part drive line has 10^5 aliases).
    std::string text(size_t mostPerList = static_cast<size_t>(-1)) const;
};

} // namespace flange
