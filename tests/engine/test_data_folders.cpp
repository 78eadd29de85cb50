// The programs find the bundled data (components, icons, models, guide) in the installed
// layout beside their executable or in the source tree; FLANGE_DATA_DIR points elsewhere.
#include "engine/about/data_folders.hpp"
#include "engine/about/versions.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <unistd.h>

namespace fs = std::filesystem;
using flange::about::DataFolders;

namespace {

struct ScratchShare {
    fs::path root = fs::temp_directory_path() / ("flange-data-" + std::to_string(::getpid()));
    ScratchShare()
    {
        fs::create_directories(root / "components");
        fs::create_directories(root / "models");
        fs::create_directories(root / "docs" / "guide");
    }
    ~ScratchShare() { fs::remove_all(root); }
};

} // namespace

TEST_CASE("the source layout finds the repository's library, icons, models and guide")
{
    const DataFolders d = flange::about::sourceLayout(FLANGE_SOURCE_DIR);
    CHECK(fs::equivalent(d.components, fs::path(FLANGE_SOURCE_DIR) / "resources" / "components"));
    CHECK(fs::equivalent(d.icons, fs::path(FLANGE_SOURCE_DIR) / "resources" / "icons"));
    CHECK(fs::equivalent(d.models, fs::path(FLANGE_SOURCE_DIR) / "models"));
    CHECK(fs::exists(fs::path(d.guide) / "README.md"));
}

TEST_CASE("the installed layout is share/flange/{components,icons,models,docs/guide} and absent folders are empty")
{
    ScratchShare share;
    const DataFolders d = flange::about::installedLayout(share.root.string());
    CHECK(fs::equivalent(d.components, share.root / "components"));
    CHECK(fs::equivalent(d.models, share.root / "models"));
    CHECK(fs::equivalent(d.guide, share.root / "docs" / "guide"));
    CHECK(d.icons.empty());
}

TEST_CASE("FLANGE_DATA_DIR replaces the installed and source layouts")
{
    ScratchShare share;
    ::setenv("FLANGE_DATA_DIR", share.root.c_str(), 1);
    const DataFolders d = flange::about::dataFolders();
    ::unsetenv("FLANGE_DATA_DIR");
    CHECK(fs::equivalent(d.components, share.root / "components"));
    CHECK(fs::equivalent(d.guide, share.root / "docs" / "guide"));
}

TEST_CASE("a build-tree program falls back to the source tree")
{
    // The test binary lives in build/bin, where no share/flange exists.
    const DataFolders d = flange::about::dataFolders();
    CHECK(fs::equivalent(d.components, fs::path(FLANGE_SOURCE_DIR) / "resources" / "components"));
}

TEST_CASE("the reported versions are the CMake project's and SUNDIALS' 6.x")
{
    CHECK(flange::about::flangeVersion() == FLANGE_PROJECT_VERSION);
    CHECK(std::regex_match(flange::about::sundialsVersion(), std::regex(R"(6\.\d+\.\d+.*)")));
}
