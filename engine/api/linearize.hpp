#pragma once
// Public engine header (engine/api/): linear analysis of a drive line (issue 37, the
// headless core; docs/guide/vibration.md). A model is linearized at its initial state or
// at a time of a run; the modes, their shapes per inertia or mass and their energy per
// component come from the linear model and the components' J, m, c and d.
//
//     flange::linear::LinearizeOptions options;
//     options.at = 0.5;                          // empty: the initial state
//     options.inputs = {"inertia2.flange_b"};    // a torque there
//     options.measure = {"spring.tau"};
//     flange::linear::LinearSystem sys = flange::linear::linearize(model, options);
//     std::vector<flange::linear::Mode> modes = flange::linear::modes(sys);
#include "engine/api/model.hpp"

#include <complex>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace flange::linear {

struct LinearizeOptions {
    std::optional<double> at; // a time of the run; empty: the initial state, after initialization
    std::vector<std::string> measure; // outputs: any variable of the model ("spring.tau")
    // inputs: a torque (rotational) or force (translational) accelerating a flange
    // ("inertia2.flange_b"), injected by a source of the linearization's own, or a Real
    // input ("torque.tau"), added to the signal that drives it.
    std::vector<std::string> inputs;
};

// dx/dt = A x + B u, y = C x + D u about the operating point, x the states in `states`'
// order. Matrices are row-major (A: states x states, C: outputs x states, ...).
// An input is a torque or force at a flange, or a Real input's signal.
struct LinearSystem {
    double time = 0; // of the operating point (the run's row at or after `at`)
    std::vector<std::string> states, inputs, outputs;
    std::vector<double> A, B, C, D;
    // Internal to the analysis: each inertia's and spring's variables as rows over the
    // states (in the order of DriveLineParts), filled by linearize() for modes().
    struct Part {
        std::string name;
        // Locked: a friction element stuck at the operating point (a clutch, a brake), its
        // relative angle or position as `position`: a zero that moves it is a constraint.
        enum class Kind { Inertia, Mass, Spring, Damper, SpringDamper, Locked } kind = Kind::Inertia;
        double inertia = 0, stiffness = 0, damping = 0; // J or m; c; d
        std::vector<double> position, speed; // rows over the states: phi/s and w/v (or phi_rel/s_rel, w_rel/v_rel)
    };
    std::vector<Part> parts;
};

struct Mode {
    std::complex<double> eigenvalue; // of A (the one with Im >= 0 of a pair)
    double frequencyHz = 0;       // undamped natural frequency |lambda| / 2 pi
    double dampedFrequencyHz = 0; // |Im lambda| / 2 pi
    double dampingRatio = 0;      // -Re lambda / |lambda| (1 for a real eigenvalue)
    bool rigid = false;           // a zero eigenvalue moving the inertias together
    bool constraint = false;      // a zero eigenvalue of a locked element (or moving no inertia or mass)
    std::vector<std::pair<std::string, double>> shape;  // inertia or mass -> amplitude, max 1
    std::vector<std::pair<std::string, double>> energy; // component -> share, summing to 1
    std::string label; // "mode 2, 41.3 Hz: spring2 (78 % potential), inertia3 (65 % kinetic)"
};

// Throws flange::Error: BadInput for an unknown output or flange name, a time before the start,
// SimulationFailed when the run to `at` fails, and when the linear model is singular there.
LinearSystem linearize(const std::shared_ptr<const Model>& model, const LinearizeOptions& options = {});
// The component types the inputs' sources are made of: a library that parses only the
// types a diagram uses (Library::require) needs these too when inputs are asked for.
std::vector<std::string> inputSourceTypes();

// Modes in ascending undamped frequency, rigid ones first.
std::vector<Mode> modes(const LinearSystem& system);

// The system (and modes, when given) as JSON text, or as a MATLAB/Octave script.
std::string toJson(const LinearSystem& system, const std::vector<Mode>* modes = nullptr);
std::string toMatlab(const LinearSystem& system, const std::vector<Mode>* modes = nullptr);

} // namespace flange::linear
