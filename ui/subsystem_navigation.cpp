#include "ui/subsystem_navigation.hpp"

#include "ui/canvas/component_item.hpp"
#include "ui/canvas/diagram_scene.hpp"
#include "ui/canvas/diagram_view.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/document/diagram_editor.hpp"

#include <QAction>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace flange::ui {

SubsystemNavigation::SubsystemNavigation(QWidget* window, DiagramEditor& editor, DiagramScene* scene, DiagramView* view)
    : QObject(window), window_(window), editor_(editor), doc_(editor.document()), scene_(scene), view_(view)
{
    group_ = new QAction(tr("&Group into Subsystem…"), this);
    group_->setObjectName(QStringLiteral("groupSubsystem"));
    group_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    group_->setStatusTip(tr("Move the selected components into a new subsystem, used here as one component"));
    ungroup_ = new QAction(tr("&Ungroup Subsystem"), this);
    ungroup_->setObjectName(QStringLiteral("ungroupSubsystem"));
    ungroup_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    ungroup_->setStatusTip(tr("Replace the selected subsystem instance by its contents"));
    open_ = new QAction(tr("&Open Subsystem"), this);
    open_->setObjectName(QStringLiteral("openSubsystem"));
    // Enter on the canvas only: in the library's search field it keeps its own meaning.
    open_->setShortcuts({QKeySequence(Qt::Key_Return), QKeySequence(Qt::Key_Enter)});
    open_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    view_->addAction(open_);
    open_->setStatusTip(tr("Edit inside the selected subsystem instance"));
    up_ = new QAction(tr("&Back to Parent"), this);
    up_->setObjectName(QStringLiteral("leaveSubsystem"));
    up_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    up_->setStatusTip(tr("Leave the subsystem for the diagram that uses it"));

    connect(group_, &QAction::triggered, this, [this] { groupSelection(); });
    connect(ungroup_, &QAction::triggered, this, &SubsystemNavigation::ungroupSelection);
    connect(open_, &QAction::triggered, this, [this] {
        const QStringList names = scene_->selectedComponentNames();
        if (names.size() == 1)
            open(names.front());
    });
    connect(up_, &QAction::triggered, this, [this] {
        if (!doc_.levelPath().isEmpty())
            leaveTo(static_cast<int>(doc_.levelPath().size()) - 1);
    });

    bar_ = new QWidget(window);
    bar_->setObjectName(QStringLiteral("breadcrumb"));
    barLayout_ = new QHBoxLayout(bar_);
    barLayout_->setContentsMargins(6, 2, 6, 2);
    barLayout_->setSpacing(2);
    connect(&doc_, &DiagramDocument::levelChanged, this, [this] {
        updateBar();
        updateActions();
        view_->zoomToFit();
    });
    connect(&doc_, &DiagramDocument::diagramReset, this, &SubsystemNavigation::updateActions);
    connect(&doc_, &DiagramDocument::levelReplaced, this, &SubsystemNavigation::updateActions);
    connect(scene_, &DiagramScene::selectionSettled, this, &SubsystemNavigation::updateActions);
    updateBar();
    updateActions();
}

QString SubsystemNavigation::breadcrumbText() const
{
    QStringList parts{tr("Top")};
    const QStringList path = doc_.levelPath(), types = doc_.levelTypes();
    for (int i = 0; i < path.size(); ++i)
        parts << QStringLiteral("%1 (%2)").arg(path[i], types.value(i));
    QString text = parts.join(QStringLiteral(" > "));
    if (doc_.isReadOnly())
        text += tr(" — library subsystem, read-only");
    return text;
}

