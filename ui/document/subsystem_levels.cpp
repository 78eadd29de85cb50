#include "ui/document/subsystem_levels.hpp"

#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

namespace flange::ui {

const diagram::Diagram* embeddedSubsystem(const std::vector<const diagram::Diagram*>& scopes, const std::string& type)
{
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it)
        if (const diagram::Diagram* sub = (*it)->findSubsystem(type))
            return sub;
    return nullptr;
}

ResolvedLevel resolveLevel(const diagram::Diagram& root, const QStringList& path, const library::Library& library)
{
    ResolvedLevel level;
    level.diagram = &root;
    level.scopes.push_back(&root);
    for (const QString& name : path) {
        const diagram::Component* c = level.diagram->component(name.toStdString());
        if (!c)
            return {};
        if (const diagram::Diagram* sub = embeddedSubsystem(level.scopes, c->type)) {
            level.diagram = sub;
            level.scopes.push_back(sub);
        } else if (const library::ComponentDefinition* def = library.find(c->type); def && def->subsystem) {
            // A library subsystem sees only its own embedded ones and the library.
            level.diagram = def->subsystem.get();
            level.scopes = {level.diagram};
            level.readOnly = true;
        } else {
            return {};
        }
        level.types << QString::fromStdString(c->type);
    }
    return level;
}

const library::ComponentDefinition* SubsystemDefinitions::definition(const diagram::Diagram& subsystem) const
{
    std::string content = diagram::serializeDiagram(subsystem);
    auto it = byContent_.find(content);
    if (it == byContent_.end()) {
        std::shared_ptr<const library::ComponentDefinition> def;
        try {
            def = std::make_shared<library::ComponentDefinition>(
                library::subsystemDefinition(std::make_shared<const diagram::Diagram>(subsystem), {}));
        } catch (const std::exception&) {
            // A subsystem the engine cannot present (a bad connector type): drawn as a
            // plain box, and the simulator names the problem.
        }
        it = byContent_.emplace(std::move(content), std::move(def)).first;
    }
    return it->second.get();
}

} // namespace flange::ui
