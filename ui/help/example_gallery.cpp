#include "ui/help/example_gallery.hpp"

#include <QDialogButtonBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

namespace flange::ui {

namespace {

constexpr QSize kThumbnail(288, 180);

QString readDescription(const QString& path, bool* ok)
{
    QFile file(path);
    *ok = false;
    if (!file.open(QIODevice::ReadOnly))
        return QObject::tr("cannot be read");
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return QObject::tr("not a diagram: %1").arg(error.errorString());
    *ok = true;
    return doc.object().value(QStringLiteral("description")).toString();
}

// The picture scaled into the thumbnail box, or a neutral box naming the example.
QPixmap thumbnail(const GalleryEntry& e)
{
    QPixmap out(kThumbnail);
    out.fill(Qt::white);
    QPainter painter(&out);
    const QPixmap picture(e.picture);
    if (!picture.isNull()) {
        const QPixmap scaled = picture.scaled(kThumbnail, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        painter.drawPixmap((kThumbnail.width() - scaled.width()) / 2, (kThumbnail.height() - scaled.height()) / 2, scaled);
    } else {
        painter.setPen(Qt::gray);
        painter.drawRect(out.rect().adjusted(0, 0, -1, -1));
        painter.drawText(out.rect(), Qt::AlignCenter, e.title);
    }
    return out;
}

} // namespace

QString galleryPictureName(const QString& relativeModelPath)
{
    QString name = QDir::fromNativeSeparators(relativeModelPath);
    if (name.endsWith(QStringLiteral(".json")))
        name.chop(5);
    return name.replace(QLatin1Char('/'), QLatin1Char('-')) + QStringLiteral(".png");
}

QList<GalleryEntry> galleryEntries(const QString& modelsFolder, const QString& picturesFolder)
{
    QStringList files;
    QDirIterator it(modelsFolder, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    const QDir root(modelsFolder);
    QList<GalleryEntry> out;
    for (const QString& file : files) {
        const QString relative = root.relativeFilePath(file);
        GalleryEntry e;
        e.path = file;
        QString title = relative;
        title.chop(5);
        if (title.startsWith(QStringLiteral("msl/")))
            title.remove(0, 4); // every MSL example is below msl/: the prefix says nothing
        e.title = title.replace(QLatin1Char('/'), QStringLiteral(" / "));
        bool ok = false;
        e.description = readDescription(file, &ok);
        const QString picture = QDir(picturesFolder).filePath(galleryPictureName(relative));
        if (!picturesFolder.isEmpty() && QFileInfo::exists(picture))
            e.picture = picture;
        out << e;
    }
    return out;
}

ExampleGalleryDialog::ExampleGalleryDialog(const QList<GalleryEntry>& entries, QWidget* parent)
    : QDialog(parent), list_(new QListWidget(this))
{
    setWindowTitle(tr("Example Gallery"));
    setObjectName(QStringLiteral("exampleGallery"));
    auto* intro = new QLabel(tr("Every bundled example. Open one, then press Simulate (F5); "
                                "Save As keeps your changes in a copy."),
                             this);
    intro->setWordWrap(true);
    list_->setObjectName(QStringLiteral("galleryList"));
    list_->setIconSize(kThumbnail);
    list_->setWordWrap(true);
    list_->setSpacing(4);
    list_->setAlternatingRowColors(true);
    for (const GalleryEntry& e : entries) {
        auto* item = new QListWidgetItem(QIcon(thumbnail(e)), QStringLiteral("%1\n%2").arg(e.title, e.description), list_);
        item->setData(Qt::UserRole, e.path);
        item->setToolTip(e.path);
    }
    if (list_->count() > 0)
        list_->setCurrentRow(0);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Open)->setEnabled(list_->count() > 0);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(list_, &QListWidget::itemActivated, this, &QDialog::accept);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(list_);
    layout->addWidget(buttons);
    resize(900, 700);
}

QString ExampleGalleryDialog::chosenPath() const
{
    const QListWidgetItem* item = list_->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

} // namespace flange::ui
