#pragma once
// Files a diagram names in its data (CombiTimeTable's fileName): the one rule for where
// they are and which of them may be read, so that a diagram received from someone else
// cannot make Flange read outside the folders the user chose (docs/limits.md).
//
// A relative name is relative to the folder of the file that names it: the diagram, or a
// library subsystem's definition. A file inside that folder (compared on canonical paths,
// so neither ".." nor a symbolic link leads out) may be read; one outside only from a
// folder the user allowed (flange-sim --allow-files DIR, the window's question). A file
// is read only if it is a regular file of at most kMaxDataFileBytes, opened without
// blocking, so a FIFO or a device named as a table neither hangs nor floods the program.
#include <cstdint>
#include <string>
#include <vector>

namespace flange::io {

constexpr std::uintmax_t kMaxDataFileBytes = std::uintmax_t(256) << 20; // 256 MB

struct DataFileAccess {
    std::string namingFolder;                // of the file naming the data; empty: the working folder
    std::vector<std::string> allowedFolders; // further folders the user allowed

    // `name` made absolute (relative to namingFolder) and lexically normal.
    std::string resolve(const std::string& name) const;
    // Whether the resolved file lies inside namingFolder or an allowed folder.
    bool allows(const std::string& resolved) const;
    // resolve(name) if allowed; otherwise BadInput naming the file and the folder to allow.
    std::string checked(const std::string& name) const;
};

// The canonical form of path's folder: what the user allows to read the file.
std::string folderToAllow(const std::string& path);

// A data file opened and checked as above (BadInput "<path>: ..." otherwise), read in
// pieces: a table parsed from it needs the room of its numbers, not of its text as well.
class DataFileReader {
public:
    explicit DataFileReader(const std::string& path);
    ~DataFileReader();
    DataFileReader(const DataFileReader&) = delete;
    DataFileReader& operator=(const DataFileReader&) = delete;
    // Up to n bytes into buf, 0 at the end; never more than the size checked at opening.
    size_t read(char* buf, size_t n);
    void rewind();

private:
    std::string path_;
    int fd_ = -1;
    std::uintmax_t size_ = 0, done_ = 0;
};

// The whole of a data file, read as DataFileReader reads it. Messages never quote what
// the file holds.
std::string readDataFile(const std::string& path);

} // namespace flange::io
