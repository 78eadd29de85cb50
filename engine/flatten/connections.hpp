#pragma once
// Connection sets: union-find over connector instances. Each flange set gives equal
// potentials and a zero flow sum; an unconnected flange has zero flow. A signal set
// makes every input equal to its one output. A subsystem's outer connectors are members
// without variables: they join what is connected to them inside and outside into one
// set, so the equations are those of the same model drawn flat.
#include "engine/flatten/flat_model.hpp"
#include "engine/library/component_definition.hpp"

#include <string>
#include <vector>

namespace flange::flatten {

struct ConnectorInstance {
    std::string instance, connector; // full instance path ("vehicle.mass"), "" for the top diagram's own
    library::ConnectorType type = library::ConnectorType::RealInput;
    bool enabled = true;
    bool outer = false;                // a subsystem's outer connector: no variables of its own
    std::string disabledBecause;       // the condition that is false
    int32_t potential = -1, flow = -1; // flanges
    int32_t signal = -1;               // signals
    std::string name() const { return instance.empty() ? connector : instance + "." + connector; }
};

// A connection with both ends found: indices into the connector instances.
struct ResolvedConnection {
    int a = -1, b = -1;
    // An end that is an outer connector seen from inside its subsystem: there an input
    // drives and an output is driven.
    bool aInside = false, bInside = false;
    std::string label;              // "vehicle.flangeT - vehicle.mass.flange_a"
    std::vector<std::string> ends;  // the instances of both ends, for Error::instances
    // Inside a subsystem, a connection to a connector its parameters switch off is removed
    // without a warning: that is how the subsystem is meant to be used.
    bool quiet = false;
};

class ConnectionBuilder {
public:
    ConnectionBuilder(FlatModel& m, const std::vector<ConnectorInstance>& connectors,
                      const std::vector<ResolvedConnection>& connections)
        : m_(m), connectors_(connectors), connections_(connections)
    {
    }
    // Throws flange::Error (BadInput) naming the connection at fault.
    void build();

private:
    // Every equation of a flange set carries its origin. A set of up to kNamedMembers
    // members names them all; a larger one names its first few, the member the equation
    // is about (also, or -1) and how many more, so that 10,000 inertias on one flange do
    // not write 10,000 names into each of 10,000 origins (1.6 GB).
    static constexpr size_t kNamedMembers = 8;
    std::string setOrigin(const std::vector<int>& members, int also) const;
    int find(int i);

    FlatModel& m_;
    const std::vector<ConnectorInstance>& connectors_;
    const std::vector<ResolvedConnection>& connections_;
    std::vector<int> parent_;
};

} // namespace flange::flatten
