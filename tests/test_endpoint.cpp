// test_endpoint.cpp: placeEndpoint, the one rule the editor and the command line place a
// start or goal by: kept, nudged, snapped or refused, and why.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "polypath/formats/map_io.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/geom/endpoint.hpp"
#include "support/loaded_map.hpp"

using namespace polypath;

TEST_CASE("endpoint: a walkable point is kept, others are refused with the reason, or snapped", "[endpoint]") {
  // The seed demo's corridors: x 3..24 along y 3..8 at the top, walls at y = 3 and y = 8.
  const test::LoadedMap m(test::shippedMap("seed-demo.json"));
  const EndpointPlacement kept = placeEndpoint(m.map, nullptr, "start", {15, 6}, false);
  CHECK(kept.status == EndpointStatus::Kept);
  CHECK(kept.point == Point{15, 6});

  const EndpointPlacement outside = placeEndpoint(m.map, nullptr, "start", {15, 9}, false);
  CHECK(outside.status == EndpointStatus::NotWalkable);
  CHECK_FALSE(outside.usable());
  CHECK(outside.location.describe() == "outside every polygon");

  const EndpointPlacement snapped = placeEndpoint(m.map, nullptr, "start", {15, 8.75}, true);
  REQUIRE(snapped.status == EndpointStatus::Snapped);
  CHECK(snapped.point.x == Approx(15).margin(1e-12));
  CHECK(snapped.point.y == Approx(8).margin(1e-12));  // the nearest wall point, on the corridor's edge
  CHECK(m.map.isWalkable(snapped.point));

  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(placeEndpoint(m.map, nullptr, "goal", {nan, 1}, true).status == EndpointStatus::NotFinite);
  CHECK(placeEndpoint(m.map, nullptr, "goal", {1e101, 1}, true).status == EndpointStatus::TooFar);
}

TEST_CASE("endpoint: with clearance a point too near a wall is refused, or snapped to room", "[endpoint]") {
  const test::LoadedMap m(test::shippedMap("seed-demo.json"));
  ClearanceSet set(m.doc.polygons);
  const std::shared_ptr<const ClearanceLevel> level = set.level(1.0);
  // (15, 6) is 2 from the corridor's walls: room for radius 1.
  const EndpointPlacement kept = placeEndpoint(m.map, level.get(), "start", {15, 6}, false);
  CHECK(kept.usable());
  CHECK(kept.point == Point{15, 6});
  // (15, 3.5) is 0.5 from the wall y = 3.
  const EndpointPlacement near = placeEndpoint(m.map, level.get(), "start", {15, 3.5}, false);
  CHECK(near.status == EndpointStatus::NoClearance);
  CHECK(near.problem.rfind("start (15, 3.5) is 0.5 from the nearest wall", 0) == 0);
  const EndpointPlacement snapped = placeEndpoint(m.map, level.get(), "start", {15, 3.5}, true);
  REQUIRE(snapped.status == EndpointStatus::Snapped);
  CHECK(snapped.point.x == Approx(15).margin(1e-9));
  CHECK(snapped.point.y == Approx(4).margin(1e-9));  // on the eroded region's edge, 1 from the wall
  CHECK(snapped.problem == near.problem);             // why it moved
  // A radius that erodes everything leaves no room, snap or not.
  const std::shared_ptr<const ClearanceLevel> gone = set.level(10.0);
  REQUIRE(gone->map().empty());
  const EndpointPlacement none = placeEndpoint(m.map, gone.get(), "goal", {15, 6}, true);
  CHECK(none.status == EndpointStatus::NoClearance);
  CHECK(none.problem.find("every walkable area erodes away") != std::string::npos);
}
