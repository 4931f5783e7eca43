// triangulatePolygon (core/triangulation): the same triangles as GEOS's constrained Delaunay
// triangulation where no four points are cocircular; on lattice maps (every in-circle tie)
// exact cover, every ring edge present and every other edge locally Delaunay, decided in
// integers; pinches, vertices on edges, collinear runs and crossing rings.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <set>

#include "geom/geos_util.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/core/grid_trace.hpp"
#include "polypath/core/triangulation.hpp"
#include "reference/synthetic_maps.hpp"
#include "support/random_grid.hpp"

using namespace polypath;
using polypath::test::randomGrid;

namespace {

using Corner = std::pair<double, double>;
using TriangleKey = std::array<Corner, 3>;

TriangleKey keyOf(Point a, Point b, Point c) {
  TriangleKey k{Corner{a.x, a.y}, Corner{b.x, b.y}, Corner{c.x, c.y}};
  std::sort(k.begin(), k.end());
  return k;
}

std::set<TriangleKey> ours(const Polygon& poly) {
  const Triangulation t = triangulatePolygon(poly);
  std::set<TriangleKey> out;
  for (const auto& tri : t.triangles) out.insert(keyOf(t.vertices[tri[0]], t.vertices[tri[1]], t.vertices[tri[2]]));
  return out;
}

/// GEOS's constrained Delaunay triangles of the polygon; false when GEOS fails on it.
bool geosTriangles(const Polygon& poly, std::set<TriangleKey>& out) {
  geos::Context ctx;
  const geos::Geometry g = geos::polygon(ctx, poly);
  if (!g) return false;
  const geos::Geometry tris = geos::own(ctx, GEOSConstrainedDelaunayTriangulation_r(ctx.handle(), g.get()));
  if (!tris) return false;
  for (int i = 0; i < GEOSGetNumGeometries_r(ctx.handle(), tris.get()); ++i) {
    const GEOSGeometry* t = GEOSGetGeometryN_r(ctx.handle(), tris.get(), i);
    const std::vector<Point> c = geos::coordinates(ctx, GEOSGetExteriorRing_r(ctx.handle(), t));
    if (c.size() != 4) return false;
    out.insert(keyOf(c[0], c[1], c[2]));
  }
  return true;
}

/// Checks, in exact integer arithmetic (lattice coordinates only), that the triangles are
/// counter-clockwise, cover the polygon's area, hold every ring edge (as a run of collinear
/// triangle edges) and that every edge that is not on a ring is locally Delaunay: the
/// vertex across it is not strictly inside the circumcircle. Returns the number of
/// interior edges checked.
std::size_t checkLatticeCdt(const Polygon& poly) {
  const Triangulation t = triangulatePolygon(poly);
  __extension__ typedef __int128 I;
  auto ip = [&](int v) { return std::pair<I, I>{static_cast<I>(t.vertices[v].x), static_cast<I>(t.vertices[v].y)}; };
  for (const Point& p : t.vertices) REQUIRE((p.x == std::floor(p.x) && p.y == std::floor(p.y)));
  const double area = twiceArea(poly);
  double covered = 0.0;
  std::map<std::pair<int, int>, std::vector<int>> opposite;  // undirected edge -> vertices across it
  for (const auto& tri : t.triangles) {
    const double o = cross(t.vertices[tri[1]] - t.vertices[tri[0]], t.vertices[tri[2]] - t.vertices[tri[0]]);
    REQUIRE(o > 0);
    covered += o;
    for (int i = 0; i < 3; ++i) {
      const int a = tri[(i + 1) % 3], b = tri[(i + 2) % 3];
      opposite[{std::min(a, b), std::max(a, b)}].push_back(tri[i]);
    }
  }
  CHECK(covered == area);
  // Ring edges: the triangle edges lying on the ring's segments add up to the ring's length.
  std::map<Corner, int> id;
  for (std::size_t v = 0; v < t.vertices.size(); ++v) id[{t.vertices[v].x, t.vertices[v].y}] = static_cast<int>(v);
  std::set<std::pair<int, int>> wall;
  auto onRing = [&](const Ring& r) {
    for (std::size_t i = 0; i < r.size(); ++i) {
      const Point a = r[i], b = r[(i + 1) % r.size()];
      for (const auto& [edge, across] : opposite) {
        const Point p = t.vertices[edge.first], q = t.vertices[edge.second];
        if (onSegment(a, b, p) && onSegment(a, b, q)) wall.insert(edge);
      }
    }
  };
  onRing(poly.outer);
  for (const Ring& h : poly.holes) onRing(h);
  double ring_length = 0.0, wall_length = 0.0;
  auto addLength = [&](const Ring& r) {
    for (std::size_t i = 0; i < r.size(); ++i) ring_length += distance(r[i], r[(i + 1) % r.size()]);
  };
  addLength(poly.outer);
  for (const Ring& h : poly.holes) addLength(h);
  for (const auto& e : wall) {
    wall_length += distance(t.vertices[e.first], t.vertices[e.second]);
    CHECK(opposite[e].size() == 1);  // a wall has a triangle on one side only
  }
  CHECK(wall_length == Approx(ring_length).epsilon(1e-12));
  // Neighbours: across each edge the triangle holding it reversed, -1 exactly on the walls.
  REQUIRE(t.neighbours.size() == t.triangles.size());
  for (std::size_t k = 0; k < t.triangles.size(); ++k)
    for (int i = 0; i < 3; ++i) {
      const int a = t.triangles[k][i], b = t.triangles[k][(i + 1) % 3], n = t.neighbours[k][i];
      CHECK((n < 0) == (wall.count({std::min(a, b), std::max(a, b)}) == 1));
      if (n < 0) continue;
      const auto& o = t.triangles[n];
      bool reversed = false;
      for (int j = 0; j < 3; ++j) reversed = reversed || (o[j] == b && o[(j + 1) % 3] == a);
      CHECK(reversed);
    }
  std::size_t checked = 0;
  for (const auto& [edge, across] : opposite) {
    if (wall.count(edge)) continue;
    REQUIRE(across.size() == 2);
    // Circumcircle of (a, b, c) counter-clockwise against d.
    int a = edge.first, b = edge.second, c = across[0];
    if (orient(t.vertices[a], t.vertices[b], t.vertices[c]) < 0) std::swap(a, b);
    const auto [ax, ay] = ip(a);
    const auto [bx, by] = ip(b);
    const auto [cx, cy] = ip(c);
    const auto [dx, dy] = ip(across[1]);
    const I adx = ax - dx, ady = ay - dy, bdx = bx - dx, bdy = by - dy, cdx = cx - dx, cdy = cy - dy;
    const I det = (adx * adx + ady * ady) * (bdx * cdy - cdx * bdy) + (bdx * bdx + bdy * bdy) * (cdx * ady - adx * cdy) +
                  (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady);
    CHECK(det <= 0);
    ++checked;
  }
  return checked;
}

}  // namespace

