// The maps of ../shared/cases (public bug reports against other pathfinders), each with
// the answer its "expect" field states, run through the visibility method.
//
// Grid-only and navmesh-only answers belong to those methods' tests.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <optional>

#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"

using namespace polypath;
namespace fs = std::filesystem;

namespace {

const fs::path kCases = fs::path(POLYPATH_SHARED_DIR) / "cases";

struct Expected {
  const char* file;
  std::optional<double> length;      // empty: no path
  std::vector<Point> points = {};    // empty: not checked
  std::size_t pointCount = 0;        // 0: not checked
  const char* error = nullptr;       // a QueryError containing these words
  const char* error2 = nullptr;
};

void runCase(const Expected& e) {
  const fs::path file = kCases / e.file;
  if (!fs::exists(file)) {
    WARN("skipped: " << file << " is absent");
    return;
  }
  INFO("case " << e.file);
  const MapDocument doc = loadMap(file);
  const PolygonMap map = buildPolygonMap(doc);
  const VisibilityGraph graph(map, {doc.settings.corner_offset});
  if (e.error) {
    try {
      findPath(graph, *doc.start, *doc.goal);
      FAIL("expected an error about " << e.error);
    } catch (const QueryError& err) {
      CHECK_THAT(err.what(), Catch::Contains(e.error) && Catch::Contains(e.error2 ? e.error2 : ""));
    }
    return;
  }
  const Path path = findPath(graph, *doc.start, *doc.goal);
  REQUIRE(path.found == e.length.has_value());
  if (!e.length) return;
  CHECK(path.length == Approx(*e.length).margin(1e-6));
  if (e.pointCount) CHECK(path.points.size() == e.pointCount);
  if (!e.points.empty()) {
    REQUIRE(path.points.size() == e.points.size());
    for (std::size_t i = 0; i < e.points.size(); ++i) {
      CHECK(path.points[i].x == Approx(e.points[i].x).margin(1e-6));
      CHECK(path.points[i].y == Approx(e.points[i].y).margin(1e-6));
    }
  }
}

}  // namespace

TEST_CASE("shared cases: visibility answers", "[cases]") {
  const double s2 = std::sqrt(2.0), d = std::sqrt(0.5);
  const std::vector<Expected> cases = {
      {"01-collinear-run-through-hole.json", 4 + 4 * std::sqrt(10.0), {{2, 10}, {8, 12}, {12, 12}, {18, 10}}},
      {"06-start-goal-on-outer-vertices.json", 4 * std::sqrt(13.0), {{10, 0}, {4, 4}, {0, 10}}},
      {"07-start-on-hole-edge.json", 5 + std::sqrt(5.0), {{4, 4}, {4, 3}, {8, 3}, {10, 4}}},
      {"09-collinear-outer-vertices.json", 4 * std::sqrt(10.0), {{10, 2}, {4, 4}, {2, 10}}},
      {"10-duplicate-and-closing-vertices.json", 2 + 2 * std::sqrt(13.0), {}, 4},
      {"11-near-duplicate-vertices.json", 2 + 2 * std::sqrt(13.0), {}, 4},
      {"14-funnel-collinear-portals.json", 12.0, {{0, 0}, {12, 0}}},
      {"15-navmesh-narrow-gap-shorter.json", 4 + std::sqrt(1033.0), {{2, 8}, {18, 9.5}, {22, 9.5}, {38, 8}}},
      {"16-convex-map-straight-line.json", 2 * std::sqrt(101.0), {}, 2},
      {"19-direct-line-of-sight.json", 2 * std::sqrt(65.0), {}, 2},
      {"20-perf-lattice-400-holes.json", 58 + s2, {}, 4},
      {"22-grid-corner-cutting.json", std::sqrt(10.0), {}, 3},
      {"25-grid-astar-closed-on-push.json", 1 + s2 + std::sqrt(10.0) / 2 + std::sqrt(26.0) / 2,
       {{6.5, 2.5}, {4, 2}, {3, 1}, {2, 1}, {1.5, 2.5}}},
      {"27-tie-breaking-open-field.json", std::sqrt(461.0), {}, 2},
      {"28-endpoints-on-top-and-right-edges.json", 5 * s2, {}, 2},
      {"31-goal-outside-clamp.json", std::nullopt, {}, 0, "goal (8, 6)", "outside"},
      {"32-start-inside-hole.json", std::nullopt, {}, 0, "start (5, 5)", "hole 0"},
      {"33-start-equals-goal.json", 0.0},
      {"36-seed-demo-corner-offset.json", 39.094572439560,
       {{15, 6}, {6 - d, 8 - d}, {6 - d, 10 + d}, {21 + d, 15 - d}, {21 + d, 17 + d}, {18, 22}}},
  };
  for (const Expected& e : cases) runCase(e);
}

TEST_CASE("shared cases: zero-width pinches block", "[cases]") {
  const std::vector<Expected> cases = {
      {"02-hole-splits-map.json", std::nullopt},
      {"04-hole-vertex-on-outer-edge.json", 4 + 4 * std::sqrt(2.0), {{2, 2}, {4, 4}, {4, 8}, {2, 10}}},
      {"05-holes-touch-at-vertex.json", 6 + 2 * std::sqrt(5.0), {}, 5},
      {"23-grid-diagonal-squeeze-only-exit.json", std::nullopt},
  };
  for (const Expected& e : cases) runCase(e);
}
