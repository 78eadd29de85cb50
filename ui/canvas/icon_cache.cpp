#include "ui/canvas/icon_cache.hpp"

#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

namespace flange::ui {

IconCache::IconCache(QStringList folders) : folders_(std::move(folders)) {}

IconCache::~IconCache() = default;

QSvgRenderer* IconCache::renderer(const QString& iconPath)
{
    if (iconPath.isEmpty())
        return nullptr;
    auto it = renderers_.find(iconPath);
    if (it != renderers_.end())
        return it->get();
    std::shared_ptr<QSvgRenderer> found;
    for (const QString& folder : folders_) {
        const QString file = QDir(folder).filePath(iconPath);
        if (!QFileInfo::exists(file))
            continue;
        auto r = std::make_shared<QSvgRenderer>(file);
        if (r->isValid()) {
            // Stroke widths in the icons are meant for their own size; keep the aspect.
            r->setAspectRatioMode(Qt::KeepAspectRatio);
            found = r;
            break;
        }
    }
    renderers_.insert(iconPath, found);
    return found.get();
}

void IconCache::paint(QPainter* painter, const QRectF& bounds, const QString& iconPath, const QString& typeName)
{
    if (QSvgRenderer* r = renderer(iconPath))
        r->render(painter, bounds);
    else
        paintPlaceholder(painter, bounds, typeName);
}

QIcon IconCache::icon(const QString& iconPath, const QString& typeName)
{
    const QString key = iconPath + QLatin1Char('|') + typeName;
    auto it = icons_.find(key);
    if (it != icons_.end())
        return *it;
    QIcon result;
    for (int size : {16, 24, 32, 48}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        paint(&p, QRectF(0, 0, size, size), iconPath, typeName);
        p.end();
        result.addPixmap(pm);
    }
    icons_.insert(key, result);
    return result;
}

void IconCache::paintPlaceholder(QPainter* painter, const QRectF& bounds, const QString& typeName)
{
    painter->save();
    const QRectF box = bounds.adjusted(bounds.width() * 0.08, bounds.height() * 0.2, -bounds.width() * 0.08,
                                       -bounds.height() * 0.2);
    painter->setPen(QPen(QColor(90, 90, 90), std::max(1.0, bounds.width() / 60.0)));
    painter->setBrush(QColor(245, 245, 245));
    painter->drawRoundedRect(box, box.height() * 0.12, box.height() * 0.12);
    if (bounds.width() >= 24) {
        QFont font = painter->font();
        font.setPixelSize(std::max(6, static_cast<int>(box.height() / 4)));
        painter->setFont(font);
        painter->setPen(QColor(50, 50, 50));
        const QString text = QFontMetricsF(font).elidedText(typeName, Qt::ElideRight, box.width() * 0.94);
        painter->drawText(box, Qt::AlignCenter, text);
    }
    painter->restore();
}

} // namespace flange::ui