void SubsystemNavigation::updateBar()
{
    while (QLayoutItem* item = barLayout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const QStringList path = doc_.levelPath(), types = doc_.levelTypes();
    bar_->setVisible(!path.isEmpty());
    for (int i = 0; i <= path.size(); ++i) {
        if (i > 0)
            barLayout_->addWidget(new QLabel(QStringLiteral("›"), bar_));
        auto* crumb = new QToolButton(bar_);
        crumb->setAutoRaise(true);
        crumb->setText(i == 0 ? tr("Top") : QStringLiteral("%1 (%2)").arg(path[i - 1], types.value(i - 1)));
        crumb->setObjectName(QStringLiteral("crumb%1").arg(i));
        const bool here = i == path.size();
        crumb->setEnabled(!here);
        if (here) {
            QFont f = crumb->font();
            f.setBold(true);
            crumb->setFont(f);
        }
        connect(crumb, &QToolButton::clicked, this, [this, i] { leaveTo(i); });
        barLayout_->addWidget(crumb);
    }
    if (doc_.isReadOnly()) {
        auto* note = new QLabel(tr("library subsystem, read-only"), bar_);
        note->setStyleSheet(QStringLiteral("color: #a05000; font-style: italic"));
        barLayout_->addWidget(note);
    }
    barLayout_->addStretch(1);
}

void SubsystemNavigation::updateActions()
{
    const QStringList names = scene_->selectedComponentNames();
    const bool editable = !doc_.isReadOnly();
    group_->setEnabled(editable && !names.isEmpty());
    const bool oneSubsystem = names.size() == 1 && doc_.subsystemOf(names.front());
    ungroup_->setEnabled(editable && oneSubsystem);
    open_->setEnabled(oneSubsystem);
    up_->setEnabled(!doc_.levelPath().isEmpty());
}

QString SubsystemNavigation::groupSelection(const QString& typeName)
{
    const QStringList names = scene_->selectedComponentNames();
    if (names.isEmpty())
        return {};
    QString type = typeName;
    if (type.isEmpty()) {
        bool ok = false;
        type = QInputDialog::getText(window_, tr("Group into Subsystem"),
                                     tr("Type name of the new subsystem made of %1:")
                                         .arg(names.size() == 1 ? names.front() : tr("%1 components").arg(names.size())),
                                     QLineEdit::Normal, editor_.freeSubsystemType(), &ok)
                   .trimmed();
        if (!ok || type.isEmpty())
            return {};
    }
    QString error;
    const QString instance = editor_.group(names, type, &error);
    if (instance.isEmpty()) {
        emit statusMessage(error);
        return {};
    }
    scene_->selectComponents({instance});
    emit statusMessage(tr("Grouped into %1 (%2); Enter opens it").arg(instance, type));
    return instance;
}

void SubsystemNavigation::ungroupSelection()
{
    const QStringList names = scene_->selectedComponentNames();
    if (names.size() != 1)
        return;
    QString error;
    const QStringList added = editor_.ungroup(names.front(), &error);
    if (added.isEmpty()) {
        emit statusMessage(error);
        return;
    }
    scene_->selectComponents(added);
}

bool SubsystemNavigation::open(const QString& name)
{
    if (!doc_.subsystemOf(name)) {
        emit statusMessage(tr("%1 is not a subsystem").arg(name));
        return false;
    }
    QStringList path = doc_.levelPath();
    path << name;
    return doc_.showLevel(path);
}

void SubsystemNavigation::leaveTo(int depth)
{
    const QStringList path = doc_.levelPath();
    if (depth < 0 || depth >= path.size())
        return;
    const QString from = path[depth]; // the instance we come out of, selected in its parent
    doc_.showLevel(path.mid(0, depth));
    scene_->selectComponents({from});
}

bool SubsystemNavigation::reveal(const QString& fullPath)
{
    QStringList level;
    QString name;
    if (!doc_.locate(fullPath, &level, &name))
        return false;
    doc_.showLevel(level);
    scene_->selectComponents({name});
    if (ComponentItem* item = scene_->componentItem(name))
        view_->ensureVisible(item, 80, 80);
    return true;
}

} // namespace flange::ui
