// The expression language: precedence, if-chains, relations, errors with columns.
#include "engine/expr/evaluate.hpp"
#include "engine/expr/parser.hpp"
#include "engine/flatten/lower.hpp"

#include <catch2/catch.hpp>

#include <map>

using namespace flange;

namespace {

double evalText(const std::string& text, const std::map<std::string, double>& values)
{
    expr::Pool pool;
    flatten::Scope scope = [&](const std::string& n) {
        auto it = values.find(n);
        if (it == values.end())
            return flatten::Symbol{};
        return flatten::Symbol{flatten::Symbol::Kind::Value, it->second, -1};
    };
    flatten::Lowerer low(pool, scope, nullptr, {}, "test", -1);
    expr::NodeId n = low.lower(*expr::parseExpression(text));
    REQUIRE(pool.isConst(n));
    return pool.constValue(n);
}

} // namespace

TEST_CASE("arithmetic follows Modelica precedence")
{
    CHECK(evalText("a + b*c^2", {{"a", 1}, {"b", 2}, {"c", 3}}) == 19);
    CHECK(evalText("-a^2", {{"a", 2}}) == -4);
    CHECK(evalText("a - b - c", {{"a", 10}, {"b", 3}, {"c", 2}}) == 5);
    CHECK(evalText("a / b / c", {{"a", 12}, {"b", 3}, {"c", 2}}) == 2);
    CHECK(evalText("2*(a + 1)", {{"a", 2}}) == 6);
    CHECK(evalText("1.5e-3*1000", {}) == Approx(1.5));
}

TEST_CASE("if-elseif-else chains pick the first true branch")
{
    const char* e = "if x < 0 then -1 elseif x < 1 then 0 else 1";
    CHECK(evalText(e, {{"x", -5}}) == -1);
    CHECK(evalText(e, {{"x", 0.5}}) == 0);
    CHECK(evalText(e, {{"x", 3}}) == 1);
}

TEST_CASE("logic and relations")
{
    CHECK(evalText("not x > 1 and y < 3", {{"x", 0}, {"y", 2}}) == 1);
    CHECK(evalText("x > 1 or y >= 3", {{"x", 0}, {"y", 3}}) == 1);
    CHECK(evalText("x == 2 and y <> 2", {{"x", 2}, {"y", 3}}) == 1);
    CHECK(evalText("true and false", {}) == 0);
}

TEST_CASE("built-in functions and constants")
{
    CHECK(evalText("sin(pi/2)", {}) == Approx(1.0));
    CHECK(evalText("atan2(1, 1)", {}) == Approx(0.7853981633974483));
    CHECK(evalText("min(3, max(1, 2))", {}) == 2);
    CHECK(evalText("abs(-2) + sign(-3)", {}) == 1);
    CHECK(evalText("mod(7, 3) + rem(-7, 3) + div(7, 2)", {}) == 1 + -1 + 3);
    CHECK(evalText("integer(2.7) + floor(-0.5) + ceil(0.2)", {}) == 2 - 1 + 1);
    CHECK(evalText("StateSelect.prefer", {}) == 4); // Modelica ordinal: never = 1 ... always = 5
}

TEST_CASE("parse errors carry the column of the problem")
{
    try {
        expr::parseExpression("a + * b");
        FAIL("no error");
    } catch (const expr::ParseError& e) {
        CHECK(e.column() == 4);
        CHECK(std::string(e.what()).find("'*'") != std::string::npos);
    }
    CHECK_THROWS_AS(expr::parseExpression("sin(x"), expr::ParseError);
    CHECK_THROWS_AS(expr::parseExpression("if x then 1"), expr::ParseError);
    CHECK_THROWS_AS(expr::parseExpression("x $ y"), expr::ParseError);
}

TEST_CASE("equations need one '=' and may be reinit calls")
{
    auto eq = expr::parseEquation("J*a = flange_a.tau + flange_b.tau");
    CHECK(eq.lhs->kind == expr::Ast::Kind::Binary);
    CHECK(eq.rhs->kind == expr::Ast::Kind::Binary);
    CHECK(expr::parseEquation("reinit(v, 0)").rhs == nullptr);
    CHECK_THROWS_AS(expr::parseEquation("a + b"), expr::ParseError);
    CHECK_THROWS_AS(expr::parseEquation("a = b = c"), expr::ParseError);
}

TEST_CASE("matrices parse row by row")
{
    auto m = expr::parseExpression("[0, 0.5; 1, 0.6]");
    REQUIRE(m->kind == expr::Ast::Kind::Matrix);
    REQUIRE(m->args.size() == 2);
    CHECK(m->args[1]->args[1]->number == Approx(0.6));
}

TEST_CASE("unknown names are reported by name")
{
    CHECK_THROWS_WITH(evalText("a + bogus", {{"a", 1}}), Catch::Contains("unknown name 'bogus'"));
    CHECK_THROWS_WITH(evalText("frobnicate(1)", {}), Catch::Contains("unknown function 'frobnicate'"));
}
