#include "ui/help/example_gallery.hpp"

#include <QDialogButtonBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace flange::ui {

namespace {

constexpr QSize kThumbnail(320, 200);

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
    const QImage whole = e.picture.isEmpty() ? QImage() : QImage(e.picture);
    const QPixmap picture = whole.isNull() ? QPixmap() : QPixmap::fromImage(whole.copy(diagramRegion(whole)));
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

QRect diagramRegion(const QImage& picture)
{
    // ComponentItem's name colour, QColor(0, 0, 220), with room for anti-aliasing; plot
    // curves and legends use other blues.
    const auto isName = [](QRgb c) { return qRed(c) < 60 && qGreen(c) < 60 && qBlue(c) > 170; };
    const QImage image = picture.convertToFormat(QImage::Format_RGB32);
    int left = image.width(), right = -1, top = image.height(), bottom = -1;
    for (int y = 0; y < image.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x)
            if (isName(line[x])) {
                left = std::min(left, x);
                right = std::max(right, x);
                top = std::min(top, y);
                bottom = std::max(bottom, y);
            }
    }
    if (right < 0)
        return image.rect();
    // The names sit above the icons: a margin around, more below for the lowest row's icons.
    const int margin = std::max(24, image.height() / 30), below = std::max(72, image.height() / 9);
    QRect region(QPoint(left - margin, top - margin), QPoint(right + margin, bottom + below));
    // Not narrower than the thumbnail's shape: a single row of names keeps some height.
    const int wanted = region.width() * kThumbnail.height() / kThumbnail.width();
    if (region.height() < wanted)
        region.adjust(0, -(wanted - region.height()) / 2, 0, (wanted - region.height() + 1) / 2);
    return region.intersected(image.rect());
}

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
    search_ = new QLineEdit(this);
    search_->setObjectName(QStringLiteral("gallerySearch"));
    search_->setPlaceholderText(tr("Search examples (clutch, backlash, gear, friction…)"));
    search_->setClearButtonEnabled(true);
    connect(search_, &QLineEdit::textChanged, this, &ExampleGalleryDialog::filter);
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
    QPushButton* open = buttons->button(QDialogButtonBox::Open);
    open->setEnabled(list_->count() > 0);
    connect(list_, &QListWidget::currentItemChanged, open, [open](QListWidgetItem* item) { open->setEnabled(item); });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(list_, &QListWidget::itemActivated, this, &QDialog::accept);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(search_);
    layout->addWidget(list_);
    layout->addWidget(buttons);
    resize(960, 760);
    search_->setFocus();
}

void ExampleGalleryDialog::filter(const QString& text)
{
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QListWidgetItem* first = nullptr;
    for (int i = 0; i < list_->count(); ++i) {
        QListWidgetItem* item = list_->item(i);
        const QString shown = item->text() + QLatin1Char(' ') + item->data(Qt::UserRole).toString();
        const bool match = std::all_of(words.begin(), words.end(),
                                       [&](const QString& w) { return shown.contains(w, Qt::CaseInsensitive); });
        item->setHidden(!match);
        if (match && !first)
            first = item;
    }
    list_->setCurrentItem(first); // Open takes the first match; none when nothing matches
}

QString ExampleGalleryDialog::chosenPath() const
{
    const QListWidgetItem* item = list_->currentItem();
    return item && !item->isHidden() ? item->data(Qt::UserRole).toString() : QString();
}

} // namespace flange::ui
