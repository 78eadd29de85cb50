#pragma once
// The window's Modelica: File ▸ Open of a .mo file (or a package folder's package.mo)
// reads one of its models as a new, unsaved diagram (asking which when there are several),
// and File ▸ Export Diagram as Modelica… writes the diagram with MSL class names
// (engine/api/modelica.hpp does both; docs/guide/modelica-tools.md).
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QWidget;

namespace flange::ui {

bool isModelicaFile(const QString& path);

// `choose` is asked for the model when the file holds several (their full names); an
// empty answer cancels. nullopt with `error` set when the file cannot be read, with
// `error` empty when the choice was cancelled.
std::optional<diagram::Diagram> readModelicaModel(const QString& path, const library::Library& library,
                                                  const std::function<QString(const QStringList&)>& choose,
                                                  QString* error);

// Writes `diagram` as Modelica to `path`, atomically; false with `error` set when it
// cannot be written (a component MSL lacks is named).
bool writeModelicaModel(const diagram::Diagram& diagram, const library::Library& library, const QString& path,
                        QString* error);

// File ▸ Export Diagram as Modelica…: asks for the file (the diagram's name with .mo
// beside `documentPath`, or beside the Modelica it was read from) and writes it; reports a
// failure in a message box.
void exportModelicaDialog(QWidget* parent, const diagram::Diagram& diagram, const library::Library& library,
                          const QString& documentPath);

} // namespace flange::ui
