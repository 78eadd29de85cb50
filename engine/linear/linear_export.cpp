// A linear model as files other tools read: JSON for scripts, a MATLAB/Octave script
// that builds the matrices (and, with the Control package, ss(A, B, C, D)).
#include "engine/api/linearize.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace flange::linear {

namespace {

nlohmann::ordered_json rows(const std::vector<double>& values, size_t rowCount, size_t columnCount)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (size_t r = 0; r < rowCount; ++r) {
        nlohmann::ordered_json row = nlohmann::ordered_json::array();
        for (size_t c = 0; c < columnCount; ++c)
            row.push_back(values[r * columnCount + c]);
        out.push_back(std::move(row));
    }
    return out;
}

nlohmann::ordered_json pairs(const std::vector<std::pair<std::string, double>>& list)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const auto& [name, value] : list)
        out[name] = value;
    return out;
}

std::string number(double v)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

std::string quoted(const std::string& s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

void matrix(std::ostringstream& out, const char* name, const std::vector<double>& values, size_t rowCount,
            size_t columnCount)
{
    if (rowCount == 0 || columnCount == 0) {
        out << name << " = zeros(" << rowCount << ", " << columnCount << ");\n";
        return;
    }
    out << name << " = [";
    for (size_t r = 0; r < rowCount; ++r) {
        for (size_t c = 0; c < columnCount; ++c)
            out << (c ? " " : "") << number(values[r * columnCount + c]);
        out << (r + 1 < rowCount ? ";\n     " : "];\n");
    }
}

void names(std::ostringstream& out, const char* name, const std::vector<std::string>& list)
{
    out << name << " = {";
    for (size_t i = 0; i < list.size(); ++i)
        out << (i ? ", " : "") << quoted(list[i]);
    out << "};\n";
}

void row(std::ostringstream& out, const std::string& name, const std::vector<double>& values)
{
    matrix(out, name.c_str(), values, values.empty() ? 0 : 1, values.size());
}

nlohmann::ordered_json bodeJson(const Bode& b)
{
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const FrequencyResponse& r : b.responses)
        list.push_back({{"input", r.input},
                        {"output", r.output},
                        {"frequency_hz", r.frequencyHz},
                        {"magnitude", r.magnitude},
                        {"phase_deg", r.phaseDeg},
                        {"natural_frequencies_hz", b.naturalFrequenciesHz}});
    return list;
}

nlohmann::ordered_json modesJson(const std::vector<Mode>& modes)
{
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Mode& mode : modes)
        list.push_back({{"frequency_hz", mode.frequencyHz},
                        {"damped_frequency_hz", mode.dampedFrequencyHz},
                        {"damping_ratio", mode.dampingRatio},
                        {"eigenvalue", {mode.eigenvalue.real(), mode.eigenvalue.imag()}},
                        {"rigid", mode.rigid},
                        {"constraint", mode.constraint},
                        {"shape", pairs(mode.shape)},
                        {"energy", pairs(mode.energy)},
                        {"label", mode.label}});
    return list;
}

nlohmann::ordered_json campbellJson(const Campbell& c)
{
    nlohmann::ordered_json j;
    j["shaft"] = c.shaft;
    j["orders"] = c.orders;
    j["rpm"] = c.rpm;
    j["natural_frequencies_hz"] = c.naturalFrequenciesHz;
    nlohmann::ordered_json crossings = nlohmann::ordered_json::array();
    for (const Campbell::Crossing& x : c.crossings)
        crossings.push_back({{"order", x.order}, {"frequency_hz", x.frequencyHz}, {"rpm", x.rpm}, {"mode", x.mode}});
    j["crossings"] = std::move(crossings);
    nlohmann::ordered_json responses = nlohmann::ordered_json::array();
    for (const Campbell::OrderResponse& r : c.responses)
        responses.push_back({{"order", r.order}, {"input", r.input}, {"output", r.output}, {"magnitude", r.magnitude}});
    j["response"] = std::move(responses);
    return j;
}

} // namespace

