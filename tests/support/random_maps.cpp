// random_maps.cpp: lattice generators for star-shaped and orthogonal maps, their own
// integer-exact validity check, random queries, and printing. No src/core code is used.
#include "support/random_maps.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numbers>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "support/oracle.hpp"

namespace polypath::test {

namespace {

// [SECTION] Portable random numbers (the standard distributions differ between libraries)

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  /// Uniform integer in [lo, hi] (the modulo bias is irrelevant here).
  int integer(int lo, int hi) {
    return lo + static_cast<int>(engine_() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  /// Uniform real in [0, 1).
  double real() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  double real(double lo, double hi) { return lo + (hi - lo) * real(); }
  bool chance(double p) { return real() < p; }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(integer(0, static_cast<int>(v.size()) - 1))];
  }

 private:
  std::mt19937_64 engine_;
};

// [SECTION] Integer lattice geometry (exact: coordinates are small integers)

struct IP {
  std::int64_t x = 0, y = 0;
  friend bool operator==(const IP&, const IP&) = default;
  friend bool operator<(const IP& a, const IP& b) { return a.x != b.x ? a.x < b.x : a.y < b.y; }
};
using IRing = std::vector<IP>;
struct IPoly {
  IRing outer;
  std::vector<IRing> holes;
};

std::int64_t cross3(IP o, IP a, IP b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }
int sgn(std::int64_t v) { return (v > 0) - (v < 0); }

bool onClosedSegment(IP a, IP b, IP p) {
  return cross3(a, b, p) == 0 && std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) &&
         std::min(a.y, b.y) <= p.y && p.y <= std::max(a.y, b.y);
}

// The closed segments [a, b] and [c, d] share at least one point.
bool segmentsTouch(IP a, IP b, IP c, IP d) {
  const int o1 = sgn(cross3(a, b, c)), o2 = sgn(cross3(a, b, d));
  const int o3 = sgn(cross3(c, d, a)), o4 = sgn(cross3(c, d, b));
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return onClosedSegment(a, b, c) || onClosedSegment(a, b, d) || onClosedSegment(c, d, a) ||
         onClosedSegment(c, d, b);
}

std::int64_t area2(const IRing& r) {
  std::int64_t a = 0;
  for (std::size_t i = 0, j = r.size() - 1; i < r.size(); j = i++) a += r[j].x * r[i].y - r[j].y * r[i].x;
  return a;
}

// Simple ring: no repeated consecutive vertex, no spike (edge folding back on the previous
// one), non-adjacent edges disjoint, non-zero area. Straight (collinear) vertices are fine.
bool ringSimple(const IRing& r) {
  const std::size_t n = r.size();
  if (n < 3 || area2(r) == 0) return false;
  for (std::size_t i = 0; i < n; ++i) {
    const IP a = r[i], b = r[(i + 1) % n], c = r[(i + 2) % n];
    if (a == b) return false;
    if (cross3(a, b, c) == 0 && (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y) < 0) return false;
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (j == i + 1 || (i == 0 && j == n - 1)) continue;  // adjacent edges share a vertex
      if (segmentsTouch(r[i], r[(i + 1) % n], r[j], r[(j + 1) % n])) return false;
    }
  }
  return true;
}

// -1 outside, 0 on the ring, 1 strictly inside (exact crossing count).
int pointInRing(const IRing& r, IP p) {
  bool inside = false;
  for (std::size_t i = 0, j = r.size() - 1; i < r.size(); j = i++) {
    const IP a = r[j], b = r[i];
    if (onClosedSegment(a, b, p)) return 0;
    if ((a.y > p.y) != (b.y > p.y)) {
      const std::int64_t o = cross3(a, b, p);
      if ((b.y > a.y) ? o > 0 : o < 0) inside = !inside;
    }
  }
  return inside ? 1 : -1;
}

// No point in common between the two rings' boundaries.
bool ringsApart(const IRing& a, const IRing& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b.size(); ++j)
      if (segmentsTouch(a[i], a[(i + 1) % a.size()], b[j], b[(j + 1) % b.size()])) return false;
  return true;
}

// Checks the whole map; on failure returns false and says why.
bool mapValid(const std::vector<IPoly>& polys, std::string& why) {
  std::vector<const IRing*> rings;
  for (const IPoly& p : polys) {
    rings.push_back(&p.outer);
    for (const IRing& h : p.holes) rings.push_back(&h);
  }
  for (std::size_t i = 0; i < rings.size(); ++i)
    if (!ringSimple(*rings[i])) return why = "ring " + std::to_string(i) + " is not simple", false;
  for (std::size_t i = 0; i < rings.size(); ++i)
    for (std::size_t j = i + 1; j < rings.size(); ++j)
      if (!ringsApart(*rings[i], *rings[j]))
        return why = "rings " + std::to_string(i) + " and " + std::to_string(j) + " touch", false;
  for (std::size_t pi = 0; pi < polys.size(); ++pi) {
    const IPoly& p = polys[pi];
    for (std::size_t h = 0; h < p.holes.size(); ++h) {
      if (pointInRing(p.outer, p.holes[h][0]) != 1) return why = "a hole is outside its outer ring", false;
      for (std::size_t k = 0; k < p.holes.size(); ++k)
        if (k != h && pointInRing(p.holes[k], p.holes[h][0]) == 1) return why = "nested holes", false;
    }
    for (std::size_t qi = 0; qi < polys.size(); ++qi) {
      if (qi == pi || pointInRing(p.outer, polys[qi].outer[0]) != 1) continue;
      bool inHole = false;
      for (const IRing& h : p.holes) inHole = inHole || pointInRing(h, polys[qi].outer[0]) == 1;
      if (!inHole) return why = "overlapping polygons", false;
    }
  }
  return true;
}

