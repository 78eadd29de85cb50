#include "engine/io/data_files.hpp"

#include "engine/error.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace flange::io {

namespace fs = std::filesystem;

namespace {

fs::path canonicalOrLexical(const fs::path& p)
{
    std::error_code ec;
    fs::path c = fs::weakly_canonical(p, ec); // resolves the links of the part that exists
    return ec ? p.lexically_normal() : c;
}

bool inside(const fs::path& file, const std::string& folder)
{
    if (folder.empty())
        return false;
    std::error_code ec;
    const fs::path f = canonicalOrLexical(fs::absolute(folder, ec));
    const fs::path rel = canonicalOrLexical(file).lexically_relative(f);
    return !rel.empty() && *rel.begin() != ".." && rel.is_relative();
}

std::string megabytes(std::uintmax_t bytes) { return std::to_string(bytes >> 20) + " MB"; }

// The folder relative names are resolved against: the naming file's, else the working
// folder (empty if that is gone: then nothing relative is inside anything).
std::string baseFolder(const std::string& namingFolder)
{
    if (!namingFolder.empty())
        return namingFolder;
    std::error_code ec;
    const fs::path cwd = fs::current_path(ec);
    return ec ? std::string() : cwd.string();
}

// Closes the descriptor on every way out.
struct Descriptor {
    int fd = -1;
    ~Descriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

std::string DataFileAccess::resolve(const std::string& name) const
{
    fs::path p(name);
    if (p.is_relative() && !baseFolder(namingFolder).empty())
        p = fs::path(baseFolder(namingFolder)) / p;
    return p.lexically_normal().string();
}

bool DataFileAccess::allows(const std::string& resolved) const
{
    const fs::path file(resolved);
    if (inside(file, baseFolder(namingFolder)))
        return true;
    for (const std::string& folder : allowedFolders)
        if (inside(file, folder))
            return true;
    return false;
}

std::string DataFileAccess::checked(const std::string& name) const
{
    const std::string resolved = resolve(name);
    if (!allows(resolved))
        throw badInput(resolved + ": outside the folder of the diagram that names it (" +
                       baseFolder(namingFolder) +
                       "); Flange reads data files elsewhere only from a folder you allow (flange-sim --allow-files " +
                       folderToAllow(resolved) + ", or Simulate in the window, which asks)");
    return resolved;
}

std::string folderToAllow(const std::string& path) { return canonicalOrLexical(fs::path(path)).parent_path().string(); }

std::string readDataFile(const std::string& path)
{
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer.
    Descriptor d{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (d.fd < 0)
        throw badInput(path + ": cannot read the file (" + std::strerror(errno) + ")");
    struct stat st {};
    if (::fstat(d.fd, &st) != 0)
        throw badInput(path + ": cannot read the file (" + std::strerror(errno) + ")");
    if (!S_ISREG(st.st_mode))
        throw badInput(path + ": not a regular file (a data file must be an ordinary file)");
    if (static_cast<std::uintmax_t>(st.st_size) > kMaxDataFileBytes)
        throw badInput(path + ": " + std::to_string(st.st_size) + " bytes, more than the " +
                       megabytes(kMaxDataFileBytes) + " a data file may have");
    std::string text(static_cast<size_t>(st.st_size), '\0');
    size_t got = 0;
    while (got < text.size()) {
        const ssize_t n = ::read(d.fd, text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw badInput(path + ": cannot read the file (" + std::strerror(errno) + ")");
        if (n == 0)
            break; // shrunk while read: what is there
        got += static_cast<size_t>(n);
    }
    text.resize(got);
    return text;
}

} // namespace flange::io
