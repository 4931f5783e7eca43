// crowd.hpp: agents that walk to their goals together, one fixed time step at a time.
//
// Each agent is a disc (radius, maximum speed, goal). Its centre moves in the walkable
// region eroded by its radius (clearance.hpp, one level per radius cached by the
// ClearanceSet), so the disc keeps off the walls. Each step, in agent order:
//   1. steering (steering.hpp) gives the target: the next path point (funnel) or the nearest
//      point of the next steer portal (portals); the preferred velocity heads there at the
//      maximum speed, slowing only to land exactly on the goal. A target out of line of
//      sight (the agent was pushed off its corridor) makes the agent plan its route again.
//   2. ORCA (orca.hpp), over the agents within reach (neighbour_grid.hpp, in index order), turns the preferred velocities into new ones that avoid the other
//      agents for the time horizon and the walls (the eroded region's edges as ORCA's
//      static obstacles, hard lines) for the obstacle time horizon.
//   3. every agent moves by velocity * dt; a step that would leave the eroded region
//      (exact line of sight, segment against the region's edges) is first pulled in by a
//      rounding margin along the nearest wall's normal, then halved until it stays (at most
//      40 times, then the agent waits).
//   4. an agent within `arrive_distance` of its goal has arrived and leaves the crowd.
// Everything is in a fixed order with fixed arithmetic, and the random numbers (spawn
// lattice offset, the tiny perturbation that breaks symmetric head-on deadlocks) come from
// the seed: the same inputs and seed give the same run, bit for bit.
//
//   ClearanceSet set(doc);
//   Crowd crowd(set, config);          // spawns, plans every route
//   while (!crowd.done()) crowd.step(); // or crowd.run()
//   crowd.agents()[k].position; crowd.metrics();
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "polypath/crowd/metrics.hpp"
#include "polypath/crowd/neighbour_grid.hpp"
#include "polypath/crowd/orca.hpp"
#include "polypath/crowd/spawn.hpp"
#include "polypath/crowd/steering.hpp"
#include "polypath/crowd/wall_index.hpp"
#include "polypath/geom/clearance.hpp"

namespace polypath::crowd {

/// A crowd run's inputs. Lengths in world units, times in seconds.
/// The arrival distance `polypath crowd`, the editor's Crowd tab and lesson crowds use:
/// two radii, an exit the agents leave through (the library's own default is 0, on the goal).
inline double exitArriveDistance(double radius) { return 2.0 * radius; }

struct CrowdConfig {
  int agents = 10;                  ///< number of agents, 1 or more
  double radius = 0.4;              ///< every agent's radius (> 0)
  double speed = 1.0;               ///< every agent's maximum speed, world units per second (> 0)
  double dt = 0.1;                  ///< time step (> 0)
  int max_steps = 5000;             ///< run() stops after this many steps
  Steer steer = Steer::Funnel;
  std::uint64_t seed = 1;
  std::optional<Rect> from;         ///< spawn area; without it, the lattice points nearest `start`
  std::optional<Rect> to;           ///< goal area (points drawn at random); without it, the points nearest `goal`
  Point start, goal;                ///< centres of the default spawn and goal places
  double arrive_distance = 0.0;     ///< an agent within this of its goal has arrived (0: on it, to 1e-9 relative)
  double time_horizon = 1.0;        ///< ORCA's time horizon tau for other agents
  double time_horizon_obstacles = 1.0;  ///< ORCA's time horizon for walls (RVO2's timeHorizonObst)
  double density_radius = 0.0;      ///< disc for local density; 0: 3 radii
  double spacing = 0.0;             ///< spawn lattice spacing; 0: 2.2 radii
  std::string method = "centre";    ///< registered method giving the path points (funnel steering)
  /// Neighbours for ORCA by testing every pair instead of the neighbour grid
  /// (neighbour_grid.hpp); the run is the same bit for bit, only slower (tests, benchmarks).
  bool all_pairs = false;
  /// Explicit (start, goal) per agent: when not empty, replaces spawning (`agents`, `from`,
  /// `to`, `start` and `goal` are then ignored); each point must keep the radius from the walls.
  std::vector<std::pair<Point, Point>> placements;
};

/// One agent: where it is and what it is doing, for the editor to draw.
struct Agent {
  Point position;                   ///< centre, world units
  Point velocity;                   ///< world units per second, of the last step
  Point preferred;                  ///< the velocity steering asked for in the last step
  double radius = 0.0;
  double max_speed = 0.0;
  Point spawn;                      ///< where it started
  Point goal;
  SteerTarget target;               ///< what it steers at now (point, and portal in portals mode)
  Route route;                      ///< its current route
  int next = 0;                     ///< index into route.points (funnel) or route.portals (portals)
  bool arrived = false;
  bool settled = false;             ///< has been one spawn spacing from its spawn place (density counts it)
  double arrival_time = 0.0;        ///< seconds, when arrived
  double walked = 0.0;              ///< distance travelled so far
  double shortest = 0.0;            ///< shortest path length from spawn to goal in the eroded region
};

/// A crowd on one map: spawned and routed on construction, then stepped.
class Crowd {
 public:
  /// Erodes (or takes from the set's cache) the region for config.radius, spawns the agents,
  /// and plans each route and its shortest length (visibility graph of the eroded region).
  /// Throws CrowdError for bad input (the message says what: agent count, radius, speed,
  /// time step, an area without room, a radius that erodes everything, no route) and
  /// ClearanceError / MethodError from the layers below.
  Crowd(ClearanceSet& set, const CrowdConfig& config);
  Crowd(const Crowd&) = delete;
  Crowd& operator=(const Crowd&) = delete;

  /// One time step (nothing once done()).
  void step();
  /// Steps until every agent arrived or config.max_steps were run; returns metrics().
  CrowdMetrics run();
  /// Every agent arrived, or max_steps reached.
  bool done() const;
  int steps() const { return steps_; }
  double time() const { return steps_ * config_.dt; }
  const CrowdConfig& config() const { return config_; }
  /// The agents, in spawn order (arrived ones stay, with arrived = true).
  std::span<const Agent> agents() const { return agents_; }
  /// The region the agents' centres move in.
  const ClearanceLevel& level() const { return *level_; }
  CrowdMetrics metrics() const { return recorder_.result(steps_); }

 private:
  void placeAgents(std::vector<Point>& starts, std::vector<Point>& goals);  // spawn lattice, from config
  void steer(Agent& a);
  Point avoid(std::size_t i);
  void move(Agent& a, Point velocity);
  CrowdConfig config_;
  std::shared_ptr<const ClearanceLevel> level_;
  const PolygonMap* original_;
  std::unique_ptr<Router> router_;
  std::unique_ptr<WallIndex> walls_, original_walls_;
  std::vector<Agent> agents_;
  MetricsRecorder recorder_;
  Random random_;
  int steps_ = 0;
  std::vector<OrcaLine> lines_;
  std::vector<WallEdge> walls_near_;
  NeighbourGrid grid_;
  std::vector<Point> centres_;      // agent centres at the start of the step (grid input)
  std::vector<char> present_;       // agents not arrived at the start of the step
  std::vector<std::size_t> near_;
};

}  // namespace polypath::crowd
