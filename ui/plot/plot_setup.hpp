#pragma once
// What the plots show, as stored under the diagram's "plot" key: tabs of stacked
// subplots, each listing signal names. Also the one rule for which subplot a new signal
// joins, used by the plot area and by the legacy set-up's grouping alike.
#include "engine/api/diagram.hpp"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace flange::ui::plot {

struct SubplotSetup {
    QStringList names; // "clutch1.w_rel"; not "signals", which Qt reserves as a keyword
    // The y axes' display units ("rpm"), empty for the signals' own: {"displayUnits":
    // {"left": "rpm", "right": "kN"}}, written only when one is set.
    QString leftUnit, rightUnit;
};

struct TabSetup {
    QString title;
    std::vector<SubplotSetup> subplots;
};

struct PlotSetup {
    std::vector<TabSetup> tabs;
    // One tab "Plot 1" with one empty subplot: what a new diagram and bad input get.
    static PlotSetup defaultSetup();
};

// Known units of the signals of one subplot (distinct; signals of unknown unit left out).
using SubplotUnits = std::vector<QStringList>;

// The subplot a signal of `unit` goes to, or -1 for a new one at the bottom. With
// `requested` >= 0 that subplot, unless it already has two other units (a plot has at
// most a left and a right y axis): then, as with -1, the first subplot already showing the unit,
// else the first with no known unit yet; a signal of unknown unit joins the first subplot.
int chooseSubplot(const SubplotUnits& units, const std::optional<QString>& unit, int requested = -1);

diagram::Json toJson(const PlotSetup& setup);

// Reads the current form {"tabs": [...]} or the legacy {"signals": [...]}, whose
// signals are grouped with chooseSubplot using `unitOf`. Null or {} give the default
// quietly; anything malformed gives the default and a warning in *warning.
using UnitLookup = std::function<std::optional<QString>(const QString&)>;
PlotSetup setupFromJson(const diagram::Json& json, const UnitLookup& unitOf, QString* warning = nullptr);

} // namespace flange::ui::plot
