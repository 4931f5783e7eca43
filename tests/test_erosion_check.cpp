// test_erosion_check.cpp: eroded areas are checked against invariants (erosion_check.hpp)
// and a refused erosion is recomputed in the map's frame, then with Clipper. The failure
// kinds of public reports, on our own maps at coordinates up to 1e7: GEOS's buffer emptying
// a nearly triangular area with extra vertices near its apexes (libgeos/geos#984), and
// holes that vanish instead of growing (libgeos/geos#1125, AngusJohnson/Clipper2#533).
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "geom/clipper_offset.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/geom/erosion_check.hpp"
#include "support/run_cli.hpp"
#include "support/segment_distance.hpp"
#include "support/temp_dir.hpp"

using namespace polypath;
using Catch::Matchers::Contains;

namespace {

double ringArea(const Ring& r) {
  double a = 0.0;
  for (std::size_t i = 0, j = r.size() - 1; i < r.size(); j = i++) a += cross(r[j], r[i]);
  return std::fabs(a) / 2.0;
}

// Area of polygons whose coordinates are near `origin` (subtracted first, for precision).
double areaNear(const std::vector<Polygon>& polygons, Point origin) {
  double a = 0.0;
  for (const Polygon& p : polygons) {
    Ring outer = p.outer;
    for (Point& v : outer) v = v - origin;
    a += ringArea(outer);
    for (Ring h : p.holes) {
      for (Point& v : h) v = v - origin;
      a -= ringArea(h);
    }
  }
  return a;
}

double perimeter(const Ring& r) {
  double l = 0.0;
  for (std::size_t i = 0, j = r.size() - 1; i < r.size(); j = i++) l += distance(r[j], r[i]);
  return l;
}

Ring translated(Ring r, Point by) {
  for (Point& v : r) v = v + by;
  return r;
}

// Our geos#984-kind map: the triangle (0, 0), (88, -17), (-8, -157) with each corner cut
// by a short edge (1 and 1.3 along its two sides): a convex hexagon of inradius about 33
// whose three short edges are nearly collinear with nothing, but sit at the apexes.
Ring truncatedTriangle(Point offset) {
  const Point t[3] = {{0, 0}, {88, -17}, {-8, -157}};
  Ring ring;
  for (int k = 0; k < 3; ++k) {
    const Point a = t[k], prev = t[(k + 2) % 3], next = t[(k + 1) % 3];
    ring.push_back(offset + a + (prev - a) * (1.0 / distance(prev, a)));
    ring.push_back(offset + a + (next - a) * (1.3 / distance(next, a)));
  }
  return ring;
}

// The erosion of a convex polygon by d, independently: its edges' inner half-planes moved
// in by d, intersected (Sutherland-Hodgman), in coordinates relative to `origin`.
Ring convexErosion(const Ring& convex, double d, Point origin) {
  Ring local;
  for (const Point& v : convex) local.push_back(v - origin);
  const double sign = [&] {
    double a = 0.0;
    for (std::size_t i = 0, j = local.size() - 1; i < local.size(); j = i++) a += cross(local[j], local[i]);
    return a > 0.0 ? 1.0 : -1.0;  // counter-clockwise: the inside is left of each edge
  }();
  Ring out = local;
  for (std::size_t i = 0, j = local.size() - 1; i < local.size(); j = i++) {
    const Point a = local[j], b = local[i];
    const Point dir = (b - a) * (1.0 / distance(a, b));
    const auto side = [&](Point p) { return sign * cross(dir, p - a) - d; };  // >= 0: kept
    Ring next;
    for (std::size_t k = 0, m = out.size() - 1; k < out.size(); m = k++) {
      const Point p = out[m], q = out[k];
      const double sp = side(p), sq = side(q);
      if ((sp >= 0.0) != (sq >= 0.0)) next.push_back(p + (q - p) * (sp / (sp - sq)));
      if (sq >= 0.0) next.push_back(q);
    }
    out = next;
  }
  return out;
}

// The least distance from the eroded region's vertices to the original walls.
double leastWallDistance(const std::vector<Polygon>& eroded, const Polygon& original) {
  double least = INFINITY;
  const auto walls = [&](Point p) {
    double d = INFINITY;
    const auto ring = [&](const Ring& r) {
      for (std::size_t i = 0, j = r.size() - 1; i < r.size(); j = i++) d = std::min(d, static_cast<double>(test::pointSegmentDistance(p, r[j], r[i])));
    };
    ring(original.outer);
    for (const Ring& h : original.holes) ring(h);
    return d;
  };
  for (const Polygon& p : eroded) {
    for (const Point& v : p.outer) least = std::min(least, walls(v));
    for (const Ring& h : p.holes)
      for (const Point& v : h) least = std::min(least, walls(v));
  }
  return least;
}

const Polygon kSquare{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {}};
const Polygon kEightSquare{{{1, 1}, {9, 1}, {9, 9}, {1, 9}}, {}};

ErosionBounds roundBounds(double d) {
  ErosionBounds b;
  b.distance = d;
  b.clearance = d * std::cos(std::numbers::pi / 32.0);  // 8 segments
  b.tolerance = 1e-9;
  return b;
}

}  // namespace

