#include "ui/analysis/linear_analysis.hpp"

#include "engine/api/model.hpp"

#include <algorithm>

namespace flange::ui {

std::pair<double, double> defaultBodeRange(const std::vector<linear::Mode>& modes)
{
    double low = 0, high = 0;
    for (const linear::Mode& m : modes)
        if (!m.rigid && !m.constraint && m.frequencyHz > 0) {
            low = low == 0 ? m.frequencyHz : std::min(low, m.frequencyHz);
            high = std::max(high, m.frequencyHz);
        }
    if (high == 0)
        return {0.1, 1000};
    return {low / 10, high * 10};
}

AnalysisResult analyse(const diagram::Diagram& diagram, const std::shared_ptr<const library::Library>& library,
                       const AnalysisRequest& request)
{
    AnalysisResult r;
    r.request = request;
    linear::LinearizeOptions options;
    if (request.point == AnalysisRequest::Point::AtTime)
        options.at = request.time;
    options.steady = request.point == AnalysisRequest::Point::Steady;
    options.inputs = request.inputs;
    options.measure = request.outputs;
    r.system = linear::linearize(Model::compile(diagram, library), options);
    r.modes = linear::modes(r.system);
    if (!r.system.inputs.empty() && !r.system.outputs.empty()) {
        const auto [from, to] = defaultBodeRange(r.modes);
        r.bode = linear::bode(r.system,
                              linear::logSpaced(request.bodeFrom.value_or(from), request.bodeTo.value_or(to), request.bodePoints),
                              r.modes);
    }
    if (!request.orders.empty())
        r.campbell = linear::campbell(r.system, r.modes, request.orders, request.orderShaft);
    return r;
}

} // namespace flange::ui
