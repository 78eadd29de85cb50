#pragma once
// The user's guide, read offline: the installed (or source-tree) docs/guide Markdown shown in
// a QTextBrowser, links between chapters and pictures included, the pictures (screenshots
// of 1440 px) scaled down to the window's width. Needs no browser or network.
#include <QDialog>

class QTextBrowser;

namespace flange::ui {

class GuideBrowser : public QDialog {
    Q_OBJECT
public:
    // `indexFile` is the guide's README.md; a missing file shows where it was looked for.
    explicit GuideBrowser(const QString& indexFile, QWidget* parent = nullptr);
    QTextBrowser* browser() const { return browser_; }

private:
    QTextBrowser* browser_;
};

} // namespace flange::ui
