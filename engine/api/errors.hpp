#pragma once
// Public engine header (engine/api/): Errors with their kind, and the instance names a message is about.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/error.hpp"
#include "engine/instance_name.hpp"
