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

} // namespace flange