TEST_CASE("triangulation: the same triangles as GEOS's constrained Delaunay triangulation on random convex fields",
          "[triangulation]") {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const PolygonMap map(reference::syntheticMap(reference::Family::Convex, 150 + 40 * static_cast<int>(seed), seed));
    for (const Polygon& poly : map.polygons()) {
      std::set<TriangleKey> want;
      if (!geosTriangles(poly, want)) continue;  // GEOS 3.11's hole joiner fails on some
      INFO("seed " << seed);
      const std::set<TriangleKey> got = ours(poly);
      CHECK(got.size() == ringVertexCount(poly) + 2 * poly.holes.size() - 2);
      CHECK(got == want);
      ++compared;
    }
  }
  CHECK(compared >= 8);
}

TEST_CASE("triangulation: lattice maps traced from random grids are exact constrained Delaunay triangulations",
          "[triangulation]") {
  std::size_t interior = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    // Diagonal contacts between blocked cells make pinches; long walls make collinear runs.
    const PolygonMap map(traceGrid(randomGrid(24, 18, 0.3, seed)));
    for (const Polygon& poly : map.polygons()) interior += checkLatticeCdt(poly);
  }
  CHECK(interior > 500);
}

TEST_CASE("triangulation: pinches, a vertex on another ring's edge and collinear runs", "[triangulation]") {
  SECTION("two holes touching at a vertex: one vertex, both wedges closed") {
    const Polygon poly{{{0, 0}, {10, 0}, {10, 10}, {0, 10}},
                       {{{3, 3}, {5, 3}, {5, 5}, {3, 5}}, {{5, 5}, {7, 5}, {7, 7}, {5, 7}}}};
    const Triangulation t = triangulatePolygon(poly);
    CHECK(t.vertices.size() == 11);  // 12 ring vertices, (5, 5) shared
    checkLatticeCdt(poly);
  }
  SECTION("a hole's vertex on the outer ring's edge splits it") {
    const Polygon poly{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{4, 0}, {6, 2}, {4, 4}, {2, 2}}}};
    const Triangulation t = triangulatePolygon(poly);
    CHECK(t.vertices.size() == 8);  // (4, 0) splits the outer ring's bottom edge
    checkLatticeCdt(poly);
  }
  SECTION("a square drawn with every unit point on its walls") {
    Ring r;
    for (int x = 0; x < 8; ++x) r.push_back({double(x), 0});
    for (int y = 0; y < 8; ++y) r.push_back({8, double(y)});
    for (int x = 8; x > 0; --x) r.push_back({double(x), 8});
    for (int y = 8; y > 0; --y) r.push_back({0, double(y)});
    const Polygon poly{r, {}};
    CHECK(triangulatePolygon(poly).triangles.size() == r.size() - 2);
    checkLatticeCdt(poly);
  }
}

TEST_CASE("triangulation: crossing rings are refused with the polygon named", "[triangulation]") {
  const Polygon poly{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{8, 4}, {12, 4}, {12, 6}, {8, 6}}}};
  RingLocation where;
  where.polygon = 3;
  try {
    triangulatePolygon(poly, where);
    FAIL("no error");
  } catch (const GeometryError& e) {
    CHECK(e.where().polygon == 3);
    CHECK(std::string(e.what()).find("ring edges cross") != std::string::npos);
  }
  const Polygon nan{{{0, 0}, {10, 0}, {std::nan(""), 10}}, {}};
  CHECK_THROWS_AS(triangulatePolygon(nan), GeometryError);
}
