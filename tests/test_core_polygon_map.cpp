// PolygonMap: normalization, reflex vertices, normals, point location, line of sight.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "polypath/core/polygon_map.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "support/random_maps.hpp"

using namespace polypath;

namespace {

Polygon seedDemo() {
  return {{{3, 15}, {3, 3}, {24, 3}, {24, 8}, {6, 8}, {6, 10}, {24, 10}, {24, 24}, {15, 24}, {15, 17}, {21, 17}, {21, 15}},
          {}};
}

std::vector<Point> reflexPositions(const PolygonMap& m) {
  std::vector<Point> out;
  for (int v : m.reflexVertices()) out.push_back(m.vertices()[v].position);
  std::sort(out.begin(), out.end(), [](Point a, Point b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
  return out;
}

// Square 0..20 with the hole of shared case 01: a rectangle with a bump on top.
Polygon collinearRunMap() {
  return {{{0, 0}, {20, 0}, {20, 20}, {0, 20}},
          {{{5, 10}, {8, 10}, {8, 12}, {12, 12}, {12, 10}, {15, 10}, {15, 6}, {5, 6}}}};
}

// locate() by the definition, ring after ring over every edge (ray casting to the right,
// edges half-open in y): the verdict the grid's row must reproduce.
PointLocation locateEveryRing(const PolygonMap& m, Point p) {
  auto side = [&](const PolygonMap::RingInfo& ring) {
    bool inside = false;
    for (int k = 0; k < ring.count; ++k) {
      const PolygonMap::Vertex& v = m.vertices()[ring.first + k];
      const Point a = v.position, b = m.vertices()[v.next].position;
      if (onSegment(a, b, p)) return 0;
      if ((a.y > p.y) != (b.y > p.y) && ((b.y > a.y) ? orient(a, b, p) > 0 : orient(a, b, p) < 0)) inside = !inside;
    }
    return inside ? 1 : -1;
  };
  PointLocation best;
  for (std::size_t r = 0; r < m.rings().size(); ++r) {
    const PolygonMap::RingInfo& ring = m.rings()[r];
    if (ring.hole >= 0) continue;
    const int outer = side(ring);
    if (outer < 0) continue;
    PointLocation loc{outer == 0 ? PointLocation::Kind::OnBoundary : PointLocation::Kind::Inside, ring.polygon, -1};
    const int holes = static_cast<int>(m.polygons()[ring.polygon].holes.size());
    for (int h = 0; outer > 0 && h < holes; ++h) {
      const int hs = side(m.rings()[r + 1 + h]);
      if (hs > 0) {
        loc = {PointLocation::Kind::InHole, ring.polygon, h};
        break;
      }
      if (hs == 0) loc.kind = PointLocation::Kind::OnBoundary;
    }
    if (loc.walkable()) return loc;
    best = loc;
  }
  return best;
}

}  // namespace

TEST_CASE("locate reads one grid row and gives the verdict of testing every ring", "[polygon_map]") {
  using namespace polypath::test;
  std::vector<std::vector<Polygon>> maps;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    maps.push_back(randomStarMap(seed).polygons);
    maps.push_back(randomOrthogonalMap(seed).polygons);
    maps.push_back(randomPinchGridMap(seed).polygons);
    maps.push_back(randomStarPinchMap(seed).polygons);
    maps.push_back(randomTouchingPolygonsMap(seed).polygons);
  }
  // Overlapping polygons (not a valid map, still located), an island in a hole, and a row of
  // 40 holes (more rings on one row than locate keeps, so it tests every ring instead).
  maps.push_back({{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{2, 2}, {4, 2}, {4, 4}, {2, 4}}}},
                  {{{3, 3}, {14, 3}, {14, 8}, {3, 8}}, {}},
                  {{{2.5, 2.5}, {3.5, 2.5}, {3.5, 3.5}, {2.5, 3.5}}, {}}});
  Polygon row{{{0, 0}, {161, 0}, {161, 4}, {0, 4}}, {}};
  for (int i = 0; i < 40; ++i) row.holes.push_back({{4.0 * i + 1, 1}, {4.0 * i + 3, 1}, {4.0 * i + 3, 3}, {4.0 * i + 1, 3}});
  maps.push_back({row});
  int points = 0, walkable = 0, in_hole = 0, on_boundary = 0;
  for (const auto& polygons : maps) {
    const PolygonMap m(polygons);
    std::vector<Point> probes;
    for (const auto& v : m.vertices()) {
      const Point a = v.position, b = m.vertices()[v.next].position;
      probes.push_back(a);
      probes.push_back({(a.x + b.x) / 2, (a.y + b.y) / 2});
      probes.push_back({a.x + 0.3, a.y - 0.2});
    }
    const PolygonMap::Bounds b = m.bounds();
    for (double y = b.min.y - 1; y <= b.max.y + 1; y += (b.max.y - b.min.y) / 37)
      for (double x = b.min.x - 1; x <= b.max.x + 1; x += (b.max.x - b.min.x) / 23) probes.push_back({x, y});
    for (const Point p : probes) {
      const PointLocation want = locateEveryRing(m, p);
      const PointLocation got = m.locate(p);
      INFO(describeMap(polygons, p, p) << "\npoint " << describePoint(p) << ": " << want.describe());
      REQUIRE(got.kind == want.kind);
      REQUIRE(got.polygon == want.polygon);
      REQUIRE(got.hole == want.hole);
      ++points;
      walkable += want.walkable();
      in_hole += want.kind == PointLocation::Kind::InHole;
      on_boundary += want.kind == PointLocation::Kind::OnBoundary;
    }
  }
  CHECK(points > 20000);
  CHECK(walkable > points / 4);
  CHECK(in_hole > 100);
  CHECK(on_boundary > 1000);
  CHECK(PolygonMap().locate({0, 0}).kind == PointLocation::Kind::Outside);
  CHECK(PolygonMap({seedDemo()}).locate({NAN, 5}).kind == PointLocation::Kind::Outside);
}

