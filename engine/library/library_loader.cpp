#include "engine/library/library.hpp"

#include "engine/diagram/diagram_json.hpp"
#include "engine/error.hpp"
#include "engine/expr/parser.hpp"
#include "engine/io/json_input.hpp"
#include "engine/library/enumeration.hpp"
#include "engine/library/library_file.hpp"
#include "engine/library/subsystem_definition.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <thread>
#include <set>
#include <sstream>
#include <vector>

namespace fs = std::filesystem;
using nlohmann::json;

namespace flange::library {
namespace {

// Finds where a JSON string value sits in the raw file, so that a parse error in an
// equation can name the file's line and column (nlohmann/json keeps no positions).
// Every expression of a definition is located as it is parsed, in file order: the search
// goes on from the last match and lines come from an index of line starts, so a file
// costs one pass instead of one per expression (a third of the library's load time).
class SourceMap {
public:
    SourceMap(const std::string& raw, std::string file) : raw_(raw), file_(std::move(file))
    {
        lineStarts_.push_back(0);
        for (size_t i = raw_.find('\n'); i != std::string::npos; i = raw_.find('\n', i + 1))
            lineStarts_.push_back(i + 1);
    }

    Location locate(const std::string& value, int offsetInValue = 0) const
    {
        Location loc;
        loc.file = file_;
        std::string quoted = json(value).dump();
        size_t pos = raw_.find(quoted, cursor_);
        if (pos == std::string::npos)
            pos = raw_.find(quoted);
        if (pos == std::string::npos)
            return loc;
        cursor_ = pos + quoted.size();
        // Column counts characters of the escaped text, which equals the value's for plain equations.
        pos += 1 + static_cast<size_t>(offsetInValue);
        auto line = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), pos) - 1;
        loc.line = 1 + static_cast<int>(line - lineStarts_.begin());
        loc.column = 1 + static_cast<int>(pos - *line);
        return loc;
    }

    const std::string& file() const { return file_; }

private:
    const std::string& raw_;
    std::string file_;
    std::vector<size_t> lineStarts_;
    mutable size_t cursor_ = 0;
};

[[noreturn]] void fail(const Location& loc, const std::string& msg)
{
    throw badInput(loc.str() + ": " + msg);
}

expr::AstPtr matrixAst(const json& j, const SourceMap& src)
{
    auto m = std::make_shared<expr::Ast>();
    m->kind = expr::Ast::Kind::Matrix;
    m->name = "matrix";
    for (const json& row : j) {
        if (!row.is_array())
            fail(Location{src.file()}, "a table must be a list of rows of numbers");
        auto r = std::make_shared<expr::Ast>();
        r->kind = expr::Ast::Kind::Call;
        r->name = "row";
        for (const json& v : row) {
            if (!v.is_number())
                fail(Location{src.file()}, "a table must be a list of rows of numbers");
            auto n = std::make_shared<expr::Ast>();
            n->number = v.get<double>();
            r->args.push_back(n);
        }
        m->args.push_back(r);
    }
    return m;
}

} // namespace

// A definition may come from anywhere (a colleague's folder, a download), and its icon
// is looked up in the icons folders beside the definition folders. So the icon must be a
// plain relative path that stays inside such a folder: no absolute path, no "..", no
// drive letter or backslash (which other systems read as separators), no empty parts.
bool isConfinedRelativePath(const std::string& path)
{
    if (path.empty() || path.front() == '/' || path.find_first_of(std::string("\\:\0", 3)) != std::string::npos)
        return false;
    size_t start = 0;
    while (start <= path.size()) {
        size_t end = path.find('/', start);
        if (end == std::string::npos)
            end = path.size();
        const std::string part = path.substr(start, end - start);
        if (part.empty() || part == "." || part == "..")
            return false;
        start = end + 1;
    }
    return true;
}

