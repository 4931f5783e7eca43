// test_map_problems.cpp: the structured part of MapProblem (place, point, fix) as
// validateMap and the DragValidator fill it in: exact polygon, hole and vertex indices,
// the point the message names, and the advice, agreeing with `where` and `what`.
#include <array>
#include <charconv>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "polypath/formats/map_io.hpp"
#include "polypath/geom/incremental_validation.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

namespace {

MapDocument squareWithHole() {
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{4, 4}, {6, 4}, {6, 6}, {4, 6}}}});
  doc.start = Point{1, 1};
  doc.goal = Point{9, 9};
  return doc;
}

std::string allProblems(const std::vector<MapProblem>& problems) {
  std::string s;
  for (const MapProblem& p : problems) s += p.describe() + "\n";
  return s;
}

// Shortest round-trip text, as the messages write numbers.
std::string number(double v) {
  std::array<char, 64> buf{};
  const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), v);
  return std::string(buf.data(), r.ptr);
}

// The JSON pointer a structured place stands for.
std::string pointerOf(const RingLocation& at) {
  std::string s = "/polygons/" + std::to_string(at.polygon);
  s += at.hole < 0 ? std::string("/outer") : "/holes/" + std::to_string(at.hole);
  if (at.vertex >= 0) s += "/" + std::to_string(at.vertex);
  return s;
}

void checkPlace(const MapProblem& p, int polygon, int hole, int vertex) {
  INFO(p.describe());
  CHECK(p.place.polygon == polygon);
  CHECK(p.place.hole == hole);
  CHECK(p.place.vertex == vertex);
}

void checkPoint(const MapProblem& p, double x, double y) {
  INFO(p.describe());
  REQUIRE(p.point);
  CHECK(p.point->x == Approx(x).margin(1e-12));
  CHECK(p.point->y == Approx(y).margin(1e-12));
}

// What every problem with structure must agree with: `where` is the place's pointer (a
// vertex or ring pointer, or "/polygons/N" for a polygon as a whole), the point is
// written in `what`, and `what` ends with the fix.
void checkConsistent(const std::vector<MapProblem>& problems) {
  for (const MapProblem& p : problems) {
    INFO(p.describe());
    if (p.place.polygon >= 0) {
      const bool whole_polygon = p.where == "/polygons/" + std::to_string(p.place.polygon);
      if (whole_polygon)
        CHECK((p.place.hole == -1 && p.place.vertex == -1));
      else
        CHECK(p.where == pointerOf(p.place));
    } else {
      CHECK(p.place.hole == -1);
      CHECK(p.place.vertex == -1);
      CHECK(p.where.rfind("/polygons/", 0) != 0);
    }
    if (p.point) {
      CHECK(isFinite(*p.point));
      CHECK(p.what.find("(" + number(p.point->x) + ", " + number(p.point->y) + ")") != std::string::npos);
    }
    if (!p.fix.empty()) CHECK_THAT(p.what, EndsWith(p.fix));
  }
}

}  // namespace

TEST_CASE("MapProblem: {severity, where, what} still initialises it, with no place, point or fix", "[io][problems]") {
  const MapProblem p{MapProblem::Severity::Warning, "/settings/clearance", "note"};
  CHECK(p.place.polygon == -1);
  CHECK(p.place.hole == -1);
  CHECK(p.place.vertex == -1);
  CHECK_FALSE(p.point);
  CHECK(p.fix.empty());
  CHECK(p.describe() == "warning: /settings/clearance: note");
  const MapProblem q;
  CHECK(q.severity == MapProblem::Severity::Error);
  CHECK(q.where.empty());
  CHECK(q.place.polygon == -1);
}

TEST_CASE("MapProblem structure: a self-crossing ring gives the first edge's vertex and the crossing point",
          "[io][problems]") {
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {10, 10}, {10, 0}, {0, 6}}, {}});  // edge 0-1 crosses edge 2-3
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 1);
  checkPlace(problems[0], 0, -1, 0);
  checkPoint(problems[0], 3.75, 3.75);
  CHECK(problems[0].fix == "move a vertex so its edges do not cross");
  checkConsistent(problems);

  // Indices are the document's own, before duplicates are dropped; holes are numbered too.
  MapDocument hole = squareWithHole();
  hole.polygons[0].holes.push_back({{1, 1}, {1, 1}, {3, 3}, {3, 1}, {1, 2.5}});
  const auto in_hole = validateMap(hole);
  INFO(allProblems(in_hole));
  const MapProblem* crossing = nullptr;
  for (const MapProblem& p : in_hole)
    if (p.severity == MapProblem::Severity::Error) crossing = &p;
  REQUIRE(crossing);
  checkPlace(*crossing, 0, 1, 0);
  checkPoint(*crossing, 13.0 / 7.0, 13.0 / 7.0);  // (1,1)-(3,3) meets (3,1)-(1,2.5)
  checkConsistent(in_hole);
}

