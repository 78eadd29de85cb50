#pragma once
// The bundled component library (resources/components), loaded once per process for the
// fuzz targets that translate.
#include "engine/library/library.hpp"

namespace flange::fuzz {

const library::Library& bundledLibrary();

} // namespace flange::fuzz
