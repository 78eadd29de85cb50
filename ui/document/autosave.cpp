#include "ui/document/autosave.hpp"

#include "ui/document/diagram_document.hpp"
#include "ui/document/recovery_file.hpp"

#include <QFileInfo>
#include <QLockFile>

namespace flange::ui {

Autosave::Autosave(DiagramDocument* document, QString folder, QObject* parent)
    : QObject(parent), document_(document), folder_(std::move(folder))
{
    timer_.setSingleShot(true);
    timer_.setInterval(kDefaultDelayMs);
    connect(&timer_, &QTimer::timeout, this, &Autosave::write);
    worker_.setMaxThreadCount(1);
    // indexChanged covers every edit, undo and redo; cleanChanged covers Save.
    connect(document_->undoStack(), &QUndoStack::indexChanged, this, &Autosave::documentChanged);
    connect(document_->undoStack(), &QUndoStack::cleanChanged, this, &Autosave::documentChanged);
    connect(document_, &DiagramDocument::modifiedChanged, this, &Autosave::documentChanged);
    connect(document_, &DiagramDocument::diagramReset, this, &Autosave::documentChanged);
}

Autosave::~Autosave()
{
    timer_.stop();
    discard();
    worker_.waitForDone();
}

void Autosave::adopt(const QString& path, std::shared_ptr<QLockFile> lock)
{
    if (path_ != path)
        discard();
    path_ = path;
    lock_ = std::move(lock);
    documentChanged();
}

void Autosave::setEnabled(bool enabled)
{
    enabled_ = enabled;
    documentChanged();
}

void Autosave::documentChanged()
{
    if (!enabled_ || !document_->isModified()) {
        timer_.stop();
        discard();
        return;
    }
    // Not restarted by later edits: during a long stretch of editing a copy is still
    // taken every few seconds.
    if (!timer_.isActive())
        timer_.start();
}

void Autosave::flush()
{
    if (timer_.isActive()) {
        timer_.stop();
        write();
    }
}

void Autosave::waitForWrites() { worker_.waitForDone(); }

void Autosave::write()
{
    if (!document_->isModified())
        return;
    if (path_.isEmpty()) {
        const QString base = document_->filePath().isEmpty() ? QStringLiteral("Untitled")
                                                             : QFileInfo(document_->filePath()).completeBaseName();
        auto [path, lock] = createRecoveryFileName(folder_, base);
        if (!lock) {
            emit written(path, tr("%1: cannot create a recovery file there").arg(folder_));
            return;
        }
        path_ = path;
        lock_ = std::move(lock);
    }
    // The copy is cheap; turning it into JSON and writing it is left to the worker.
    auto contents = std::make_shared<RecoveryContents>(
        RecoveryContents{document_->rootDiagram(), document_->filePath(), QDateTime::currentDateTimeUtc()});
    const QString path = path_;
    // The worker never outlives this object (the destructor waits for it), and a queued
    // call to a deleted object is dropped.
    worker_.start([this, path, contents] {
        QString error;
        writeRecoveryFile(path, *contents, &error);
        QMetaObject::invokeMethod(this, [this, path, error] { emit written(path, error); }, Qt::QueuedConnection);
    });
}

void Autosave::discard()
{
    if (path_.isEmpty())
        return;
    const QString path = path_;
    worker_.start([path] { removeRecoveryFile(path); });
    // The lock stays held (and the name kept) until the object goes: a removed file and
    // a held lock are harmless, and the next write reuses the name.
}

} // namespace flange::ui
