#include "engine/about/data_folders.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace flange::about {

namespace {

std::string existing(const fs::path& p)
{
    std::error_code ec;
    return fs::is_directory(p, ec) ? fs::weakly_canonical(p, ec).string() : std::string();
}

// The folder of the running executable (Linux: /proc/self/exe), or "" when unknown.
fs::path executableFolder()
{
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

} // namespace

DataFolders installedLayout(const std::string& shareFlange)
{
    const fs::path root(shareFlange);
    return {existing(root / "components"), existing(root / "icons"), existing(root / "models"),
            existing(root / "docs" / "guide")};
}

DataFolders sourceLayout(const std::string& repository)
{
    const fs::path root(repository);
    return {existing(root / "resources" / "components"), existing(root / "resources" / "icons"),
            existing(root / "models"), existing(root / "docs" / "guide")};
}

DataFolders dataFolders()
{
    if (const char* env = std::getenv("FLANGE_DATA_DIR"); env && *env)
        return installedLayout(env);
    // FLANGE_BIN_TO_DATA is the install layout's path from bin to share/flange ("../share/flange"),
    // computed by CMake from GNUInstallDirs, so it follows the prefix the package chose.
    const fs::path bin = executableFolder();
    if (!bin.empty()) {
        DataFolders installed = installedLayout((bin / FLANGE_BIN_TO_DATA).string());
        if (!installed.components.empty())
            return installed;
    }
#ifdef FLANGE_SOURCE_DIR
    return sourceLayout(FLANGE_SOURCE_DIR);
#else
    return {};
#endif
}

} // namespace flange::about
