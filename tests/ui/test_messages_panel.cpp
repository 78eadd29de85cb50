// The messages panel: newest last, a scrollback of the newest kMostMessages, and errors
// counted whether or not they are still in view.
#include "ui/messages_panel.hpp"

#include <QListWidget>
#include <QScrollBar>
#include <QTest>

#include <catch2/catch.hpp>

using namespace flange::ui;

TEST_CASE("the messages panel keeps the newest messages, counts every error and shows the newest on showing", "[messages]")
{
    MessagesPanel panel;
    const int extra = 50;
    for (int n = 0; n < MessagesPanel::kMostMessages + extra; ++n)
        panel.add(n % 10 == 0 ? MessagesPanel::Severity::Error : MessagesPanel::Severity::Info,
                  QStringLiteral("message %1").arg(n));
    const QStringList shown = panel.messages();
    REQUIRE(shown.size() == MessagesPanel::kMostMessages);
    CHECK(shown.front().endsWith(QStringLiteral("message %1").arg(extra)));
    CHECK(shown.back().endsWith(QStringLiteral("message %1").arg(MessagesPanel::kMostMessages + extra - 1)));
    CHECK(panel.errorCount() == (MessagesPanel::kMostMessages + extra) / 10); // the scrolled-out ones too

    // Added while hidden, scrolled to the newest once shown.
    panel.resize(600, 120);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    const QScrollBar* bar = panel.findChild<QListWidget*>()->verticalScrollBar();
    CHECK(bar->maximum() > 0);
    CHECK(bar->value() == bar->maximum());
}
