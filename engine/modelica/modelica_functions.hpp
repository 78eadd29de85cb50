#pragma once
// Evaluates Modelica functions of the subset Flange reads, as a parameter binding calls
// them (Translational's Friction example builds its friction table with
// Utilities.GenerateStribeckFrictionTable): inputs with defaults, outputs with sizes,
// an algorithm of assignments and for-loops over scalar and matrix variables, arithmetic,
// comparisons, if-expressions and the Modelica.Math functions. Loops are bounded as
// for-equations are (engine/input_limits.hpp).
#include "engine/error.hpp"
#include "engine/modelica/modelica_source.hpp"

#include <functional>
#include <string>
#include <vector>

namespace flange::modelica {

// A scalar (dims empty), vector or matrix of Reals, row by row.
struct Value {
    std::vector<double> data;
    std::vector<size_t> dims;
};

class Evaluator {
public:
    // `constant`: the value of a full name outside the function (an MSL constant), or of a
    // name the lookup does not find (another instance's parameter), if any.
    Evaluator(ModelicaSource& source, std::function<std::optional<double>(const std::string&)> constant)
        : source_(source), constant_(std::move(constant)) {}

    // `e` in class `scope`, with no variables of its own: literals, constants, calls.
    // Throws BadInput "FILE:LINE: ..." naming what it cannot evaluate.
    Value evaluate(const Expr& e, const ClassDef& scope);

private:
    struct Frame;
    Value eval(const Expr& e, Frame& f);
    Value call(const ClassDef& fn, const Expr& at, std::vector<Value> positional,
               std::vector<std::pair<std::string, Value>> named, Frame& caller);
    void run(const std::vector<Statement>& body, Frame& f);
    Error fail(const Frame& f, int line, const std::string& what) const;

    ModelicaSource& source_;
    std::function<std::optional<double>(const std::string&)> constant_;
    long long steps_ = 0;
    int calls_ = 0;
};

} // namespace flange::modelica