TEST_CASE("reflex vertices do not depend on the input winding", "[polygon_map]") {
  Polygon ccw = seedDemo();
  Polygon cw = seedDemo();
  std::reverse(cw.outer.begin(), cw.outer.end());
  const std::vector<Point> expected = {{6, 8}, {6, 10}, {21, 15}, {21, 17}};
  CHECK(reflexPositions(PolygonMap({ccw})) == expected);
  CHECK(reflexPositions(PolygonMap({cw})) == expected);
}

TEST_CASE("reflex vertices of holes are the hole's convex corners", "[polygon_map]") {
  Polygon p{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{3, 3}, {7, 3}, {7, 7}, {3, 7}}}};
  for (bool reverseHole : {false, true}) {
    if (reverseHole) std::reverse(p.holes[0].begin(), p.holes[0].end());
    const PolygonMap m({p});
    CHECK(reflexPositions(m) == std::vector<Point>{{3, 3}, {3, 7}, {7, 3}, {7, 7}});
  }
}

TEST_CASE("duplicate and closing vertices are dropped, collinear vertices are not reflex", "[polygon_map]") {
  const PolygonMap m({{{{0, 0}, {5, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 0}}, {}}});
  REQUIRE(m.vertices().size() == 5);  // (5,0) kept once as a straight vertex
  CHECK(m.reflexVertices().empty());
  for (const auto& v : m.vertices()) {
    CHECK(std::isfinite(v.vertex_normal.x));
    CHECK(std::abs(length(v.vertex_normal) - 1.0) < 1e-12);
  }
}

TEST_CASE("bad rings are refused with the ring named", "[polygon_map]") {
  CHECK_THROWS_WITH(PolygonMap({{{{0, 0}, {1, 0}, {0, 0}}, {}}}),
                    Catch::Contains("polygon 0, outer ring") && Catch::Contains("fewer than 3"));
  CHECK_THROWS_WITH(PolygonMap({{{{0, 0}, {1, 0}, {2, 0}}, {}}}), Catch::Contains("zero area"));
  CHECK_THROWS_WITH(PolygonMap({{{{0, 0}, {1, 0}, {1, 1}}, {{{0.2, 0.1}, {NAN, 0.1}, {0.5, 0.5}}}}}),
                    Catch::Contains("hole 0, vertex 1") && Catch::Contains("NaN"));
}

