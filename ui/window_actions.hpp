#pragma once
// The main window's actions with the platform's standard shortcuts
// (QKeySequence::StandardKey) and theme icons, in one place so menus and toolbar share them.
#include <QKeySequence>
#include <QList>
#include <QObject>

#include <functional>

class QAction;
class QUndoStack;

namespace flange::ui {

struct WindowActions {
    QAction* newFile;
    QAction* open;
    QAction* save;
    QAction* saveAs;
    QAction* quit;
    QAction* undo;
    QAction* redo;
    QAction* cut;
    QAction* copy;
    QAction* paste;
    QAction* duplicate;
    QAction* remove;
    QAction* selectAll;
    QAction* rename;
    QAction* parameters;
    QAction* rotate;
    QAction* flipHorizontal;
    QAction* flipVertical;
    QAction* zoomIn;
    QAction* zoomOut;
    QAction* zoomFit;
    QAction* snapToGrid;
    QAction* findComponent;
    QAction* experiment;
    QAction* check;
    QAction* simulate;
    QAction* stopRun;
    QAction* autoResimulate;
    QAction* exportCsv;
    QAction* exportMat;
    QAction* exportPlot;
    QAction* addPlotTab;
    QAction* addSubplot;

    // The key sequences of a standard key: the platform's, or in a test another
    // platform's (X11 binds Ctrl+D to Delete, Windows does not).
    using KeyBindings = std::function<QList<QKeySequence>(QKeySequence::StandardKey)>;

    // Undo and redo come from the stack, so their text names the step ("Undo Move J1").
    WindowActions(QObject* parent, QUndoStack* stack, const KeyBindings& keys = &QKeySequence::keyBindings);
};

} // namespace flange::ui
