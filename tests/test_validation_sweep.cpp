// test_validation_sweep.cpp: the edge sweep that tells validation which rings' boundaries
// meet, and the polygon pairs it lets validation decide without a GEOS relate (islands in
// holes, touching or not; polygons apart), each against the answer worked out by hand.
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "geom/ring_contacts.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;

namespace {

Ring box(double x0, double y0, double x1, double y1) { return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}; }

std::vector<std::string> errors(const MapDocument& doc) {
  std::vector<std::string> out;
  for (const MapProblem& p : validateMap(doc))
    if (p.severity == MapProblem::Severity::Error) out.push_back(p.what);
  return out;
}

// Polygon 0: a 20 x 20 room with a 10 x 10 hole in the middle; start and goal in the room.
MapDocument roomWithHole() {
  MapDocument doc;
  doc.polygons.push_back({box(0, 0, 20, 20), {box(5, 5, 15, 15)}});
  doc.start = Point{1, 1};
  doc.goal = Point{19, 19};
  return doc;
}

}  // namespace

TEST_CASE("segmentsMeet: crossing, touching, overlapping and apart", "[validation-sweep]") {
  CHECK(segmentsMeet({0, 0}, {2, 2}, {0, 2}, {2, 0}));       // proper crossing
  CHECK(segmentsMeet({0, 0}, {2, 0}, {2, 0}, {3, 5}));       // shared end
  CHECK(segmentsMeet({0, 0}, {4, 0}, {2, 0}, {2, 3}));       // an end on the other's inside
  CHECK(segmentsMeet({0, 0}, {4, 0}, {3, 0}, {6, 0}));       // collinear overlap
  CHECK_FALSE(segmentsMeet({0, 0}, {1, 0}, {2, 0}, {3, 0}));  // collinear, apart
  CHECK_FALSE(segmentsMeet({0, 0}, {2, 2}, {0, 1}, {0.9, 1.9}));  // parallel
  CHECK_FALSE(segmentsMeet({0, 0}, {4, 0}, {2, 1e-300}, {2, 1}));  // just above
}

TEST_CASE("meetingRingPairs lists exactly the rings whose boundaries meet", "[validation-sweep]") {
  const Ring a = box(0, 0, 10, 10), b = box(10, 0, 20, 10), c = box(30, 30, 31, 31), d = box(10, 10, 12, 12);
  const Ring e = box(2, 2, 4, 4);  // inside a, touching nothing
  const std::vector<const Ring*> rings{&a, &b, &c, &d, nullptr, &e};
  using P = std::pair<std::size_t, std::size_t>;
  // a-b share an edge, a-d a corner, b-d d's bottom edge lies on b's top edge.
  CHECK(meetingRingPairs(rings) == std::vector<P>{{0, 1}, {0, 3}, {1, 3}});
}

TEST_CASE("validation: islands in holes and polygons apart are not overlaps", "[validation-sweep]") {
  SECTION("island inside the hole, touching nothing") {
    MapDocument doc = roomWithHole();
    doc.polygons.push_back({box(8, 8, 12, 12), {}});
    CHECK(errors(doc).empty());
  }
  SECTION("island in the hole's corner, sharing two of its edges") {
    MapDocument doc = roomWithHole();
    doc.polygons.push_back({box(5, 5, 7, 7), {}});
    CHECK(errors(doc).empty());
  }
  SECTION("island inside the hole touching it at one vertex") {
    MapDocument doc = roomWithHole();
    doc.polygons.push_back({{{5, 5}, {8, 6}, {6, 8}}, {}});
    CHECK(errors(doc).empty());
  }
  SECTION("polygons apart") {
    MapDocument doc = roomWithHole();
    doc.polygons.push_back({box(30, 0, 40, 10), {}});
    CHECK(errors(doc).empty());
  }
  SECTION("the room inside a hole of a bigger polygon (listed second)") {
    MapDocument doc = roomWithHole();
    doc.polygons.push_back({box(-50, -50, 50, 50), {box(-30, -30, 30, 30)}});
    CHECK(errors(doc).empty());
  }
  SECTION("the room inside a hole of a bigger polygon, touching the hole's edge") {
    MapDocument doc = roomWithHole();
    doc.polygons.push_back({box(-50, -50, 50, 50), {box(0, -30, 30, 30)}});
    CHECK(errors(doc).empty());
  }
}

TEST_CASE("validation: islands on the walkable area are still overlaps", "[validation-sweep]") {
  SECTION("touching the hole's corner from outside") {
    MapDocument doc = roomWithHole();
    doc.polygons.push_back({box(15, 15, 17, 17), {}});
    const std::vector<std::string> e = errors(doc);
    REQUIRE(e.size() == 1);
    CHECK(e[0].rfind("polygon 1 overlaps polygon 0", 0) == 0);
  }
  SECTION("touching nothing") {
    MapDocument doc = roomWithHole();
    doc.polygons.push_back({box(16, 16, 18, 18), {}});
    const std::vector<std::string> e = errors(doc);
    REQUIRE(e.size() == 1);
    CHECK(e[0].rfind("polygon 1 overlaps polygon 0", 0) == 0);
  }
  SECTION("half in the hole, half on the walkable area") {
    MapDocument doc = roomWithHole();
    doc.polygons.push_back({box(12, 8, 17, 10), {}});
    const std::vector<std::string> e = errors(doc);
    REQUIRE(!e.empty());
    CHECK(e[0].rfind("polygon 1 overlaps polygon 0", 0) == 0);
  }
}
