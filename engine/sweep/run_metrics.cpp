#include "engine/sweep/run_metrics.hpp"

#include "engine/error.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

namespace flange::sweep {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

struct MetricSet::Probe {
    enum class Kind { Final, At, Max, Min, MaxAbs, Cross, Integral, EventTrue, EventCause };
    Kind kind = Kind::Final;
    int signal = -1;       // into MetricSet::signals_
    double argument = 0;   // at's time, cross's level
    std::string component, variable;
};

struct MetricSet::Node {
    char op = 0; // 'n' number, 'p' probe, '~' negation, or + - * /
    double number = 0;
    int probe = -1;
    std::unique_ptr<Node> left, right;

    double value(const std::vector<Evaluation::State>& states) const
    {
        switch (op) {
        case 'n': return number;
        case 'p': return states[static_cast<size_t>(probe)].value;
        case '~': return -left->value(states);
        case '+': return left->value(states) + right->value(states);
        case '-': return left->value(states) - right->value(states);
        case '*': return left->value(states) * right->value(states);
        default: return left->value(states) / right->value(states);
        }
    }
};

namespace {

// Recursive descent over one metric's text:
//   sum := product (('+' | '-') product)*      product := unary (('*' | '/') unary)*
//   unary := '-' unary | primary               primary := number | '(' sum ')' | call
class MetricParser {
public:
    MetricParser(const MetricDefinition& m, std::vector<std::string>& signals,
                 std::vector<std::unique_ptr<MetricSet::Probe>>& probes)
        : m_(m), text_(m.expression), signals_(signals), probes_(probes)
    {
    }

    std::unique_ptr<MetricSet::Node> parse()
    {
        auto n = sum();
        skipSpace();
        if (at_ < text_.size())
            fail("unexpected '" + std::string(1, text_[at_]) + "'");
        return n;
    }

private:
    using Node = MetricSet::Node;
    using Probe = MetricSet::Probe;