TEST_CASE("checkErosion accepts a right erosion and names the invariant a wrong one breaks", "[erosion]") {
  const ErosionBounds b = roundBounds(1.0);
  CHECK(checkErosion(kSquare, {kEightSquare}, b).ok);

  SECTION("empty, while the area is large") {
    const ErosionCheck c = checkErosion(kSquare, {}, b);
    CHECK_FALSE(c.ok);
    CHECK_THAT(c.problem, Contains("area is 0") && Contains("keeps at least 59.59999"));
  }
  SECTION("empty, while the area's inscribed circle holds the disc (the band bound says nothing)") {
    // 10 x 2.4: the band bound 24 - 1.01 * 24.8 is negative, but the inradius is 1.2 > 1.
    const ErosionCheck c = checkErosion({{{0, 0}, {10, 0}, {10, 2.4}, {0, 2.4}}, {}}, {}, b);
    CHECK_FALSE(c.ok);
    CHECK_THAT(c.problem, Contains("the eroded region is empty") && Contains("largest inscribed circle"));
  }
  SECTION("empty, and rightly so: a 1.5 x 1.5 square has inradius 0.75 < 1") {
    CHECK(checkErosion({{{0, 0}, {1.5, 0}, {1.5, 1.5}, {0, 1.5}}, {}}, {}, b).ok);
  }
  SECTION("closer to the walls than the clearance") {
    const ErosionCheck c = checkErosion(kSquare, {{{{0.5, 0.5}, {9.5, 0.5}, {9.5, 9.5}, {0.5, 9.5}}, {}}}, b);
    CHECK_FALSE(c.ok);
    CHECK_THAT(c.problem, Contains("comes within 0.5 of a wall"));
  }
  SECTION("outside the area (and far from its walls)") {
    const ErosionCheck c = checkErosion(kSquare, {{{{12, 12}, {15, 12}, {15, 15}, {12, 15}}, {}}}, b);
    CHECK_FALSE(c.ok);
    CHECK_THAT(c.problem, Contains("reaches outside the area"));
  }
  SECTION("half of it missing: less area than the band along the walls allows") {
    // area 100, walls 40: at least 100 - 1.01 * 40 = 59.6 stays; 8 x 4 = 32 is too little.
    const ErosionCheck c = checkErosion(kSquare, {{{{1, 1}, {9, 1}, {9, 5}, {1, 5}}, {}}}, b);
    CHECK_FALSE(c.ok);
    CHECK_THAT(c.problem, Contains("area is 32") && Contains("keeps at least 59.59999"));
  }
  SECTION("a hole that vanished instead of growing (geos#1125 / Clipper2#533 kind)") {
    const Polygon with_hole{kSquare.outer, {{{4, 4}, {6, 4}, {6, 6}, {4, 6}}}};
    const ErosionCheck c = checkErosion(with_hole, {kEightSquare}, b);
    CHECK_FALSE(c.ok);
    CHECK_THAT(c.problem, Contains("hole 0 of the area shrank or vanished"));
    // The same hole grown by 1 with mitred (square) corners is right.
    ErosionBounds mitre = b;
    mitre.style.joins = ClearanceJoins::Mitre;
    mitre.clearance = 1.0;
    CHECK(checkErosion(with_hole, {{kEightSquare.outer, {{{3, 3}, {7, 3}, {7, 7}, {3, 7}}}}}, mitre).ok);
  }
  SECTION("not a valid polygon") {
    const ErosionCheck c = checkErosion(kSquare, {{{{1, 1}, {9, 9}, {9, 1}, {1, 9}}, {}}}, b);
    CHECK_FALSE(c.ok);
    CHECK_THAT(c.problem, Contains("not valid"));
  }
}

