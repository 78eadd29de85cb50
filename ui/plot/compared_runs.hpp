#pragma once
// Runs compared side by side: runs the user pinned (named, coloured, shown or hidden,
// deleted), the ghost of the run before (which can be switched off, and which a Tune drag
// holds at the run before the drag), and what the plots draw from them: the current run
// in full, then the ghost, then each shown pinned run, every run once.
#include "ui/plot/shown_runs.hpp"

#include <QColor>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace flange::ui::plot {

struct ComparedRun {
    std::shared_ptr<const RunResult> run;
    QString name;
    QColor color;
    bool visible = true;
};

struct RunsToShow {
    ShownRuns runs;
    RunLooks looks;
};

class ComparedRuns : public QObject {
    Q_OBJECT
public:
    explicit ComparedRuns(QObject* parent = nullptr) : QObject(parent) {}

    // Keeps the run until deleted: named "Run N" by its number unless named here, in the
    // next colour of the cycle; a run pinned already is not pinned twice. Its index, or -1
    // for a null run.
    int pin(std::shared_ptr<const RunResult> run, const QString& name = {});
    void rename(int index, const QString& name);
    void setColor(int index, const QColor& color);
    void setVisible(int index, bool visible);
    void remove(int index);
    void clear(); // another diagram: its runs mean nothing here
    const std::vector<ComparedRun>& pinned() const { return pinned_; }
    int count() const { return static_cast<int>(pinned_.size()); }

    bool ghostShown() const { return ghostShown_; }
    void setGhostShown(bool on);
    // The ghost stays this run (the one before a Tune drag) until released.
    void holdGhost(std::shared_ptr<const RunResult> run);
    void releaseGhost();
    // The ghost drawn beside `previous`, the run before the current one: the held run if any.
    std::shared_ptr<const RunResult> ghost(const std::shared_ptr<const RunResult>& previous) const;
    QString ghostLabel() const;

    RunsToShow shown(const std::shared_ptr<const RunResult>& current,
                     const std::shared_ptr<const RunResult>& previous) const;

signals:
    void changed();

private:
    std::vector<ComparedRun> pinned_;
    std::shared_ptr<const RunResult> held_;
    bool ghostShown_ = true;
    int colorsUsed_ = 0;
};

} // namespace flange::ui::plot