// JSON value (number, boolean, matrix or expression string) -> ExprText.
ExprText exprFromJson(const json& j, const SourceMap& src, const std::string& what)
{
    ExprText e;
    e.loc.file = src.file();
    if (j.is_number()) {
        auto a = std::make_shared<expr::Ast>();
        a->number = j.get<double>();
        e.text = j.dump();
        e.ast = a;
        return e;
    }
    if (j.is_boolean()) {
        auto a = std::make_shared<expr::Ast>();
        a->kind = expr::Ast::Kind::Boolean;
        a->number = j.get<bool>() ? 1 : 0;
        e.text = j.get<bool>() ? "true" : "false";
        e.ast = a;
        return e;
    }
    if (j.is_array()) {
        e.text = j.dump();
        e.ast = matrixAst(j, src);
        return e;
    }
    if (!j.is_string())
        fail(e.loc, what + ": expected a number, boolean, table or expression text");
    e.text = j.get<std::string>();
    e.loc = src.locate(e.text);
    try {
        e.ast = expr::parseExpression(e.text);
    } catch (const expr::ParseError& err) {
        fail(src.locate(e.text, err.column()), what + ": " + err.what() + " in \"" + expr::excerpt(e.text) + "\"");
    }
    return e;
}

ExprText exprFromValue(const json& value, const std::string& file, const std::string& what)
{
    static const std::string noText; // no raw text to locate the value in: messages name the file
    return exprFromJson(value, SourceMap(noText, file), what);
}

namespace {

std::string getString(const json& obj, const char* key, const std::string& def = "")
{
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return def;
    if (!it->is_string())
        throw badInput(std::string("'") + key + "' must be a string");
    return it->get<std::string>();
}

bool getBool(const json& obj, const char* key, bool def)
{
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return def;
    if (!it->is_boolean())
        throw badInput(std::string("'") + key + "' must be true or false");
    return it->get<bool>();
}

std::optional<ExprText> optExpr(const json& obj, const char* key, const SourceMap& src, const std::string& what)
{
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return std::nullopt;
    return exprFromJson(*it, src, what);
}

// A discrete variable's "valueNames" (docs/component-format.md): {"0": "stuck", ...} for an
// Integer, {"true": ..., "false": ...} for a Boolean, each value a non-empty name.
std::map<double, std::string> valueNamesOf(const json& names, const VariableDef& v, const SourceMap& src)
{
    const std::string what = "variable '" + v.name + "': valueNames";
    if (v.type == ValueType::Real)
        fail(src.locate("valueNames"), what + " are for Integer and Boolean variables, not Real ones");
    if (!names.is_object())
        fail(src.locate("valueNames"), what + " must be an object from values to names");
    std::map<double, std::string> out;
    for (const auto& [key, name] : names.items()) {
        double value = 0;
        if (v.type == ValueType::Boolean) {
            if (key != "true" && key != "false")
                fail(src.locate(key), what + ": '" + key + "' is not a Boolean value (true or false)");
            value = key == "true" ? 1 : 0;
        } else {
            int whole = 0;
            const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), whole);
            if (ec != std::errc() || end != key.data() + key.size())
                fail(src.locate(key), what + ": '" + key + "' is not an Integer value (a whole number)");
            value = whole;
        }
        if (!name.is_string() || name.get<std::string>().empty())
            fail(src.locate(key), what + ": the name of " + key + " must be a non-empty string");
        out[value] = name.get<std::string>();
    }
    return out;
}

EquationDef parseEquationEntry(const json& j, const SourceMap& src, const std::string& owner);

std::vector<EquationDef> parseEquationList(const json& j, const SourceMap& src, const std::string& owner)
{
    std::vector<EquationDef> out;
    if (j.is_null())
        return out;
    if (!j.is_array())
        fail(Location{src.file()}, owner + ": equations must be a list");
    for (const json& e : j)
        out.push_back(parseEquationEntry(e, src, owner));
    return out;
}

