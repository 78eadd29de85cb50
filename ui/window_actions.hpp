#pragma once
// The main window's actions with the platform's standard shortcuts
// (QKeySequence::StandardKey) and theme icons, in one place so menus and toolbar share them.
#include <QObject>

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
    QAction* simulate;
    QAction* stopRun;
    QAction* autoResimulate;
    QAction* exportCsv;
    QAction* exportPlot;
    QAction* addPlotTab;
    QAction* addSubplot;

    // Undo and redo come from the stack, so their text names the step ("Undo Move J1").
    WindowActions(QObject* parent, QUndoStack* stack);
};

} // namespace flange::ui
