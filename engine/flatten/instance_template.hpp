#pragma once
// A leaf instance flattened once and stamped for each later instance of the same
// definition with the same parameter values and variable settings, in the same diagram:
// a drive line of 10,000 inertias lowers the inertia's equations once and then only
// renumbers variables. A stamp adds what lowering the instance would have added: the same
// variables in the same order with the same attributes, the same equations over them with
// the same origins, the same connectors and parameter values. An instance whose lowering
// added anything else (relations, discrete equations, when-clauses, tables, warnings) or
// read anything outside its own variables gives no template and is lowered each time.
// Parameters kept as leaves (tunable, expr::Pool::param) are the instance's own too: a
// stamp gives the new instance leaves of its own, added one after another in the order
// lowering added the template's, so that a drive line's sections read leaves at a fixed
// step (the native loops over them load the parameter registers at a stride).
#include "engine/expr/node_map.hpp"
#include "engine/flatten/connections.hpp"
#include "engine/flatten/flat_model.hpp"
#include "engine/library/component_definition.hpp"

#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace flange::flatten {

class InstanceTemplate {
public:
    // The template of the instance `path` (component ci) that was flattened between
    // `before` and now (its leaves those from firstParameter on), with its connector
    // instances and its Real parameters' values (by parameter name); nullopt when it may
    // not be stamped.
    static std::optional<InstanceTemplate> capture(const FlatModel& m, const FlatModel::Extent& before,
                                                   size_t firstParameter, const std::string& path, int ci,
                                                   std::vector<ConnectorInstance> connectors,
                                                   std::vector<std::pair<std::string, double>> realParameters);

    // Adds the instance `path` (component ci) to m as this template's twin, and returns its
    // connector instances for the caller to register. memo: scratch for the renumbering.
    std::vector<ConnectorInstance> stamp(FlatModel& m, const std::string& path, int ci,
                                         expr::NodeMap<expr::NodeId>& memo) const;

private:
    struct Equation {
        expr::NodeId residual = expr::kNone;
        std::string originTail; // the origin after the instance's path (": J*a = ...")
        bool initial = false;
    };
    // A leaf of the template's instance: its name after the path (".c"), its value, and
    // whether lowering read that value to decide (then the stamp's leaf is structural too).
    struct Parameter {
        std::string nameTail;
        double value = 0;
        bool structural = false;
    };
    int32_t firstVar_ = 0, varEnd_ = 0;
    int32_t firstParameter_ = 0, parameterEnd_ = 0;
    std::vector<Parameter> parameters_;
    std::vector<FlatVar> vars_;          // names hold what follows the path (".phi", ".phi)")
    std::vector<std::string> nameHeads_; // what precedes the path ("", "der(")
    std::vector<Equation> equations_;    // in the order lowering added them, each list's
    std::vector<ConnectorInstance> connectors_;
    std::vector<std::pair<std::string, double>> realParameters_;
};

// The templates of one flattening, found by definition, parameter values and variable
// settings. Kept per diagram level: the same values mean the same thing only in the same
// scope. A few per definition: a model whose instances all differ gains nothing from them.
class InstanceTemplates {
public:
    // The template for an instance of def like comp at `level`, if one was captured.
    const InstanceTemplate* find(const library::ComponentDefinition* def, const diagram::Component& comp,
                                 int level) const;
    // Whether an instance like comp should be captured (no entry for it yet, room for one).
    bool wanted(const library::ComponentDefinition* def, const diagram::Component& comp, int level);
    // Records what capturing an instance like comp gave (nullopt: never stamp one like it).
    void add(const library::ComponentDefinition* def, const diagram::Component& comp, int level,
             std::optional<InstanceTemplate> t);
    expr::NodeMap<expr::NodeId>& memo() { return memo_; }

private:
    struct Entry {
        const diagram::Component* source = nullptr; // its parameters and variable settings are the key
        std::optional<InstanceTemplate> t;
    };
    const Entry* entry(const library::ComponentDefinition* def, const diagram::Component& comp, int level) const;
    static constexpr size_t kPerDefinition = 4;
    int level_ = -1;
    std::unordered_map<const library::ComponentDefinition*, std::vector<Entry>> byDefinition_;
    expr::NodeMap<expr::NodeId> memo_;
};

} // namespace flange::flatten
