#include "ui/recent_files.hpp"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace flange::ui {

namespace {
constexpr int kMaxRecent = 10;
const QString kKey = QStringLiteral("recentFiles");
} // namespace

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {}

QStringList RecentFiles::files() const { return QSettings().value(kKey).toStringList(); }

void RecentFiles::store(const QStringList& files) { QSettings().setValue(kKey, files); }

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxRecent)
        list.removeLast();
    store(list);
}

void RecentFiles::remove(const QString& path)
{
    QStringList list = files();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    store(list);
}

void RecentFiles::attach(QMenu* menu)
{
    connect(menu, &QMenu::aboutToShow, this, [this, menu] { fill(menu); });
    fill(menu);
}

void RecentFiles::fill(QMenu* menu)
{
    menu->clear();
    const QStringList list = files();
    int n = 0;
    for (const QString& path : list) {
        ++n;
        QAction* a = menu->addAction(QStringLiteral("&%1 %2").arg(n % 10).arg(QFileInfo(path).fileName()));
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
        connect(a, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    if (list.isEmpty())
        menu->addAction(tr("No recent files"))->setEnabled(false);
    menu->addSeparator();
    QAction* clear = menu->addAction(tr("Clear List"));
    clear->setEnabled(!list.isEmpty());
    connect(clear, &QAction::triggered, this, [this] { store({}); });
}

} // namespace flange::ui
