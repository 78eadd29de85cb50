#include "ui/help/help_menu.hpp"

#include "engine/api/about.hpp"
#include "ui/help/example_gallery.hpp"
#include "ui/help/guide_browser.hpp"
#include "ui/main_window.hpp"

#include <QAction>
#include <QDir>
#include <QKeySequence>
#include <QMenu>
#include <QMessageBox>
#include <QtGlobal>

namespace flange::ui {

namespace {

QString guideFolder()
{
    return QString::fromStdString(about::dataFolders().guide);
}

} // namespace

QString aboutText()
{
    return QObject::tr("<b>Flange %1</b><p>Models and simulates 1-D mechanical drive trains.</p>"
                       "<p>Built with Qt %2 (running on Qt %3) and SUNDIALS %4.</p>")
        .arg(QString::fromStdString(about::flangeVersion()), QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()),
             QString::fromStdString(about::sundialsVersion()));
}

void fillHelpMenu(QMenu* menu, MainWindow& window)
{
    QAction* guide = menu->addAction(QIcon::fromTheme(QStringLiteral("help-contents")), QObject::tr("&User's Guide"),
                                     &window, [&window] {
                                         auto* dialog = new GuideBrowser(QDir(guideFolder()).filePath(QStringLiteral("README.md")), &window);
                                         dialog->setAttribute(Qt::WA_DeleteOnClose);
                                         dialog->show(); // beside the window, to read while working
                                     });
    guide->setShortcut(QKeySequence::HelpContents);
    guide->setObjectName(QStringLiteral("userGuide"));

    menu->addAction(QObject::tr("&Example Gallery…"), &window, [&window] {
            const QString models = QString::fromStdString(about::dataFolders().models);
            ExampleGalleryDialog dialog(galleryEntries(models, QDir(guideFolder()).filePath(QStringLiteral("pictures"))), &window);
            if (dialog.exec() != QDialog::Accepted || dialog.chosenPath().isEmpty() || !window.maybeSave())
                return;
            window.openFile(dialog.chosenPath());
        })->setObjectName(QStringLiteral("exampleGallery"));

    menu->addSeparator();
    menu->addAction(QIcon::fromTheme(QStringLiteral("help-about")), QObject::tr("&About Flange"), &window, [&window] {
            QMessageBox::about(&window, QObject::tr("About Flange"), aboutText());
        })->setObjectName(QStringLiteral("about"));
}

} // namespace flange::ui