// [SECTION] Maps with contacts (the pinch families)

// The open segments (a, b) and (c, d) cross at one point interior to both.
bool properlyCross(IP a, IP b, IP c, IP d) {
  return sgn(cross3(a, b, c)) * sgn(cross3(a, b, d)) < 0 && sgn(cross3(c, d, a)) * sgn(cross3(c, d, b)) < 0;
}

// -1 outside, 0 on the ring, 1 strictly inside, for the point p / scale (p given already
// multiplied by `scale`, so edge midpoints and centroids stay integers).
int pointInRingScaled(const IRing& r, IP p, std::int64_t scale) {
  IRing s;
  for (const IP& q : r) s.push_back({q.x * scale, q.y * scale});
  return pointInRing(s, p);
}

// Every vertex and every edge midpoint of `a` (scaled by 2) against ring `b`.
template <class Accept>
bool allPointsOf(const IRing& a, const IRing& b, Accept accept) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    const IP p = a[i], q = a[(i + 1) % a.size()];
    if (!accept(pointInRingScaled(b, {2 * p.x, 2 * p.y}, 2))) return false;
    if (!accept(pointInRingScaled(b, {p.x + q.x, p.y + q.y}, 2))) return false;
  }
  return true;
}

// No two edges of the rings (the same ring's non-adjacent edges included) cross properly,
// and no edge folds back on the previous one.
bool noProperCrossings(const std::vector<const IRing*>& rings, std::string& why) {
  std::vector<std::pair<IP, IP>> edges;
  for (const IRing* r : rings) {
    for (std::size_t i = 0; i < r->size(); ++i) {
      const IP a = (*r)[i], b = (*r)[(i + 1) % r->size()], c = (*r)[(i + 2) % r->size()];
      if (a == b) return why = "repeated vertex", false;
      if (cross3(a, b, c) == 0 && (b.x - a.x) * (c.x - b.x) + (b.y - a.y) * (c.y - b.y) < 0) return why = "spike", false;
      edges.push_back({a, b});
    }
    if (area2(*r) == 0) return why = "zero-area ring", false;
  }
  for (std::size_t i = 0; i < edges.size(); ++i)
    for (std::size_t j = i + 1; j < edges.size(); ++j)
      if (properlyCross(edges[i].first, edges[i].second, edges[j].first, edges[j].second))
        return why = "two edges cross", false;
  return true;
}

// The points where rings touch: a lattice point that is a vertex of several rings (or of
// one ring twice), or a vertex lying strictly inside an edge.
std::vector<IP> contactPoints(const std::vector<IPoly>& polys) {
  std::vector<const IRing*> rings;
  for (const IPoly& p : polys) {
    rings.push_back(&p.outer);
    for (const IRing& h : p.holes) rings.push_back(&h);
  }
  std::map<IP, int> count;
  for (const IRing* r : rings)
    for (const IP& p : *r) ++count[p];
  std::vector<IP> out;
  for (const auto& [p, c] : count) {
    bool contact = c >= 2;
    for (const IRing* r : rings) {
      for (std::size_t i = 0; i < r->size() && !contact; ++i) {
        const IP a = (*r)[i], b = (*r)[(i + 1) % r->size()];
        contact = !(a == p) && !(b == p) && onClosedSegment(a, b, p);
      }
    }
    if (contact) out.push_back(p);
  }
  return out;
}

// Strict convex hull (Andrew's monotone chain), counter-clockwise, no collinear points.
IRing convexHull(std::vector<IP> pts) {
  std::sort(pts.begin(), pts.end());
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  if (pts.size() < 3) return {};
  IRing h(2 * pts.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && cross3(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
    h[k++] = pts[i];
  }
  for (std::size_t i = pts.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross3(h[k - 2], h[k - 1], pts[i]) <= 0) --k;
    h[k++] = pts[i];
  }
  h.resize(k - 1);
  return h.size() >= 3 ? h : IRing{};
}

// Inserts, with probability p, the midpoint of every edge whose midpoint is a lattice point
// (a straight vertex: a collinear contact for the searches to get right).
IRing addMidpoints(const IRing& r, double p, Rng& rng) {
  IRing out;
  for (std::size_t i = 0; i < r.size(); ++i) {
    const IP a = r[i], b = r[(i + 1) % r.size()];
    out.push_back(a);
    if ((a.x + b.x) % 2 == 0 && (a.y + b.y) % 2 == 0 && rng.chance(p)) out.push_back({(a.x + b.x) / 2, (a.y + b.y) / 2});
  }
  return out;
}

IRing translate(IRing r, std::int64_t dx, std::int64_t dy) {
  for (IP& p : r) p = {p.x + dx, p.y + dy};
  return r;
}

