#include "ui/document/diagram_document.hpp"

#include "ui/document/atomic_write.hpp"

#include "engine/api/diagram.hpp"
#include "engine/api/errors.hpp"

#include <QFile>
#include <QFileInfo>

namespace flange::ui {

namespace {

bool sameVariables(const std::vector<std::pair<std::string, diagram::VariableSettings>>& a,
                   const std::vector<std::pair<std::string, diagram::VariableSettings>>& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].first != b[i].first || a[i].second.start != b[i].second.start || a[i].second.fixed != b[i].second.fixed ||
            a[i].second.nominal != b[i].second.nominal || a[i].second.stateSelect != b[i].second.stateSelect)
            return false;
    return true;
}

} // namespace

DiagramDocument::DiagramDocument(std::shared_ptr<const library::Library> library, QObject* parent)
    : QObject(parent), library_(std::move(library))
{
    if (!library_)
        library_ = std::make_shared<library::Library>();
}

const library::ComponentDefinition* DiagramDocument::definition(const diagram::Component& c) const
{
    return findType(c.type);
}

const library::ComponentDefinition* DiagramDocument::findType(const std::string& type) const
{
    if (const diagram::Diagram* sub = embeddedSubsystem(level_.scopes, type))
        return subsystemDefinitions_.definition(*sub);
    return library_->find(type);
}

const diagram::Component* DiagramDocument::component(const QString& name) const
{
    return diagram().component(name.toStdString());
}

const diagram::OuterConnector* DiagramDocument::outerConnector(const QString& name) const
{
    return diagram().connector(name.toStdString());
}

diagram::Component* DiagramDocument::mutableComponent(const QString& name)
{
    return current().component(name.toStdString());
}

const diagram::Diagram* DiagramDocument::subsystemOf(const QString& name) const
{
    QStringList path = path_;
    path << name;
    return resolveLevel(diagram_, path, *library_).diagram;
}

bool DiagramDocument::showLevel(const QStringList& path)
{
    if (path == path_)
        return true;
    ResolvedLevel level = resolveLevel(diagram_, path, *library_);
    if (!level.diagram)
        return false;
    path_ = path;
    level_ = std::move(level);
    emit levelChanged();
    return true;
}

void DiagramDocument::refreshLevel()
{
    ResolvedLevel level = resolveLevel(diagram_, path_, *library_);
    if (level.diagram) {
        level_ = std::move(level);
        return;
    }
    // The path no longer leads anywhere (cannot happen through the undo stack, which
    // returns to each command's level first): show the top.
    path_.clear();
    level_ = resolveLevel(diagram_, {}, *library_);
    emit levelChanged();
}

bool DiagramDocument::locate(const QString& fullPath, QStringList* level, QString* name) const
{
    const QStringList parts = fullPath.split(QLatin1Char('.'));
    QStringList path;
    ResolvedLevel at = resolveLevel(diagram_, {}, *library_);
    for (int i = 0; i < parts.size(); ++i) {
        if (!at.diagram->component(parts[i].toStdString()))
            break;
        // The last name that is a component and not a subsystem to go further into.
        QStringList deeper = path;
        deeper << parts[i];
        ResolvedLevel inside = resolveLevel(diagram_, deeper, *library_);
        if (i + 1 < parts.size() && inside.diagram && inside.diagram->component(parts[i + 1].toStdString())) {
            path = deeper;
            at = std::move(inside);
            continue;
        }
        if (level)
            *level = path;
        if (name)
            *name = parts[i];
        return true;
    }
    return false;
}

QString DiagramDocument::displayName() const
{
    return filePath_.isEmpty() ? tr("Untitled") : QFileInfo(filePath_).fileName();
}

void DiagramDocument::reset(diagram::Diagram d, const QString& filePath)
{
    diagram_ = std::move(d);
    const bool wasInside = !path_.isEmpty();
    path_.clear();
    level_ = resolveLevel(diagram_, {}, *library_);
    undoStack_.clear();
    undoStack_.setClean();
    changedOffStack_ = false;
    const bool pathChanged = filePath != filePath_;
    filePath_ = filePath;
    diagram_.folder = filePath.isEmpty() ? std::string() : QFileInfo(filePath).absolutePath().toStdString();
    emit diagramReset();
    if (wasInside)
        emit levelChanged();
    if (pathChanged)
        emit filePathChanged(filePath_);
}

