// metrics_json.cpp: metricsJson (see metrics_json.hpp).
#include "polypath/crowd/metrics_json.hpp"

namespace polypath::crowd {

nlohmann::ordered_json metricsJson(const CrowdMetrics& m, Steer steer) {
  nlohmann::ordered_json j;
  j["agents"] = m.agents;
  j["arrived"] = m.arrived;
  j["time_all"] = m.time_all ? nlohmann::ordered_json(*m.time_all) : nlohmann::ordered_json(nullptr);
  j["time_mean"] = m.time_mean;
  j["time_worst"] = m.time_worst;
  j["length_ratio_mean"] = m.length_ratio_mean;
  j["density_max"] = m.density_max;
  j["overlap_steps"] = m.overlap_steps;
  j["overlap_max"] = m.overlap_max;
  j["wall_distance_min"] = m.wall_distance_min;
  j["steer"] = steerName(steer);
  j["steps"] = m.steps;
  j["density_radius"] = m.density_radius;
  j["replans"] = m.replans;
  return j;
}

}  // namespace polypath::crowd