EquationDef parseEquationEntry(const json& j, const SourceMap& src, const std::string& owner)
{
    EquationDef eq;
    if (j.is_string()) {
        eq.kind = EquationDef::Kind::Equation;
        eq.text = j.get<std::string>();
        eq.loc = src.locate(eq.text);
        try {
            eq.ast = expr::parseEquation(eq.text);
        } catch (const expr::ParseError& err) {
            fail(src.locate(eq.text, err.column()), owner + ": " + err.what() + " in equation \"" + expr::excerpt(eq.text) + "\"");
        }
        return eq;
    }
    if (!j.is_object())
        fail(Location{src.file()}, owner + ": an equation must be text or an if/when object");
    if (j.contains("if")) {
        eq.kind = EquationDef::Kind::If;
        eq.branches.emplace_back(exprFromJson(j.at("if"), src, owner + " if-condition"),
                                 parseEquationList(j.value("then", json::array()), src, owner));
        if (j.contains("elseif")) {
            for (const json& b : j.at("elseif")) {
                if (!b.is_array() || b.size() != 2)
                    fail(Location{src.file()}, owner + ": each elseif entry is [condition, [equations]]");
                eq.branches.emplace_back(exprFromJson(b[0], src, owner + " elseif-condition"),
                                         parseEquationList(b[1], src, owner));
            }
        }
        eq.elseBranch = parseEquationList(j.value("else", json::array()), src, owner);
        eq.loc = eq.branches.front().first.loc;
        return eq;
    }
    if (j.contains("when")) {
        eq.kind = EquationDef::Kind::When;
        eq.branches.emplace_back(exprFromJson(j.at("when"), src, owner + " when-condition"),
                                 parseEquationList(j.value("then", json::array()), src, owner));
        eq.loc = eq.branches.front().first.loc;
        return eq;
    }
    if (j.contains("for")) {
        eq.kind = EquationDef::Kind::For;
        if (!j.at("for").is_string())
            fail(Location{src.file()}, owner + ": 'for' is a range such as \"i in 1:n\"");
        eq.range.text = j.at("for").get<std::string>();
        eq.range.loc = src.locate(eq.range.text);
        try {
            eq.range.ast = expr::parseForRange(eq.range.text);
        } catch (const expr::ParseError& err) {
            fail(src.locate(eq.range.text, err.column()), owner + ": " + err.what() + " in for-range \"" + eq.range.text + "\"");
        }
        eq.elseBranch = parseEquationList(j.value("do", json::array()), src, owner);
        eq.loc = eq.range.loc;
        return eq;
    }
    fail(Location{src.file()}, owner + ": an equation object needs 'if', 'when' or 'for'");
}

} // namespace

// An enumeration parameter's type must be a known enumeration, and a default that is a
// literal must be one of that type's literals (a typo in "Init.InitialState" is caught at
// start-up, naming file and line, not when a model using the default is translated).
void checkEnumerationParameters(const ComponentDefinition& def)
{
    for (const ParameterDef& p : def.parameters) {
        if (p.type != ValueType::Enumeration)
            continue;
        const EnumerationDef* e = findEnumeration(p.enumeration);
        Location at = p.typeLoc.file.empty() ? Location{def.file} : p.typeLoc;
        if (!e)
            fail(at, "parameter '" + p.name + "': unknown type '" + p.enumeration +
                         "' (neither Real, Integer, Boolean, Table, String nor a known enumeration)");
        if (!p.defaultValue || !p.defaultValue->ast || p.defaultValue->ast->kind != expr::Ast::Kind::Ident)
            continue;
        const std::string& ref = p.defaultValue->ast->name;
        if (literalName(*e, ref))
            continue;
        Location where = p.defaultValue->loc.file.empty() ? at : p.defaultValue->loc;
        if (std::optional<std::string> bad = badLiteralMessage(ref))
            fail(where, "parameter '" + p.name + "' default: " + *bad);
        if (enumerationLiteral(ref))
            fail(where, "parameter '" + p.name + "' default: '" + ref + "' is not a literal of " + e->name + " (" +
                            e->literalList() + ")");
    }
}

