#pragma once
// The structure of the initial system (engine.md 5.1), which depends on the model only:
// built once at translation (buildInitialSystem, called by compileModel), read by every
// run's initialization. Unknowns z = (y, der(x) of the states); rows are the equations F,
// the kept initial conditions G, then one row per state assumed fixed at its start value.
#include "engine/structure/sparse_pattern.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace flange {
struct CompiledModel;
}

namespace flange::solve {

struct InitialSystem {
    // One entry of the Newton matrix and where its value comes from: the residual's dF/dy
    // or dF/dyp, the initial conditions' dG, or 1 for an assumed start value.
    struct Cell {
        int32_t row, col;
        enum Source : uint8_t { FY, FYP, G, Candidate } source;
        int32_t k; // entry in the source's Jacobian
    };
    int32_t unknowns = 0;
    std::vector<int32_t> candidates;   // state slots assumed fixed at their start values
    std::vector<std::string> assumed;  // "inertia1.phi = 0", per candidate, for the warning
    std::vector<int32_t> keptG, droppedG; // initial conditions used, and redundant ones (checked after)
    // Per dropped condition: the kept initial conditions (and assumed start values) that,
    // with the equations, already determine what it fixes; the structurally
    // over-determined part it belongs to, named together when they disagree.
    std::vector<std::vector<std::string>> droppedWith;
    std::vector<int32_t> fPos, gPos, cPos; // Newton row of each F row, kept G row, candidate
    std::vector<Cell> cells;           // in the pattern's order: cell k gives value k
    structure::SparsePattern pattern;
    std::vector<std::string> rowOrigin; // per Newton row, for messages
};

// Throws flange::Error (BadInput) for an initialization that is singular or
// under-determined, naming the equation or the unknown.
InitialSystem buildInitialSystem(const CompiledModel& m);

} // namespace flange::solve
