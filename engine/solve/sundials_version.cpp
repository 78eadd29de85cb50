// The SUNDIALS version for Help > About and --version; here because SUNDIALS stays in solve/.
#include "engine/about/versions.hpp"

#include <sundials/sundials_config.h>

namespace flange::about {

std::string sundialsVersion()
{
    return SUNDIALS_VERSION;
}

} // namespace flange::about
