#pragma once
// Public engine header (engine/api/): Writing results: the CSV writer and its number format,
// the .mat (Dymola MAT v4) writer and what a model puts in it.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/io/csv_writer.hpp"
#include "engine/io/csv_format.hpp"
#include "engine/io/mat_variables.hpp"
#include "engine/io/mat_writer.hpp"
