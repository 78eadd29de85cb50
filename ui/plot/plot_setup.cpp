#include "ui/plot/plot_setup.hpp"

namespace flange::ui::plot {

PlotSetup PlotSetup::defaultSetup()
{
    PlotSetup s;
    s.tabs.push_back({QStringLiteral("Plot 1"), {SubplotSetup{}}});
    return s;
}

int chooseSubplot(const SubplotUnits& units, const std::optional<QString>& unit, int requested)
{
    const int count = static_cast<int>(units.size());
    if (requested >= 0 && requested < count) {
        const QStringList& u = units[static_cast<size_t>(requested)];
        if (!unit || u.contains(*unit) || u.size() < 2)
            return requested;
    }
    if (!unit)
        return count > 0 ? 0 : -1;
    for (int i = 0; i < count; ++i)
        if (units[static_cast<size_t>(i)].contains(*unit))
            return i;
    for (int i = 0; i < count; ++i)
        if (units[static_cast<size_t>(i)].isEmpty())
            return i;
    return -1;
}

diagram::Json toJson(const PlotSetup& setup)
{
    diagram::Json tabs = diagram::Json::array();
    for (const TabSetup& tab : setup.tabs) {
        diagram::Json subplots = diagram::Json::array();
        for (const SubplotSetup& sp : tab.subplots) {
            diagram::Json names = diagram::Json::array();
            for (const QString& n : sp.names)
                names.push_back(n.toStdString());
            diagram::Json entry = {{"signals", std::move(names)}};
            if (!sp.leftUnit.isEmpty())
                entry["displayUnits"]["left"] = sp.leftUnit.toStdString();
            if (!sp.rightUnit.isEmpty())
                entry["displayUnits"]["right"] = sp.rightUnit.toStdString();
            subplots.push_back(std::move(entry));
        }
        tabs.push_back({{"title", tab.title.toStdString()}, {"subplots", std::move(subplots)}});
    }
    return {{"tabs", std::move(tabs)}};
}

namespace {

// A JSON array of strings, or nullopt when it is anything else.
std::optional<QStringList> stringList(const diagram::Json& j)
{
    if (!j.is_array())
        return std::nullopt;
    QStringList out;
    for (const diagram::Json& e : j) {
        if (!e.is_string())
            return std::nullopt;
        out.append(QString::fromStdString(e.get<std::string>()));
    }
    return out;
}

std::optional<PlotSetup> readTabs(const diagram::Json& tabs)
{
    if (!tabs.is_array())
        return std::nullopt;
    PlotSetup s;
    for (const diagram::Json& t : tabs) {
        if (!t.is_object())
            return std::nullopt;
        TabSetup tab;
        auto title = t.find("title");
        if (title != t.end() && !title->is_string())
            return std::nullopt;
        tab.title = title != t.end() ? QString::fromStdString(title->get<std::string>())
                                     : QStringLiteral("Plot %1").arg(s.tabs.size() + 1);
        auto subplots = t.find("subplots");
        if (subplots == t.end() || !subplots->is_array())
            return std::nullopt;
        for (const diagram::Json& sp : *subplots) {
            if (!sp.is_object())
                return std::nullopt;
            auto names = sp.find("signals");
            std::optional<QStringList> list = names != sp.end() ? stringList(*names) : QStringList{};
            if (!list)
                return std::nullopt;
            SubplotSetup setup{*list, {}, {}};
            if (auto units = sp.find("displayUnits"); units != sp.end()) {
                if (!units->is_object())
                    return std::nullopt;
                for (auto [key, unit] : {std::pair{"left", &setup.leftUnit}, std::pair{"right", &setup.rightUnit}})
                    if (auto u = units->find(key); u != units->end()) {
                        if (!u->is_string())
                            return std::nullopt;
                        *unit = QString::fromStdString(u->get<std::string>());
                    }
            }
            tab.subplots.push_back(std::move(setup));
        }
        s.tabs.push_back(std::move(tab));
    }
    return s;
}

PlotSetup readLegacy(const QStringList& names, const UnitLookup& unitOf)
{
    TabSetup tab{QStringLiteral("Plot 1"), {}};
    SubplotUnits units;
    for (const QString& name : names) {
        const std::optional<QString> unit = unitOf ? unitOf(name) : std::nullopt;
        int i = chooseSubplot(units, unit);
        if (i < 0) {
            tab.subplots.emplace_back();
            units.emplace_back();
            i = static_cast<int>(units.size()) - 1;
        }
        tab.subplots[static_cast<size_t>(i)].names.append(name);
        if (unit && !units[static_cast<size_t>(i)].contains(*unit))
            units[static_cast<size_t>(i)].append(*unit);
    }
    if (tab.subplots.empty())
        tab.subplots.emplace_back();
    return PlotSetup{{std::move(tab)}};
}

} // namespace

PlotSetup setupFromJson(const diagram::Json& json, const UnitLookup& unitOf, QString* warning)
{
    auto fail = [&](const QString& why) {
        if (warning)
            *warning = QStringLiteral("Plot set-up ignored: %1").arg(why);
        return PlotSetup::defaultSetup();
    };
    if (warning)
        warning->clear();
    // The Tune dock's sliders share the key ("tune"): they are no set-up of the plots.
    if (json.is_null() || (json.is_object() && (json.empty() || (json.size() == 1 && json.contains("tune")))))
        return PlotSetup::defaultSetup();
    if (!json.is_object())
        return fail(QStringLiteral("expected an object"));
    if (json.contains("tabs")) {
        std::optional<PlotSetup> s = readTabs(json.at("tabs"));
        if (!s)
            return fail(QStringLiteral("malformed \"tabs\""));
        return s->tabs.empty() ? PlotSetup::defaultSetup() : *s;
    }
    if (json.contains("signals")) {
        std::optional<QStringList> names = stringList(json.at("signals"));
        if (!names)
            return fail(QStringLiteral("\"signals\" is not a list of names"));
        return readLegacy(*names, unitOf);
    }
    return fail(QStringLiteral("neither \"tabs\" nor \"signals\""));
}

} // namespace flange::ui::plot
