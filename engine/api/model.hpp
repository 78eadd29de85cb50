#pragma once
// Public engine header (engine/api/): the compiled model, the first half of the run API
// (the second is flange::Run, engine/api/simulation.hpp; docs/architecture.md shows both).
//
//     auto library = std::make_shared<flange::library::Library>();   // indexed, required, resolved
//     std::shared_ptr<const flange::Model> model = flange::Model::compile(diagram, library);
//     flange::Run run(model);                  // any number of runs, on any threads
//     run.setParameter("spring.c", 2e4);       // by name, in the parameter's unit or another
//     run.runToEnd();                          // or initialize(), advanceTo(t), advanceToNextEvent()
//     std::vector<double> w = run.signal("inertia1.w");
//
// A Model is immutable once compiled: runs read it and keep every value that changes in
// themselves, so one Model serves any number of runs at once on any threads.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"
#include "engine/translation_types.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace flange {

struct CompiledModel; // the translation's tables (engine/compiled_model.hpp): the engine's own

class Model {
public:
    // Translates `diagram` with the definitions of `library` (indexed, the diagram's types
    // required, resolved). The model keeps both: a run whose parameters change the
    // equations' structure translates the edited diagram again. Throws flange::Error:
    // BadInput naming the component, connection or equation at fault; Cancelled when
    // options.cancelled says so.
    static std::shared_ptr<const Model> compile(const diagram::Diagram& diagram,
                                                std::shared_ptr<const library::Library> library,
                                                const CompileOptions& options = {});
    // The same, sharing the caller's diagram instead of copying it (the window keeps the
    // one it ran: a 10,000-part diagram is costly to copy).
    static std::shared_ptr<const Model> compile(std::shared_ptr<const diagram::Diagram> diagram,
                                                std::shared_ptr<const library::Library> library,
                                                const CompileOptions& options = {});

    // A variable the results can hold: its full name ("clutch1.w_rel"), unit as declared.
    struct Variable {
        std::string name;
        std::string unit;
        bool isProtected = false; // internal to its component (hidden from the plot's tree)
        bool isBoolean = false, isInteger = false;
        bool isDiscrete = false; // changes only at events
    };
    // Made on request from the compiled model's tables (a 10,000-part drive line has
    // 230,000), so that a translation pays for no second copy of the names.
    size_t variableCount() const;
    Variable variable(size_t i) const;
    // Index of the variable, or nullopt when the model has none of that name.
    std::optional<int> variableIndex(const std::string& name) const;
    // For each of the signals a run reports (`selected`, variable indices; empty: all),
    // the first of them that holds the same value on every row (aliases of one unknown,
    // constants of one value), or itself: a sink that keeps rows may keep each value once.
    std::vector<int32_t> columnsWithSameValues(const std::vector<int>& selected = {}) const;
    // The same, a negated alias included (negated: it holds minus the first's value), and
    // whether each is a constant: what a Dymola .mat result stores once (engine/run.hpp).
    struct SharedColumn {
        int32_t first = 0;
        bool negated = false;
        bool constant = false;
    };
    std::vector<SharedColumn> columnsSharedWithSign(const std::vector<int>& selected = {}) const;

    // A parameter a run can set: the diagram's own ("T3") and its components' ("spring.c").
    // tunable: a new value (finite, not 0, within its range) needs no translation; otherwise
    // the run translates the edited diagram (docs/architecture.md, "Parameters").
    struct Parameter {
        std::string name;
        std::string unit;            // declared; empty when dimensionless or none
        std::optional<double> value; // a number's value in `unit`; empty for expressions, tables, text
        bool tunable = false;
    };
    std::vector<Parameter> parameters() const;

    // The definition of an instance's variable (an event's change: "clutch1", "mode"), with
    // what its values mean (VariableDef::valueName: mode 0 is "stuck"); null when the
    // instance or its definition has no such variable.
    const library::VariableDef* variableDefinition(const std::string& instance, const std::string& variable) const;

    const std::string& name() const { return diagram_->name; }
    const diagram::Experiment& experiment() const { return diagram_->experiment; }
    const std::vector<std::string>& warnings() const;
    const TranslationStats& translation() const;
    // What Check shows: states, dummy derivatives, eliminated aliases, algebraic loops,
    // start values assumed and fixed ones the others already determine.
    CheckReport check() const;
    size_t jacobianEntries() const;
    // How each tape runs: "residual 180 (native, 2.1 KB), Jacobian ...", for --stats.
    std::string tapeSummary() const;

    // The same translation of an edited copy of diagram() (a run's structural edits).
    std::shared_ptr<const Model> translate(const diagram::Diagram& edited, const CompileOptions& options = {}) const
    {
        return compile(edited, library_, options);
    }

    const diagram::Diagram& diagram() const { return *diagram_; }
    const library::Library& library() const { return *library_; }
    // The translation's tables, for the engine's own tests and benchmarks; programs read
    // the functions above.
    const CompiledModel& compiled() const { return *compiled_; }

private:
    Model() = default;
    std::shared_ptr<const diagram::Diagram> diagram_;
    std::shared_ptr<const library::Library> library_;
    std::shared_ptr<const CompiledModel> compiled_;
};

} // namespace flange
