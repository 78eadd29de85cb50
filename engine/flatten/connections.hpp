#pragma once
// Connection sets: union-find over connector instances. Each flange set gives equal
// potentials and a zero flow sum; an unconnected flange has zero flow. A signal set
// makes every input equal to its one output.
#include "engine/diagram/diagram.hpp"
#include "engine/flatten/flat_model.hpp"
#include "engine/library/component_definition.hpp"

#include <string>
#include <unordered_map>
#include <vector>

namespace flange::flatten {

struct ConnectorInstance {
    std::string instance, connector;
    library::ConnectorType type = library::ConnectorType::RealInput;
    bool enabled = true;
    std::string disabledBecause;       // the condition that is false
    int32_t potential = -1, flow = -1; // flanges
    int32_t signal = -1;               // signals
};

class ConnectionBuilder {
public:
    ConnectionBuilder(FlatModel& m, const diagram::Diagram& d, const std::vector<ConnectorInstance>& connectors)
        : m_(m), d_(d), connectors_(connectors)
    {
    }
    // Throws flange::Error (BadInput) naming the connection at fault.
    void build();

private:
    int find(int i);
    int lookup(const std::string& endpoint, const std::string& connection) const;

    FlatModel& m_;
    const diagram::Diagram& d_;
    const std::vector<ConnectorInstance>& connectors_;
    std::vector<int> parent_;
    std::unordered_map<std::string, int> index_; // "instance.connector" -> connector
};

} // namespace flange::flatten
