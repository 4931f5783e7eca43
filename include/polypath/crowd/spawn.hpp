// spawn.hpp: where agents start and where they go: points of a hexagonal lattice (spacing
// a little over one agent diameter, so no two agents overlap) that lie in the eroded region
// and in the part of it the caller can use (the goal's connected part).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "polypath/core/error.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath::crowd {

/// Bad crowd input: too many agents for the free area, a spawn or goal area with no
/// walkable point, a radius that erodes everything, no route. The message says which.
class CrowdError : public Error {
 public:
  using Error::Error;
};

/// A number with 10 significant digits, for messages.
std::string numberText(double v);

/// An axis-aligned rectangle: corner (x, y), width and height (world units, > 0).
struct Rect {
  double x = 0.0, y = 0.0, w = 0.0, h = 0.0;
  bool contains(Point p) const { return p.x >= x && p.x <= x + w && p.y >= y && p.y <= y + h; }
  friend bool operator==(const Rect&, const Rect&) = default;
  /// "X,Y,W,H" as the command line takes it.
  std::string describe() const;
};

/// The crowd's random numbers: SplitMix64 (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014), the same sequence on every platform.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  /// Uniform in [0, 1), 53 bits.
  double uniform();
  /// Uniform in [0, n) for n > 0.
  std::size_t below(std::size_t n);

 private:
  std::uint64_t state_;
};

/// What to place: `count` points at least `spacing` apart, in `area` when given (picked at
/// random within it), else the `count` lattice points nearest `centre` (nearest first). The
/// lattice is offset by a random fraction of a cell. `usable(p)` says whether a lattice
/// point in the region may be used (same connected part as the goal). `what` names them in
/// messages ("--from area", "start").
struct SpawnRequest {
  int count = 0;
  double spacing = 1.0;          ///< world units
  std::optional<Rect> area;
  Point centre;                  ///< world units; used without `area`
  std::string what;
  bool distinct = true;          ///< false: fewer lattice points than count are reused in turn (goals)
};

/// The points, in agent order. Throws CrowdError: "--from area 1,1,2,2 has no walkable point
/// for agents of radius 0.5", "--from area ... holds 12 agents of radius 0.5, not 50", or
/// "only 40 agents of radius 0.5 fit in the free area reachable from the start, not 500".
std::vector<Point> spawnPoints(const PolygonMap& region, const std::function<bool(Point)>& usable,
                               const SpawnRequest& request, double radius, Random& random);

}  // namespace polypath::crowd