// A small random convex polygon with its lowest corner near the origin.
IRing randomConvex(Rng& rng, int maxSize) {
  for (;;) {
    const int s = rng.integer(1, maxSize);
    std::vector<IP> pts;
    if (rng.chance(0.3)) {
      // A regular polygon, randomly rotated, snapped to the lattice.
      const int m = rng.integer(3, 8);
      const double rot = rng.real(0.0, 2.0 * std::numbers::pi);
      for (int i = 0; i < m; ++i) {
        const double a = rot + 2.0 * std::numbers::pi * i / m;
        pts.push_back({std::llround(s * (1.0 + std::cos(a))), std::llround(s * (1.0 + std::sin(a)))});
      }
    } else {
      const int m = rng.integer(3, 6);
      for (int i = 0; i < m; ++i) pts.push_back({rng.integer(0, s), rng.integer(0, s)});
    }
    IRing h = convexHull(pts);
    if (!h.empty()) return addMidpoints(h, 0.2, rng);
  }
}

int totalVertices(const std::vector<IPoly>& polys) {
  std::size_t n = 0;
  for (const IPoly& p : polys) {
    n += p.outer.size();
    for (const IRing& h : p.holes) n += h.size();
  }
  return static_cast<int>(n);
}

// Random winding and first vertex, then lattice -> world (exact doubles).
// Contacts allowed: only the no-crossing check here (the generators check the rest).
RandomMap toWorld(const std::vector<IPoly>& polys, std::uint64_t seed, const char* kind, Rng& rng,
                  bool contactsAllowed = false) {
  std::string why;
  bool valid = true;
  if (contactsAllowed) {
    std::vector<const IRing*> rings;
    for (const IPoly& p : polys) {
      rings.push_back(&p.outer);
      for (const IRing& h : p.holes) rings.push_back(&h);
    }
    valid = noProperCrossings(rings, why);
  } else {
    valid = mapValid(polys, why);
  }
  if (!valid)
    throw std::logic_error(std::string("random ") + kind + " map generator made an invalid map (seed " +
                           std::to_string(seed) + "): " + why);
  RandomMap m;
  m.seed = seed;
  m.kind = kind;
  m.unit = rng.pick(std::vector<double>{1.0, 1.0, 1.0, 0.5, 0.25, 2.0, 10.0});
  const double ox = rng.integer(-20, 20), oy = rng.integer(-20, 20);
  m.min = {HUGE_VAL, HUGE_VAL};
  m.max = {-HUGE_VAL, -HUGE_VAL};
  auto convert = [&](IRing r) {
    if (rng.chance(0.5)) std::reverse(r.begin(), r.end());
    std::rotate(r.begin(), r.begin() + rng.integer(0, static_cast<int>(r.size()) - 1), r.end());
    Ring out;
    for (const IP& p : r) {
      const Point w{ox + static_cast<double>(p.x) * m.unit, oy + static_cast<double>(p.y) * m.unit};
      out.push_back(w);
      m.min = {std::min(m.min.x, w.x), std::min(m.min.y, w.y)};
      m.max = {std::max(m.max.x, w.x), std::max(m.max.y, w.y)};
    }
    return out;
  };
  for (const IPoly& p : polys) {
    Polygon q;
    q.outer = convert(p.outer);
    for (const IRing& h : p.holes) q.holes.push_back(convert(h));
    m.polygons.push_back(std::move(q));
  }
  if (contactsAllowed)
    for (const IP& p : contactPoints(polys))
      m.contacts.push_back({ox + static_cast<double>(p.x) * m.unit, oy + static_cast<double>(p.y) * m.unit});
  return m;
}

}  // namespace

int RandomMap::vertexCount() const { return static_cast<int>(ringVertexCount(polygons)); }

// [SECTION] Star maps

namespace {

// A simple star-shaped ring in [0, g]^2: sorted random angles, random radii, snapped.
IRing randomStarRing(Rng& rng, int g) {
  for (;;) {
    const int k = rng.integer(3, 18);
    const double cx = g / 2.0 + rng.real(-1.0, 1.0), cy = g / 2.0 + rng.real(-1.0, 1.0);
    const double rmax = g / 2.0;
    const double rmin = rmax * rng.real(0.1, 0.9);
    std::vector<double> angles;
    const bool snapped = rng.chance(0.25);  // angles on multiples of 22.5 degrees: many aligned edges
    for (int i = 0; i < k; ++i) {
      double a = rng.real(0.0, 2.0 * std::numbers::pi);
      if (snapped) a = std::floor(a / (std::numbers::pi / 8.0)) * (std::numbers::pi / 8.0);
      angles.push_back(a);
    }
    std::sort(angles.begin(), angles.end());
    IRing r;
    for (double a : angles) {
      const double rad = rng.real(rmin, rmax);
      const IP p{std::llround(cx + rad * std::cos(a)), std::llround(cy + rad * std::sin(a))};
      if (r.empty() || !(r.back() == p)) r.push_back(p);
    }
    while (r.size() > 1 && r.front() == r.back()) r.pop_back();
    if (r.size() < 3) continue;
    r = addMidpoints(r, 0.15, rng);
    if (ringSimple(r)) return r;
  }
}

}  // namespace

