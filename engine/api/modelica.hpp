#pragma once
// Public engine header (engine/api/): diagrams written as Modelica (MSL 4.0.0 classes),
// and Modelica models read as diagrams.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/modelica/modelica_reader.hpp"
#include "engine/modelica/modelica_writer.hpp"
