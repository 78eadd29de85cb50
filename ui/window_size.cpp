#include "ui/window_size.hpp"

#include <algorithm>

namespace flange::ui {

QSize defaultWindowSize(const QSize& available)
{
    // The frame (a title bar of 20-40 px) lies outside this size, and some desktops count
    // their panel as available: 95% of the width and 90% of the height keep both in view.
    return {std::min(kPreferredWindowSize.width(), available.width() * 95 / 100),
            std::min(kPreferredWindowSize.height(), available.height() * 90 / 100)};
}

} // namespace flange::ui
