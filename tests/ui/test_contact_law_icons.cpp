// The contact-law variants compared in the gallery must tell apart on the canvas: each
// has an icon of its own, and the icons draw differently.
#include "ui/document/component_library.hpp"
#include "ui_test_support.hpp"

#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <catch2/catch.hpp>

using namespace flange;
using namespace flange::ui;

namespace {

QImage drawn(const QString& file)
{
    QImage image(100, 100, QImage::Format_ARGB32);
    image.fill(Qt::white);
    QSvgRenderer svg(file);
    QPainter painter(&image);
    svg.render(&painter);
    return image;
}

} // namespace

TEST_CASE("each contact-law variant of the gallery has an icon of its own")
{
    const ComponentLibrary lib = loadComponentLibrary();
    const QString icons = test::sourcePath("resources/icons/");
    const QList<QStringList> families{
        {"Translational.Components.ElastoGap", "Flange.ContactLaws.LinearElastoGap", "Flange.ContactLaws.NoPullElastoGap"},
        {"Rotational.Components.ElastoBacklash", "Flange.ContactLaws.LinearBacklash",
         "Rotational.Components.ElastoBacklash2"}};
    for (const QStringList& family : families) {
        QList<QImage> images;
        for (const QString& type : family) {
            INFO(type.toStdString());
            const library::ComponentDefinition* def = lib.library->find(type.toStdString());
            REQUIRE(def);
            const QString file = icons + QString::fromStdString(def->icon);
            REQUIRE(QSvgRenderer(file).isValid());
            images << drawn(file);
        }
        for (int i = 0; i < images.size(); ++i)
            for (int j = i + 1; j < images.size(); ++j) {
                INFO(family[i].toStdString() << " and " << family[j].toStdString());
                CHECK(images[i] != images[j]);
            }
    }
}