    [[noreturn]] void fail(const std::string& why) const
    {
        throw badInput("--metric " + m_.name + ": " + why + " at column " + std::to_string(at_ + 1) + " of '" + text_ +
                       "'");
    }
    void skipSpace()
    {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_])))
            ++at_;
    }
    bool accept(char c)
    {
        skipSpace();
        if (at_ < text_.size() && text_[at_] == c) {
            ++at_;
            return true;
        }
        return false;
    }
    void expect(char c, const char* what)
    {
        if (!accept(c))
            fail(std::string("expected ") + what);
    }
    static std::unique_ptr<Node> binary(char op, std::unique_ptr<Node> l, std::unique_ptr<Node> r)
    {
        auto n = std::make_unique<Node>();
        n->op = op;
        n->left = std::move(l);
        n->right = std::move(r);
        return n;
    }
    std::unique_ptr<Node> sum()
    {
        auto n = product();
        for (;;) {
            if (accept('+'))
                n = binary('+', std::move(n), product());
            else if (accept('-'))
                n = binary('-', std::move(n), product());
            else
                return n;
        }
    }
    std::unique_ptr<Node> product()
    {
        auto n = unary();
        for (;;) {
            if (accept('*'))
                n = binary('*', std::move(n), unary());
            else if (accept('/'))
                n = binary('/', std::move(n), unary());
            else
                return n;
        }
    }
    std::unique_ptr<Node> unary()
    {
        if (accept('-')) {
            auto n = std::make_unique<Node>();
            n->op = '~';
            n->left = unary();
            return n;
        }
        accept('+');
        return primary();
    }
    std::optional<double> number()
    {
        skipSpace();
        double v = 0;
        const char* begin = text_.data() + at_;
        const auto [end, ec] = std::from_chars(begin, text_.data() + text_.size(), v);
        if (ec != std::errc() || end == begin || !(std::isdigit(static_cast<unsigned char>(*begin)) || *begin == '.'))
            return std::nullopt;
        at_ += static_cast<size_t>(end - begin);
        return v;
    }
    // A number argument, optionally negative.
    double numberArgument(const char* what)
    {
        const bool negative = accept('-');
        std::optional<double> v = number();
        if (!v)
            fail(std::string("expected ") + what + " (a number)");
        return negative ? -*v : *v;
    }
    std::string word()
    {
        skipSpace();
        const size_t start = at_;
        while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_' ||
                                      text_[at_] == '.' || text_[at_] == '[' || text_[at_] == ']'))
            ++at_;
        return text_.substr(start, at_ - start);
    }
    std::string quoted(const char* what)
    {
        skipSpace();
        if (at_ >= text_.size() || text_[at_] != '"')
            fail(std::string("expected ") + what + " in double quotes");
        const size_t close = text_.find('"', at_ + 1);
        if (close == std::string::npos)
            fail("a quoted name is not closed");
        std::string s = text_.substr(at_ + 1, close - at_ - 1);
        at_ = close + 1;
        return s;
    }
    int signal(const std::string& name)
    {
        for (size_t i = 0; i < signals_.size(); ++i)
            if (signals_[i] == name)
                return static_cast<int>(i);
        signals_.push_back(name);
        return static_cast<int>(signals_.size() - 1);
    }
    std::unique_ptr<Node> primary()
    {
        auto n = std::make_unique<Node>();
        if (accept('(')) {
            n = sum();
            expect(')', "')'");
            return n;
        }
        if (std::optional<double> v = number()) {
            n->op = 'n';
            n->number = *v;
            return n;
        }
        const size_t start = at_;
        const std::string f = word();
        if (f.empty())
            fail("expected a number, '(' or a function such as final(x)");
        static const std::vector<std::pair<std::string, Probe::Kind>> functions = {
            {"final", Probe::Kind::Final}, {"at", Probe::Kind::At},         {"max", Probe::Kind::Max},
            {"min", Probe::Kind::Min},     {"maxabs", Probe::Kind::MaxAbs}, {"cross", Probe::Kind::Cross},
            {"integral", Probe::Kind::Integral}, {"event", Probe::Kind::EventTrue}};
        auto p = std::make_unique<Probe>();
        bool known = false;
        for (const auto& [name, kind] : functions)
            if (name == f) {
                p->kind = kind;
                known = true;
            }
        if (!known) {
            at_ = start;
            fail("'" + f + "' is no metric function (final, at, max, min, maxabs, cross, integral, event)");
        }
        expect('(', ("'(' after " + f).c_str());
        if (p->kind == Probe::Kind::EventTrue) {
            p->component = quoted("an instance name");
            if (accept(','))
                p->variable = quoted("a variable name");
            else
                p->kind = Probe::Kind::EventCause;
        } else {
            const std::string x = word();
            if (x.empty())
                fail("expected a signal name");
            p->signal = signal(x);
            if (p->kind == Probe::Kind::At || p->kind == Probe::Kind::Cross) {
                expect(',', p->kind == Probe::Kind::At ? "', t'" : "', level'");
                p->argument = numberArgument(p->kind == Probe::Kind::At ? "a time" : "a level");
            }
        }
        expect(')', "')'");
        probes_.push_back(std::move(p));
        n->op = 'p';
        n->probe = static_cast<int>(probes_.size() - 1);
        return n;
    }

    const MetricDefinition& m_;
    const std::string& text_;
    std::vector<std::string>& signals_;
    std::vector<std::unique_ptr<MetricSet::Probe>>& probes_;
    size_t at_ = 0;
};

} // namespace

MetricDefinition parseMetricAssignment(const std::string& text, const std::string& option)
{
    const size_t eq = text.find('=');
    auto trim = [](const std::string& s) {
        const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
        return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
    };
    if (eq == std::string::npos || trim(text.substr(0, eq)).empty() || trim(text.substr(eq + 1)).empty())
        throw badInput(option + ": '" + text + "' is not NAME=EXPR");
    return {trim(text.substr(0, eq)), trim(text.substr(eq + 1))};
}

