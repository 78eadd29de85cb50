#include "ui/document/diagram_notes.hpp"

namespace flange::ui {

QList<Note> notesIn(const diagram::Json& annotations)
{
    QList<Note> out;
    if (!annotations.is_array())
        return out;
    for (size_t i = 0; i < annotations.size(); ++i) {
        const diagram::Json& a = annotations[i];
        if (!a.is_object() || a.value("type", diagram::Json()) != "note" || !a.contains("text") || !a["text"].is_string())
            continue;
        auto number = [&](const char* key) {
            return a.contains(key) && a[key].is_number() ? a[key].get<double>() : 0.0;
        };
        out.append(Note{static_cast<int>(i), QString::fromStdString(a["text"].get<std::string>()),
                        QPointF(number("x"), number("y"))});
    }
    return out;
}

diagram::Json noteJson(const QString& text, QPointF at)
{
    return diagram::Json{{"type", "note"}, {"text", text.toStdString()}, {"x", at.x()}, {"y", at.y()}};
}

} // namespace flange::ui
