// metrics.cpp: folding steps and arrivals into CrowdMetrics.
#include "polypath/crowd/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace polypath::crowd {

MetricsRecorder::MetricsRecorder(int agents, double density_radius) {
  metrics_.agents = agents;
  metrics_.density_radius = density_radius;
}

void MetricsRecorder::observe(const std::vector<Point>& centres, const std::vector<double>& radii,
                              const std::vector<double>& wall_distance, const std::vector<char>& counted) {
  const std::size_t n = centres.size();
  const double disc = std::numbers::pi * metrics_.density_radius * metrics_.density_radius;
  const double reach_sq = metrics_.density_radius * metrics_.density_radius;
  bool overlap = false;
  std::vector<int> around(n, 1);  // each agent counts itself
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const Point d = centres[j] - centres[i];
      const double dist_sq = dot(d, d);
      if (dist_sq <= reach_sq) {
        ++around[i];
        ++around[j];
      }
      const double depth = radii[i] + radii[j] - std::sqrt(dist_sq);
      if (depth > 1e-9 * (radii[i] + radii[j])) {
        overlap = true;
        metrics_.overlap_max = std::max(metrics_.overlap_max, depth);
      }
    }
    if (counted[i]) metrics_.density_max = std::max(metrics_.density_max, around[i] / disc);
    metrics_.wall_distance_min = any_wall_ ? std::min(metrics_.wall_distance_min, wall_distance[i]) : wall_distance[i];
    any_wall_ = true;
  }
  if (overlap) ++metrics_.overlap_steps;
}

void MetricsRecorder::arrive(double time, double walked, double shortest) {
  ++metrics_.arrived;
  time_sum_ += time;
  metrics_.time_worst = std::max(metrics_.time_worst, time);
  ratio_sum_ += shortest > 0.0 ? walked / shortest : 1.0;
}

CrowdMetrics MetricsRecorder::result(int steps) const {
  CrowdMetrics m = metrics_;
  m.steps = steps;
  if (m.arrived > 0) {
    m.time_mean = time_sum_ / m.arrived;
    m.length_ratio_mean = ratio_sum_ / m.arrived;
  }
  if (m.arrived == m.agents) m.time_all = m.time_worst;
  return m;
}

}  // namespace polypath::crowd