MetricSet::MetricSet(const std::vector<MetricDefinition>& metrics) : definitions_(metrics)
{
    for (size_t i = 0; i < metrics.size(); ++i) {
        for (size_t j = 0; j < i; ++j)
            if (metrics[j].name == metrics[i].name)
                throw badInput("--metric " + metrics[i].name + " is given twice");
        roots_.push_back(MetricParser(metrics[i], signals_, probes_).parse());
    }
}

MetricSet::~MetricSet() = default;
MetricSet::MetricSet(MetricSet&&) noexcept = default;

MetricSet::Evaluation::Evaluation(const MetricSet& set) : set_(&set), states_(set.probes_.size())
{
    for (State& s : states_)
        s.value = kNaN;
}

void MetricSet::Evaluation::begin(const std::vector<std::string>& columns)
{
    columns_.assign(set_->signals_.size(), -1);
    for (size_t s = 0; s < set_->signals_.size(); ++s) {
        for (size_t c = 0; c < columns.size(); ++c)
            if (columns[c] == set_->signals_[s])
                columns_[s] = static_cast<int>(c);
        if (columns_[s] < 0)
            throw badInput("the model has no variable '" + set_->signals_[s] + "' (used by a --metric)");
    }
}

void MetricSet::Evaluation::row(double t, const std::vector<double>& values)
{
    using Kind = Probe::Kind;
    for (size_t i = 0; i < states_.size(); ++i) {
        const Probe& p = *set_->probes_[i];
        State& s = states_[i];
        if (s.done || p.signal < 0)
            continue;
        const double x = values[static_cast<size_t>(columns_[static_cast<size_t>(p.signal)])];
        switch (p.kind) {
        case Kind::Final: s.value = x; break;
        case Kind::Max: s.value = s.seen ? std::max(s.value, x) : x; break;
        case Kind::Min: s.value = s.seen ? std::min(s.value, x) : x; break;
        case Kind::MaxAbs: s.value = s.seen ? std::max(s.value, std::abs(x)) : std::abs(x); break;
        case Kind::Integral: s.value = s.seen ? s.value + 0.5 * (s.lastX + x) * (t - s.lastTime) : 0; break;
        case Kind::At:
            if (t >= p.argument) {
                if (!s.seen)
                    s.value = t == p.argument ? x : kNaN; // asked before the first row
                else
                    s.value = t > s.lastTime ? s.lastX + (x - s.lastX) * ((p.argument - s.lastTime) / (t - s.lastTime)) : s.lastX;
                s.done = true;
            }
            break;
        case Kind::Cross:
            if (s.seen) {
                const double before = s.lastX - p.argument, after = x - p.argument;
                if ((before < 0 && after >= 0) || (before > 0 && after <= 0)) {
                    s.value = t > s.lastTime ? s.lastTime + (t - s.lastTime) * (-before / (x - s.lastX)) : t;
                    s.done = true;
                }
            }
            break;
        default: break;
        }
        s.lastTime = t;
        s.lastX = x;
        s.seen = true;
    }
}

void MetricSet::Evaluation::event(const EventRecord& e)
{
    for (size_t i = 0; i < states_.size(); ++i) {
        const Probe& p = *set_->probes_[i];
        State& s = states_[i];
        if (s.done)
            continue;
        if (p.kind == Probe::Kind::EventCause && e.cause.instance == p.component) {
            s.value = e.time;
            s.done = true;
        }
        if (p.kind != Probe::Kind::EventTrue)
            continue;
        // Each change is net over the event (engine/event_record.hpp): a clutch that locks and
        // releases within one event has not locked.
        const std::string name = p.component + "." + p.variable;
        for (const EventChange& c : e.changes)
            if (!s.done && !c.reinit && c.before == 0 && c.after != 0 && c.name() == name) {
                s.value = e.time;
                s.done = true;
            }
    }
}

std::vector<double> MetricSet::Evaluation::values() const
{
    std::vector<double> out;
    for (const auto& root : set_->roots_)
        out.push_back(root->value(states_));
    return out;
}

} // namespace flange::sweep
