#pragma once
// The example gallery: every diagram below the bundled models/ folder with its name, its
// one-line description and the guide's picture of it cut to the diagram, for Help >
// Example Gallery, with a search field over names and descriptions.
#include <QDialog>
#include <QList>
#include <QRect>
#include <QString>

class QImage;
class QLineEdit;
class QListWidget;

namespace flange::ui {

struct GalleryEntry {
    QString path;        // the diagram file
    QString title;       // "Rotational / First"
    QString description; // the diagram's own "description"
    QString picture;     // the guide's screenshot of it, "" when there is none
};

// The picture's file name for a model: its path below models/ with '/' as '-' and .png,
// so Rotational/Friction and Translational/Friction do not collide.
QString galleryPictureName(const QString& relativeModelPath);

// Reads every *.json below `modelsFolder` (sorted by path); pictures come from `picturesFolder`.
// A file that is not a readable diagram is listed with its problem as description.
QList<GalleryEntry> galleryEntries(const QString& modelsFolder, const QString& picturesFolder);

// Where the diagram is in a picture of the whole window: around the components' names
// (the canvas draws them, and only them, in its name blue) with room for the icons below
// and beside them; the whole picture when it shows no name.
QRect diagramRegion(const QImage& windowPicture);
class ExampleGalleryDialog : public QDialog {
    Q_OBJECT
public:
    ExampleGalleryDialog(const QList<GalleryEntry>& entries, QWidget* parent = nullptr);
    // The example chosen with Open or a double-click, "" when none.
    QString chosenPath() const;
    QLineEdit* searchField() const { return search_; }

private:
    // Shows the examples whose title or description holds every word typed, the first current.
    void filter(const QString& text);

    QLineEdit* search_;
    QListWidget* list_;
};

} // namespace flange::ui
