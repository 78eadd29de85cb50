#pragma once
// The File > Open Recent list, kept in QSettings ("recentFiles"), newest first.
#include <QObject>
#include <QStringList>

class QMenu;

namespace flange::ui {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    explicit RecentFiles(QObject* parent = nullptr);

    QStringList files() const;
    void add(const QString& path);
    void remove(const QString& path);
    // Fills `menu` with the list each time it is about to open.
    void attach(QMenu* menu);

signals:
    void openRequested(const QString& path);

private:
    void store(const QStringList& files);
    void fill(QMenu* menu);
};

} // namespace flange::ui