ComponentDefinition parseDefinition(const std::string& text, const std::string& file)
{
    json j = io::parseJsonInput(text, file);
    SourceMap src(text, file);
    ComponentDefinition d;
    d.file = file;
    // The entry being read, for messages about values of the wrong JSON type.
    std::string at;
    auto entry = [&at](const char* list, size_t index, const json& item) {
        at = io::jsonPath(list, index);
        if (item.is_object() && item.contains("name") && item["name"].is_string())
            at += " ('" + item["name"].get<std::string>() + "')";
    };
    try {
        if (!j.is_object())
            throw badInput("a component definition must be a JSON object");
        d.name = getString(j, "name");
        if (d.name.empty())
            throw badInput("missing 'name'");
        d.description = getString(j, "description");
        d.partial = getBool(j, "partial", false);
        d.icon = getString(j, "icon");
        if (!d.icon.empty() && !isConfinedRelativePath(d.icon))
            fail(src.locate(d.icon), "icon '" + d.icon +
                                         "' is refused: it must be a relative path inside the icons folder "
                                         "(no '..', not absolute)");
        d.label = getString(j, "label");
        if (j.contains("extends")) {
            const json& ex = j.at("extends");
            if (ex.is_string())
                d.extends.push_back(ex.get<std::string>());
            else
                for (const json& e : ex)
                    d.extends.push_back(e.get<std::string>());
        }
        size_t index = 0;
        for (const json& c : j.value("connectors", json::array())) {
            entry("connectors", index++, c);
            ConnectorDef cd;
            cd.name = getString(c, "name");
            std::string type = getString(c, "type");
            auto t = connectorTypeFromString(type);
            if (!t)
                fail(src.locate(type), "connector '" + cd.name + "': unknown connector type '" + type + "'");
            cd.type = *t;
            if (c.contains("position") && c["position"].is_array() && c["position"].size() == 2) {
                cd.x = c["position"][0].get<double>();
                cd.y = c["position"][1].get<double>();
            }
            cd.condition = optExpr(c, "condition", src, "connector '" + cd.name + "' condition");
            cd.size = optExpr(c, "size", src, "connector '" + cd.name + "' size");
            if (cd.size && library::isFlange(cd.type))
                fail(cd.size->loc, "connector '" + cd.name + "': only signal connectors can be vectors");
            if (c.contains("bindings"))
                for (auto& [member, value] : c["bindings"].items())
                    cd.bindings.emplace_back(member, exprFromJson(value, src, "connector '" + cd.name + "' binding"));
            // A binding is one equation for one variable; a vector has one per member.
            if (cd.size && !cd.bindings.empty())
                fail(cd.bindings.front().second.loc,
                     "connector '" + cd.name + "' is a vector: bindings apply to scalar connectors only; write an "
                     "equation for each member instead (" + cd.name + "[1] = ...)");
            cd.description = getString(c, "description");
            d.connectors.push_back(std::move(cd));
        }
        index = 0;
        for (const json& p : j.value("parameters", json::array())) {
            entry("parameters", index++, p);
            ParameterDef pd;
            pd.name = getString(p, "name");
            std::string type = getString(p, "type", "Real");
            auto t = valueTypeFromString(type);
            pd.typeLoc = src.locate(type);
            // Another name is an enumeration type's; it may be defined in a file read later,
            // so resolve() checks it.
            pd.type = t.value_or(ValueType::Enumeration);
            if (!t)
                pd.enumeration = type;
            pd.defaultValue = optExpr(p, "default", src, "parameter '" + pd.name + "' default");
            pd.unit = getString(p, "unit");
            if (p.contains("min") && p["min"].is_number())
                pd.min = p["min"].get<double>();
            if (p.contains("max") && p["max"].is_number())
                pd.max = p["max"].get<double>();
            pd.minExclusive = getBool(p, "minExclusive", false);
            pd.description = getString(p, "description");
            pd.tab = getString(p, "tab", "General");
            pd.isFinal = getBool(p, "final", false);
            pd.required = getBool(p, "required", false);
            d.parameters.push_back(std::move(pd));
        }
        index = 0;
        for (const json& v : j.value("variables", json::array())) {
            entry("variables", index++, v);
            VariableDef vd;
            vd.name = getString(v, "name");
            std::string type = getString(v, "type", "Real");
            auto t = valueTypeFromString(type);
            if (!t || (*t != ValueType::Real && *t != ValueType::Integer && *t != ValueType::Boolean))
                fail(src.locate(type), "variable '" + vd.name + "': type must be Real, Integer or Boolean");
            vd.type = *t;
            vd.discrete = getBool(v, "discrete", false) || vd.type != ValueType::Real;
            vd.unit = getString(v, "unit");
            std::string what = "variable '" + vd.name + "' ";
            vd.start = optExpr(v, "start", src, what + "start");
            vd.fixed = optExpr(v, "fixed", src, what + "fixed");
            vd.nominal = optExpr(v, "nominal", src, what + "nominal");
            vd.binding = optExpr(v, "binding", src, what + "binding");
            if (v.contains("stateSelect") && v["stateSelect"].is_string()) {
                std::string s = v["stateSelect"].get<std::string>();
                static const std::set<std::string> plain{"never", "avoid", "default", "prefer", "always"};
                vd.stateSelect = exprFromJson(plain.count(s) ? json("StateSelect." + s) : json(s), src, what + "stateSelect");
            }
            vd.isProtected = getBool(v, "protected", false);
            vd.initialization = getBool(v, "initialization", false);
            vd.description = getString(v, "description");
            if (v.contains("valueNames"))
                vd.valueNames = valueNamesOf(v["valueNames"], vd, src);
            if (v.contains("statePriority")) {
                const json& priority = v["statePriority"];
                if (!priority.is_number_integer() || priority.get<long long>() < -1000000 ||
                    priority.get<long long>() > 1000000)
                    fail(src.locate("statePriority"),
                         "variable '" + vd.name + "': statePriority must be a whole number from -1000000 to 1000000");
                if (vd.valueNames.empty())
                    fail(src.locate("statePriority"),
                         "variable '" + vd.name + "': a statePriority needs valueNames to tell the state by");
                vd.statePriority = v["statePriority"].get<int>();
            }
            d.variables.push_back(std::move(vd));
        }
        at = "equations";
        d.equations = parseEquationList(j.value("equations", json::array()), src, d.name);
        at = "initialEquations";
        d.initialEquations = parseEquationList(j.value("initialEquations", json::array()), src, d.name);
    } catch (const json::exception& err) {
        // nlohmann's text after its "[json.exception.type_error.302] " tag.
        std::string what = err.what();
        if (size_t tag = what.find("] "); tag != std::string::npos)
            what = what.substr(tag + 2);
        throw badInput(file + ": " + (at.empty() ? "" : at + ": ") + what);
    } catch (const Error& err) {
        std::string msg = err.what();
        if (msg.rfind(file, 0) == 0)
            throw;
        throw badInput(file + ": " + (at.empty() ? "" : at + ": ") + msg);
    }
    return d;
}

