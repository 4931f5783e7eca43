// metrics_json.hpp: a crowd run's metrics as one JSON object, the fields and order of
// `polypath crowd --json`; the editor's Crowd tab and lesson captions show the same fields.
#pragma once

#include <nlohmann/json.hpp>

#include "polypath/crowd/metrics.hpp"
#include "polypath/crowd/steering.hpp"

namespace polypath::crowd {

/// agents, arrived, time_all (null unless all arrived), time_mean, time_worst,
/// length_ratio_mean, density_max, overlap_steps, overlap_max, wall_distance_min, steer,
/// steps, density_radius, replans (seconds, world units, agents per square unit).
nlohmann::ordered_json metricsJson(const CrowdMetrics& m, Steer steer);

}  // namespace polypath::crowd
