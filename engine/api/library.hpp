#pragma once
// Public engine header (engine/api/): Component definitions and the library that loads them; which connections are allowed, enumeration types, subsystems as definitions.
// app/ and ui/ include only the headers of this folder (tests/e2e/public_headers.sh checks).
#include "engine/library/library.hpp"
#include "engine/library/component_definition.hpp"
#include "engine/library/connection_rules.hpp"
#include "engine/library/enumeration.hpp"
#include "engine/library/subsystem_definition.hpp"