TEST_CASE("MapProblem structure: a hole outside its polygon names its first outside vertex", "[io][problems]") {
  MapDocument doc = squareWithHole();
  doc.polygons[0].holes.push_back({{20, 20}, {22, 20}, {22, 22}});
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 1);
  checkPlace(problems[0], 0, 1, 0);
  CHECK_FALSE(problems[0].point);  // the vertex is the place; the message names no other point
  CHECK(problems[0].fix == "move the hole inside its outer ring");
  checkConsistent(problems);

  MapDocument partly;  // vertices inside, an edge across the outer ring's notch
  partly.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {5, 5}, {0, 10}}, {{{2, 6}, {8, 6}, {8, 7}, {2, 7}}}});
  const auto leaving = validateMap(partly);
  INFO(allProblems(leaving));
  REQUIRE(leaving.size() == 1);
  checkPlace(leaving[0], 0, 0, -1);
  // GEOS's point on the part outside: the trapezoid (4,6)-(6,6)-(7,7)-(3,7), its middle.
  checkPoint(leaving[0], 5, 6.5);
  CHECK(leaving[0].fix == "move the hole inside its outer ring");
  checkConsistent(leaving);
}

TEST_CASE("MapProblem structure: a start in a hole has the start as its point and no place", "[io][problems]") {
  MapDocument doc = squareWithHole();
  doc.start = Point{5, 5};
  doc.goal = Point{12, 3};
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].where == "/start");
  checkPlace(problems[0], -1, -1, -1);
  checkPoint(problems[0], 5, 5);
  CHECK_THAT(problems[0].fix, StartsWith("move it into the walkable region (the nearest walkable point is ("));
  CHECK(problems[1].where == "/goal");
  checkPlace(problems[1], -1, -1, -1);
  checkPoint(problems[1], 12, 3);
  CHECK(problems[1].fix == "move it into the walkable region (the nearest walkable point is (10, 3))");
  checkConsistent(problems);

  // A NaN start names no point.
  doc.start = Point{std::nan(""), 1};
  doc.goal.reset();
  const auto nan_start = validateMap(doc);
  INFO(allProblems(nan_start));
  REQUIRE(nan_start.size() == 1);
  CHECK_FALSE(nan_start[0].point);
  CHECK(nan_start[0].fix == "give finite numbers");
}

TEST_CASE("MapProblem structure: a NaN or infinite vertex is its own place, without a point", "[io][problems]") {
  MapDocument doc = squareWithHole();
  doc.polygons[0].outer[2].x = std::nan("");
  doc.polygons[0].holes[0][1].y = -HUGE_VAL;
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 2);
  checkPlace(problems[0], 0, -1, 2);
  checkPlace(problems[1], 0, 0, 1);
  for (const MapProblem& p : problems) {
    CHECK_FALSE(p.point);
    CHECK(p.fix == "give finite numbers");
  }
  checkConsistent(problems);
}

TEST_CASE("MapProblem structure: a pinch names the vertex and the touching point", "[io][problems]") {
  MapDocument figure8;  // two lobes meeting at (4, 2), vertices 1 and 4
  figure8.polygons.push_back({{{0, 0}, {4, 2}, {8, 0}, {8, 4}, {4, 2}, {0, 4}}, {}});
  const auto a = validateMap(figure8);
  INFO(allProblems(a));
  REQUIRE(a.size() == 1);
  CHECK(a[0].severity == MapProblem::Severity::Warning);
  checkPlace(a[0], 0, -1, 1);
  checkPoint(a[0], 4, 2);
  CHECK(a[0].fix.empty());  // allowed: nothing to do
  checkConsistent(a);

  MapDocument t_junction;  // vertex 3 (5, 0) lies on the first edge
  t_junction.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {5, 0}, {0, 10}}, {}});
  const auto b = validateMap(t_junction);
  INFO(allProblems(b));
  REQUIRE(b.size() == 1);
  checkPlace(b[0], 0, -1, 3);
  checkPoint(b[0], 5, 0);

  MapDocument touching = squareWithHole();  // hole 1 touches the outer ring at (0, 8) and (1, 10)
  touching.polygons[0].holes.push_back({{0, 8}, {2, 8}, {1, 10}});
  const auto c = validateMap(touching);
  INFO(allProblems(c));
  REQUIRE(c.size() == 2);  // and the polygon split in two: no place but the polygon, no point
  checkPlace(c[0], 0, 1, 0);
  checkPoint(c[0], 0, 8);
  CHECK(c[1].where == "/polygons/0");
  checkPlace(c[1], 0, -1, -1);
  CHECK_FALSE(c[1].point);
  checkConsistent(c);
}

