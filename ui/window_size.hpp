#pragma once
// The window's size at a first start (no saved geometry): the size the README's picture
// shows where the screen has room for it, else as much of the screen as leaves room for
// the window's frame and a desktop panel, so the whole window is in view.
#include <QSize>

namespace flange::ui {

inline constexpr QSize kPreferredWindowSize{1440, 900};

// `available`: the screen's room for windows (QScreen::availableGeometry).
QSize defaultWindowSize(const QSize& available);

} // namespace flange::ui
