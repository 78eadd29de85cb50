#pragma once
// Help menu: the user's guide, the example gallery and About (Flange, Qt and SUNDIALS versions).
#include <QString>

class QMenu;

namespace flange::ui {

class MainWindow;

// The About text, also used by tests: names the Flange, Qt and SUNDIALS versions.
QString aboutText();

// Fills `menu`; opening an example goes through window.maybeSave() and window.openFile().
void fillHelpMenu(QMenu* menu, MainWindow& window);

} // namespace flange::ui
