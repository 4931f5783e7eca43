// spawn.cpp: lattice points for starts and goals.
#include "polypath/crowd/spawn.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace polypath::crowd {
namespace {

// Hexagonal lattice points of `spacing` (rows spacing * sqrt(3) / 2 apart, odd rows shifted
// by half a spacing; the whole lattice shifted by `offset`, fractions of a cell) inside the
// box [lo, hi], that lie in the region and are usable, in row-major order.
std::vector<Point> lattice(const PolygonMap& region, const std::function<bool(Point)>& usable, Point lo, Point hi,
                           double spacing, Point offset) {
  const double row = spacing * std::sqrt(3.0) / 2.0;
  const double oy = offset.y * row;
  const double j0 = std::ceil((lo.y - oy) / row), j1 = std::floor((hi.y - oy) / row);
  const double i0 = std::ceil(lo.x / spacing - 1.5), i1 = std::floor(hi.x / spacing);
  if ((j1 - j0 + 1) * (i1 - i0 + 1) > 2e7)
    throw CrowdError("the spawn search covers more than 20 million agent places: the radius is too small for the map");
  std::vector<Point> out;
  for (double j = j0; j <= j1; ++j) {
    const double shift = (std::fmod(std::fabs(j), 2.0) == 1.0 ? 0.5 : 0.0) + offset.x;
    for (double i = i0; i <= i1; ++i) {
      const Point p{(i + shift) * spacing, oy + j * row};
      if (p.x >= lo.x && p.x <= hi.x && region.isWalkable(p) && usable(p)) out.push_back(p);
    }
  }
  return out;
}

}  // namespace

std::string numberText(double v) {
  std::ostringstream s;
  s.precision(10);
  s << v;
  return s.str();
}

std::string Rect::describe() const { return numberText(x) + "," + numberText(y) + "," + numberText(w) + "," + numberText(h); }

std::uint64_t Random::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double Random::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

std::size_t Random::below(std::size_t n) { return static_cast<std::size_t>(uniform() * static_cast<double>(n)) % n; }

std::vector<Point> spawnPoints(const PolygonMap& region, const std::function<bool(Point)>& usable,
                               const SpawnRequest& request, double radius, Random& random) {
  const Point offset{random.uniform(), random.uniform()};
  const std::string agents = "agents of radius " + numberText(radius);
  const auto n = static_cast<std::size_t>(std::max(request.count, 0));
  std::vector<Point> points;
  if (request.area) {
    const Rect& a = *request.area;
    points = lattice(region, usable, {a.x, a.y}, {a.x + a.w, a.y + a.h}, request.spacing, offset);
    if (points.empty())
      throw CrowdError(request.what + " " + a.describe() + " has no walkable point for " + agents +
                       " (is it outside the map, or in a part that cannot reach the goal?)");
    if (points.size() < n && request.distinct)
      throw CrowdError(request.what + " " + a.describe() + " holds " + std::to_string(points.size()) + " " + agents +
                       ", not " + std::to_string(n) + ": enlarge it or use fewer agents");
    // A random order (Fisher-Yates); goals reuse the points in turn when there are fewer.
    for (std::size_t k = points.size(); k > 1; --k) std::swap(points[k - 1], points[random.below(k)]);
    std::vector<Point> picked;
    for (std::size_t k = 0; k < n; ++k) picked.push_back(points[k % points.size()]);
    return picked;
  }
  // Around the centre: grow a square until it holds enough points or covers the region.
  const PolygonMap::Bounds b = region.bounds();
  const double extent = std::max({b.max.x - b.min.x, b.max.y - b.min.y, request.spacing});
  for (double half = request.spacing * (std::sqrt(static_cast<double>(n)) + 1.0);; half *= 2.0) {
    const Point c = request.centre;
    points = lattice(region, usable, {c.x - half, c.y - half}, {c.x + half, c.y + half}, request.spacing, offset);
    const bool covers = c.x - half <= b.min.x && c.y - half <= b.min.y && c.x + half >= b.max.x && c.y + half >= b.max.y;
    if (points.size() >= n || covers || half > 4.0 * extent) break;
  }
  if (points.size() < n)
    throw CrowdError("only " + std::to_string(points.size()) + " " + agents + " fit in the free area reachable from the " +
                     request.what + ", not " + std::to_string(n));
  std::stable_sort(points.begin(), points.end(), [&](Point p, Point q) {
    return distance(p, request.centre) < distance(q, request.centre);
  });
  points.resize(n);
  return points;
}

}  // namespace polypath::crowd