TEST_CASE("edge normals point into the walkable region, vertex normals bisect them", "[polygon_map]") {
  const PolygonMap m({seedDemo()});
  for (const auto& v : m.vertices()) {
    const Point mid = (v.position + m.vertices()[v.next].position) * 0.5;
    CHECK(m.locate(mid + v.edge_normal * 0.01).kind == PointLocation::Kind::Inside);
    CHECK(m.locate(mid - v.edge_normal * 0.01).kind == PointLocation::Kind::Outside);
  }
  // The reflex corner (6,8) between the edges (24,8)->(6,8) and (6,8)->(6,10).
  const auto it = std::find_if(m.vertices().begin(), m.vertices().end(),
                               [](const auto& v) { return v.position == Point{6, 8}; });
  REQUIRE(it != m.vertices().end());
  CHECK(it->vertex_normal.x == Approx(-std::sqrt(0.5)).margin(1e-15));
  CHECK(it->vertex_normal.y == Approx(-std::sqrt(0.5)).margin(1e-15));
}

TEST_CASE("locate treats every edge, including top and right ones, as walkable", "[polygon_map]") {
  const PolygonMap m({{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{4, 4}, {6, 4}, {6, 6}, {4, 6}}}}});
  CHECK(m.locate({5, 10}).kind == PointLocation::Kind::OnBoundary);
  CHECK(m.locate({10, 5}).kind == PointLocation::Kind::OnBoundary);
  CHECK(m.locate({0, 0}).kind == PointLocation::Kind::OnBoundary);
  CHECK(m.locate({6, 5}).kind == PointLocation::Kind::OnBoundary);
  CHECK(m.locate({1, 1}).kind == PointLocation::Kind::Inside);
  const PointLocation inHole = m.locate({5, 5});
  CHECK(inHole.kind == PointLocation::Kind::InHole);
  CHECK(inHole.describe() == "inside hole 0 of polygon 0");
  CHECK(m.locate({11, 5}).describe() == "outside every polygon");
}

TEST_CASE("line of sight may run along edges and touch vertices but never enter a hole", "[polygon_map]") {
  const PolygonMap m({collinearRunMap()});
  // y = 10 touches (5,10), runs along the hole's top edges and crosses the bump (8..12).
  CHECK_FALSE(m.lineOfSight({2, 10}, {18, 10}));
  CHECK(m.lineOfSight({2, 10}, {8, 10}));    // along the top edge up to the bump's corner
  CHECK(m.lineOfSight({12, 10}, {18, 10}));  // from the bump's other corner along the edge
  CHECK_FALSE(m.lineOfSight({8, 10}, {12, 10}));  // through the bump
  CHECK(m.lineOfSight({8, 12}, {12, 12}));         // along the bump's top edge
  CHECK(m.lineOfSight({2, 12}, {18, 12}));         // the top edge's line, continued on both sides
  CHECK(m.lineOfSight({2, 14}, {18, 12}));         // passes above the bump (y = 12.75 at x = 12)
  CHECK_FALSE(m.lineOfSight({2, 13}, {18, 11}));   // y = 11.75 at x = 12: inside the bump
  CHECK(m.lineOfSight({6, 10}, {10, 14}));         // grazes the bump's corner (8,12)
  CHECK_FALSE(m.lineOfSight({6, 14}, {10, 10}));   // through the corner (8,12) into the bump
  CHECK(m.lineOfSight({0, 0}, {20, 0}));           // along the outer edge, endpoints on corners
  CHECK_FALSE(m.lineOfSight({0, 0}, {20, 20}));    // the diagonal crosses the hole
  CHECK(m.lineOfSight({5, 5}, {5, 5}));            // a point sees itself
}

TEST_CASE("a pinch point splits into one corner per free wedge", "[polygon_map]") {
  // Two square holes meeting at (6,6): the free directions there are two quadrants.
  const PolygonMap m({{{{0, 0}, {12, 0}, {12, 12}, {0, 12}},
                       {{{3, 3}, {6, 3}, {6, 6}, {3, 6}}, {{{6, 6}, {9, 6}, {9, 9}, {6, 9}}}}}});
  int atPinch = 0;
  for (const auto& c : m.corners()) {
    if (c.position != Point{6, 6}) continue;
    ++atPinch;
    CHECK(c.pinch);
    CHECK_FALSE(c.reflex);  // each wedge is a right angle
  }
  CHECK(atPinch == 2);
  CHECK_FALSE(m.lineOfSight({8, 4}, {4, 8}));  // through the pinch, from one wedge to the other
  CHECK(m.lineOfSight({8, 4}, {6, 6}));        // to the pinch point itself
  CHECK_FALSE(m.lineOfSight({7, 5}, {5, 7}));
  CHECK(m.lineOfSight({6, 6}, {10, 2}));       // out of it within one wedge
}