TEST_CASE("MapProblem structure agrees with where and what for every problem of many broken maps", "[io][problems]") {
  std::vector<MapDocument> docs;
  {
    MapDocument d;  // no polygons
    docs.push_back(d);
  }
  {
    MapDocument d = squareWithHole();  // overlapping holes, a ring too small, a zero-area ring
    d.polygons[0].holes.push_back({{5, 5}, {7, 5}, {7, 7}, {5, 7}});
    d.polygons[0].holes.push_back({{1, 1}, {2, 2}, {2, 2}});
    d.polygons[0].holes.push_back({{1, 8}, {2, 8}, {3, 8}});
    docs.push_back(d);
  }
  {
    MapDocument d = squareWithHole();  // overlapping polygons, a duplicate vertex, bad settings
    d.polygons.push_back({{{8, 8}, {14, 8}, {14, 14}, {8, 14}, {8, 14}}, {}});
    d.settings.clearance = -1;
    d.settings.clearance_style.segments = 0;
    docs.push_back(d);
  }
  {
    MapDocument d;  // a spike, a fold, polygons sharing an edge
    d.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {5, 10}, {5, 15}, {5, 12}, {0, 10}}, {}});
    d.polygons.push_back({{{10, 0}, {20, 0}, {20, 5}, {10, 5}}, {}});
    docs.push_back(d);
  }
  {
    MapDocument d;  // the ring touches itself and folds over its own area
    d.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 5}, {5, 3}, {5, 7}, {0, 5}}, {}});
    docs.push_back(d);
  }
  {
    MapDocument d;  // holes covering the polygon; holes sharing an edge; hole on the outer ring
    d.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{0, 0}, {10, 0}, {10, 5}, {0, 5}},
                                                                 {{0, 5}, {10, 5}, {10, 10}, {0, 10}}}});
    docs.push_back(d);
  }
  int with_place = 0, with_point = 0, with_fix = 0;
  for (const MapDocument& d : docs) {
    const auto problems = validateMap(d);
    INFO(allProblems(problems));
    CHECK_FALSE(problems.empty());
    checkConsistent(problems);
    for (const MapProblem& p : problems) {
      with_place += p.place.polygon >= 0;
      with_point += p.point.has_value();
      with_fix += !p.fix.empty();
    }
  }
  CHECK(with_place > 5);
  CHECK(with_point > 2);
  CHECK(with_fix > 5);
}

TEST_CASE("MapProblem structure from the DragValidator: a drag that makes crossings", "[validation][drag][problems]") {
  const MapDocument base = squareWithHole();
  REQUIRE(validateMap(base).empty());
  DragValidator validator;
  validator.reset(base, validateMap(base));

  // Hole vertex 2 (6, 6) dragged to (12, 6): both its edges cross the outer ring's edge x = 10.
  MapDocument doc = base;
  doc.polygons[0].holes[0][2] = Point{12, 6};
  const std::optional<std::vector<MapProblem>> quick = validator.check(doc);
  REQUIRE(quick);
  INFO(allProblems(*quick));
  REQUIRE(quick->size() == 2);
  for (const MapProblem& p : *quick) {
    CHECK(p.severity == MapProblem::Severity::Error);
    CHECK(p.where == "/polygons/0/holes/0/2");
    checkPlace(p, 0, 0, 2);  // the moved vertex
    CHECK(p.fix == "move the vertex so that the edges do not cross (checked in full when the drag ends)");
  }
  checkPoint((*quick)[0], 10, 16.0 / 3.0);  // (6, 4)-(12, 6) meets x = 10
  checkPoint((*quick)[1], 10, 6);           // (12, 6)-(4, 6) meets x = 10
  checkConsistent(*quick);

  // Outer vertex 1 (10, 0) dragged to (7, 5): its edge from (0, 0) crosses the hole's
  // bottom and right edges; the moved vertex is that edge's second end.
  MapDocument outer = base;
  outer.polygons[0].outer[1] = Point{7, 5};
  const std::optional<std::vector<MapProblem>> q2 = validator.check(outer);
  REQUIRE(q2);
  INFO(allProblems(*q2));
  REQUIRE(q2->size() == 2);
  for (const MapProblem& p : *q2) checkPlace(p, 0, -1, 1);
  // In the order the edges were found near the moved one: sort by x.
  std::vector<MapProblem> by_x = *q2;
  REQUIRE((by_x[0].point && by_x[1].point));
  if (by_x[1].point->x < by_x[0].point->x) std::swap(by_x[0], by_x[1]);
  checkPoint(by_x[0], 5.6, 4);         // meets y = 4
  checkPoint(by_x[1], 6, 30.0 / 7.0);  // meets x = 6
  checkConsistent(*q2);

  // Only the start moved, into the hole: validateMap's problem, with the start as its point.
  MapDocument start = base;
  start.start = Point{5, 4.5};
  const std::optional<std::vector<MapProblem>> q3 = validator.check(start);
  REQUIRE(q3);
  REQUIRE(q3->size() == 1);
  CHECK((*q3)[0].where == "/start");
  checkPlace((*q3)[0], -1, -1, -1);
  checkPoint((*q3)[0], 5, 4.5);
}
