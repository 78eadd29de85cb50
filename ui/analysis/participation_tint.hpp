#pragma once
// The diagram tinted by a mode's participation: each inertia or mass of the selected
// mode gets a translucent orange backdrop, the stronger the larger its amplitude, so
// which part rings shows on the drive line itself. Marks only: the document is untouched.
#include <string>
#include <utility>
#include <vector>

class QGraphicsItem;

namespace flange::ui {

class DiagramScene;

// Replaces the tint of the components named before with that of `shape` (name ->
// amplitude, the largest 1); an empty shape clears it. Names not on the canvas's level
// (a part inside a subsystem) are skipped.
void tintByParticipation(DiagramScene& scene, const std::vector<std::pair<std::string, double>>& shape);
bool isParticipationTint(const QGraphicsItem* item);

} // namespace flange::ui
