// The funnel algorithm (string pulling) on hand-made portal sequences, its steppable form
// and the seed article's portal corridor.
#include <catch2/catch.hpp>

#include <cmath>

#include "polypath/core/funnel.hpp"

using namespace polypath;

namespace {

/// Portals of a straight corridor along x from (0,0) to (12,0), y-up: left is +y.
std::vector<FunnelPortal> straightCorridor() {
  return {{{0, 0}, {0, 0}}, {{4, 2}, {4, -2}}, {{8, 2}, {8, -2}}, {{12, 0}, {12, 0}}};
}

}  // namespace

TEST_CASE("funnel: a straight corridor gives the straight segment", "[funnel]") {
  const std::vector<Point> path = stringPull(straightCorridor());
  REQUIRE(path.size() == 2);
  CHECK(path[0] == Point{0, 0});
  CHECK(path[1] == Point{12, 0});
  CHECK(polylineLength(path) == 12.0);
}

TEST_CASE("funnel: portal endpoints collinear with start and goal add no points", "[funnel]") {
  // The right endpoints lie exactly on the segment (case 14's situation), on either side.
  const std::vector<FunnelPortal> right_on_line = {
      {{0, 0}, {0, 0}}, {{4, 2}, {4, 0}}, {{8, 2}, {8, 0}}, {{12, 0}, {12, 0}}};
  const std::vector<FunnelPortal> left_on_line = {
      {{0, 0}, {0, 0}}, {{4, 0}, {4, -2}}, {{8, 0}, {8, -2}}, {{12, 0}, {12, 0}}};
  const std::vector<FunnelPortal> alternating = {
      {{0, 0}, {0, 0}}, {{4, 2}, {4, 0}}, {{8, 0}, {8, -2}}, {{12, 0}, {12, 0}}};
  for (const auto& portals : {right_on_line, left_on_line, alternating}) {
    const std::vector<Point> path = stringPull(portals);
    REQUIRE(path.size() == 2);
    CHECK(path.back() == Point{12, 0});
  }
}

TEST_CASE("funnel: the path bends at the portal endpoint it wraps", "[funnel]") {
  // An L-shaped corridor: go right, then up around the inner corner (4, 2).
  const std::vector<FunnelPortal> portals = {
      {{0, 0}, {0, 0}}, {{4, 2}, {4, -2}}, {{4, 2}, {8, -2}}, {{4, 2}, {8, 2}}, {{4, 10}, {4, 10}}};
  const std::vector<Point> path = stringPull(portals);
  REQUIRE(path.size() == 3);
  CHECK(path[1] == Point{4, 2});
  CHECK(polylineLength(path) == Approx(std::sqrt(20.0) + 8.0).epsilon(1e-12));
}

TEST_CASE("funnel: a zig-zag bends at alternate sides", "[funnel]") {
  // Portals force the path above (2,1) then below (6,-1).
  const std::vector<FunnelPortal> portals = {
      {{0, 0}, {0, 0}}, {{2, 5}, {2, 1}}, {{6, -1}, {6, -5}}, {{8, 0}, {8, 0}}};
  const std::vector<Point> path = stringPull(portals);
  REQUIRE(path.size() == 4);
  CHECK(path[1] == Point{2, 1});
  CHECK(path[2] == Point{6, -1});
  CHECK(polylineLength(path) == Approx(std::sqrt(5.0) + std::sqrt(20.0) + std::sqrt(5.0)).epsilon(1e-12));
}

TEST_CASE("funnel: start equal to goal gives one point", "[funnel]") {
  const std::vector<Point> path = stringPull({{{1, 1}, {1, 1}}, {{1, 1}, {1, 1}}});
  REQUIRE(path.size() == 1);
  CHECK(polylineLength(path) == 0.0);
  CHECK_THROWS_AS(Funnel(std::vector<FunnelPortal>{{{1, 1}, {1, 1}}}), std::invalid_argument);
}

TEST_CASE("funnel: stepping reaches the same path and shows apex and sides", "[funnel]") {
  const std::vector<FunnelPortal> portals = {
      {{0, 0}, {0, 0}}, {{2, 5}, {2, 1}}, {{6, -1}, {6, -5}}, {{8, 0}, {8, 0}}};
  const std::vector<FunnelState> states = funnelSteps(portals);
  REQUIRE(states.size() >= portals.size());
  CHECK(states.front().apex == Point{0, 0});
  CHECK_FALSE(states.front().done);
  // After the first step the funnel spans the first real portal.
  CHECK(states[1].left == Point{2, 5});
  CHECK(states[1].right == Point{2, 1});
  CHECK(states.back().done);
  CHECK(states.back().path == stringPull(portals));
  // Some step fixes (2, 1) as the apex.
  bool apex_seen = false;
  for (const FunnelState& s : states) apex_seen = apex_seen || s.apex == Point{2, 1};
  CHECK(apex_seen);
}

TEST_CASE("portal corridor: portals inside the channel are absorbed, a bend keeps one", "[funnel]") {
  const PortalCorridor straight = portalCorridor(straightCorridor());
  CHECK(straight.start == Point{0, 0});
  CHECK(straight.goal == Point{12, 0});
  // Portal (8,+-2) and the goal lie inside the channel from the start through (4,+-2).
  CHECK(straight.portals.empty());
  const std::vector<FunnelPortal> bend = {
      {{0, 0}, {0, 0}}, {{4, 2}, {4, -2}}, {{4, 2}, {8, -2}}, {{4, 2}, {8, 2}}, {{4, 10}, {4, 10}}};
  const PortalCorridor kept = portalCorridor(bend);
  // The second and third portals lie inside the channel from the start through the first
  // (the seed's test checks the new portal against the current sides only); the goal lies
  // left of the side (0,0) -> (4,2), so the last portal before it is kept.
  REQUIRE(kept.portals.size() == 1);
  CHECK(kept.portals.front() == FunnelPortal{{4, 2}, {8, 2}});
}