RandomMap randomStarMap(std::uint64_t seed) {
  Rng rng(seed);
  const int g = rng.pick(std::vector<int>{8, 12, 16, 20, 28});
  const IRing outer = randomStarRing(rng, g);
  std::vector<IPoly> polys{{outer, {}}};
  const int holes = rng.integer(0, 4);
  for (int h = 0, tries = 0; h < holes && tries < 60; ++tries) {
    const IRing hole = translate(randomConvex(rng, 4), rng.integer(0, g - 1), rng.integer(0, g - 1));
    if (totalVertices(polys) + static_cast<int>(hole.size()) > 42) continue;
    if (pointInRing(outer, hole[0]) != 1 || !ringsApart(outer, hole)) continue;
    bool ok = true;
    for (const IRing& other : polys[0].holes)
      ok = ok && ringsApart(other, hole) && pointInRing(other, hole[0]) == -1 && pointInRing(hole, other[0]) == -1;
    if (!ok) continue;
    polys[0].holes.push_back(hole);
    ++h;
  }
  if (rng.chance(0.2)) {
    // A second, disjoint walkable area: queries between the two have no path.
    IRing island = translate(randomConvex(rng, 5), g + rng.integer(3, 6), rng.integer(0, g - 1));
    polys.push_back({island, {}});
  }
  return toWorld(polys, seed, "star", rng);
}

// [SECTION] Orthogonal maps

namespace {

// Traces the boundary of the cells where mask is true into rings (mask on the left of
// every directed edge, y up: outer ring counter-clockwise, holes clockwise).
std::vector<IRing> traceLoops(const std::vector<std::vector<char>>& mask, int w, int h) {
  auto in = [&](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h && mask[x][y]; };
  std::map<IP, IP> next;
  auto addEdge = [&](IP a, IP b) {
    if (!next.emplace(a, b).second) throw std::logic_error("traceLoops: two boundary edges leave one corner (a pinch)");
  };
  for (int x = 0; x < w; ++x) {
    for (int y = 0; y < h; ++y) {
      if (!in(x, y)) continue;
      if (!in(x, y - 1)) addEdge({x, y}, {x + 1, y});
      if (!in(x + 1, y)) addEdge({x + 1, y}, {x + 1, y + 1});
      if (!in(x, y + 1)) addEdge({x + 1, y + 1}, {x, y + 1});
      if (!in(x - 1, y)) addEdge({x, y + 1}, {x, y});
    }
  }
  std::vector<IRing> loops;
  while (!next.empty()) {
    IRing loop;
    IP p = next.begin()->first;
    for (;;) {
      auto it = next.find(p);
      if (it == next.end()) break;
      loop.push_back(p);
      p = it->second;
      next.erase(it);
    }
    loops.push_back(std::move(loop));
  }
  return loops;
}

// Drops each straight vertex with probability 1 - keep (corners always stay).
IRing thinCollinear(const IRing& r, double keep, Rng& rng) {
  IRing out;
  for (std::size_t i = 0; i < r.size(); ++i) {
    const IP a = r[(i + r.size() - 1) % r.size()], b = r[i], c = r[(i + 1) % r.size()];
    if (cross3(a, b, c) != 0 || rng.chance(keep)) out.push_back(b);
  }
  return out;
}

}  // namespace

