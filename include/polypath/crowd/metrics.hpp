// metrics.hpp: what a crowd run measured: arrivals and times, path lengths against the
// shortest, the highest local density, overlaps between agents, the closest approach to a
// wall.
#pragma once

#include <optional>
#include <vector>

#include "polypath/core/geometry.hpp"

namespace polypath::crowd {

/// The metrics of one run (times in seconds, lengths in world units).
struct CrowdMetrics {
  int agents = 0;                    ///< agents in the crowd
  int arrived = 0;                   ///< agents that reached their goal
  int steps = 0;                     ///< time steps run
  std::optional<double> time_all;    ///< when the last agent arrived; empty when some did not
  double time_mean = 0.0;            ///< mean travel time of the arrived agents (0 when none)
  double time_worst = 0.0;           ///< longest travel time of an arrived agent
  double length_ratio_mean = 0.0;    ///< mean of (distance walked / shortest path length) over arrived agents
  double density_max = 0.0;          ///< most agents per square unit in a disc around an agent that left its spawn place, over all steps
  double density_radius = 0.0;       ///< radius of that disc
  int overlap_steps = 0;             ///< time steps after which two agents overlapped (beyond 1e-9 relative)
  double overlap_max = 0.0;          ///< deepest overlap: sum of radii minus centre distance
  double wall_distance_min = 0.0;    ///< least distance of an agent centre to a wall of the original map
  int replans = 0;                   ///< routes planned again because the target went out of sight
};

/// Per-step observations folded into CrowdMetrics. Positions are the agents present in the
/// step (not yet arrived before it), after it.
class MetricsRecorder {
 public:
  /// `density_radius`: the disc radius for local density (world units, > 0).
  MetricsRecorder(int agents, double density_radius);
  /// One step: the agents' centres and radii, their wall distances, and which of them count
  /// for density (counted[i] != 0: the disc around agent i is measured; every agent counts
  /// as a neighbour).
  void observe(const std::vector<Point>& centres, const std::vector<double>& radii, const std::vector<double>& wall_distance,
               const std::vector<char>& counted);
  /// One arrival: travel time (s), distance walked and the shortest path length.
  void arrive(double time, double walked, double shortest);
  /// Counts a replanned route.
  void replan() { ++metrics_.replans; }
  /// The metrics so far, after `steps` steps.
  CrowdMetrics result(int steps) const;

 private:
  CrowdMetrics metrics_;
  double time_sum_ = 0.0, ratio_sum_ = 0.0;
  bool any_wall_ = false;
};

}  // namespace polypath::crowd
