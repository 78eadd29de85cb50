#pragma once
// SVG icons of component types, parsed once and shared by the canvas and the library
// browser. Icons are looked up by the definition's "icon" path ("rotational/inertia.svg")
// in the icon folders; a missing icon is drawn as a neutral box with the type's name.
#include <QHash>
#include <QIcon>
#include <QStringList>

#include <memory>

class QPainter;
class QRectF;
class QSvgRenderer;

namespace flange::ui {

class IconCache {
public:
    explicit IconCache(QStringList folders);
    ~IconCache();
    IconCache(const IconCache&) = delete;
    IconCache& operator=(const IconCache&) = delete;

    // Null when the file is missing or not valid SVG.
    QSvgRenderer* renderer(const QString& iconPath);
    // Paints the icon into `bounds`, or the placeholder when there is none.
    void paint(QPainter* painter, const QRectF& bounds, const QString& iconPath, const QString& typeName);
    // A small icon for lists and trees.
    QIcon icon(const QString& iconPath, const QString& typeName);

    static void paintPlaceholder(QPainter* painter, const QRectF& bounds, const QString& typeName);

private:
    QStringList folders_;
    QHash<QString, std::shared_ptr<QSvgRenderer>> renderers_; // null entries remember misses
    QHash<QString, QIcon> icons_;
};

} // namespace flange::ui