namespace {

// A diagram used as a subsystem. Its file names the data files of its parts (a table's
// fileName): relative names are relative to that file's folder, not to the folder of a
// diagram using the subsystem.
diagram::Diagram subsystemDiagram(const std::string& text, const std::string& path)
{
    diagram::Diagram sub = diagram::parseDiagram(text, path);
    std::error_code ec;
    const std::filesystem::path file = std::filesystem::absolute(std::filesystem::path(path), ec);
    if (!path.empty() && !ec)
        sub.folder = file.parent_path().string();
    return sub;
}

} // namespace

ParsedFile parseLibraryText(const std::string& text, const std::string& path)
{
    ParsedFile out;
    if (isEnumerationText(text))
        out.enumeration = parseEnumeration(text, path);
    else if (isDiagramText(text))
        out.definition = subsystemDefinition(std::make_shared<const diagram::Diagram>(subsystemDiagram(text, path)), path);
    else
        out.definition = parseDefinition(text, path);
    return out;
}

std::string readLibraryFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw badInput(path + ": cannot read file");
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> libraryFiles(const std::string& folder)
{
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        throw badInput(folder + ": component folder not found");
    // An entry that cannot be read (a symbolic link in a loop or to nothing, a folder
    // without permission, a FIFO or device named .json, /proc's vanishing entries) is
    // the user's folder, not a bug: it is named, exit 2. Links to folders are not followed.
    auto unreadable = [&](const fs::path& entry, const std::string& why) {
        return badInput(entry.string() + ": cannot read this entry of the component folder " + folder + " (" + why + ")");
    };
    std::vector<std::string> files;
    fs::recursive_directory_iterator it(folder, ec), end;
    fs::path last = folder;
    for (; !ec && it != end; it.increment(ec)) {
        last = it->path();
        if (last.extension() != ".json")
            continue;
        const fs::file_status status = it->status(ec); // through symbolic links
        if (ec)
            throw unreadable(last, ec.message());
        if (fs::is_regular_file(status))
            files.push_back(last.string());
        else if (!fs::is_directory(status))
            throw unreadable(last, "not a regular file");
    }
    if (ec)
        throw unreadable(last, ec.message());
    // Sorted, so the same folder always loads the same way.
    std::sort(files.begin(), files.end());
    return files;
}

void Library::enter(ParsedFile&& file)
{
    if (file.error)
        std::rethrow_exception(file.error);
    if (file.enumeration) {
        registerEnumeration(std::move(*file.enumeration));
        return;
    }
    std::string name = file.definition->name;
    deferred_.erase(name); // an earlier file's, not parsed yet: this one replaces it
    raw_[name] = std::move(*file.definition);
}

