#pragma once
// Diagram units (MSL diagram coordinates, y down) to scene pixels. A 20-unit component
// is 100 scene pixels: text can then use ordinary font sizes and stays readable at 100 %.
#include <QPointF>

#include <cmath>

namespace flange::ui {

constexpr double kUnit = 5.0;  // scene pixels per diagram unit
constexpr double kGrid = 10.0; // diagram units between grid lines (MSL examples sit on it)

inline QPointF toScene(double x, double y) { return {x * kUnit, y * kUnit}; }
inline QPointF toDiagram(QPointF scene) { return scene / kUnit; }

inline double snapped(double value, double step) { return std::round(value / step) * step; }
inline QPointF snapped(QPointF p, double step) { return {snapped(p.x(), step), snapped(p.y(), step)}; }

// Graphics item types, for qgraphicsitem_cast.
enum ItemType { ComponentItemType = 65536 + 1, PortItemType, ConnectionItemType, ComponentBodyType, NoteItemType };

} // namespace flange::ui
