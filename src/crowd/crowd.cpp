// crowd.cpp: spawning, routing and the fixed time step of a crowd.
#include "polypath/crowd/crowd.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "polypath/methods/registry.hpp"

namespace polypath::crowd {
namespace {

std::string num(double v) { return numberText(v); }

void checkConfig(const CrowdConfig& c) {
  auto positive = [](double v) { return std::isfinite(v) && v > 0.0; };
  if (c.agents < 1) throw CrowdError("the crowd needs at least 1 agent, got " + std::to_string(c.agents));
  if (!positive(c.radius)) throw CrowdError("agent radius must be a finite number above 0, got " + num(c.radius));
  if (!positive(c.speed)) throw CrowdError("agent speed must be a finite number above 0, got " + num(c.speed));
  if (!positive(c.dt)) throw CrowdError("time step must be a finite number above 0, got " + num(c.dt));
  if (!positive(c.time_horizon)) throw CrowdError("time horizon must be a finite number above 0, got " + num(c.time_horizon));
  if (!positive(c.time_horizon_obstacles))
    throw CrowdError("obstacle time horizon must be a finite number above 0, got " + num(c.time_horizon_obstacles));
  if (c.max_steps < 0) throw CrowdError("steps must be 0 or more, got " + std::to_string(c.max_steps));
  if (!(c.arrive_distance >= 0.0) || !std::isfinite(c.arrive_distance))
    throw CrowdError("arrival distance must be a finite number of 0 or more, got " + num(c.arrive_distance));
  for (const std::optional<Rect>* area : {&c.from, &c.to})
    if (*area && !(positive((*area)->w) && positive((*area)->h)))
      throw CrowdError("area " + (*area)->describe() + " needs a width and a height above 0");
}

}  // namespace

Crowd::Crowd(ClearanceSet& set, const CrowdConfig& config)
    : config_(config), original_(&set.original()), recorder_(config.agents, 0.0), random_(config.seed) {
  checkConfig(config_);
  if (config_.density_radius <= 0.0) config_.density_radius = 3.0 * config_.radius;
  if (config_.spacing <= 0.0) config_.spacing = 2.2 * config_.radius;
  level_ = set.level(config_.radius);
  const PolygonMap& region = level_->map();
  if (region.empty())
    throw CrowdError("agent radius " + num(config_.radius) + " erodes the whole walkable region: no place is " +
                     num(config_.radius) + " from every wall");
  router_ = std::make_unique<Router>(region, config_.method);
  walls_ = std::make_unique<WallIndex>(region);
  original_walls_ = std::make_unique<WallIndex>(*original_);

  std::vector<Point> starts, goals;
  if (config_.placements.empty()) {
    placeAgents(starts, goals);
  } else {
    try {
      for (const auto& [from, to] : config_.placements) {
        starts.push_back(requireClearance(*level_, *original_, from, "start"));
        goals.push_back(requireClearance(*level_, *original_, to, "goal"));
      }
    } catch (const QueryError& e) {
      throw CrowdError(e.what());
    }
  }
  recorder_ = MetricsRecorder(static_cast<int>(starts.size()), config_.density_radius);

  std::unique_ptr<Method> shortest = methods().create("visibility");
  shortest->build(region, {}, &level_->graph());
  agents_.resize(starts.size());
  for (std::size_t k = 0; k < starts.size(); ++k) {
    Agent& a = agents_[k];
    a.position = a.spawn = starts[k];
    a.goal = goals[k];
    a.radius = config_.radius;
    a.max_speed = config_.speed;
    if (!router_->plan(a.position, a.goal, a.route))
      throw CrowdError("agent " + std::to_string(k) + " has no route from (" + num(a.spawn.x) + ", " + num(a.spawn.y) +
                       ") to its goal");
    a.next = config_.steer == Steer::Funnel ? 1 : 0;
    a.shortest = shortest->findPath(a.spawn, a.goal).length;
    a.target = steerTarget(config_.steer, a.route, a.next, a.position, region);
  }
}

void Crowd::placeAgents(std::vector<Point>& starts, std::vector<Point>& goals) {
  const PolygonMap& region = level_->map();
  // Goals first: their connected part is where the agents may start.
  if (config_.to) {
    SpawnRequest r{config_.agents, config_.spacing, config_.to, {}, "--to area", false};
    goals = spawnPoints(region, [](Point) { return true; }, r, config_.radius, random_);
  } else {
    try {
      goals.assign(static_cast<std::size_t>(config_.agents), requireClearance(*level_, *original_, config_.goal, "goal"));
    } catch (const QueryError& e) {
      throw CrowdError(e.what());
    }
  }
  const int part = router_->component(goals.front());
  for (const Point& g : goals)
    if (router_->component(g) != part)
      throw CrowdError("the --to area " + config_.to->describe() + " spans parts of the map that do not connect");
  SpawnRequest s{config_.agents, config_.spacing, config_.from, config_.start, config_.from ? "--from area" : "start", true};
  starts = spawnPoints(region, [&](Point p) { return router_->component(p) == part; }, s, config_.radius, random_);
}

bool Crowd::done() const {
  if (steps_ >= config_.max_steps) return true;
  return std::all_of(agents_.begin(), agents_.end(), [](const Agent& a) { return a.arrived; });
}

CrowdMetrics Crowd::run() {
  while (!done()) step();
  return metrics();
}

void Crowd::steer(Agent& a) {
  const PolygonMap& region = level_->map();
  a.target = steerTarget(config_.steer, a.route, a.next, a.position, region);
  if (!region.lineOfSight(a.position, a.target.point)) {
    Route route;
    if (router_->plan(a.position, a.goal, route)) {
      a.route = std::move(route);
      a.next = config_.steer == Steer::Funnel ? 1 : 0;
      a.target = steerTarget(config_.steer, a.route, a.next, a.position, region);
    }
    recorder_.replan();
  }
  const Point to = a.target.point - a.position;
  const double d = length(to);
  // Land exactly on the goal and on funnel corners; cross portals at full speed.
  const bool land = a.target.point == a.goal || config_.steer == Steer::Funnel;
  const double speed = land ? std::min(a.max_speed, d / config_.dt) : a.max_speed;
  a.preferred = d > 0.0 ? to * (speed / d) : Point{};
}

Point Crowd::avoid(std::size_t i) {
  const Agent& a = agents_[i];
  lines_.clear();
  walls_->wallsNear(a.position, config_.time_horizon_obstacles * a.max_speed, walls_near_);
  addObstacleLines(a.position, a.velocity, walls_near_, config_.time_horizon_obstacles, lines_);
  const std::size_t hard = lines_.size();
  // Every agent has the config's radius and speed, so one reach bounds every pair's.
  const double reach_max = config_.time_horizon * 2.0 * config_.speed + 2.0 * config_.radius;
  if (config_.all_pairs) neighboursBruteForce(centres_, present_, a.position, reach_max, i, near_);
  else grid_.near(a.position, reach_max, i, near_);
  for (std::size_t j : near_) {
    const Agent& b = agents_[j];
    const double reach = config_.time_horizon * (a.max_speed + b.max_speed) + a.radius + b.radius;
    const Point d = b.position - a.position;
    if (dot(d, d) > reach * reach) continue;
    lines_.push_back(agentLine(a.position, a.velocity, a.radius, b.position, b.velocity, b.radius, config_.time_horizon,
                               config_.dt));
  }
  Point preferred = a.preferred;
  if (lines_.size() > hard) {
    // A tiny seeded nudge: exactly symmetric agents (head-on) would otherwise stop forever.
    const double angle = 2.0 * std::numbers::pi * random_.uniform();
    preferred = preferred + Point{std::cos(angle), std::sin(angle)} * (1e-3 * a.max_speed);
  }
  return solveVelocity(lines_, hard, a.max_speed, preferred);
}

void Crowd::move(Agent& a, Point velocity) {
  const PolygonMap& region = level_->map();
  Point q = a.position + velocity * config_.dt;
  if (!region.lineOfSight(a.position, q)) {
    // A step along a wall that the obstacle lines allow may end a rounding error outside
    // the region: pull its end in along the nearest wall's normal by a rounding margin.
    const int e = walls_->nearestEdge(q);
    if (e >= 0) {
      const double margin = 1e-9 * std::max(1.0, std::fabs(q.x) + std::fabs(q.y));
      const Point in = q + region.vertices()[static_cast<std::size_t>(e)].edge_normal * margin;
      if (region.lineOfSight(a.position, in)) {
        q = in;
        velocity = (q - a.position) * (1.0 / config_.dt);
      }
    }
  }
  int halvings = 0;
  while (!region.lineOfSight(a.position, q)) {
    if (++halvings > 40) {
      velocity = {};
      q = a.position;
      break;
    }
    velocity = velocity * 0.5;
    q = a.position + velocity * config_.dt;
  }
  a.walked += distance(a.position, q);
  a.position = q;
  a.velocity = velocity;
}

void Crowd::step() {
  if (done()) return;
  std::vector<std::size_t> active;
  for (std::size_t i = 0; i < agents_.size(); ++i)
    if (!agents_[i].arrived) active.push_back(i);
  for (std::size_t i : active) steer(agents_[i]);
  centres_.resize(agents_.size());
  present_.assign(agents_.size(), 0);
  for (std::size_t i : active) {
    centres_[i] = agents_[i].position;
    present_[i] = 1;
  }
  if (!config_.all_pairs)
    grid_.build(centres_, present_, config_.time_horizon * 2.0 * config_.speed + 2.0 * config_.radius);
  std::vector<Point> velocity(agents_.size());
  for (std::size_t i : active) velocity[i] = avoid(i);
  for (std::size_t i : active) move(agents_[i], velocity[i]);
  ++steps_;

  std::vector<Point> centres;
  std::vector<double> radii, walls;
  std::vector<char> counted;
  for (std::size_t i : active) {
    Agent& a = agents_[i];
    // The spawn lattice is packed by construction: an agent's neighbourhood counts for
    // density once it has walked one lattice spacing from its spawn place.
    a.settled = a.settled || distance(a.position, a.spawn) >= config_.spacing;
    counted.push_back(a.settled ? 1 : 0);
    centres.push_back(agents_[i].position);
    radii.push_back(agents_[i].radius);
    walls.push_back(original_walls_->nearestDistance(agents_[i].position));
  }
  recorder_.observe(centres, radii, walls, counted);
  for (std::size_t i : active) {
    Agent& a = agents_[i];
    const double tolerance = config_.arrive_distance + 1e-9 * std::max(1.0, std::fabs(a.goal.x) + std::fabs(a.goal.y));
    if (distance(a.position, a.goal) <= tolerance) {
      a.arrived = true;
      a.arrival_time = time();
      a.velocity = {};
      recorder_.arrive(a.arrival_time, a.walked, a.shortest);
    }
  }
}

}  // namespace polypath::crowd
