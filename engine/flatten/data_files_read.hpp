#pragma once
// The data files a diagram will read (a table's fileName), listed before translation, so
// that the window can ask for, and flange-sim refuse, those outside the folders the user
// chose. io/data_files.hpp has the rule; translation applies it again as it reads.
#include "engine/diagram/diagram.hpp"
#include "engine/library/library.hpp"

#include <string>
#include <vector>

namespace flange::flatten {

struct DataFileRead {
    std::string path;      // absolute: a relative name resolved against the file naming it
    std::string component; // the first instance naming it ("vehicle.load")
    bool allowed = false;  // inside the folder of the file naming it, or a folder the diagram allows
    std::string folder;    // the folder to allow for it (canonical)
};

// Every file named where a table is read from a file, once each, in diagram order,
// subsystems included (each subsystem diagram is looked at once, however often it is
// used). A Boolean parameter choosing between a file and a table (CombiTimeTable's
// tableOnFile) is followed where its value is written as true or false; a file behind any
// other condition is listed. Unknown types are left to translation to report.
std::vector<DataFileRead> dataFilesRead(const diagram::Diagram& d, const library::Library& lib);

} // namespace flange::flatten
