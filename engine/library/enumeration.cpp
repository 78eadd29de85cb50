#include "engine/library/enumeration.hpp"

#include "engine/error.hpp"
#include "engine/io/json_input.hpp"

#include <nlohmann/json.hpp>

#include <cctype>
#include <memory>
#include <mutex>
#include <vector>

namespace flange::library {
namespace {

// Every enumeration ever registered stays alive (they are a few hundred bytes each), so a
// pointer handed out stays valid when a user folder later replaces a bundled one.
struct Table {
    std::mutex mutex;
    std::vector<std::shared_ptr<const EnumerationDef>> current;
    std::vector<std::shared_ptr<const EnumerationDef>> retired;
};

EnumerationDef stateSelect()
{
    EnumerationDef e;
    e.name = "StateSelect";
    e.description = "How strongly a variable should be chosen as a state";
    e.literals = {{"never", "Do not use as state at all"},
                  {"avoid", "Use as state, if it cannot be avoided (but only if variable appears differentiated and no other potential state with attribute default, prefer, or always can be selected)"},
                  {"default", "Use as state if appropriate, but only if variable appears differentiated"},
                  {"prefer", "Prefer it as state over those having the default value (also variables can be selected, which do not appear differentiated)"},
                  {"always", "Do use it as a state"}};
    return e;
}

Table& table()
{
    static Table* t = [] {
        auto* fresh = new Table;
        fresh->current.push_back(std::make_shared<const EnumerationDef>(stateSelect()));
        return fresh;
    }();
    return *t;
}

// "Modelica.Blocks.Types.Init" -> "Blocks.Types.Init".
std::string withoutModelica(const std::string& s)
{
    static const std::string prefix = "Modelica.";
    return s.rfind(prefix, 0) == 0 ? s.substr(prefix.size()) : s;
}

const EnumerationDef* findLocked(Table& t, const std::string& typeName)
{
    const std::string type = withoutModelica(typeName);
    const EnumerationDef* byShort = nullptr;
    int shortMatches = 0;
    for (const auto& e : t.current) {
        if (e->name == type)
            return e.get();
        if (e->shortName() == type) {
            byShort = e.get();
            ++shortMatches;
        }
    }
    return shortMatches == 1 ? byShort : nullptr;
}

// Splits "Init.NoInit" into the type part and the literal; false without a dot.
bool split(const std::string& ref, std::string& type, std::string& literal)
{
    size_t dot = ref.rfind('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 == ref.size())
        return false;
    type = ref.substr(0, dot);
    literal = ref.substr(dot + 1);
    return true;
}

} // namespace

std::string EnumerationDef::shortName() const
{
    size_t dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(dot + 1);
}

std::optional<int> EnumerationDef::ordinal(const std::string& literal) const
{
    for (size_t i = 0; i < literals.size(); ++i)
        if (literals[i].name == literal)
            return static_cast<int>(i + 1);
    return std::nullopt;
}

std::string EnumerationDef::literalList() const
{
    std::string out;
    for (const auto& l : literals)
        out += (out.empty() ? "" : ", ") + shortName() + "." + l.name;
    return out;
}

bool isEnumerationText(const std::string& jsonText)
{
    // Cheap test first: most files are component definitions.
    if (jsonText.find("\"enumeration\"") == std::string::npos)
        return false;
    nlohmann::json j = nlohmann::json::parse(jsonText, nullptr, false);
    return j.is_object() && j.contains("enumeration");
}

EnumerationDef parseEnumeration(const std::string& jsonText, const std::string& file)
{
    nlohmann::ordered_json j = io::parseJsonInput(jsonText, file);
    EnumerationDef e;
    e.file = file;
    auto text = [&file](const nlohmann::ordered_json& obj, const char* key, const std::string& at) {
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null())
            return std::string();
        if (!it->is_string())
            throw badInput(file + ": " + at + "'" + key + "' must be a string");
        return it->get<std::string>();
    };
    e.name = withoutModelica(text(j, "name", ""));
    if (e.name.empty())
        throw badInput(file + ": an enumeration needs a 'name'");
    e.description = text(j, "description", "");
    if (!j.is_object())
        throw badInput(file + ": an enumeration definition must be a JSON object");
    const nlohmann::ordered_json& list = j.at("enumeration");
    if (!list.is_array() || list.empty())
        throw badInput(file + ": enumeration '" + e.name + "': 'enumeration' must be a non-empty list of literals");
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string at = io::jsonPath("enumeration", i) + ": ";
        EnumerationLiteral l;
        if (list[i].is_string())
            l.name = list[i].get<std::string>();
        else if (list[i].is_object()) {
            l.name = text(list[i], "name", at);
            l.description = text(list[i], "description", at);
        } else
            throw badInput(file + ": " + at + "a literal is a name or an object with 'name' and 'description'");
        bool identifier = !l.name.empty() && !std::isdigit(static_cast<unsigned char>(l.name[0]));
        for (char c : l.name)
            identifier = identifier && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
        if (!identifier)
            throw badInput(file + ": " + at + "literal '" + l.name + "' is not a name (letters, digits, _)");
        if (e.ordinal(l.name))
            throw badInput(file + ": " + at + "literal '" + l.name + "' appears twice");
        e.literals.push_back(std::move(l));
    }
    return e;
}

void registerEnumeration(EnumerationDef e)
{
    Table& t = table();
    std::lock_guard lock(t.mutex);
    auto fresh = std::make_shared<const EnumerationDef>(std::move(e));
    for (auto& old : t.current)
        if (old->name == fresh->name) {
            t.retired.push_back(old);
            old = fresh;
            return;
        }
    t.current.push_back(fresh);
}

const EnumerationDef* findEnumeration(const std::string& type)
{
    Table& t = table();
    std::lock_guard lock(t.mutex);
    return findLocked(t, type);
}

std::optional<std::string> literalName(const EnumerationDef& e, const std::string& ref)
{
    std::string type, literal;
    if (!split(ref, type, literal))
        return std::nullopt;
    type = withoutModelica(type);
    if ((type == e.name || type == e.shortName()) && e.ordinal(literal))
        return literal;
    return std::nullopt;
}

std::optional<int> enumerationLiteral(const std::string& ref)
{
    std::string type, literal;
    if (!split(ref, type, literal))
        return std::nullopt;
    const EnumerationDef* e = findEnumeration(type);
    return e ? e->ordinal(literal) : std::nullopt;
}

std::optional<std::string> badLiteralMessage(const std::string& ref)
{
    std::string type, literal;
    if (!split(ref, type, literal))
        return std::nullopt;
    const EnumerationDef* e = findEnumeration(type);
    if (!e || e->ordinal(literal))
        return std::nullopt;
    return "'" + literal + "' is not a literal of " + e->name + " (" + e->literalList() + ")";
}

} // namespace flange::library
