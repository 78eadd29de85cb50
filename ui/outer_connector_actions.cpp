#include "ui/outer_connector_actions.hpp"

#include "ui/canvas/diagram_scene.hpp"
#include "ui/canvas/diagram_view.hpp"
#include "ui/canvas/scene_units.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"
#include "ui/parameters/outer_connector_dialog.hpp"

#include <QAction>

namespace flange::ui {

OuterConnectorActions::OuterConnectorActions(QWidget* window, DiagramEditor& editor, DiagramScene* scene,
                                             DiagramView* view)
    : QObject(window), window_(window), editor_(editor), scene_(scene), view_(view)
{
    placeOnIcon_ = new QAction(tr("Place &Connectors on Icon Like on Canvas"), this);
    placeOnIcon_->setObjectName(QStringLiteral("placeConnectorsOnIcon"));
    placeOnIcon_->setStatusTip(
        tr("Put each outer connector on the side of the subsystem's icon where it lies on this canvas"));
    connect(placeOnIcon_, &QAction::triggered, this, [this] {
        if (editor_.placeConnectorsLikeCanvas())
            emit statusMessage(tr("Connectors placed on the icon as on the canvas"));
        else
            emit statusMessage(tr("The connectors already sit on the icon as on the canvas"));
    });
    DiagramDocument& doc = editor_.document();
    for (auto signal : {&DiagramDocument::diagramReset, &DiagramDocument::levelChanged, &DiagramDocument::levelReplaced})
        connect(&doc, signal, this, &OuterConnectorActions::updateActions);
    updateActions();
}

void OuterConnectorActions::updateActions()
{
    const DiagramDocument& doc = editor_.document();
    placeOnIcon_->setEnabled(!doc.isReadOnly() && !doc.diagram().connectors.empty());
}

QString OuterConnectorActions::addAtCentre(const QString& type)
{
    const QPointF centre = snapped(toDiagram(view_->mapToScene(view_->viewport()->rect().center())), kGrid);
    QString error;
    const QString name = editor_.addOuterConnector(type, centre, &error);
    if (name.isEmpty())
        emit statusMessage(error);
    else
        scene_->selectComponents({name});
    return name;
}

bool OuterConnectorActions::edit(const QString& name)
{
    const diagram::OuterConnector* connector = editor_.document().outerConnector(name);
    if (!connector)
        return false;
    OuterConnectorDialog dialog(*connector, window_);
    if (dialog.exec() != QDialog::Accepted)
        return true;
    const diagram::OuterConnector edited = dialog.result();
    QString reason;
    if (editor_.setOuterConnector(name, edited, &reason))
        scene_->selectComponents({QString::fromStdString(edited.name)});
    else if (!reason.isEmpty())
        emit statusMessage(reason);
    return true;
}

} // namespace flange::ui
