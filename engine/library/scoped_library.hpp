#pragma once
// Type lookup as a diagram sees it: its embedded subsystems (then those of the enclosing
// diagrams, innermost first) before the library's definitions. A cheap view: it holds
// pointers into the diagrams and the library, so build it where it is used and drop it
// before any of them changes.
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace flange::library {

class ScopedLibrary {
public:
    // `scopes`: the diagrams whose embedded subsystems are visible, innermost first.
    explicit ScopedLibrary(const Library& base, std::vector<const diagram::Diagram*> scopes = {});

    // The definition of `name`, an embedded subsystem's face or the library's definition;
    // nullptr when unknown, or when the embedded subsystem is malformed (problem() says why).
    const ComponentDefinition* find(const std::string& name) const;
    // Why find(name) gave nullptr for an embedded subsystem that exists; empty otherwise.
    std::string problem(const std::string& name) const;

    // The lookup inside an instance of subsystem `def` (one this view found): the
    // subsystem's own embedded subsystems first, then, for an embedded subsystem, the
    // scopes it was found in; a library subsystem sees only its own and the library.
    ScopedLibrary inside(const ComponentDefinition& def) const;

    const Library& base() const { return *base_; }
    const std::vector<const diagram::Diagram*>& scopes() const { return scopes_; }

private:
    struct Embedded {
        ComponentDefinition def;
        std::string problem;
        std::vector<const diagram::Diagram*> enclosing; // the scopes it was found in
    };
    const Library* base_;
    std::vector<const diagram::Diagram*> scopes_;
    // Faces of embedded subsystems, built on first use and shared by the views made by inside().
    std::shared_ptr<std::map<const diagram::Diagram*, Embedded>> cache_;
};

} // namespace flange::library
