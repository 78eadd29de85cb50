#pragma once
// Cooperative cancellation: loops whose length grows with the model poll the caller's
// flag and leave by throwing, so a GUI worker thread stops within one iteration.
#include "engine/error.hpp"

#include <functional>
#include <string>

namespace flange {

using CancelFlag = std::function<bool()>; // empty: never cancelled

inline void throwIfCancelled(const CancelFlag& cancelledFlag, const char* during)
{
    if (cancelledFlag && cancelledFlag())
        throw cancellation(std::string(during) + " cancelled");
}

} // namespace flange
