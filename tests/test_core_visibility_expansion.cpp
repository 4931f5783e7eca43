// The visibility graph built from triangular-expansion candidates is the graph built from
// every tangent pair (VisibilityOptions::Candidates::Pairwise), link for link: on random
// maps with pinches, contacts, shared edges and collinear runs, on traced random grids, on
// the shared cases and on converted Moving AI maps.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

#include "core/visibility_expansion.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/core/grid_trace.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/movingai.hpp"
#include "reference/synthetic_maps.hpp"
#include "support/graph_difference.hpp"
#include "support/shared_cases.hpp"
#include "support/random_maps.hpp"
#include "support/random_grid.hpp"

using namespace polypath;
using polypath::test::randomGrid;
using polypath::test::difference;
namespace fs = std::filesystem;

namespace {

// The expansion build against the pairwise build on `polygons` (threads as given); returns
// the first difference ("" when equal). `expanded` is set when the expansion was usable
// (else both builds are pairwise and equal trivially).
std::string compareBuilds(const std::vector<Polygon>& polygons, int threads, bool& expanded) {
  const PolygonMap map(polygons);
  VisibilityOptions expansion, pairwise;
  expansion.threads = pairwise.threads = threads;
  pairwise.candidates = VisibilityOptions::Candidates::Pairwise;
  std::vector<int> corners(map.reflexCorners().begin(), map.reflexCorners().end());
  expanded = VisibilityExpansion(map, corners).usable();
  const VisibilityGraph a(map, expansion), b(map, pairwise);
  return difference(a, b);
}

}  // namespace

TEST_CASE("expansion build equals the pairwise build on random maps with pinches, contacts and collinear runs",
          "[visibility][expansion]") {
  for (const auto& [name, make] : test::kMapFamilies) {
    int built = 0, expanded = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      const test::RandomMap m = make(seed);
      INFO(name << " seed " << seed << ": " << test::describeMap(m.polygons, {}, {}));
      bool used = false;
      std::string diff;
      try {
        diff = compareBuilds(m.polygons, 1, used);
      } catch (const GeometryError&) {
        continue;  // not a map (the generators keep few of these)
      }
      ++built;
      expanded += used ? 1 : 0;
      CHECK(diff == "");
    }
    INFO(name);
    CHECK(built >= 250);
    CHECK(expanded >= built / 2);  // shared edges between polygons, rings touching themselves: pairwise
  }
}

TEST_CASE("expansion build equals the pairwise build on traced random grids", "[visibility][expansion]") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    // Diagonal contacts between blocked cells make pinches; long walls make collinear runs.
    const Grid g = randomGrid(20 + static_cast<int>(seed % 7), 14 + static_cast<int>(seed % 5),
                              0.2 + 0.02 * static_cast<double>(seed % 10), seed);
    INFO("seed " << seed);
    bool used = false;
    CHECK(compareBuilds(traceGrid(g), 1, used) == "");
    CHECK(used);
  }
}

TEST_CASE("expansion build equals the pairwise build on the shared cases", "[visibility][expansion]") {
  const auto cases = test::sharedCaseMaps();
  if (cases.empty()) {
    WARN("skipped: ../shared/cases is absent");
    return;
  }
  int compared = 0;
  for (const auto& [name, polygons] : cases) {
    INFO(name);
    bool used = false;
    CHECK(compareBuilds(polygons, 1, used) == "");
    ++compared;
  }
  CHECK(compared >= 10);
}

TEST_CASE("expansion build equals the pairwise build on synthetic maps, on two threads", "[visibility][expansion]") {
  for (const auto family : {reference::Family::Rooms, reference::Family::Convex, reference::Family::Comb}) {
    const auto polygons = reference::syntheticMap(family, 1500, 7);
    bool used = false;
    CHECK(compareBuilds(polygons, 2, used) == "");
    CHECK(used);
  }
}

TEST_CASE("expansion build equals the pairwise build on converted Moving AI maps", "[visibility][expansion]") {
  const fs::path data = fs::path(POLYPATH_SHARED_DIR) / "data";
  for (const char* name : {"movingai/dao/arena.map", "movingai/dao/brc202d.map"}) {
    const fs::path file = data / name;
    if (!fs::exists(file)) {
      WARN("skipped: " << file << " is absent");
      continue;
    }
    INFO(name);
    const MapDocument doc = gridToMapDocument(loadMovingAiMap(file), "traced");
    bool used = false;
    CHECK(compareBuilds(doc.polygons, 2, used) == "");
    CHECK(used);
  }
}
