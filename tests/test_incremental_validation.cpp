// DragValidator: validation of a drag from the moved edges. On random maps and random
// drags (one vertex or a group, small steps, onto other vertices and edges, far jumps),
// whenever the incremental check decides, it reports a problem exactly when validateMap
// does; start and goal moves give validateMap's own messages.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>

#include "polypath/geom/incremental_validation.hpp"
#include "support/random_maps.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;

namespace {

std::vector<Ring*> ringsOf(MapDocument& doc) {
  std::vector<Ring*> rings;
  for (Polygon& p : doc.polygons) {
    rings.push_back(&p.outer);
    for (Ring& h : p.holes) rings.push_back(&h);
  }
  return rings;
}

// One random drag of the base: a vertex, a run of consecutive vertices or a whole ring,
// moved together to a lattice step nearby, onto another vertex, onto an edge's midpoint
// or anywhere in (or a little beyond) the map's box.
MapDocument randomDrag(MapDocument doc, double unit, Point lo, Point hi, std::mt19937_64& rng, std::string& how) {
  std::vector<Ring*> rings = ringsOf(doc);
  auto index = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  Ring& ring = *rings[index(rings.size())];
  const std::size_t k = index(ring.size());
  const int group = std::uniform_int_distribution<int>(0, 5)(rng);
  std::size_t count = 1;
  if (group == 4) count = 2 + index(3);
  if (group == 5) count = ring.size();
  count = std::min(count, ring.size());
  Point delta;
  const int kind = std::uniform_int_distribution<int>(0, 4)(rng);
  if (kind == 0) {
    Ring& other = *rings[index(rings.size())];
    delta = other[index(other.size())] - ring[k];
    how = "onto a vertex";
  } else if (kind == 1) {
    Ring& other = *rings[index(rings.size())];
    const std::size_t j = index(other.size());
    delta = (other[j] + other[(j + 1) % other.size()]) * 0.5 - ring[k];
    how = "onto an edge midpoint";
  } else if (kind == 2) {
    std::uniform_real_distribution<double> x(lo.x - unit, hi.x + unit), y(lo.y - unit, hi.y + unit);
    delta = Point{x(rng), y(rng)} - ring[k];
    how = "anywhere";
  } else {
    std::uniform_int_distribution<int> step(-2, 2);
    delta = Point{step(rng) * unit * 0.5, step(rng) * unit * 0.5};
    how = "a small step";
  }
  for (std::size_t i = 0; i < count; ++i) ring[(k + i) % ring.size()] = ring[(k + i) % ring.size()] + delta;
  how += " (" + std::to_string(count) + " vertices)";
  return doc;
}

bool hasError(const std::vector<MapProblem>& problems) {
  for (const MapProblem& p : problems)
    if (p.severity == MapProblem::Severity::Error) return true;
  return false;
}

std::string describe(const std::vector<MapProblem>& problems) {
  std::string s;
  for (const MapProblem& p : problems) s += p.describe() + "\n";
  return s;
}

}  // namespace

TEST_CASE("incremental drag validation reports a problem exactly when validateMap does", "[validation][drag]") {
  int clean = 0, warned = 0, crossing = 0, undecided = 0, bases = 0, warned_bases = 0, warned_docs = 0;
  for (std::uint64_t seed = 1; seed <= 160; ++seed) {
    const test::RandomMap rm = seed % 2 ? test::randomStarMap(seed) : test::randomOrthogonalMap(seed);
    MapDocument base;
    base.polygons = rm.polygons;
    if (seed % 3 == 0) {
      base.start = rm.polygons[0].outer[0];  // on the boundary: walkable
      base.goal = (rm.min + rm.max) * 0.5;
    }
    std::vector<MapProblem> base_problems = validateMap(base);
    if (hasError(base_problems)) continue;  // a base with warnings only enables the incremental check
    ++bases;
    warned_bases += !base_problems.empty();
    DragValidator validator;
    validator.reset(base, base_problems);
    std::mt19937_64 rng(seed * 7919);
    for (int d = 0; d < 40; ++d) {
      std::string how;
      const MapDocument doc = randomDrag(base, rm.unit, rm.min, rm.max, rng, how);
      const std::vector<MapProblem> full = validateMap(doc);
      const std::optional<std::vector<MapProblem>> quick = validator.check(doc);
      if (!hasError(full) && !full.empty()) ++warned_docs;
      INFO("seed " << seed << " (" << rm.kind << "), drag " << d << ": " << how << "\nmap: "
                   << test::describeMap(doc.polygons, {}, {}) << "\nvalidateMap:\n" << describe(full));
      if (!quick) {
        ++undecided;
      } else if (hasError(*quick)) {
        INFO("incremental:\n" << describe(*quick));
        ++crossing;
        REQUIRE(hasError(full));
      } else {
        // No error: exactly validateMap's problems (the base's warnings, or none).
        INFO("incremental:\n" << describe(*quick));
        REQUIRE(describe(*quick) == describe(full));
        ++(quick->empty() ? clean : warned);
      }
      // Like the editor: a document without errors sometimes becomes the next base (always
      // when it has warnings: a drag onto a vertex or edge makes pinches and contacts).
      if (!hasError(full) && (d % 4 == 0 || !full.empty())) {
        base = doc;
        validator.reset(base, full);
      }
    }
  }
  INFO("clean " << clean << ", with warnings " << warned << ", crossing " << crossing << ", undecided " << undecided
                << ", bases " << bases << " (" << warned_bases << " with warnings), drags with warnings only "
                << warned_docs);
  CHECK(bases > 100);
  CHECK(clean > 400);     // the check decides drags of a valid map
  CHECK(warned > 300);    // and of a map with pinches and contacts, keeping their warnings
  CHECK(crossing > 300);  // and finds crossings without validateMap
  CHECK(undecided > 100); // contacts and sweeps over other rings go to validateMap
}

