// Help menu: the user's guide read offline, the example gallery listing every bundled
// example with its picture and opening it ready to simulate, About naming the versions.
#include "ui/help/example_gallery.hpp"
#include "ui/help/guide_browser.hpp"
#include "ui/help/help_menu.hpp"
#include "ui/document/diagram_document.hpp"
#include "ui/main_window.hpp"
#include "ui/results/run_result.hpp"
#include "ui/simulation/run_controller.hpp"
#include "ui/simulation/simulation_workspace.hpp"
#include "ui_test_support.hpp"

#include <QAction>
#include <QDirIterator>
#include <QListWidget>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QtGlobal>

#include <catch2/catch.hpp>

#include <algorithm>

using namespace flange::ui;

namespace {

QStringList bundledExamples()
{
    QStringList out;
    QDirIterator it(test::sourcePath(QStringLiteral("models")), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    return out;
}

} // namespace

TEST_CASE("gallery picture names keep examples of the same name apart")
{
    CHECK(galleryPictureName(QStringLiteral("msl/Rotational/Friction.json")) == QStringLiteral("msl-Rotational-Friction.png"));
    CHECK(galleryPictureName(QStringLiteral("msl/Translational/Friction.json")) == QStringLiteral("msl-Translational-Friction.png"));
    CHECK(galleryPictureName(QStringLiteral("gallery/ElastoGapContactLaws.json")) ==
          QStringLiteral("gallery-ElastoGapContactLaws.png"));
}

TEST_CASE("the gallery lists every bundled example with its description and the guide's picture of it")
{
    const QList<GalleryEntry> entries = galleryEntries(test::sourcePath(QStringLiteral("models")),
                                                       test::sourcePath(QStringLiteral("docs/guide/pictures")));
    REQUIRE(entries.size() == bundledExamples().size());
    REQUIRE(entries.size() >= 29);
    for (const GalleryEntry& e : entries) {
        INFO(e.path.toStdString());
        CHECK_FALSE(e.description.isEmpty());
        CHECK_FALSE(e.picture.isEmpty()); // docs/guide/make_guide.sh took one
    }
    const auto first = std::find_if(entries.begin(), entries.end(),
                                    [](const GalleryEntry& e) { return e.title == QStringLiteral("Rotational / First"); });
    REQUIRE(first != entries.end());
    CHECK(first->description.startsWith(QStringLiteral("Sine-driven motor inertia")));
}

TEST_CASE("an example chosen in the gallery opens in the window and simulates")
{
    const QList<GalleryEntry> entries = galleryEntries(test::sourcePath(QStringLiteral("models")), QString());
    ExampleGalleryDialog dialog(entries);
    auto* list = dialog.findChild<QListWidget*>(QStringLiteral("galleryList"));
    REQUIRE(list != nullptr);
    CHECK(list->count() == entries.size());
    const QList<QListWidgetItem*> hits = list->findItems(QStringLiteral("Rotational / First\n"), Qt::MatchStartsWith);
    REQUIRE(hits.size() == 1);
    list->setCurrentItem(hits.front());
    REQUIRE(dialog.chosenPath().endsWith(QStringLiteral("models/msl/Rotational/First.json")));

    MainWindow window(test::bundledComponentLibrary());
    window.setQuiet(true);
    REQUIRE(window.openFile(dialog.chosenPath()));
    window.simulation()->simulate();
    REQUIRE(window.simulation()->controller()->waitForFinished(60000));
    const auto result = window.simulation()->controller()->current();
    CHECK(result->status == RunResult::Status::Finished);
    CHECK(result->rowCount() > 100);
}

TEST_CASE("the user's guide opens offline from its Markdown, chapters and pictures included")
{
    GuideBrowser guide(test::sourcePath(QStringLiteral("docs/guide/README.md")));
    QTextBrowser* text = guide.browser();
    CHECK(text->toPlainText().contains(QStringLiteral("Your first drive train in five minutes")));
    text->setSource(QUrl(QStringLiteral("first-drive-train.md")));
    CHECK(text->toPlainText().contains(QStringLiteral("Place the components")));
    const QVariant picture = text->loadResource(QTextDocument::ImageResource, QUrl(QStringLiteral("pictures/tutorial-simulated.png")));
    CHECK_FALSE(picture.isNull());
}

TEST_CASE("a missing guide says where it was looked for")
{
    GuideBrowser guide(QStringLiteral("/nonexistent/guide/README.md"));
    CHECK(guide.browser()->toPlainText().contains(QStringLiteral("/nonexistent/guide/README.md")));
}

TEST_CASE("About names the versions of Flange, Qt and SUNDIALS, and the Help menu has guide and gallery")
{
    const QString about = aboutText();
    CHECK(about.contains(QStringLiteral("Flange " FLANGE_PROJECT_VERSION)));
    CHECK(about.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())));
    CHECK(about.contains(QRegularExpression(QStringLiteral("SUNDIALS 6\\.\\d+\\.\\d+"))));

    MainWindow window(test::bundledComponentLibrary());
    for (const char* name : {"userGuide", "exampleGallery", "about"})
        CHECK(window.findChild<QAction*>(QString::fromLatin1(name)) != nullptr);
}
