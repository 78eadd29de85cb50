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
    // A steady state, searched from that point: every speed constant (der(w) = 0), relative
    // angles constant, absolute angles free (the states no equation reads but through their
    // derivative turn on at the steady speed). The elements keep the mode they are in there.
    bool steady = false;
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
    bool steady = false; // the operating point is the steady state searched from there
    std::vector<std::string> states, inputs, outputs;
    std::vector<double> A, B, C, D;
    std::vector<double> stateValues, outputValues; // at the operating point
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

// The lowest `count` modes of a line of any size that are not zeros, from its sparse
// matrices by shift-invert Arnoldi (Spectra) with a shift below them, at the initial state
// or at time `at` of a run: frequencies and damping ratios, without shapes or energies.
// Throws SimulationFailed when the iteration does not converge.
struct SparseModes {
    double time = 0;
    size_t states = 0;
    double shift = 0;  // the real shift used [1/s]
    int zeros = 0;     // zero eigenvalues met below the modes (a free line's rigid rotation)
    std::vector<Mode> modes; // lowest first, as many as asked for when there are
};
SparseModes lowestModes(const std::shared_ptr<const Model>& model, int count, std::optional<double> at = {});

// ---- frequency response (Bode) and critical speeds (Campbell)

// n frequencies from f0 to f1, evenly spaced on a log scale. Throws BadInput unless
// 0 < f0 < f1 and n >= 2.
std::vector<double> logSpaced(double f0, double f1, int n);

// H(j w) = C (j w I - A)^-1 B + D from one input to one output.
struct FrequencyResponse {
    std::string input, output;
    std::vector<double> frequencyHz;
    std::vector<double> magnitude; // |H|, in the output's unit per the input's
    std::vector<double> phaseDeg;  // arg H, unwrapped along the frequencies
};
struct Bode {
    std::vector<FrequencyResponse> responses;   // every output from every input, inputs outer
    std::vector<double> naturalFrequenciesHz;   // of the non-zero modes in the range, to mark
};
// Throws BadInput when the system has no input or no output, SimulationFailed when
// j w I - A is singular at a frequency (an undamped mode exactly there).
Bode bode(const LinearSystem& system, const std::vector<double>& frequenciesHz, const std::vector<Mode>& modes);

// Excitation as orders of a shaft's speed (order k at n rpm: k n / 60 Hz). A linear drive
// line's natural frequencies do not change with its speed: each order line meets each
// mode once, at 60 f / k rpm; the forced response is the Bode along the line.
struct Campbell {
    std::string shaft; // the inertia whose speed the orders are of
    std::vector<double> orders, rpm;
    std::vector<double> naturalFrequenciesHz; // the non-zero modes, lowest first
    struct Crossing {
        double order = 0, frequencyHz = 0, rpm = 0;
        std::string mode; // its label
    };
    std::vector<Crossing> crossings; // in rpm order, within the rpm range (from 0 for the default one)
    struct OrderResponse {
        double order = 0;
        std::string input, output;
        std::vector<double> magnitude; // |H(j 2 pi order rpm / 60)| at each rpm
    };
    std::vector<OrderResponse> responses; // every order, output and input
};
// rpm empty: 0 to 1.2 times the highest crossing, 200 points. Throws BadInput for no
// orders, an order <= 0, or a shaft that is no inertia of the model.
Campbell campbell(const LinearSystem& system, const std::vector<Mode>& modes, const std::vector<double>& orders,
                  const std::string& shaft, std::vector<double> rpm = {});

// The system (and modes, Bode, Campbell data when given) as JSON text, or as a
// MATLAB/Octave script.
struct Results {
    const std::vector<Mode>* modes = nullptr;
    const Bode* bode = nullptr;
    const Campbell* campbell = nullptr;
};
std::string toJson(const LinearSystem& system, const Results& results = {});
// The lowest modes alone: time, state_count, shift, zeros and modes (without shapes).
std::string toJson(const SparseModes& found);
std::string toMatlab(const LinearSystem& system, const Results& results = {});

} // namespace flange::linear
