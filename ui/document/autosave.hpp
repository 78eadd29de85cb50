#pragma once
// Autosave: a few seconds after the document changes (an undo-stack step or a new plot
// set-up), a copy goes to a recovery file (recovery_file.hpp) so that a crash or a kill
// loses at most those seconds. The copy is taken on the GUI thread (a plain copy of the
// diagram) and serialized and written on a worker thread, so editing never waits for
// the disk. The file is removed as soon as the document has nothing unsaved (saved,
// undone back to the saved state, New, Open) and when the window closes cleanly.
// Selection, zoom and other view changes do not touch the document and so never
// trigger a write.
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>

#include <memory>

class QLockFile;

namespace flange::ui {

class DiagramDocument;

class Autosave : public QObject {
    Q_OBJECT
public:
    static constexpr int kDefaultDelayMs = 3000;

    Autosave(DiagramDocument* document, QString folder, QObject* parent = nullptr);
    // Removes the recovery file: destruction is a clean close (a crash never gets here).
    ~Autosave() override;

    void setDelay(int ms) { timer_.setInterval(ms); }
    // Scripted runs (flange --simulate, --screenshot) edit nothing a person typed and must
    // not leave recovery files behind if they fail.
    void setEnabled(bool enabled);
    bool isEnabled() const { return enabled_; }
    int delay() const { return timer_.interval(); }
    QString folder() const { return folder_; }
    // The recovery file this document writes to; empty until the first write.
    QString recoveryPath() const { return path_; }

    // Continues in a recovery file restored from a crashed session: its lock is already
    // held, and the next write replaces it, so it is never without a copy in between.
    void adopt(const QString& path, std::shared_ptr<QLockFile> lock);

    // Writes now if a write is due (tests, and before anything risky).
    void flush();
    // Blocks until the worker has finished every write or removal queued so far.
    void waitForWrites();

signals:
    // A write finished (on the GUI thread); `error` is empty on success.
    void written(const QString& path, const QString& error);

private:
    void documentChanged();
    void write();
    void discard();

    DiagramDocument* document_;
    QString folder_;
    QString path_;
    std::shared_ptr<QLockFile> lock_;
    QTimer timer_;
    bool enabled_ = true;
    // One thread: writes and removals happen in the order they were asked for, so a
    // removal after Save is never overtaken by an older write.
    QThreadPool worker_;
};

} // namespace flange::ui
