#pragma once
// Public engine header (engine/api/): The diagram data model, its JSON form, and the model's own parameters.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/diagram/diagram.hpp"
#include "engine/diagram/diagram_json.hpp"
#include "engine/diagram/model_parameters.hpp"
