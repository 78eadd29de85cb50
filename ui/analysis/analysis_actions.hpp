#pragma once
// The window's Analysis menu (issue 37): Linearize… asks what to analyse and shows the
// results in the Analysis dock; Modes, Frequency Response and Critical Speeds bring the
// dock's pages forward (asking first when nothing is analysed yet). Errors go to
// Messages and the status bar, as a failed run's do. The selected mode tints the diagram.
#include "ui/analysis/linear_analysis.hpp"

#include <QObject>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace flange::ui {

class AnalysisPanel;
class DiagramDocument;
class DiagramScene;
class MessagesPanel;

class AnalysisActions : public QObject {
    Q_OBJECT
public:
    AnalysisActions(QMainWindow* window, DiagramDocument* document, DiagramScene* scene, MessagesPanel* messages);

    void fillMenu(QMenu* menu) const;
    AnalysisPanel* panel() const { return panel_; }
    QDockWidget* dock() const { return dock_; }
    QAction* linearizeAction() const { return linearize_; }

    // Analyses the diagram as `request` says, without the dialog; false (the error in
    // Messages) when the engine refuses.
    bool analyse(const AnalysisRequest& request);

private:
    void ask(int tab);

    QMainWindow* window_;
    DiagramDocument* document_;
    DiagramScene* scene_;
    MessagesPanel* messages_;
    AnalysisPanel* panel_;
    QDockWidget* dock_;
    QAction *linearize_, *modes_, *frequencyResponse_, *criticalSpeeds_;
    AnalysisRequest last_;
    bool placed_ = false; // the dock placed beside the variables, at the first analysis
};

} // namespace flange::ui
