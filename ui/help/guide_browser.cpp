#include "ui/help/guide_browser.hpp"

#include <QDesktopServices>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace flange::ui {

GuideBrowser::GuideBrowser(const QString& indexFile, QWidget* parent) : QDialog(parent), browser_(new QTextBrowser(this))
{
    setWindowTitle(tr("Flange User's Guide"));
    setObjectName(QStringLiteral("guideBrowser"));
    browser_->setObjectName(QStringLiteral("guideText"));
    // Links to other chapters open here; web links go to the desktop's browser.
    browser_->setOpenLinks(true);
    browser_->setOpenExternalLinks(true);
    if (QFileInfo::exists(indexFile))
        browser_->setSource(QUrl::fromLocalFile(indexFile), QTextDocument::MarkdownResource);
    else
        browser_->setPlainText(tr("The user's guide was not found at %1.").arg(indexFile));

    auto* back = new QPushButton(QIcon::fromTheme(QStringLiteral("go-previous")), tr("Back"), this);
    auto* forward = new QPushButton(QIcon::fromTheme(QStringLiteral("go-next")), tr("Forward"), this);
    auto* home = new QPushButton(QIcon::fromTheme(QStringLiteral("go-home")), tr("Contents"), this);
    auto* close = new QPushButton(tr("Close"), this);
    back->setEnabled(false);
    forward->setEnabled(false);
    connect(back, &QPushButton::clicked, browser_, &QTextBrowser::backward);
    connect(forward, &QPushButton::clicked, browser_, &QTextBrowser::forward);
    connect(home, &QPushButton::clicked, browser_, &QTextBrowser::home);
    connect(close, &QPushButton::clicked, this, &QDialog::accept);
    connect(browser_, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    connect(browser_, &QTextBrowser::forwardAvailable, forward, &QPushButton::setEnabled);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(back);
    buttons->addWidget(forward);
    buttons->addWidget(home);
    buttons->addStretch();
    buttons->addWidget(close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(browser_);
    layout->addLayout(buttons);
    resize(960, 760);
}

} // namespace flange::ui
