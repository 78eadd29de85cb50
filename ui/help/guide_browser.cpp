#include "ui/help/guide_browser.hpp"

#include <QDesktopServices>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImage>
#include <QPushButton>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

namespace flange::ui {

namespace {

// Pictures no wider than the text column, at their own size where they fit: a window
// screenshot of 1440 px in a 960 px window showed a third of it beside a scroll bar.
class GuideText : public QTextBrowser {
public:
    explicit GuideText(QWidget* parent) : QTextBrowser(parent)
    {
        connect(this, &QTextBrowser::sourceChanged, this, [this] { fitPictures(); });
    }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        QTextBrowser::resizeEvent(event);
        fitPictures();
    }

private:
    QSize naturalSize(const QString& name)
    {
        const QUrl url(name);
        QVariant data = document()->resource(QTextDocument::ImageResource, url);
        if (data.isNull()) {
            data = loadResource(QTextDocument::ImageResource, url);
            if (!data.isNull())
                document()->addResource(QTextDocument::ImageResource, url, data);
        }
        if (data.canConvert<QImage>() && data.typeId() != QMetaType::QByteArray)
            return data.value<QImage>().size();
        return QImage::fromData(data.toByteArray()).size();
    }

    void fitPictures()
    {
        const int room = viewport()->width() - 2 * static_cast<int>(document()->documentMargin()) - 8;
        if (room <= 0)
            return;
        struct Picture {
            int position, length;
            QTextImageFormat format;
        };
        std::vector<Picture> pictures;
        for (QTextBlock block = document()->begin(); block.isValid(); block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextFragment fragment = it.fragment();
                if (fragment.charFormat().isImageFormat())
                    pictures.push_back({fragment.position(), fragment.length(), fragment.charFormat().toImageFormat()});
            }
        for (Picture& p : pictures) {
            const QSize natural = naturalSize(p.format.name());
            if (natural.isEmpty())
                continue;
            const int width = std::min(natural.width(), room);
            if (p.format.width() == width)
                continue;
            p.format.setWidth(width);
            p.format.setHeight(static_cast<double>(natural.height()) * width / natural.width());
            QTextCursor cursor(document());
            cursor.setPosition(p.position);
            cursor.setPosition(p.position + p.length, QTextCursor::KeepAnchor);
            cursor.setCharFormat(p.format);
        }
    }
};

} // namespace

GuideBrowser::GuideBrowser(const QString& indexFile, QWidget* parent) : QDialog(parent), browser_(new GuideText(this))
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
