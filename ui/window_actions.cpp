#include "ui/window_actions.hpp"

#include <QAction>
#include <QApplication>
#include <QIcon>
#include <QStyle>
#include <QUndoStack>

namespace flange::ui {

namespace {

// Theme icon by its plain or symbolic name (Adwaita ships only the latter), then a style icon.
QIcon themeIcon(const QString& name, QStyle::StandardPixmap fallback = QStyle::SP_CustomBase)
{
    for (const QString& n : {name, name + QStringLiteral("-symbolic")})
        if (QIcon::hasThemeIcon(n))
            return QIcon::fromTheme(n);
    return fallback == QStyle::SP_CustomBase ? QIcon() : QApplication::style()->standardIcon(fallback);
}

QAction* make(QObject* parent, const QString& text, const QString& icon, const QList<QKeySequence>& keys,
              const QString& tip, QStyle::StandardPixmap fallback = QStyle::SP_CustomBase)
{
    auto* a = new QAction(themeIcon(icon, fallback), text, parent);
    a->setShortcuts(keys);
    a->setStatusTip(tip);
    return a;
}

QAction* make(QObject* parent, const QString& text, const QString& icon, const QKeySequence& key, const QString& tip)
{
    auto* a = new QAction(themeIcon(icon), text, parent);
    a->setShortcut(key);
    a->setStatusTip(tip);
    return a;
}

// The bindings, or `fallback` when the platform has none.
QList<QKeySequence> withFallback(QList<QKeySequence> keys, const QKeySequence& fallback)
{
    if (keys.isEmpty())
        keys << fallback;
    return keys;
}

} // namespace

WindowActions::WindowActions(QObject* parent, QUndoStack* stack, const KeyBindings& keys)
{
    using K = QKeySequence;
    const auto tr = [](const char* s) { return QObject::tr(s); };
    newFile = make(parent, tr("&New"), QStringLiteral("document-new"), keys(K::New), tr("Start an empty diagram"), QStyle::SP_FileIcon);
    open = make(parent, tr("&Open…"), QStringLiteral("document-open"), keys(K::Open), tr("Open a diagram file"),
                QStyle::SP_DialogOpenButton);
    save = make(parent, tr("&Save"), QStringLiteral("document-save"), keys(K::Save), tr("Save the diagram"),
                QStyle::SP_DialogSaveButton);
    saveAs = make(parent, tr("Save &As…"), QStringLiteral("document-save-as"), keys(K::SaveAs),
                  tr("Save the diagram under a new name"));
    // Not every platform theme binds Save As (the X11 default has none).
    saveAs->setShortcuts(withFallback(keys(K::SaveAs), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    quit = make(parent, tr("&Quit"), QStringLiteral("application-exit"), keys(K::Quit), tr("Leave Flange"));

    undo = stack->createUndoAction(parent, tr("&Undo"));
    undo->setShortcuts(keys(K::Undo));
    undo->setIcon(themeIcon(QStringLiteral("edit-undo"), QStyle::SP_ArrowBack));
    redo = stack->createRedoAction(parent, tr("&Redo"));
    redo->setShortcuts(keys(K::Redo));
    redo->setIcon(themeIcon(QStringLiteral("edit-redo"), QStyle::SP_ArrowForward));

    cut = make(parent, tr("Cu&t"), QStringLiteral("edit-cut"), keys(K::Cut), tr("Move the selection to the clipboard"));
    copy = make(parent, tr("&Copy"), QStringLiteral("edit-copy"), keys(K::Copy), tr("Copy the selection to the clipboard"));
    paste = make(parent, tr("&Paste"), QStringLiteral("edit-paste"), keys(K::Paste), tr("Paste components from the clipboard"));
    duplicate = make(parent, tr("D&uplicate"), QStringLiteral("edit-copy"), QKeySequence(Qt::CTRL | Qt::Key_D),
                     tr("Copy the selection in place"));
    remove = make(parent, tr("&Delete"), QStringLiteral("edit-delete"), keys(K::Delete),
                  tr("Delete the selected components and connections"), QStyle::SP_TrashIcon);
    // On X11 the Delete bindings include Ctrl+D (Emacs-style delete-char). On a canvas that
    // would make Ctrl+D ambiguous, and Qt then triggers neither: Duplicate keeps it.
    QList<QKeySequence> deleteKeys = keys(K::Delete);
    deleteKeys.removeAll(duplicate->shortcut());
    remove->setShortcuts(deleteKeys);
    selectAll = make(parent, tr("Select &All"), QStringLiteral("edit-select-all"), keys(K::SelectAll),
                     tr("Select every component and connection"));
    rename = make(parent, tr("Re&name…"), QString(), QKeySequence(Qt::Key_F2), tr("Rename the selected component"));
    parameters = make(parent, tr("&Parameters…"), QStringLiteral("document-properties"),
                      QKeySequence(Qt::CTRL | Qt::Key_Return), tr("Edit the parameters of the selected component"));
    // R alone, like H and V for the flips: Ctrl+R is Simulate, as in Dymola and OMEdit.
    rotate = make(parent, tr("&Rotate"), QStringLiteral("object-rotate-right"), QKeySequence(Qt::Key_R),
                  tr("Turn the selected components 90° clockwise"));
    flipHorizontal = make(parent, tr("Flip &Horizontal"), QStringLiteral("object-flip-horizontal"),
                          QKeySequence(Qt::Key_H), tr("Mirror the selected components left to right"));
    flipVertical = make(parent, tr("Flip &Vertical"), QStringLiteral("object-flip-vertical"), QKeySequence(Qt::Key_V),
                        tr("Mirror the selected components top to bottom"));
    zoomIn = make(parent, tr("Zoom &In"), QStringLiteral("zoom-in"), keys(K::ZoomIn), tr("Magnify the diagram"));
    // Ctrl++ needs Shift on most layouts; Ctrl+= is the same key without it.
    QList<QKeySequence> zoomInKeys = keys(K::ZoomIn);
    if (!zoomInKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Equal)))
        zoomInKeys << QKeySequence(Qt::CTRL | Qt::Key_Equal);
    zoomIn->setShortcuts(zoomInKeys);
    zoomOut = make(parent, tr("Zoom &Out"), QStringLiteral("zoom-out"), keys(K::ZoomOut), tr("Shrink the diagram"));
    zoomFit = make(parent, tr("Zoom to &Fit"), QStringLiteral("zoom-fit-best"), QKeySequence(Qt::CTRL | Qt::Key_0),
                   tr("Show the whole diagram"));
    snapToGrid = make(parent, tr("&Snap to Grid"), QString(), QKeySequence(), tr("Keep components on the grid"));
    snapToGrid->setCheckable(true);
    snapToGrid->setChecked(true);
    findComponent = make(parent, tr("&Find Component…"), QStringLiteral("edit-find"), keys(K::Find),
                         tr("Search the component library"));
    experiment = make(parent, tr("&Experiment…"), QString(), QKeySequence(),
                      tr("Start and stop time, output interval and tolerance of the simulation"));

    // F8, as Dymola's Check.
    check = make(parent, tr("&Check"), QStringLiteral("dialog-ok"), QKeySequence(Qt::Key_F8),
                 tr("Translate without simulating: states, dummy derivatives, aliases, algebraic loops and the start "
                    "values assumed, in Messages"));

    simulate = make(parent, tr("&Simulate"), QStringLiteral("media-playback-start"), QKeySequence(Qt::Key_F5),
                    tr("Translate and simulate the diagram; the plots grow as it runs"));
    simulate->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)});
    stopRun = make(parent, tr("S&top"), QStringLiteral("media-playback-stop"), QKeySequence(Qt::Key_Escape),
                   tr("Stop the simulation and keep what was computed"));
    stopRun->setEnabled(false);
    autoResimulate = make(parent, tr("&Auto Re-simulate"), QStringLiteral("view-refresh"), QKeySequence(),
                          tr("Simulate again whenever a parameter changes"));
    autoResimulate->setCheckable(true);
    exportCsv = make(parent, tr("Export Results as &CSV…"), QStringLiteral("document-export"), QKeySequence(),
                     tr("Write the results of the last run to a CSV file"));
    exportCsv->setEnabled(false);
    exportMat = make(parent, tr("Export Results as &MAT…"), QStringLiteral("document-export"), QKeySequence(),
                     tr("Write the results of the last run as a .mat file (Dymola's layout) for Modelica tools"));
    exportMat->setEnabled(false);
    exportPlot = make(parent, tr("Export &Plot as Image…"), QStringLiteral("image-x-generic"), QKeySequence(),
                      tr("Write the current plot tab as PNG or SVG"));
    addPlotTab = make(parent, tr("New Plot &Tab"), QStringLiteral("tab-new"), QKeySequence(),
                      tr("Add a plot tab"));
    addSubplot = make(parent, tr("New Su&bplot"), QStringLiteral("list-add"), QKeySequence(),
                      tr("Add a subplot to the current plot tab"));
}

} // namespace flange::ui
