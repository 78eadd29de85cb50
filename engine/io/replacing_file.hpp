#pragma once
// An output file that replaces the one it names only once it is complete: written under a
// temporary name beside it (same folder, so the same file system) and renamed over it by
// commit(). A run that fails, is stopped or crashes leaves the previous file as it was,
// never a partial one that looks complete (a stray temporary at worst, after a crash).
// The window's exports do the same with QSaveFile; the engine has no Qt.
#include "engine/error.hpp"

#include <cstdio>
#include <string>

namespace flange::io {

// "PATH: reason": the result could not be created or written (a folder that does not
// exist, a full disk, a closed output). A simulation failure to the window; flange-sim
// tells it apart by its type and exits with 5.
class OutputError : public Error {
public:
    explicit OutputError(const std::string& message) : Error(ErrorKind::SimulationFailed, message) {}
};

class ReplacingFile {
public:
    // "-" is standard output. A regular file, or a name that is not there yet, is written
    // beside itself and renamed (a symbolic link is followed: the file it leads to is
    // replaced); anything else (/dev/null, a FIFO) is written in place, as it cannot be
    // replaced. Throws OutputError "PATH: reason" when it cannot be written.
    explicit ReplacingFile(const std::string& path);
    ~ReplacingFile(); // discards the temporary file unless committed
    ReplacingFile(const ReplacingFile&) = delete;
    ReplacingFile& operator=(const ReplacingFile&) = delete;

    std::FILE* stream() const { return file_; }
    const std::string& path() const { return path_; }

    // Flushes, syncs and closes, then puts the file in place. Throws OutputError
    // "PATH: reason"; the previous file is then still there.
    void commit();

    // What an uncommitted file leaves, for the message of a run that failed: "PATH is left
    // as it was", "PATH was not created", or empty where nothing can be said (standard
    // output, a device).
    std::string leftBehind() const;

private:
    std::string path_;      // as given
    std::string temporary_; // empty when written in place
    std::string target_;    // what the temporary replaces (symbolic links followed)
    bool existed_ = false;
    bool committed_ = false;
    std::FILE* file_ = nullptr;
};

} // namespace flange::io
