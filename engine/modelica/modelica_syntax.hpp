#pragma once
// The parsed form of the Modelica subset Flange reads (docs/guide/modelica-tools.md):
// classes with their imports, extends, declarations with modifiers, connect and simple
// equations, algorithms of assignments and for-loops, and annotations as modifications.
// Every node keeps its line; an expression also keeps its token range, so that its text
// can be written back as it was typed.
#include "engine/modelica/modelica_lexer.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace flange::modelica {

struct Expr {
    enum class Kind { Number, String, Boolean, Name, Call, Unary, Binary, Array, Matrix, Range, If, End };
    Kind kind = Kind::Number;
    double number = 0;
    std::string text;             // Name: dotted name; Call: the function's name; Unary/Binary: operator
    std::vector<Expr> args;       // operands, elements, call arguments (positional), subscripts of a Name
    std::vector<std::string> argNames; // Call: the name of each argument ("" when positional)
    std::vector<std::vector<Expr>> rows; // Matrix
    size_t first = 0, last = 0;   // token range [first, last)
    int line = 0;
    int height = 1; // levels of the tree below and including this node
};

// One argument of a modification: `final J(start=0) = 2`, `phi(fixed=true)`.
struct Argument {
    std::string name; // dotted
    bool isFinal = false, each = false;
    std::vector<Argument> modifiers;
    std::optional<Expr> value;
    int line = 0;
    size_t first = 0, last = 0; // token range, so that an annotation can be kept as written
};

struct Import {
    std::string alias;  // `import C = Modelica.Constants;` -> "C"; single: the last identifier
    std::string target; // the full name imported
    bool wildcard = false;
    int line = 0;
};

struct Declaration {
    std::string type;
    std::string name;
    bool parameter = false, constant = false, isFinal = false, input = false, output = false,
         flow = false, isProtected = false;
    std::vector<Expr> dimensions; // `table[nTable, 2]`
    std::vector<Argument> modifiers;
    std::optional<Expr> value;
    std::optional<Expr> condition; // `if useSupport`
    std::string description;
    std::vector<Argument> annotation;
    int line = 0;
};

struct Equation {
    bool connect = false;
    std::string from, to; // connect: the connector references as written ("y[1]" included)
    std::optional<Expr> lhs, rhs;
    std::vector<Argument> annotation;
    int line = 0;
};

struct Statement {
    enum class Kind { Assign, For };
    Kind kind = Kind::Assign;
    Expr target, value; // Assign; For: target is the loop variable (a Name), value the range
    std::vector<Statement> body;
    int line = 0;
};

struct Extends {
    std::string name;
    std::vector<Argument> modifiers;
    int line = 0;
};

struct ClassDef {
    std::string restriction; // model, block, package, function, record, type, connector, class
    std::string name;
    std::string fullName; // with the enclosing packages, "Modelica.Mechanics.Rotational.Examples.First"
    std::string description;
    std::string file;
    int line = 0;
    bool partial = false;
    std::vector<Import> imports;
    std::vector<Extends> extends;
    std::vector<Declaration> declarations;
    std::vector<Equation> equations, initialEquations;
    std::vector<Statement> algorithm;
    std::vector<std::unique_ptr<ClassDef>> classes;
    std::vector<Argument> annotation;
    // A short class `type Angle = Real(unit="rad")`: its base and modifiers; an
    // enumeration's literals.
    std::optional<Extends> shortBase;
    std::vector<std::string> enumeration;
};

// A parsed file: `within` and its classes.
struct StoredDefinition {
    std::vector<Token> tokens; // what the expressions' ranges index
    std::string within;
    std::string file;
    std::vector<std::unique_ptr<ClassDef>> classes;
};

} // namespace flange::modelica