TEST_CASE("incremental drag validation keeps a pinch's warning while a vertex away from it moves", "[validation][drag]") {
  // The square [0,10]^2 with a triangular hole touching the outer ring at (5,0): a pinch.
  MapDocument base;
  base.polygons = {Polygon{{{0, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{5, 0}, {6, 2}, {4, 2}}}}};
  const std::vector<MapProblem> base_problems = validateMap(base);
  REQUIRE(base_problems.size() == 1);
  REQUIRE(base_problems[0].severity == MapProblem::Severity::Warning);
  DragValidator validator;
  validator.reset(base, base_problems);
  auto moved = [&](int hole, std::size_t vertex, Point to) {
    MapDocument doc = base;
    (hole < 0 ? doc.polygons[0].outer : doc.polygons[0].holes[0])[vertex] = to;
    return doc;
  };
  // The outer ring's corner (10,10) to (9,9): far from the pinch. The same warning.
  const MapDocument far = moved(-1, 3, {9, 9});
  const auto quick = validator.check(far);
  REQUIRE(quick);
  REQUIRE(quick->size() == 1);
  CHECK(quick->at(0).what == validateMap(far).at(0).what);
  // The hole's far vertex: its ring is the one the warning names, so validateMap decides.
  CHECK_FALSE(validator.check(moved(0, 1, {6.5, 2.5})));
  // The outer ring's vertex at the pinch, moved off it: the pinch is gone.
  const MapDocument off = moved(-1, 1, {5, -1});
  CHECK_FALSE(validator.check(off));
  CHECK(validateMap(off).empty());
  // The outer corner (10,0), next to the pinch's edge: the moved edge (5,0)-(10,0) touched the hole.
  CHECK_FALSE(validator.check(moved(-1, 2, {10, -1})));
  // A move that grows the map's extent changes the near-duplicate tolerance: validateMap decides.
  CHECK_FALSE(validator.check(moved(-1, 3, {12, 12})));
}

TEST_CASE("incremental drag validation of the start and goal gives validateMap's messages", "[validation][drag]") {
  const test::RandomMap rm = test::randomStarMap(11);
  MapDocument base;
  base.polygons = rm.polygons;
  base.start = rm.polygons[0].outer[0];
  base.goal = rm.polygons[0].outer[1];
  REQUIRE(validateMap(base).empty());
  DragValidator validator;
  validator.reset(base, {});
  std::mt19937_64 rng(3);
  int problems = 0;
  for (int i = 0; i < 200; ++i) {
    MapDocument doc = base;
    std::uniform_real_distribution<double> x(rm.min.x - 2 * rm.unit, rm.max.x + 2 * rm.unit);
    std::uniform_real_distribution<double> y(rm.min.y - 2 * rm.unit, rm.max.y + 2 * rm.unit);
    (i % 2 ? doc.goal : doc.start) = Point{x(rng), y(rng)};
    const std::vector<MapProblem> full = validateMap(doc);
    const std::optional<std::vector<MapProblem>> quick = validator.check(doc);
    REQUIRE(quick);
    REQUIRE(quick->size() == full.size());
    for (std::size_t k = 0; k < full.size(); ++k) {
      CHECK(quick->at(k).where == full[k].where);
      CHECK(quick->at(k).what == full[k].what);
      CHECK(quick->at(k).severity == full[k].severity);
    }
    problems += static_cast<int>(full.size());
  }
  CHECK(problems > 20);  // some points fell outside the region or into holes
}

TEST_CASE("incremental drag validation of one maze vertex tests only the edges nearby", "[validation][drag]") {
  const MapDocument base = loadMap(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "large-maze.json");
  REQUIRE(validateMap(base).empty());
  DragValidator validator;
  validator.reset(base, {});
  // The vertex nearest the centre, round a circle of a quarter unit (the drag benchmark).
  const Ring& outer = base.polygons[0].outer;
  Point lo = outer[0], hi = outer[0];
  for (const Point& v : outer) {
    lo = {std::min(lo.x, v.x), std::min(lo.y, v.y)};
    hi = {std::max(hi.x, v.x), std::max(hi.y, v.y)};
  }
  const Point centre = (lo + hi) * 0.5;
  std::size_t best = 0;
  for (std::size_t k = 0; k < outer.size(); ++k)
    if (distance(outer[k], centre) < distance(outer[best], centre)) best = k;
  for (int i = 1; i <= 60; ++i) {
    MapDocument doc = base;
    const double a = 2 * 3.14159265358979323846 * i / 60.0;
    doc.polygons[0].outer[best] = outer[best] + Point{0.25 * std::cos(a), 0.25 * std::sin(a)};
    const std::optional<std::vector<MapProblem>> quick = validator.check(doc);
    INFO("step " << i);
    REQUIRE(quick);
    CHECK(quick->empty());
    CHECK(validateMap(doc).empty());
    CHECK(validator.lastStats().moved_vertices == 1);
    CHECK(validator.lastStats().moved_edges == 2);
    CHECK(validator.lastStats().edge_tests <= 12);  // of 1,220 edges (8 here)
  }
  // Dragged through the next wall: a crossing, found without validateMap.
  MapDocument doc = base;
  doc.polygons[0].outer[best] = outer[best] + (outer[best] - centre) * -3.0;
  const std::optional<std::vector<MapProblem>> quick = validator.check(doc);
  const std::vector<MapProblem> full = validateMap(doc);
  REQUIRE(hasError(full));
  if (quick) CHECK(hasError(*quick));
}