bool DiagramDocument::open(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("%1: cannot read the file (%2)").arg(path, file.errorString());
        return false;
    }
    const QByteArray bytes = file.readAll();
    try {
        // Parse into a fresh diagram first, so a bad file never touches the current one.
        diagram::Diagram d = diagram::parseDiagram(bytes.toStdString(), path.toStdString());
        reset(std::move(d), path);
        return true;
    } catch (const std::exception& e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

bool DiagramDocument::saveAs(const QString& path, QString* error)
{
    if (diagram_.name.empty())
        diagram_.name = QFileInfo(path).completeBaseName().toStdString();
    const std::string text = diagram::serializeDiagram(diagram_);
    QString why;
    if (!writeFileAtomically(path, text, &why)) {
        if (error)
            *error = tr("%1: cannot save (%2)").arg(path, why);
        return false;
    }
    undoStack_.setClean();
    if (changedOffStack_) {
        changedOffStack_ = false;
        emit modifiedChanged();
    }
    if (path != filePath_) {
        filePath_ = path;
        diagram_.folder = QFileInfo(path).absolutePath().toStdString(); // relative table files follow the file
        emit filePathChanged(filePath_);
    }
    return true;
}

void DiagramDocument::insertComponent(int index, diagram::Component c)
{
    const QString name = QString::fromStdString(c.name);
    auto& list = current().components;
    if (index < 0 || index > static_cast<int>(list.size()))
        index = static_cast<int>(list.size());
    list.insert(list.begin() + index, std::move(c));
    emit componentAdded(name);
}

diagram::Component DiagramDocument::takeComponent(const QString& name, int* index)
{
    auto& list = current().components;
    const std::string n = name.toStdString();
    // From the back: a deletion takes the last components first (DiagramEditor::remove).
    for (size_t i = list.size(); i-- > 0;) {
        if (list[i].name != n)
            continue;
        diagram::Component c = std::move(list[i]);
        list.erase(list.begin() + static_cast<long>(i));
        if (index)
            *index = static_cast<int>(i);
        emit componentRemoved(name);
        return c;
    }
    if (index)
        *index = -1;
    return {};
}

void DiagramDocument::setPlacement(const QString& name, const diagram::Placement& p)
{
    if (diagram::Component* c = mutableComponent(name)) {
        c->placement = p;
        emit componentChanged(name);
        return;
    }
    // An outer connector's block moves like a component (names share one namespace).
    for (diagram::OuterConnector& outer : current().connectors)
        if (outer.name == name.toStdString()) {
            outer.placement = p;
            emit componentChanged(name);
        }
}

void DiagramDocument::setSettings(const QString& name,
                                  const std::vector<std::pair<std::string, diagram::Json>>& parameters,
                                  const std::vector<std::pair<std::string, diagram::VariableSettings>>& variables)
{
    if (diagram::Component* c = mutableComponent(name)) {
        c->parameters = parameters;
        c->variables = variables;
        emit componentChanged(name);
    }
}

void DiagramDocument::renameComponent(const QString& oldName, const QString& newName)
{
    diagram::Component* c = mutableComponent(oldName);
    if (!c)
        return;
    c->name = newName.toStdString();
    emit componentRenamed(oldName, newName);
    const std::string prefix = oldName.toStdString() + ".";
    const std::string replacement = newName.toStdString() + ".";
    for (size_t i = 0; i < current().connections.size(); ++i) {
        diagram::Connection& con = current().connections[i];
        bool touched = false;
        for (std::string* end : {&con.from, &con.to}) {
            if (end->rfind(prefix, 0) == 0) {
                *end = replacement + end->substr(prefix.size());
                touched = true;
            }
        }
        if (touched)
            emit connectionChanged(static_cast<int>(i));
    }
}

void DiagramDocument::insertConnection(int index, diagram::Connection c)
{
    auto& list = current().connections;
    if (index < 0 || index > static_cast<int>(list.size()))
        index = static_cast<int>(list.size());
    list.insert(list.begin() + index, std::move(c));
    emit connectionAdded(index);
}

diagram::Connection DiagramDocument::takeConnection(int index)
{
    auto& list = current().connections;
    if (index < 0 || index >= static_cast<int>(list.size()))
        return {};
    diagram::Connection c = std::move(list[static_cast<size_t>(index)]);
    list.erase(list.begin() + index);
    emit connectionRemoved(index);
    return c;
}

void DiagramDocument::setConnectionPoints(int index, const std::vector<std::pair<double, double>>& points)
{
    auto& list = current().connections;
    if (index < 0 || index >= static_cast<int>(list.size()))
        return;
    list[static_cast<size_t>(index)].points = points;
    emit connectionChanged(index);
}

void DiagramDocument::setAnnotations(diagram::Json annotations)
{
    current().annotations = std::move(annotations);
    emit annotationsChanged();
}

void DiagramDocument::setExperiment(const diagram::Experiment& e)
{
    diagram_.experiment = e;
    emit experimentChanged();
}

void DiagramDocument::replaceLevel(diagram::Diagram content)
{
    current() = std::move(content);
    refreshLevel();
    emit levelReplaced();
}

void DiagramDocument::replaceRoot(diagram::Diagram root)
{
    root.experiment = diagram_.experiment;
    root.plot = diagram_.plot;
    diagram_ = std::move(root);
    refreshLevel();
    emit levelReplaced();
}

void DiagramDocument::setModelParameters(const std::vector<std::pair<std::string, diagram::Json>>& parameters,
                                         const std::vector<diagram::Component>& components)
{
    current().parameters = parameters;
    for (const diagram::Component& c : components) {
        const diagram::Component* now = current().component(c.name);
        if (now && (now->parameters != c.parameters || !sameVariables(now->variables, c.variables)))
            setSettings(QString::fromStdString(c.name), c.parameters, c.variables);
    }
    emit modelParametersChanged();
}

void DiagramDocument::setPlot(const diagram::Json& plot)
{
    if (plot == diagram_.plot)
        return;
    diagram_.plot = plot;
    changedOffStack_ = true;
    emit modifiedChanged();
}

void DiagramDocument::setSweep(const diagram::Json& sweep) { setExtraOffStack("sweep", sweep); }

void DiagramDocument::setSweepFolder(const diagram::Json& folder) { setExtraOffStack("sweepFolder", folder); }

void DiagramDocument::setExtraOffStack(const char* key, const diagram::Json& value)
{
    const auto it = diagram_.extra.find(key);
    if (value.is_null() ? it == diagram_.extra.end() : (it != diagram_.extra.end() && *it == value))
        return;
    if (value.is_null())
        diagram_.extra.erase(key);
    else
        diagram_.extra[key] = value;
    changedOffStack_ = true;
    emit modifiedChanged();
}

void DiagramDocument::markModified()
{
    if (changedOffStack_)
        return;
    changedOffStack_ = true;
    emit modifiedChanged();
}

} // namespace flange::ui
