#pragma once
// Public engine header (engine/api/): Versions and the data folders (bundled and user components, examples).
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/about/versions.hpp"
#include "engine/about/data_folders.hpp"
