#include "ui/document/recovery_file.hpp"

#include "ui/document/atomic_write.hpp"

#include "engine/api/diagram.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>

namespace flange::ui {

namespace {

constexpr const char* kFormat = "flange-recovery";
constexpr int kVersion = 1;
const QString kSuffix = QStringLiteral(".recovery.json");

QString lockPath(const QString& path) { return path + QStringLiteral(".lock"); }

std::shared_ptr<QLockFile> takeLock(const QString& path)
{
    auto lock = std::make_shared<QLockFile>(lockPath(path));
    // Never stale by age: an editor left open for days still owns its file. A lock whose
    // process is gone is recognised as stale by QLockFile whatever the time.
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0))
        return nullptr;
    return lock;
}

} // namespace

QString defaultRecoveryFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/flange/recovery");
}

bool writeRecoveryFile(const QString& path, const RecoveryContents& contents, QString* error)
{
    diagram::Json j = diagram::Json::object();
    j["format"] = kFormat;
    j["version"] = kVersion;
    j["originalPath"] = contents.originalPath.toStdString();
    j["savedAt"] = contents.savedAt.toUTC().toString(Qt::ISODateWithMs).toStdString();
    j["diagram"] = diagram::toJson(contents.diagram);
    const std::string text = j.dump(1);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QString why;
    if (writeFileAtomically(path, text, &why))
        return true;
    if (error)
        *error = QObject::tr("%1: cannot write the recovery file (%2)").arg(path, why);
    return false;
}

std::optional<RecoveryContents> readRecoveryFile(const QString& path, QString* error)
{
    auto fail = [&](const QString& why) -> std::optional<RecoveryContents> {
        if (error)
            *error = QObject::tr("%1: %2").arg(path, why);
        return std::nullopt;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(QObject::tr("cannot read the file (%1)").arg(file.errorString()));
    try {
        const diagram::Json j = diagram::Json::parse(file.readAll().toStdString());
        if (!j.is_object() || j.value("format", "") != kFormat)
            return fail(QObject::tr("not a Flange recovery file"));
        if (j.value("version", 0) != kVersion)
            return fail(QObject::tr("recovery file version %1 is not supported").arg(j.value("version", 0)));
        if (!j.contains("diagram"))
            return fail(QObject::tr("the recovery file holds no diagram"));
        RecoveryContents c;
        c.diagram = diagram::fromJson(j.at("diagram"), path.toStdString());
        c.originalPath = QString::fromStdString(j.value("originalPath", ""));
        c.savedAt = QDateTime::fromString(QString::fromStdString(j.value("savedAt", "")), Qt::ISODateWithMs);
        return c;
    } catch (const std::exception& e) {
        return fail(QString::fromStdString(e.what()));
    }
}

void removeRecoveryFile(const QString& path)
{
    if (!path.isEmpty())
        QFile::remove(path);
}

QString OrphanedRecovery::description() const
{
    if (!contents)
        return QObject::tr("%1 (unreadable: %2)").arg(QFileInfo(path).fileName(), error);
    const QString when = QLocale().toString(contents->savedAt.toLocalTime(), QLocale::ShortFormat);
    if (contents->originalPath.isEmpty())
        return QObject::tr("Untitled diagram, autosaved %1").arg(when);
    return QObject::tr("%1 (%2), autosaved %3")
        .arg(QFileInfo(contents->originalPath).fileName(), contents->originalPath, when);
}

std::vector<OrphanedRecovery> findOrphanedRecoveries(const QString& folder)
{
    std::vector<OrphanedRecovery> out;
    // Hidden ones too: earlier versions named the copy of ".draft.json" ".draft-....recovery.json".
    const QFileInfoList files =
        QDir(folder).entryInfoList({QStringLiteral("*") + kSuffix}, QDir::Files | QDir::Hidden);
    for (const QFileInfo& info : files) {
        OrphanedRecovery r;
        r.path = info.absoluteFilePath();
        r.lock = takeLock(r.path);
        if (!r.lock)
            continue; // its Flange still runs
        r.contents = readRecoveryFile(r.path, &r.error);
        out.push_back(std::move(r));
    }
    std::sort(out.begin(), out.end(), [](const OrphanedRecovery& a, const OrphanedRecovery& b) {
        const QDateTime ta = a.contents ? a.contents->savedAt : QDateTime();
        const QDateTime tb = b.contents ? b.contents->savedAt : QDateTime();
        return ta > tb;
    });
    return out;
}

QString recoveryStem(const QString& baseName)
{
    QString stem = baseName;
    // The name only helps a person browsing the folder; keep it to safe characters.
    stem.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_.-]")), QStringLiteral("_"));
    // A leading dot would hide the file from the listing that offers it (".draft.json").
    while (stem.startsWith(QLatin1Char('.')))
        stem.remove(0, 1);
    // The stem, the tag and ".recovery.json.lock" must fit in a file name (255 bytes): a
    // diagram's own name may take all of it.
    stem.truncate(kMaxStem);
    return stem.isEmpty() ? QStringLiteral("Untitled") : stem;
}

std::pair<QString, std::shared_ptr<QLockFile>> createRecoveryFileName(const QString& folder, const QString& baseName)
{
    if (!QDir().mkpath(folder))
        return {};
    QString base = recoveryStem(baseName);
    const QString path = QDir(folder).filePath(
        base + QLatin1Char('-') + QUuid::createUuid().toString(QUuid::WithoutBraces).left(8) + kSuffix);
    return {path, takeLock(path)};
}

} // namespace flange::ui
