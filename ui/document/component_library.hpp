#pragma once
// Loads the component library for the editor. Unlike flange-sim, which stops at the first
// bad definition, the editor keeps every definition it can read and reports the rest:
// one broken file must not empty the library browser.
#include "engine/api/library.hpp"

#include <QStringList>

#include <memory>

namespace flange::ui {

struct ComponentLibrary {
    std::shared_ptr<library::Library> library;
    QStringList folders; // component folders read, bundled first
    QStringList extraFolders; // of those, the ones beyond the default folders (--library)
    QStringList errors;  // one message per definition left out
};

// Reads the default folders (Library::defaultFolders) and then `extraFolders`.
ComponentLibrary loadComponentLibrary(const QStringList& extraFolders = {});

// Folders searched for icon files: the "icons" folder beside each component folder.
QStringList iconFolders(const QStringList& componentFolders);

} // namespace flange::ui
