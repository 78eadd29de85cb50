#include "engine/library/scoped_library.hpp"

#include "engine/error.hpp"
#include "engine/library/library_file.hpp"
#include "engine/library/subsystem_definition.hpp"

namespace flange::library {

ScopedLibrary::ScopedLibrary(const Library& base, std::vector<const diagram::Diagram*> scopes)
    : base_(&base), scopes_(std::move(scopes)), cache_(std::make_shared<std::map<const diagram::Diagram*, Embedded>>())
{
}

const ComponentDefinition* ScopedLibrary::find(const std::string& name) const
{
    for (size_t i = 0; i < scopes_.size(); ++i) {
        const diagram::Diagram* sub = scopes_[i]->findSubsystem(name);
        if (!sub)
            continue;
        auto it = cache_->find(sub);
        if (it == cache_->end()) {
            Embedded e;
            e.enclosing.assign(scopes_.begin() + static_cast<long>(i), scopes_.end());
            try {
                // Not owned: the diagram holding it outlives this view.
                std::shared_ptr<const diagram::Diagram> view(std::shared_ptr<const diagram::Diagram>(), sub);
                e.def = subsystemDefinition(view, "subsystem '" + name + "'");
                checkEnumerationParameters(e.def);
            } catch (const Error& err) {
                e.problem = err.what();
            }
            it = cache_->emplace(sub, std::move(e)).first;
        }
        return it->second.problem.empty() ? &it->second.def : nullptr;
    }
    return base_->find(name);
}

std::string ScopedLibrary::problem(const std::string& name) const
{
    for (const diagram::Diagram* scope : scopes_)
        if (const diagram::Diagram* sub = scope->findSubsystem(name)) {
            find(name);
            return cache_->at(sub).problem;
        }
    return {};
}

ScopedLibrary ScopedLibrary::inside(const ComponentDefinition& def) const
{
    ScopedLibrary in(*base_);
    in.cache_ = cache_;
    if (!def.subsystem)
        return in;
    in.scopes_.push_back(def.subsystem.get());
    auto it = cache_->find(def.subsystem.get());
    if (it != cache_->end())
        in.scopes_.insert(in.scopes_.end(), it->second.enclosing.begin(), it->second.enclosing.end());
    return in;
}

} // namespace flange::library