TEST_CASE("chooseErosion falls back engine by engine and records why each was refused", "[erosion]") {
  const ErosionBounds b = roundBounds(1.0);
  std::vector<ErosionEngine> asked;
  SECTION("GEOS empties the area, the map frame throws, Clipper is right") {
    const ErosionChoice c = chooseErosion(kSquare, b, [&](ErosionEngine e) -> std::vector<Polygon> {
      asked.push_back(e);
      if (e == ErosionEngine::GeosMapFrame) throw ClearanceError("buffering failed in GEOS: test");
      return e == ErosionEngine::Clipper ? std::vector<Polygon>{kEightSquare} : std::vector<Polygon>{};
    });
    REQUIRE(c.ok);
    CHECK(c.engine == ErosionEngine::Clipper);
    CHECK(asked.size() == 3);
    REQUIRE(c.rejected.size() == 2);
    CHECK(c.rejected[0].engine == ErosionEngine::Geos);
    CHECK_THAT(c.rejected[0].problem, Contains("area is 0"));
    CHECK(c.rejected[1].engine == ErosionEngine::GeosMapFrame);
    CHECK(c.rejected[1].problem == "buffering failed in GEOS: test");
    CHECK(areaNear(c.polygons, {0, 0}) == 64.0);
  }
  SECTION("a right first answer is used as it is") {
    const ErosionChoice c = chooseErosion(kSquare, b, [&](ErosionEngine e) {
      asked.push_back(e);
      return std::vector<Polygon>{kEightSquare};
    });
    CHECK(c.ok);
    CHECK(c.engine == ErosionEngine::Geos);
    CHECK(c.rejected.empty());
    CHECK(asked.size() == 1);
  }
  SECTION("every engine wrong: not ok, three refusals") {
    const ErosionChoice c = chooseErosion(kSquare, b, [](ErosionEngine) { return std::vector<Polygon>{}; });
    CHECK_FALSE(c.ok);
    CHECK(c.rejected.size() == 3);
  }
}

TEST_CASE("a nearly triangular area that GEOS 3.11 erodes to nothing (geos#984 kind) is eroded by the fallback, exactly",
          "[erosion]") {
  const double r = 5.0;
  for (const double at : {0.0, 1e6, 1e7}) {
    INFO("offset " << at);
    const Point offset{at, at};
    const Ring ring = truncatedTriangle(offset);
    const ErodedRegion e = erodeRegion({{ring, {}}}, r);
    REQUIRE(e.areas.size() == 1);
    // GEOS 3.11's own buffer comes back empty here, as in the report; the check refuses it.
    REQUIRE_FALSE(e.areas[0].rejected.empty());
    CHECK(e.areas[0].rejected[0].engine == ErosionEngine::Geos);
    CHECK_THAT(e.areas[0].rejected[0].problem, Contains("the eroded region's area is 0"));
    CHECK(e.engine() != ErosionEngine::Geos);
    CHECK(e.dropped.empty());
    REQUIRE(e.polygons.size() == 1);
    CHECK(e.polygons[0].holes.empty());
    // A convex area has no joins: its erosion is the intersection of its edges' half-planes
    // moved in by the buffer distance. Snapping moves each vertex by at most grid / sqrt(2).
    const Ring expected = convexErosion(ring, e.buffer_distance, offset);
    const double tolerance = perimeter(expected) * e.grid;
    CHECK(areaNear(e.polygons, offset) == Approx(ringArea(expected)).margin(tolerance));
    CHECK(leastWallDistance(e.polygons, {ring, {}}) >= r - e.grid);
    const std::vector<std::string> report = e.engineReport();
    REQUIRE(report.size() == 2);
    CHECK_THAT(report[0], Contains("erosion checked: 1 area, all by "));
    CHECK_THAT(report[1], Contains("polygon 0: GEOS buffer refused (") && Contains("Clipper offset used"));
  }
}