void Library::loadFile(const std::string& path)
{
    enter(parseLibraryText(readLibraryFile(path), path));
}

void Library::loadFolder(const std::string& folder)
{
    const std::vector<std::string> files = libraryFiles(folder);
    // Parsing is most of the start-up time of a small run: a second thread parses every
    // other file. The files are entered in order, so the library, and the first error
    // reported, are those of loading them one by one.
    std::vector<ParsedFile> parsed(files.size());
    auto parseEvery = [&](size_t first, size_t step) {
        for (size_t i = first; i < files.size(); i += step) {
            try {
                parsed[i] = parseLibraryText(readLibraryFile(files[i]), files[i]);
            } catch (...) {
                parsed[i].error = std::current_exception();
            }
        }
    };
    if (files.size() > 8 && std::thread::hardware_concurrency() > 1) {
        std::thread helper(parseEvery, 1, 2);
        parseEvery(0, 2);
        helper.join();
    } else {
        parseEvery(0, 1);
    }
    for (auto& file : parsed)
        enter(std::move(file));
}

void Library::resolve()
{
    resolved_.clear();
    std::set<std::string> inProgress;
    std::function<const ComponentDefinition&(const std::string&, const std::string&)> get;
    get = [&](const std::string& name, const std::string& requester) -> const ComponentDefinition& {
        auto done = resolved_.find(name);
        if (done != resolved_.end())
            return done->second;
        auto it = raw_.find(name);
        if (it == raw_.end())
            throw badInput(requester + ": extends unknown definition '" + name + "'");
        if (inProgress.count(name))
            throw badInput(it->second.file + ": '" + name + "' extends itself (cycle through extends)");
        inProgress.insert(name);
        const ComponentDefinition& own = it->second;
        ComponentDefinition merged;
        for (const std::string& base : own.extends) {
            const ComponentDefinition& b = get(base, own.file);
            auto mergeByName = [](auto& into, const auto& from) {
                for (const auto& item : from) {
                    auto pos = std::find_if(into.begin(), into.end(), [&](const auto& x) { return x.name == item.name; });
                    if (pos != into.end())
                        *pos = item;
                    else
                        into.push_back(item);
                }
            };
            mergeByName(merged.connectors, b.connectors);
            mergeByName(merged.parameters, b.parameters);
            mergeByName(merged.variables, b.variables);
            merged.equations.insert(merged.equations.end(), b.equations.begin(), b.equations.end());
            merged.initialEquations.insert(merged.initialEquations.end(), b.initialEquations.begin(),
                                           b.initialEquations.end());
            if (merged.icon.empty())
                merged.icon = b.icon;
            if (merged.label.empty())
                merged.label = b.label;
        }
        auto overlay = [](auto& into, const auto& from) {
            for (const auto& item : from) {
                auto pos = std::find_if(into.begin(), into.end(), [&](const auto& x) { return x.name == item.name; });
                if (pos != into.end())
                    *pos = item;
                else
                    into.push_back(item);
            }
        };
        overlay(merged.connectors, own.connectors);
        overlay(merged.parameters, own.parameters);
        overlay(merged.variables, own.variables);
        merged.equations.insert(merged.equations.end(), own.equations.begin(), own.equations.end());
        merged.initialEquations.insert(merged.initialEquations.end(), own.initialEquations.begin(),
                                       own.initialEquations.end());
        merged.name = own.name;
        merged.description = own.description;
        merged.partial = own.partial;
        merged.extends = own.extends;
        merged.file = own.file;
        merged.subsystem = own.subsystem;
        if (!own.icon.empty())
            merged.icon = own.icon;
        if (!own.label.empty())
            merged.label = own.label;
        inProgress.erase(name);
        return resolved_.emplace(name, std::move(merged)).first->second;
    };
    for (const auto& [name, def] : raw_)
        get(name, def.file);
    for (const auto& [name, def] : resolved_)
        checkEnumerationParameters(def);
}

const ComponentDefinition* Library::find(const std::string& name) const
{
    auto it = resolved_.find(name);
    return it == resolved_.end() ? nullptr : &it->second;
}

std::vector<const ComponentDefinition*> Library::all() const
{
    std::vector<const ComponentDefinition*> out;
    for (const auto& [name, def] : resolved_)
        out.push_back(&def);
    return out;
}

} // namespace flange::library
