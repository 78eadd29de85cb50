#include "engine/io/data_files.hpp"

#include "engine/error.hpp"

#include <algorithm>
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

DataFileReader::DataFileReader(const std::string& path) : path_(path)
{
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer.
    fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd_ < 0)
        throw badInput(path + ": cannot read the file (" + std::strerror(errno) + ")");
    Descriptor closeOnError{fd_};
    struct stat st {};
    if (::fstat(fd_, &st) != 0)
        throw badInput(path + ": cannot read the file (" + std::strerror(errno) + ")");
    if (!S_ISREG(st.st_mode))
        throw badInput(path + ": not a regular file (a data file must be an ordinary file)");
    if (static_cast<std::uintmax_t>(st.st_size) > kMaxDataFileBytes)
        throw badInput(path + ": " + std::to_string(st.st_size) + " bytes, more than the " +
                       megabytes(kMaxDataFileBytes) + " a data file may have");
    size_ = static_cast<std::uintmax_t>(st.st_size);
    closeOnError.fd = -1;
}

DataFileReader::~DataFileReader()
{
    if (fd_ >= 0)
        ::close(fd_);
}

size_t DataFileReader::read(char* buf, size_t n)
{
    n = static_cast<size_t>(std::min<std::uintmax_t>(n, size_ - done_)); // a file grown since is cut
    for (;;) {
        if (n == 0)
            return 0;
        const ssize_t got = ::read(fd_, buf, n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            throw badInput(path_ + ": cannot read the file (" + std::strerror(errno) + ")");
        done_ += static_cast<std::uintmax_t>(got);
        return static_cast<size_t>(got); // 0: shrunk while read, what was there
    }
}

void DataFileReader::rewind()
{
    if (::lseek(fd_, 0, SEEK_SET) != 0)
        throw badInput(path_ + ": cannot read the file (" + std::strerror(errno) + ")");
    done_ = 0;
}

std::string readDataFile(const std::string& path)
{
    DataFileReader file(path);
    std::string text;
    char buf[1 << 16];
    while (const size_t n = file.read(buf, sizeof buf))
        text.append(buf, n);
    return text;
}

} // namespace flange::io
