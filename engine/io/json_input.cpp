#include "engine/io/json_input.hpp"

#include "engine/error.hpp"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <vector>

namespace flange::io {

using json = nlohmann::ordered_json; // keeps the file's key order (parameters, components)

std::string jsonPath(const std::string& parent, const std::string& key)
{
    return parent.empty() ? key : parent + "." + key;
}

std::string jsonPath(const std::string& parent, size_t index) { return parent + "[" + std::to_string(index) + "]"; }

namespace {

struct Position {
    int line = 1, column = 1;
};

Position positionOf(const std::string& text, size_t byte)
{
    byte = std::min(byte, text.size());
    Position p;
    p.line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(byte), '\n'));
    size_t lineStart = byte == 0 ? std::string::npos : text.rfind('\n', byte - 1);
    p.column = 1 + static_cast<int>(byte - (lineStart == std::string::npos ? 0 : lineStart + 1));
    return p;
}

std::string at(const std::string& source, const Position& p)
{
    return source + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
}

// One linear pass over the bytes (strings skipped): the first bracket beyond the limit.
void checkNesting(const std::string& text, const std::string& source)
{
    int depth = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonNesting)
                throw badInput(at(source, positionOf(text, i)) + ": lists and objects nested more than " +
                               std::to_string(kMaxJsonNesting) + " levels deep");
        } else if (c == ']' || c == '}')
            --depth;
    }
}

// nlohmann's DOM builder, plus the path to the value being read, so that a number out of
// range can be named by its key.
class Builder {
public:
    explicit Builder(json& root) : root_(root) {}

    bool null() { return put(json(nullptr)); }
    bool boolean(bool v) { return put(json(v)); }
    bool number_integer(json::number_integer_t v) { return put(json(v)); }
    bool number_unsigned(json::number_unsigned_t v) { return put(json(v)); }
    bool number_float(json::number_float_t v, const std::string& token)
    {
        // 1e-400 reads as 0: refused like 1e400, not silently a different number.
        if (v == 0 && token.substr(0, token.find_first_of("eE")).find_first_of("123456789") != std::string::npos) {
            tooSmall = token;
            tooSmallAt = path();
            return false;
        }
        return put(json(v));
    }
    // Names, file names and messages are C strings further on: a NUL would cut them short
    // (a file name "a.csv\u0000/../../x" opening a.csv), so no string may hold one.
    bool string(std::string& v)
    {
        if (v.find('\0') != std::string::npos) {
            nulAt = path();
            return false;
        }
        return put(json(std::move(v)));
    }
    bool binary(json::binary_t& v) { return put(json(std::move(v))); }
    bool start_object(std::size_t) { return open(json::object()); }
    bool key(std::string& k)
    {
        if (k.find('\0') != std::string::npos) {
            std::string shown;
            for (char c : k)
                shown += c == '\0' ? std::string("\\u0000") : std::string(1, c);
            key_ = shown;
            nulAt = path();
            return false;
        }
        key_ = k;
        return true;
    }
    bool end_object() { return close(); }
    bool start_array(std::size_t) { return open(json::array()); }
    bool end_array() { return close(); }
    bool parse_error(std::size_t byte, const std::string& token, const nlohmann::detail::exception& e)
    {
        failedByte = byte;
        failedToken = token;
        failedId = e.id;
        return false;
    }

    // Where the value being read would go: "components[3].parameters.J".
    std::string path() const
    {
        std::string p;
        for (size_t i = 0; i < stack_.size(); ++i) {
            const json& parent = *stack_[i];
            bool last = i + 1 == stack_.size();
            if (parent.is_array()) // the child being read is the next element, or an open one
                p = jsonPath(p, last ? parent.size() : parent.size() - 1);
            else
                p = jsonPath(p, i + 1 < stack_.size() ? keys_[i + 1] : key_);
        }
        return p;
    }

    size_t failedByte = 0;
    std::string failedToken;
    int failedId = 0;
    std::optional<std::string> nulAt; // the path of a string holding a NUL character
    std::string tooSmall, tooSmallAt; // a nonzero number that reads as 0, and its path

private:
    json* slot(json&& v)
    {
        if (stack_.empty()) {
            root_ = std::move(v);
            return &root_;
        }
        json& parent = *stack_.back();
        if (parent.is_array()) {
            parent.push_back(std::move(v));
            return &parent.back();
        }
        json& target = member(parent, key_);
        target = std::move(v);
        return &target;
    }
    // parent[key] on an ordered object compares the key with every member before it: an
    // object of 50,000 members (a model's parameters) took seconds. From kIndexFrom
    // members on, the open object's keys are indexed; a repeated key still takes the
    // place of the first, as parent[key] gives it.
    json& member(json& object, const std::string& key)
    {
        // The members as the vector they are kept in (ordered_map hides its indexing).
        auto& members = static_cast<json::object_t::Container&>(object.get_ref<json::object_t&>());
        if (members.size() < kIndexFrom)
            return object[key];
        std::unordered_map<std::string, size_t>& index = indexes_.back();
        if (index.empty())
            for (size_t i = 0; i < members.size(); ++i)
                index.emplace(members[i].first, i);
        const auto [at, added] = index.emplace(key, members.size());
        if (!added)
            return members[at->second].second;
        members.emplace_back(key, json());
        return members.back().second;
    }
    bool put(json&& v)
    {
        slot(std::move(v));
        return true;
    }
    bool open(json&& v)
    {
        std::string k = key_;
        stack_.push_back(slot(std::move(v)));
        keys_.push_back(k);
        indexes_.emplace_back();
        return true;
    }
    bool close()
    {
        stack_.pop_back();
        indexes_.pop_back();
        key_ = keys_.back();
        keys_.pop_back();
        return true;
    }

    json& root_;
    std::vector<json*> stack_;
    std::vector<std::string> keys_; // per open container: the key it sits under in its parent
    static constexpr size_t kIndexFrom = 16;
    std::vector<std::unordered_map<std::string, size_t>> indexes_; // per open container: its keys, once large
    std::string key_;
};

} // namespace

json parseJsonInput(const std::string& text, const std::string& source)
{
    checkNesting(text, source);
    json root;
    Builder b(root);
    if (json::sax_parse(text, &b, json::input_format_t::json, true))
        return root;
    if (b.nulAt)
        throw badInput(source + ": the text at '" + *b.nulAt + "' holds a NUL character (\\u0000), which no name, "
                       "file name or text of Flange may hold");
    if (!b.tooSmall.empty())
        throw badInput(source + ": number " + b.tooSmall + " at '" + b.tooSmallAt +
                       "' is too small (a nonzero number holds down to 4.9e-324)");
    Position p = positionOf(text, b.failedByte == 0 ? 0 : b.failedByte - 1);
    if (b.failedId == 406) // nlohmann: number overflow
        throw badInput(at(source, p) + ": number " + b.failedToken + " at '" + b.path() +
                       "' is too large (a number holds up to 1.8e308)");
    throw badInput(at(source, p) + ": malformed JSON");
}

} // namespace flange::io