RandomMap randomOrthogonalMap(std::uint64_t seed) {
  Rng rng(seed);
  for (;;) {
    const int w = rng.integer(5, 14), h = rng.integer(5, 14);
    const double density = rng.real(0.08, 0.35);
    std::vector<std::vector<char>> blocked(w, std::vector<char>(h, 0));
    for (auto& col : blocked)
      for (char& c : col) c = rng.chance(density) ? 1 : 0;
    // Sometimes a wall across the grid or a closed frame, so the free cells fall apart into
    // several components (separate polygons, islands inside holes, queries with no path).
    if (rng.chance(0.2)) {
      const bool vertical = rng.chance(0.5);
      const int at = rng.integer(1, (vertical ? w : h) - 2);
      for (int i = 0; i < (vertical ? h : w); ++i) (vertical ? blocked[at][i] : blocked[i][at]) = 1;
    }
    if (rng.chance(0.25)) {
      const int x0 = rng.integer(0, w - 3), y0 = rng.integer(0, h - 3);
      const int x1 = rng.integer(x0 + 2, w - 1), y1 = rng.integer(y0 + 2, h - 1);
      for (int x = x0; x <= x1; ++x) blocked[x][y0] = blocked[x][y1] = 1;
      for (int y = y0; y <= y1; ++y) blocked[x0][y] = blocked[x1][y] = 1;
    }
    auto isBlocked = [&](int x, int y) { return x < 0 || y < 0 || x >= w || y >= h || blocked[x][y]; };
    // Repair diagonal pinches: a 2x2 window whose blocked cells are exactly one diagonal.
    // Both blocked cells of such a window lie inside the grid; unblock one of them.
    for (bool changed = true; changed;) {
      changed = false;
      for (int x = -1; x < w; ++x) {
        for (int y = -1; y < h; ++y) {
          const bool a = isBlocked(x, y), b = isBlocked(x + 1, y), c = isBlocked(x, y + 1), d = isBlocked(x + 1, y + 1);
          if (a == d && b == c && a != b) {
            const bool first = rng.chance(0.5);
            if (a) blocked[first ? x : x + 1][first ? y : y + 1] = 0;
            else blocked[first ? x + 1 : x][first ? y : y + 1] = 0;
            changed = true;
          }
        }
      }
    }
    // 4-connected free components.
    std::vector<std::vector<int>> comp(w, std::vector<int>(h, -1));
    std::vector<int> sizes;
    for (int x = 0; x < w; ++x) {
      for (int y = 0; y < h; ++y) {
        if (blocked[x][y] || comp[x][y] >= 0) continue;
        const int id = static_cast<int>(sizes.size());
        sizes.push_back(0);
        std::vector<std::pair<int, int>> stack{{x, y}};
        comp[x][y] = id;
        while (!stack.empty()) {
          auto [cx, cy] = stack.back();
          stack.pop_back();
          ++sizes[id];
          const int nb[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
          for (const auto& d : nb) {
            const int nx = cx + d[0], ny = cy + d[1];
            if (!isBlocked(nx, ny) && comp[nx][ny] < 0) {
              comp[nx][ny] = id;
              stack.push_back({nx, ny});
            }
          }
        }
      }
    }
    if (sizes.empty()) continue;
    std::vector<int> chosen;
    if (sizes.size() > 1 && rng.chance(0.6)) {
      for (int i = 0; i < static_cast<int>(sizes.size()); ++i) chosen.push_back(i);
    } else {
      chosen.push_back(static_cast<int>(std::max_element(sizes.begin(), sizes.end()) - sizes.begin()));
    }
    const double keep = rng.pick(std::vector<double>{0.0, 0.3, 1.0});
    std::vector<IPoly> polys;
    for (int id : chosen) {
      std::vector<std::vector<char>> mask(w, std::vector<char>(h, 0));
      for (int x = 0; x < w; ++x)
        for (int y = 0; y < h; ++y) mask[x][y] = comp[x][y] == id ? 1 : 0;
      IPoly poly;
      int outers = 0;
      for (const IRing& loop : traceLoops(mask, w, h)) {
        const IRing r = thinCollinear(loop, keep, rng);
        if (area2(r) > 0) {
          poly.outer = r;
          ++outers;
        } else {
          poly.holes.push_back(r);
        }
      }
      if (outers != 1) throw std::logic_error("randomOrthogonalMap: a component traced to " + std::to_string(outers) + " outer rings");
      polys.push_back(std::move(poly));
    }
    if (totalVertices(polys) > 80) continue;  // keeps the O(n^3) oracle fast
    return toWorld(polys, seed, "orthogonal", rng);
  }
}

// [SECTION] Pinch maps

namespace {

// Traces the boundary between the cell set S and its complement, each edge directed with
// the complement on its left and S on its right: counter-clockwise (y up) around a bounded
// complement region, clockwise around a bounded S. Complement cells in [-1, w] x [-1, h]
// are visited; inS decides every cell, inside the grid or not. Where S touches itself
// diagonally, two edges leave one lattice point: `turnRight` takes the one turning towards
// S (the trace follows S's cell around its corner, so the two diagonal S cells get apart
// rings when they are apart components), else the one turning away. `junctions` counts
// such points.
template <class InS>
std::vector<IRing> traceBoundary(InS inS, int w, int h, bool turnRight, int& junctions) {
  std::map<IP, std::vector<IP>> out;
  for (int x = -1; x <= w; ++x) {
    for (int y = -1; y <= h; ++y) {
      if (inS(x, y)) continue;
      if (inS(x, y - 1)) out[{x, y}].push_back({x + 1, y});
      if (inS(x + 1, y)) out[{x + 1, y}].push_back({x + 1, y + 1});
      if (inS(x, y + 1)) out[{x + 1, y + 1}].push_back({x, y + 1});
      if (inS(x - 1, y)) out[{x, y + 1}].push_back({x, y});
    }
  }
  junctions = 0;
  for (const auto& [p, v] : out) junctions += v.size() > 1 ? 1 : 0;
  std::set<std::pair<IP, IP>> used;
  std::vector<IRing> loops;
  for (const auto& [p0, v0] : out) {
    for (const IP& q0 : v0) {
      if (used.count({p0, q0})) continue;
      IRing loop;
      IP p = p0, q = q0;
      for (;;) {
        used.insert({p, q});
        loop.push_back(p);
        const std::vector<IP>& cand = out.at(q);
        IP next = cand[0];
        for (const IP& c : cand) {
          const std::int64_t turn = (q.x - p.x) * (c.y - q.y) - (q.y - p.y) * (c.x - q.x);
          if (cand.size() > 1 && (turn < 0) == turnRight) next = c;
        }
        p = q;
        q = next;
        if (p == p0 && q == q0) break;
      }
      loops.push_back(std::move(loop));
    }
  }
  return loops;
}

// separateLobes: the outer ring is always traced, and where it touches itself the lobes
// become separate polygons touching at a vertex (retried until some do).
RandomMap pinchGrid(std::uint64_t seed, bool separateLobes) {
  Rng rng(seed);
  for (;;) {
    const int w = rng.integer(4, 11), h = rng.integer(4, 11);
    const double density = rng.real(0.12, 0.4);
    std::vector<std::vector<char>> blocked(w, std::vector<char>(h, 0));
    for (auto& col : blocked)
      for (char& c : col) c = rng.chance(density) ? 1 : 0;
    // A few 2x2 windows forced into a diagonal pattern: blocked cells touching at a corner.
    for (int k = rng.integer(1, 4); k > 0; --k) {
      const int x = rng.integer(0, w - 2), y = rng.integer(0, h - 2);
      const char main = rng.chance(0.5) ? 1 : 0;
      blocked[x][y] = blocked[x + 1][y + 1] = main;
      blocked[x + 1][y] = blocked[x][y + 1] = static_cast<char>(1 - main);
    }
    auto inGrid = [&](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h; };
    const int nb[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    // With a frame the outer ring is the grid's border and every blocked cell is in a hole;
    // otherwise the blocked cells 4-connected to the outside shape the outer ring.
    const bool frame = !separateLobes && rng.chance(0.45);
    std::vector<std::vector<char>> ext(w, std::vector<char>(h, 0));
    if (!frame) {
      std::vector<std::pair<int, int>> stack;
      for (int x = 0; x < w; ++x)
        for (int y = 0; y < h; ++y)
          if (blocked[x][y] && (x == 0 || y == 0 || x == w - 1 || y == h - 1)) {
            ext[x][y] = 1;
            stack.push_back({x, y});
          }
      while (!stack.empty()) {
        const auto [cx, cy] = stack.back();
        stack.pop_back();
        for (const auto& d : nb) {
          const int x = cx + d[0], y = cy + d[1];
          if (inGrid(x, y) && blocked[x][y] && !ext[x][y]) {
            ext[x][y] = 1;
            stack.push_back({x, y});
          }
        }
      }
    }
    int freeCells = 0;
    std::vector<std::pair<int, int>> cells;  // blocked cells that go into holes
    for (int x = 0; x < w; ++x)
      for (int y = 0; y < h; ++y) {
        freeCells += blocked[x][y] ? 0 : 1;
        if (blocked[x][y] && !ext[x][y]) cells.push_back({x, y});
      }
    if (freeCells == 0) continue;
    // Random pieces: grown from random cells up to a per-map size, each one hole ring.
    for (std::size_t i = cells.size(); i > 1; --i)
      std::swap(cells[i - 1], cells[static_cast<std::size_t>(rng.integer(0, static_cast<int>(i) - 1))]);
    std::vector<std::vector<int>> piece(w, std::vector<int>(h, -1));
    int pieces = 0;
    const int maxPiece = rng.pick(std::vector<int>{1, 2, 3, 5, 100});
    for (const auto& [x0, y0] : cells) {
      if (piece[x0][y0] >= 0) continue;
      const int id = pieces++;
      piece[x0][y0] = id;
      int size = 1;
      std::vector<std::pair<int, int>> frontier{{x0, y0}};
      while (!frontier.empty() && size < maxPiece) {
        const std::size_t fi = static_cast<std::size_t>(rng.integer(0, static_cast<int>(frontier.size()) - 1));
        const auto [cx, cy] = frontier[fi];
        std::vector<std::pair<int, int>> options;
        for (const auto& d : nb) {
          const int x = cx + d[0], y = cy + d[1];
          if (inGrid(x, y) && blocked[x][y] && !ext[x][y] && piece[x][y] < 0) options.push_back({x, y});
        }
        if (options.empty()) {
          frontier.erase(frontier.begin() + static_cast<std::ptrdiff_t>(fi));
          continue;
        }
        const auto [px, py] = rng.pick(options);
        piece[px][py] = id;
        ++size;
        frontier.push_back({px, py});
      }
    }
    // Trace each piece; one that touches itself or encloses something falls apart into cells.
    std::vector<IRing> holes;
    std::vector<IP> holeCell;  // a cell of each hole, to find its polygon
    for (int id = 0; id < pieces; ++id) {
      std::vector<IP> own;
      for (int x = 0; x < w; ++x)
        for (int y = 0; y < h; ++y)
          if (piece[x][y] == id) own.push_back({x, y});
      int junctions = 0;
      auto loops = traceBoundary([&](int x, int y) { return inGrid(x, y) && piece[x][y] == id; }, w, h, true, junctions);
      if (loops.size() == 1 && junctions == 0) {
        holes.push_back(loops[0]);
        holeCell.push_back(own[0]);
        continue;
      }
      for (const IP& c : own) {
        holes.push_back({{c.x + 1, c.y}, {c.x, c.y}, {c.x, c.y + 1}, {c.x + 1, c.y + 1}});  // clockwise
        holeCell.push_back(c);
      }
    }
    std::vector<IRing> outers;
    if (frame) {
      IRing r;
      for (int x = 0; x < w; ++x) r.push_back({x, 0});
      for (int y = 0; y < h; ++y) r.push_back({w, y});
      for (int x = w; x > 0; --x) r.push_back({x, h});
      for (int y = h; y > 0; --y) r.push_back({0, y});
      outers.push_back(r);
    } else {
      int junctions = 0;
      // Lobes touching at a corner: one ring touching itself, or separate polygons.
      outers = traceBoundary([&](int x, int y) { return !inGrid(x, y) || ext[x][y]; }, w, h, !separateLobes, junctions);
    }
    if (separateLobes) {
      std::vector<IPoly> lobes;
      for (const IRing& o : outers) lobes.push_back({o, {}});
      if (outers.size() < 2 || contactPoints(lobes).empty()) continue;
    }
    const double keep = rng.pick(std::vector<double>{0.0, 0.3, 1.0});
    std::vector<IPoly> polys;
    for (const IRing& o : outers) {
      if (area2(o) <= 0) throw std::logic_error("randomPinchGridMap: a traced outer ring is not counter-clockwise");
      polys.push_back({thinCollinear(o, keep, rng), {}});
    }
    for (std::size_t i = 0; i < holes.size(); ++i) {
      const IP centre{2 * holeCell[i].x + 1, 2 * holeCell[i].y + 1};
      std::size_t k = 0;
      while (k < outers.size() && pointInRingScaled(outers[k], centre, 2) != 1) ++k;
      if (k == outers.size()) throw std::logic_error("randomPinchGridMap: a hole lies in no outer ring");
      polys[k].holes.push_back(thinCollinear(holes[i], keep, rng));
    }
    if (totalVertices(polys) > 80) continue;  // keeps the O(n^3) oracle fast
    if (contactPoints(polys).empty()) continue;
    return toWorld(polys, seed, separateLobes ? "touching polygons (grid)" : "pinch grid", rng, true);
  }
}

}  // namespace

RandomMap randomPinchGridMap(std::uint64_t seed) { return pinchGrid(seed, false); }

namespace {

// Lattice points strictly inside the ring's edges.
std::vector<IP> edgeLatticePoints(const IRing& r) {
  std::vector<IP> out;
  for (std::size_t i = 0; i < r.size(); ++i) {
    const IP a = r[i], b = r[(i + 1) % r.size()];
    const std::int64_t g = std::gcd(std::abs(b.x - a.x), std::abs(b.y - a.y));
    for (std::int64_t k = 1; k < g; ++k) out.push_back({a.x + (b.x - a.x) / g * k, a.y + (b.y - a.y) / g * k});
  }
  return out;
}

// The interiors of two rings (the first one convex) do not overlap; they may touch.
bool interiorsApart(const IRing& convex, const IRing& other) {
  if (!allPointsOf(convex, other, [](int s) { return s <= 0; })) return false;
  if (!allPointsOf(other, convex, [](int s) { return s <= 0; })) return false;
  IP sum{0, 0};
  for (const IP& p : convex) sum = {sum.x + p.x, sum.y + p.y};
  // The centroid is strictly inside the convex ring: it must be strictly outside the other.
  return pointInRingScaled(other, sum, static_cast<std::int64_t>(convex.size())) == -1;
}

// A convex hole may go into the map: inside or on the outer ring, apart from (or touching)
// the other holes, no crossings.
bool holeFits(const IRing& outer, const std::vector<IRing>& holes, const IRing& hole) {
  if (!ringSimple(hole)) return false;
  std::vector<const IRing*> rings{&outer, &hole};
  for (const IRing& o : holes) rings.push_back(&o);
  std::string why;
  if (!noProperCrossings(rings, why)) return false;
  if (!allPointsOf(hole, outer, [](int s) { return s >= 0; })) return false;
  if (!allPointsOf(outer, hole, [](int s) { return s <= 0; })) return false;
  if (std::abs(area2(hole)) >= std::abs(area2(outer))) return false;
  for (const IRing& o : holes)
    if (!interiorsApart(hole, o)) return false;
  return true;
}

// Two closed segments overlap along a piece of positive length.
bool overlapAlong(IP a, IP b, IP c, IP d) {
  if (cross3(a, b, c) != 0 || cross3(a, b, d) != 0) return false;
  const std::int64_t dx = b.x - a.x, dy = b.y - a.y;
  auto proj = [&](IP p) { return (p.x - a.x) * dx + (p.y - a.y) * dy; };
  const std::int64_t lo = std::max<std::int64_t>(0, std::min(proj(c), proj(d)));
  const std::int64_t hi = std::min(dx * dx + dy * dy, std::max(proj(c), proj(d)));
  return lo < hi;
}

// island: add a second convex polygon touching the outer ring from outside at exactly one
// of its vertices (no shared edge), retried until it fits.
RandomMap starPinch(std::uint64_t seed, bool island) {
  Rng rng(seed);
  for (;;) {
    const int g = rng.pick(std::vector<int>{8, 12, 16, 20});
    const IRing outer = randomStarRing(rng, g);
    std::vector<IRing> holes;
    const int want = rng.integer(1, 4);
    for (int tries = 0; static_cast<int>(holes.size()) < want && tries < 80; ++tries) {
      IRing hole = randomConvex(rng, rng.integer(2, 4));
      // Where it goes: anywhere, or one of its vertices on an outer vertex, inside an outer
      // edge, on another hole's vertex, inside another hole's edge.
      const int mode = rng.integer(0, 4);
      if (mode == 0) {
        hole = translate(hole, rng.integer(0, g - 1), rng.integer(0, g - 1));
      } else {
        std::vector<IP> targets;
        if (mode == 1) targets = outer;
        if (mode == 2) targets = edgeLatticePoints(outer);
        for (const IRing& o : holes) {
          if (mode == 3) targets.insert(targets.end(), o.begin(), o.end());
          if (mode == 4) {
            const std::vector<IP> e = edgeLatticePoints(o);
            targets.insert(targets.end(), e.begin(), e.end());
          }
        }
        if (targets.empty()) continue;
        const IP t = rng.pick(targets), v = rng.pick(hole);
        hole = translate(hole, t.x - v.x, t.y - v.y);
      }
      std::size_t n = outer.size() + hole.size();
      for (const IRing& o : holes) n += o.size();
      if (n > 44) continue;
      if (holeFits(outer, holes, hole)) holes.push_back(std::move(hole));
    }
    std::vector<IPoly> polys{{outer, holes}};
    if (island) {
      // A second walkable area touching the outer ring from outside at one of its vertices.
      for (int tries = 0; tries < 30 && polys.size() == 1; ++tries) {
        IRing second = randomConvex(rng, rng.integer(2, 4));
        const IP t = rng.pick(outer), v = rng.pick(second);
        second = translate(second, t.x - v.x, t.y - v.y);
        std::vector<const IRing*> rings{&outer, &second};
        for (const IRing& o : holes) rings.push_back(&o);
        std::string why;
        if (!noProperCrossings(rings, why) || !interiorsApart(second, outer)) continue;
        bool alongEdge = false;
        for (std::size_t i = 0; i < second.size(); ++i)
          for (std::size_t j = 0; j < outer.size(); ++j)
            alongEdge = alongEdge || overlapAlong(second[i], second[(i + 1) % second.size()], outer[j], outer[(j + 1) % outer.size()]);
        if (!alongEdge && contactPoints({{outer, {}}, {second, {}}}).size() == 1) polys.push_back({second, {}});
      }
      if (polys.size() == 1) continue;
    }
    if (contactPoints(polys).empty()) continue;
    return toWorld(polys, seed, island ? "touching polygons (star)" : "pinch star", rng, true);
  }
}

}  // namespace

RandomMap randomStarPinchMap(std::uint64_t seed) { return starPinch(seed, false); }

RandomMap randomTouchingPolygonsMap(std::uint64_t seed) {
  return seed % 2 == 0 ? pinchGrid(seed, true) : starPinch(seed, true);
}

// [SECTION] Queries

std::vector<Query> randomQueries(const RandomMap& map, const Oracle& oracle, std::uint64_t seed, int count) {
  Rng rng(seed);
  const std::vector<Point>& verts = oracle.vertices();
  std::vector<std::pair<Point, Point>> edges;
  for (const Polygon& p : map.polygons) {
    auto add = [&](const Ring& r) {
      for (std::size_t i = 0; i < r.size(); ++i) edges.push_back({r[i], r[(i + 1) % r.size()]});
    };
    add(p.outer);
    for (const Ring& h : p.holes) add(h);
  }
  const double extent = std::max(map.max.x - map.min.x, map.max.y - map.min.y);
  auto draw = [&](std::string& how) -> Point {
    const int kind = rng.integer(0, 9);
    if (kind <= 3) {
      // A point of the 1/8 sub-lattice: inside, or exactly on an edge, never near-but-off.
      const double step = map.unit / 8.0;
      const int nx = static_cast<int>(std::lround((map.max.x - map.min.x) / step));
      const int ny = static_cast<int>(std::lround((map.max.y - map.min.y) / step));
      for (int tries = 0; tries < 200; ++tries) {
        const Point p{map.min.x + step * rng.integer(0, nx), map.min.y + step * rng.integer(0, ny)};
        if (oracle.inRegion(p)) {
          how += "lattice point";
          return p;
        }
      }
    } else if (kind == 6) {
      const auto& e = rng.pick(edges);
      how += "edge midpoint";
      return {(e.first.x + e.second.x) / 2.0, (e.first.y + e.second.y) / 2.0};
    } else if (kind == 7) {
      // An exact point of an edge at a fraction k/8 (exact: lattice differences times k/8).
      const auto& e = rng.pick(edges);
      const double f = rng.integer(1, 7) / 8.0;
      how += "edge point";
      return {e.first.x + (e.second.x - e.first.x) * f, e.first.y + (e.second.y - e.first.y) * f};
    } else if ((kind == 5 || kind == 9) && !map.contacts.empty()) {
      // A point where rings touch (pinch maps only, so the other families draw as before).
      how += "contact point";
      return rng.pick(map.contacts);
    } else if (kind == 8) {
      for (int tries = 0; tries < 200; ++tries) {
        const Point p{rng.real(map.min.x, map.max.x), rng.real(map.min.y, map.max.y)};
        if (oracle.inRegion(p) && oracle.boundaryDistance(p) > 1e-6 * extent) {
          how += "real point";
          return p;
        }
      }
    }
    how += "vertex";
    return rng.pick(verts);
  };
  std::vector<Query> out;
  for (int i = 0; i < count; ++i) {
    Query q;
    q.how = "start: ";
    q.start = draw(q.how);
    if (rng.chance(0.06)) {
      q.goal = q.start;
      q.how += ", goal = start";
    } else {
      q.how += ", goal: ";
      q.goal = draw(q.how);
    }
    out.push_back(std::move(q));
  }
  return out;
}

// [SECTION] Printing

std::string describePoint(Point p) {
  char buf[80];
  std::snprintf(buf, sizeof buf, "[%.17g, %.17g]", p.x, p.y);
  return buf;
}

std::string describePoints(const std::vector<Point>& points) {
  std::string s = "[";
  for (std::size_t i = 0; i < points.size(); ++i) s += (i ? ", " : "") + describePoint(points[i]);
  return s + "]";
}

std::string describeMap(const std::vector<Polygon>& polygons, Point start, Point goal) {
  std::ostringstream s;
  s << "{\"format\": \"polypath-map\", \"version\": 1, \"polygons\": [";
  for (std::size_t i = 0; i < polygons.size(); ++i) {
    s << (i ? ", " : "") << "{\"outer\": " << describePoints(polygons[i].outer) << ", \"holes\": [";
    for (std::size_t h = 0; h < polygons[i].holes.size(); ++h) s << (h ? ", " : "") << describePoints(polygons[i].holes[h]);
    s << "]}";
  }
  s << "], \"start\": " << describePoint(start) << ", \"goal\": " << describePoint(goal) << "}";
  return s.str();
}

}  // namespace polypath::test
