#pragma once
// Where the bundled data lives: the component library, its icons, the example models and
// the user's guide. An installed Flange finds them relative to its own executable
// (bin/../share/flange/{components,icons,models,docs/guide}), so the package works under
// any prefix; a build-tree binary falls back to the source tree it was built from.
#include <string>

namespace flange::about {

struct DataFolders {
    std::string components; // component definitions (JSON)
    std::string icons;      // component icons (SVG)
    std::string models;     // example diagrams
    std::string guide;      // the user's guide (Markdown and pictures)
};

// The folders that exist, looked up once per call; a folder that is absent is "".
// FLANGE_DATA_DIR in the environment (a share/flange-like folder) overrides both layouts.
DataFolders dataFolders();

// The installed layout below share/flange, or the source layout below the repository; the
// docs keep the same relative place in both, so the guide's links to ../*.md work installed.
DataFolders installedLayout(const std::string& shareFlange);
DataFolders sourceLayout(const std::string& repository);

} // namespace flange::about
