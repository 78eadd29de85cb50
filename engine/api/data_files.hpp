#pragma once
// Public engine header (engine/api/): The data files a diagram will read (dataFilesRead) and the rule for which may be read.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/flatten/data_files_read.hpp"
#include "engine/io/data_files.hpp"
