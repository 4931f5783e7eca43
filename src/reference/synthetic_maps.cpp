// synthetic_maps.cpp: the generators of the benchmark's scaling series.
#include "reference/synthetic_maps.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace polypath::reference {

namespace {

double snap(double v) { return std::round(v * 1024.0) / 1024.0; }

Ring rect(double x0, double y0, double x1, double y1) { return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}; }

int side(int cells) { return std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(cells))))); }

std::vector<Polygon> rooms(int vertices, std::mt19937_64& rng) {
  const int g = side(std::max(1, vertices / 16));  // two walls of up to 8 vertices per room
  Polygon p;
  p.outer = rect(0, 0, 10.0 * g, 10.0 * g);
  std::uniform_real_distribution<double> door(2.0, 5.0);
  std::bernoulli_distribution missing(0.15);
  // One wall along [lo, hi] of a cell side, with a door at a random place, as up to two
  // rectangles; `vertical` walls are thin in x.
  auto wall = [&](double at, double lo, bool vertical) {
    if (missing(rng)) return;
    const double d = snap(lo + door(rng));
    for (auto [a, b] : {std::pair{lo + 1.0, d}, std::pair{d + 3.0, lo + 9.0}})
      p.holes.push_back(vertical ? rect(at - 0.5, a, at + 0.5, b) : rect(a, at - 0.5, b, at + 0.5));
  };
  for (int y = 0; y < g; ++y)
    for (int x = 0; x < g; ++x) {
      if (x + 1 < g) wall(10.0 * (x + 1), 10.0 * y, true);
      if (y + 1 < g) wall(10.0 * (y + 1), 10.0 * x, false);
    }
  return {p};
}

std::vector<Polygon> convex(int vertices, std::mt19937_64& rng) {
  const int g = side(std::max(1, vertices / 9));
  Polygon p;
  p.outer = rect(0, 0, 10.0 * g, 10.0 * g);
  std::uniform_int_distribution<int> count(5, 12);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int y = 0; y < g; ++y)
    for (int x = 0; x < g; ++x) {
      // Points on a circle at sorted random angles form a convex polygon.
      const int m = count(rng);
      std::vector<double> angles(m);
      for (double& a : angles) a = unit(rng) * 2.0 * std::numbers::pi;
      std::sort(angles.begin(), angles.end());
      const double radius = 2.0 + 2.0 * unit(rng);
      const Point c{10.0 * x + 5.0 + unit(rng) - 0.5, 10.0 * y + 5.0 + unit(rng) - 0.5};
      Ring ring;
      for (double a : angles) {
        const Point q{snap(c.x + radius * std::cos(a)), snap(c.y + radius * std::sin(a))};
        if (ring.empty() || ring.back() != q) ring.push_back(q);
      }
      while (ring.size() > 1 && ring.front() == ring.back()) ring.pop_back();
      if (ring.size() >= 3) p.holes.push_back(std::move(ring));
    }
  return {p};
}

std::vector<Polygon> comb(int vertices, std::mt19937_64& rng) {
  const int k = std::max(1, (vertices - 4) / 4);
  const double width = 2.0 * k + 1.0;
  std::uniform_int_distribution<int> depth(3, 30);
  Polygon p;
  p.outer = {{0, 0}, {width, 0}, {width, 2.0}};
  for (int i = k - 1; i >= 0; --i) {  // along the corridor's top from right to left
    const double a = 2.0 * i + 1.0, b = a + 1.0, h = 2.0 + depth(rng);
    p.outer.insert(p.outer.end(), {{b, 2.0}, {b, h}, {a, h}, {a, 2.0}});
  }
  p.outer.push_back({0, 2.0});
  return {p};
}

}  // namespace

const char* familyName(Family f) {
  switch (f) {
    case Family::Rooms: return "rooms";
    case Family::Convex: return "convex";
    case Family::Comb: return "comb";
  }
  return "?";
}

std::vector<Family> allFamilies() { return {Family::Rooms, Family::Convex, Family::Comb}; }

std::vector<Polygon> syntheticMap(Family f, int vertices, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  switch (f) {
    case Family::Rooms: return rooms(vertices, rng);
    case Family::Convex: return convex(vertices, rng);
    case Family::Comb: return comb(vertices, rng);
  }
  return {};
}

std::vector<Polygon> nudgeVertex(const std::vector<Polygon>& polygons, std::mt19937_64& rng) {
  std::vector<Polygon> out = polygons;
  std::vector<Ring*> rings;
  std::size_t total = 0;
  for (Polygon& p : out) {
    rings.push_back(&p.outer);
    for (Ring& h : p.holes) rings.push_back(&h);
  }
  for (Ring* r : rings) total += r->size();
  std::size_t k = std::uniform_int_distribution<std::size_t>(0, total - 1)(rng);
  for (Ring* r : rings) {
    if (k >= r->size()) {
      k -= r->size();
      continue;
    }
    Point& v = (*r)[k];
    const Point prev = (*r)[(k + r->size() - 1) % r->size()], next = (*r)[(k + 1) % r->size()];
    const double step = 0.05 * std::min(distance(v, prev), distance(v, next));
    const double angle = std::uniform_real_distribution<double>(0.0, 6.283185307179586)(rng);
    v = v + Point{std::cos(angle), std::sin(angle)} * step;
    break;
  }
  return out;
}

}  // namespace polypath::reference
