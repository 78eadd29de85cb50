#include "ui/document/outer_connectors.hpp"

#include <cmath>

namespace flange::ui {

library::ComponentDefinition outerConnectorDefinition(const diagram::OuterConnector& outer)
{
    library::ComponentDefinition def;
    def.name = outer.type;
    def.description = outer.description;
    library::ConnectorDef con;
    con.name = "";
    con.type = library::connectorTypeFromString(outer.type).value_or(library::ConnectorType::RotationalFlangeA);
    con.description = outer.description;
    // On the icon the connector sits at (x, y); inside, its port faces the other way.
    if (std::abs(outer.x) >= std::abs(outer.y))
        con.x = outer.x < 0 ? 100 : -100;
    else
        con.y = outer.y > 0 ? -100 : 100;
    def.connectors.push_back(con);
    return def;
}

diagram::Component outerConnectorBlock(const diagram::OuterConnector& outer)
{
    diagram::Component c;
    c.name = outer.name;
    c.type = outer.type;
    c.placement = outer.placement;
    return c;
}

library::ConnectorType insideRole(library::ConnectorType type)
{
    using T = library::ConnectorType;
    switch (type) {
    case T::RealInput: return T::RealOutput;
    case T::RealOutput: return T::RealInput;
    case T::BooleanInput: return T::BooleanOutput;
    case T::BooleanOutput: return T::BooleanInput;
    default: return type;
    }
}

} // namespace flange::ui