TEST_CASE("a hole corner on an outer edge is inserted as a vertex of that edge", "[polygon_map]") {
  // Case 04 of shared/cases: the triangle's corner (0,6) lies inside the outer edge x = 0.
  const PolygonMap m({{{{0, 0}, {16, 0}, {16, 12}, {0, 12}}, {{{0, 6}, {4, 4}, {4, 8}}}}});
  CHECK(m.polygons()[0].outer.size() == 5);
  CHECK_FALSE(m.lineOfSight({1, 5}, {1, 7}));  // crosses the triangle
  CHECK(m.lineOfSight({2, 2}, {0, 6}));         // reaching the contact point is fine
  CHECK_FALSE(m.lineOfSight({0, 0}, {0, 12}));          // along the wall through the pinch
}

TEST_CASE("a hole that shares edges with the outer ring leaves zero-width gaps closed", "[polygon_map]") {
  // Case 02: the hole spans the full width; its left and right sides lie on the outer ring.
  const PolygonMap m({{{{0, 0}, {12, 0}, {12, 10}, {0, 10}}, {{{0, 4}, {12, 4}, {12, 6}, {0, 6}}}}});
  CHECK(m.reflexCorners().empty());
  CHECK_FALSE(m.lineOfSight({0, 2}, {0, 8}));
  CHECK_FALSE(m.lineOfSight({0, 4}, {0, 6}));
  CHECK(m.lineOfSight({0, 0}, {0, 4}));
}

TEST_CASE("nearestWalkable snaps outside points onto the boundary", "[polygon_map]") {
  // Case 31 of shared/cases: an L; the goal (8,6) is outside, above the edge y = 4.
  const PolygonMap m({{{{0, 0}, {10, 0}, {10, 4}, {4, 4}, {4, 10}, {0, 10}}, {{{1, 1}, {3, 1}, {3, 3}, {1, 3}}}}});
  CHECK(m.nearestWalkable({8, 6}) == Point{8, 4});
  CHECK(distance(m.nearestWalkable({2, 2}), {2, 2}) == 1.0);  // centre of the hole: any side, distance 1
  CHECK(m.nearestWalkable({2, 2.5}) == Point{2, 3});
  CHECK(m.nearestWalkable({0.5, 0.5}) == Point{0.5, 0.5});  // already walkable
  // A slanted edge: the rounded projection must still be walkable.
  const PolygonMap tri({{{{0, 0}, {10, 0.3}, {3.7, 9.1}}, {}}});
  for (int i = 0; i < 200; ++i) {
    const Point outside{-5.0 + 0.1 * i, 9.5 - 0.03 * i};
    CHECK(tri.isWalkable(tri.nearestWalkable(outside)));
  }
}

TEST_CASE("separate polygons sharing a wall: each side is walkable, crossing it is not", "[polygon_map]") {
  const PolygonMap m({{{{0, 0}, {5, 0}, {5, 5}, {0, 5}}, {}}, {{{5, 1}, {10, 1}, {10, 4}, {5, 4}}, {}}});
  CHECK(m.lineOfSight({5, 2}, {9, 2}));       // from a point on the shared wall into polygon 1
  CHECK(m.lineOfSight({5, 2}, {1, 2}));       // ... or into polygon 0
  CHECK(m.lineOfSight({5, 1.5}, {5, 3.5}));   // along the wall: it is each polygon's boundary
  CHECK_FALSE(m.lineOfSight({1, 2}, {9, 2}));  // from one polygon into the other
  const VisibilityGraph graph(m);
  const Path path = findPath(graph, {5, 2}, {9, 2});
  REQUIRE(path.found);
  CHECK(path.length == 4.0);
  CHECK_FALSE(findPath(graph, {1, 2}, {9, 2}).found);
}

TEST_CASE("coordinates too large for exact products are refused, not mishandled", "[polygon_map]") {
  CHECK_THROWS_WITH(PolygonMap({{{{-1e308, 0}, {1e308, 1}, {0, 0}}, {}}}),
                    Catch::Contains("polygon 0, outer ring, vertex 0") && Catch::Contains("beyond 1e100"));
  CHECK_NOTHROW(PolygonMap({{{{-1e99, 0}, {1e99, 1}, {0, 1e99}}, {}}}));
}