std::string toJson(const LinearSystem& s, const Results& results)
{
    const std::vector<Mode>* modes = results.modes;
    const size_t n = s.states.size(), m = s.inputs.size(), p = s.outputs.size();
    nlohmann::ordered_json j;
    j["time"] = s.time;
    j["steady"] = s.steady;
    j["states"] = s.states;
    j["inputs"] = s.inputs;
    j["outputs"] = s.outputs;
    j["A"] = rows(s.A, n, n);
    j["B"] = rows(s.B, n, m);
    j["C"] = rows(s.C, p, n);
    j["D"] = rows(s.D, p, m);
    j["state_values"] = s.stateValues;
    j["output_values"] = s.outputValues;
    if (modes) {
        j["modes"] = modesJson(*modes);
    }
    if (results.bode)
        j["bode"] = bodeJson(*results.bode);
    if (results.campbell)
        j["campbell"] = campbellJson(*results.campbell);
    return j.dump(2) + "\n";
}

std::string toJson(const SparseModes& found)
{
    nlohmann::ordered_json j;
    j["time"] = found.time;
    j["state_count"] = found.states;
    j["shift"] = found.shift;
    j["zeros"] = found.zeros;
    j["modes"] = modesJson(found.modes);
    return j.dump(2) + "\n";
}

std::string toMatlab(const LinearSystem& s, const Results& results)
{
    const std::vector<Mode>* modes = results.modes;
    const size_t n = s.states.size(), m = s.inputs.size(), p = s.outputs.size();
    std::ostringstream out;
    out << "% Linear model from flange-sim linearize at t = " << number(s.time) << "\n"
        << "% dx/dt = A x + B u, y = C x + D u; sys = ss(A, B, C, D) with the control package.\n";
    names(out, "states", s.states);
    names(out, "inputs", s.inputs);
    names(out, "outputs", s.outputs);
    matrix(out, "A", s.A, n, n);
    matrix(out, "B", s.B, n, m);
    matrix(out, "C", s.C, p, n);
    matrix(out, "D", s.D, p, m);
    if (modes) {
        out << "% modes: undamped and damped frequency [Hz], damping ratio, rigid, constraint\n";
        std::vector<double> table;
        for (const Mode& mode : *modes)
            table.insert(table.end(), {mode.frequencyHz, mode.dampedFrequencyHz, mode.dampingRatio,
                                       mode.rigid ? 1.0 : 0.0, mode.constraint ? 1.0 : 0.0});
        matrix(out, "modes", table, modes->size(), 5);
        std::vector<std::string> labels;
        for (const Mode& mode : *modes)
            labels.push_back(mode.label);
        names(out, "mode_labels", labels);
    }
    if (results.bode && !results.bode->responses.empty()) {
        out << "% frequency response: bode_mag(k, :) and bode_phase(k, :) [deg] from bode_inputs{k} to bode_outputs{k}\n";
        const Bode& b = *results.bode;
        row(out, "bode_f", b.responses.front().frequencyHz);
        std::vector<double> mag, phase;
        std::vector<std::string> from, to;
        for (const FrequencyResponse& r : b.responses) {
            mag.insert(mag.end(), r.magnitude.begin(), r.magnitude.end());
            phase.insert(phase.end(), r.phaseDeg.begin(), r.phaseDeg.end());
            from.push_back(r.input);
            to.push_back(r.output);
        }
        const size_t points = b.responses.front().frequencyHz.size();
        matrix(out, "bode_mag", mag, b.responses.size(), points);
        matrix(out, "bode_phase", phase, b.responses.size(), points);
        names(out, "bode_inputs", from);
        names(out, "bode_outputs", to);
        row(out, "natural_f", b.naturalFrequenciesHz);
    }
    if (results.campbell) {
        const Campbell& c = *results.campbell;
        out << "% Campbell data for the orders of " << c.shaft << "'s speed: crossings [order, Hz, rpm]\n";
        row(out, "campbell_rpm", c.rpm);
        row(out, "campbell_orders", c.orders);
        std::vector<double> crossings;
        for (const Campbell::Crossing& x : c.crossings)
            crossings.insert(crossings.end(), {x.order, x.frequencyHz, x.rpm});
        matrix(out, "campbell_crossings", crossings, c.crossings.size(), 3);
        if (!c.responses.empty()) {
            std::vector<double> mag;
            for (const Campbell::OrderResponse& r : c.responses)
                mag.insert(mag.end(), r.magnitude.begin(), r.magnitude.end());
            matrix(out, "campbell_response", mag, c.responses.size(), c.rpm.size());
        }
    }
    return out.str();
}

} // namespace flange::linear
