#include "engine/io/replacing_file.hpp"

#include "engine/error.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

namespace fs = std::filesystem;

namespace flange::io {

namespace {

OutputError failure(const std::string& path, const std::string& why)
{
    return OutputError((path == "-" ? std::string("standard output") : path) + ": " + why);
}

// A new file beside `target` under a name no one else uses; 0666 less the umask, as any
// new file, or the mode of the file it will replace.
std::pair<std::string, int> createBeside(const std::string& target, mode_t mode)
{
    std::random_device seed;
    std::mt19937_64 random(seed());
    int error = 0;
    for (int attempt = 0; attempt < 100; ++attempt) {
        char suffix[24];
        std::snprintf(suffix, sizeof suffix, ".%08llx.part", static_cast<unsigned long long>(random() & 0xffffffffu));
        std::string name = target + suffix;
        const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if (fd >= 0)
            return {name, fd};
        error = errno;
        if (error != EEXIST)
            break;
    }
    return {std::string(), error};
}

} // namespace

ReplacingFile::ReplacingFile(const std::string& path) : path_(path)
{
    if (path == "-") {
        // A closed standard output would make every write fail, or go to whatever file
        // took its descriptor since.
        if (::fcntl(STDOUT_FILENO, F_GETFD) == -1)
            throw failure(path, std::string("closed (") + std::strerror(errno) + ")");
        file_ = stdout;
        return;
    }
    std::error_code ec;
    target_ = path;
    if (fs::is_symlink(path, ec))
        if (fs::path resolved = fs::canonical(path, ec); !ec)
            target_ = resolved.string();
    const fs::file_status status = fs::status(target_, ec);
    if (fs::is_directory(status))
        throw failure(path, "is a folder, not a file");
    if (fs::exists(status) && !fs::is_regular_file(status)) {
        file_ = std::fopen(path.c_str(), "w"); // a device or a FIFO: it stays what it is
        if (!file_)
            throw failure(path, std::strerror(errno));
        return;
    }
    existed_ = fs::exists(status);
    // A file its owner made read-only stays so: a rename would replace it all the same.
    if (existed_ && ::access(target_.c_str(), W_OK) != 0)
        throw failure(path, std::strerror(errno));
    const mode_t mode = existed_ ? static_cast<mode_t>(status.permissions() & fs::perms::mask) : 0666;
    auto [name, fd] = createBeside(target_, mode);
    if (name.empty())
        throw failure(path, std::string("cannot create a file in its folder (") + std::strerror(fd) + ")");
    temporary_ = name;
    if (existed_)
        ::fchmod(fd, mode); // the umask applied at creation: the file replaced keeps its mode
    file_ = ::fdopen(fd, "w");
    if (!file_) {
        const int error = errno;
        ::close(fd);
        ::unlink(temporary_.c_str());
        throw failure(path, std::strerror(error));
    }
}

ReplacingFile::~ReplacingFile()
{
    if (file_ && file_ != stdout)
        std::fclose(file_);
    if (!committed_ && !temporary_.empty())
        ::unlink(temporary_.c_str());
}

void ReplacingFile::commit()
{
    std::FILE* f = file_;
    file_ = nullptr;
    if (!f)
        return;
    errno = 0;
    bool ok = std::fflush(f) == 0 && !std::ferror(f);
    // On disk before the rename: a crash right after it must not leave an empty file.
    if (ok && !temporary_.empty())
        ok = ::fsync(::fileno(f)) == 0;
    int error = errno;
    if (f != stdout && std::fclose(f) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (ok && !temporary_.empty() && std::rename(temporary_.c_str(), target_.c_str()) != 0) {
        ok = false;
        error = errno;
    }
    if (!ok)
        throw failure(path_, error != 0 ? std::strerror(error) : "writing failed");
    committed_ = true;
}

std::string ReplacingFile::leftBehind() const
{
    if (temporary_.empty() || committed_)
        return std::string();
    return existed_ ? path_ + " is left as it was" : path_ + " was not created";
}

} // namespace flange::io
