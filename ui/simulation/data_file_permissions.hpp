#pragma once
// Before a run: the files the diagram reads outside its own folder (a table's fileName,
// engine/io/data_files.hpp). The window asks once per diagram and folder whether Flange
// may read there, so a received diagram cannot make it read elsewhere unasked
// (docs/editor.md). Without asking (flange --simulate, screenshots) such files stay
// refused, and translation says which and why.
#include "engine/api/diagram.hpp"
#include "engine/api/library.hpp"

#include <QSet>
#include <QString>

class QWidget;

namespace flange::ui {

class DataFilePermissions {
public:
    void setAsking(bool asking) { asking_ = asking; }
    // Adds to d.allowedDataFolders the folders allowed for the diagram saved as
    // `diagramPath` (empty while unsaved), asking about those not asked yet.
    void grant(diagram::Diagram& d, const library::Library& lib, const QString& diagramPath, QWidget* parent);

private:
    bool asking_ = true;
    QSet<QString> allowed_, refused_; // diagram path + '\n' + folder
};

} // namespace flange::ui
