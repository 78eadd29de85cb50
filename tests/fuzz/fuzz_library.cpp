#include "fuzz_library.hpp"

namespace flange::fuzz {

const library::Library& bundledLibrary()
{
    static const library::Library lib = [] {
        library::Library l;
        l.loadFolder(FLANGE_SOURCE_DIR "/resources/components");
        l.resolve();
        return l;
    }();
    return lib;
}

} // namespace flange::fuzz