TEST_CASE("rectangles with a square hole at 1e7 erode to (w - 2d)(h - 2d) - (s + 2d)^2 with mitre joins, by GEOS "
          "and by Clipper, and the hole grows",
          "[erosion]") {
  const Point o{1e7, -1e7};
  const Polygon room{translated({{0, 0}, {400, 0}, {400, 300}, {0, 300}}, o),
                     {translated({{100, 100}, {140, 100}, {140, 140}, {100, 140}}, o)}};
  ClearanceStyle mitre;
  mitre.joins = ClearanceJoins::Mitre;
  const ErodedRegion e = erodeRegion({room}, 10.0, mitre);
  REQUIRE(e.areas.size() == 1);
  CHECK(e.areas[0].engine == ErosionEngine::Geos);
  CHECK(e.areas[0].rejected.empty());
  REQUIRE(e.polygons.size() == 1);
  REQUIRE(e.polygons[0].holes.size() == 1);
  const double d = e.buffer_distance;
  const double expected = (400 - 2 * d) * (300 - 2 * d) - (40 + 2 * d) * (40 + 2 * d);
  CHECK(areaNear(e.polygons, o) == Approx(expected).margin((1400 + 240) * e.grid));
  CHECK(ringArea(translated(e.polygons[0].holes[0], {-o.x, -o.y})) == Approx((40 + 2 * d) * (40 + 2 * d)).margin(240 * e.grid));

  // Clipper on its own, in the map's frame: integer steps of scale 2^-40.
  const ErosionFrame frame = ErosionFrame::of({room});
  const std::vector<Polygon> c = clipperErode(room, d, mitre, frame);
  REQUIRE(c.size() == 1);
  REQUIRE(c[0].holes.size() == 1);
  CHECK(areaNear(c, o) == Approx(expected).margin(1640 * frame.scale * 1e-12));
  ErosionBounds bounds{d, 10.0, e.grid, mitre};
  CHECK(checkErosion(room, c, bounds).ok);
  // A Clipper2#533-kind answer, the outer ring alone, is refused for the lost hole.
  CHECK_THAT(checkErosion(room, {{c[0].outer, {}}}, bounds).problem, Contains("hole 0 of the area shrank or vanished"));
}

TEST_CASE("a round hole in a round room at 1e7 grows under both engines' round joins", "[erosion]") {
  // A 64-gon room of radius 1000 with a 48-gon hole of radius 30, centred at (1e7, 1e7).
  const Point o{1e7, 1e7};
  const auto circle = [&](double radius, int n) {
    Ring ring;
    for (int i = 0; i < n; ++i) ring.push_back(o + Point{radius * std::cos(2 * std::numbers::pi * i / n), radius * std::sin(2 * std::numbers::pi * i / n)});
    return ring;
  };
  const Polygon room{circle(1000, 64), {circle(30, 48)}};
  const ErodedRegion e = erodeRegion({room}, 20.0);
  REQUIRE(e.polygons.size() == 1);
  REQUIRE(e.polygons[0].holes.size() == 1);
  CHECK(e.areas[0].rejected.empty());
  // The hole grows: its eroded ring lies between radius 30 + d cos(chord / 2) and 30 + d from
  // the centre's polygon (every vertex at least the guaranteed clearance from the hole).
  for (const Point& v : e.polygons[0].holes[0]) CHECK(distance(v, o) >= 30 * std::cos(std::numbers::pi / 48) + e.guaranteedClearance() - e.grid);
  const std::vector<Polygon> c = clipperErode(room, e.buffer_distance, ClearanceStyle{}, ErosionFrame::of({room}));
  REQUIRE(c.size() == 1);
  REQUIRE(c[0].holes.size() == 1);
  ErosionBounds bounds{e.buffer_distance, e.guaranteedClearance(), e.grid, ClearanceStyle{}};
  const ErosionCheck check = checkErosion(room, c, bounds);
  INFO(check.problem);
  CHECK(check.ok);
}

TEST_CASE("polypath path --verbose says which engine eroded each area and why GEOS's buffer was refused",
          "[erosion][cli]") {
  test::TempDir dir("erosion");
  std::string outer;
  for (const Point& p : truncatedTriangle({1e7, 1e7}))
    outer += std::string(outer.empty() ? "" : ",") + "[" + std::to_string(p.x) + "," + std::to_string(p.y) + "]";
  const std::string map = dir.write("triangle.json", R"({"version": 1, "polygons": [{"outer": [)" + outer +
                                                         R"(]}], "start": [10000020, 9999950], "goal": [10000030, 9999930]})");
  const test::RunResult r = test::runCli({"path", map, "--clearance", "5", "--verbose", "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.err, Contains("erosion checked: 1 area, all by "));
  CHECK_THAT(r.err, Contains("polygon 0: GEOS buffer refused (the eroded region's area is 0, but eroding an area of"));
  CHECK_THAT(r.err, Contains("Clipper offset used"));
  const nlohmann::json out = nlohmann::json::parse(r.out);
  CHECK(out["found"] == true);
  CHECK(out["length"].get<double>() == Approx(std::sqrt(500.0)).margin(1e-9));  // the straight segment
  // Without --verbose, the same query says nothing about engines.
  const test::RunResult quiet = test::runCli({"path", map, "--clearance", "5", "--json"});
  CHECK(quiet.exit_code == 0);
  CHECK(quiet.err.find("erosion checked") == std::string::npos);
}
