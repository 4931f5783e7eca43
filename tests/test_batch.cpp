// test_batch.cpp: PathBatch (methods/batch.hpp): on the shipped maps, every registered
// method answers a batch on 1 and 2 threads exactly as a one-shot Method::findPath per
// query on its own build (found, length to the bit, expansions, points, refusal text);
// with a clearance the method searches the eroded region and refuses points too near a
// wall with the placement's text; a method that does not share is built per worker.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "polypath/geom/clearance.hpp"
#include "polypath/methods/batch.hpp"
#include "support/loaded_map.hpp"

using namespace polypath;
using namespace polypath::test;

namespace {

/// Batch options: the method by name, the threads, the clearance.
BatchOptions opts(const std::string& method = "visibility", int threads = 1, double clearance = 0.0) {
  BatchOptions o;
  o.method.name = method;
  o.threads = threads;
  o.clearance = clearance;
  return o;
}

/// The map's own start and goal, then pairs of points of a 7 x 7 lattice over the bounds
/// (some walkable, some in holes or outside), the first with the last, and one NaN start.
std::vector<BatchQuery> queriesFor(const MapDocument& doc, const PolygonMap& map) {
  std::vector<BatchQuery> out;
  if (doc.start && doc.goal) out.push_back({*doc.start, *doc.goal});
  const PolygonMap::Bounds b = map.bounds();
  std::vector<Point> lattice;
  for (int i = 1; i <= 7; ++i)
    for (int j = 1; j <= 7; ++j)
      lattice.push_back({b.min.x + (b.max.x - b.min.x) * i / 8.0, b.min.y + (b.max.y - b.min.y) * j / 8.0});
  for (std::size_t i = 0; i < lattice.size() / 2; ++i) out.push_back({lattice[i], lattice[lattice.size() - 1 - i]});
  out.push_back({{std::numeric_limits<double>::quiet_NaN(), 1.0}, lattice[0]});
  return out;
}

/// One-shot answers: a fresh method built on `map`, findPath per query, QueryError's text.
std::vector<BatchAnswer> oneByOne(const PolygonMap& map, const std::string& name, const std::vector<BatchQuery>& qs) {
  std::unique_ptr<Method> m = methods().create(name);
  m->build(map, {});
  std::vector<BatchAnswer> out;
  for (const BatchQuery& q : qs) {
    BatchAnswer a;
    try {
      const Path p = m->findPath(q.start, q.goal);
      a.found = p.found;
      a.length = p.found ? p.length : 0.0;
      a.expanded = static_cast<std::size_t>(p.expanded);
      a.points = p.points;
    } catch (const QueryError& e) {
      a.error = e.what();
    }
    out.push_back(a);
  }
  return out;
}

void requireSame(const std::vector<BatchAnswer>& got, const std::vector<BatchAnswer>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("query " << i);
    CHECK(got[i].found == want[i].found);
    CHECK(got[i].length == want[i].length);  // exactly: the same arithmetic
    CHECK(got[i].expanded == want[i].expanded);
    CHECK(got[i].points == want[i].points);
    CHECK(got[i].error == want[i].error);
  }
}

}  // namespace

TEST_CASE("batch: every method on every shipped map answers as findPath one by one, on 1 and 2 threads",
          "[batch]") {
  for (const auto& file : shippedMaps()) {
    const MapDocument doc = loadMap(file);
    const PolygonMap map = buildPolygonMap(doc);
    const std::vector<BatchQuery> qs = queriesFor(doc, map);
    for (const MethodEntry& entry : methods().entries()) {
      const std::string name(entry.info->name);
      INFO(file.filename().string() << " " << name);
      std::vector<BatchAnswer> want;
      try {
        want = oneByOne(map, name, qs);
      } catch (const MethodError&) {
        // A grid of 1-unit cells too large for the map: the batch refuses it the same way.
        CHECK_THROWS_AS(PathBatch(map, opts(name)), MethodError);
        continue;
      }
      std::size_t refused = 0, found = 0;
      for (const BatchAnswer& a : want) {
        refused += !a.error.empty();
        found += a.found;
      }
      CHECK(refused >= 1);              // at least the NaN start
      CHECK(refused + 2 <= want.size());  // and some ran (two-areas finds no path between its areas)
      if (file.filename() != "two-areas.json") CHECK(found >= 1);
      for (int threads : {1, 2}) {
        INFO("threads " << threads);
        const PathBatch batch(map, opts(name, threads));
        requireSame(batch.run(qs), want);
        requireSame(batch.run(qs), want);  // again: no query state survives a run
      }
    }
  }
}

TEST_CASE("batch: the seed demo's own query has the length the other tests use", "[batch]") {
  const MapDocument doc = loadMap(shippedMap("seed-demo.json"));
  const PathBatch batch(buildPolygonMap(doc), opts("visibility", 2));
  const BatchQuery q{*doc.start, *doc.goal};
  const std::vector<BatchAnswer> a = batch.run(std::span(&q, 1));
  REQUIRE(a.size() == 1);
  CHECK(a[0].found);
  CHECK(a[0].error.empty());
  CHECK(std::abs(a[0].length - 34.861884652980) <= 1e-9);  // kSeedLength of the editor tests
  CHECK(a[0].points.front() == q.start);
  CHECK(a[0].points.back() == q.goal);
}

TEST_CASE("batch: refused queries carry the error text and keep_points off keeps none", "[batch]") {
  const MapDocument doc = loadMap(shippedMap("seed-demo.json"));
  const PolygonMap map = buildPolygonMap(doc);
  BatchOptions o = opts("polyanya", 2);
  o.keep_points = false;
  const PathBatch batch(map, o);
  const std::vector<BatchQuery> qs{{*doc.start, *doc.goal}, {{-100.0, -100.0}, *doc.goal}, {*doc.start, {1e3, 0.0}}};
  const std::vector<BatchAnswer> a = batch.run(qs);
  REQUIRE(a.size() == 3);
  CHECK(a[0].found);
  CHECK(a[0].points.empty());
  CHECK(a[0].expanded > 0);
  CHECK_FALSE(a[1].found);
  CHECK(a[1].length == 0.0);
  CHECK(a[1].error == "start (-100.000000, -100.000000) is outside the navigation mesh");
  CHECK(a[2].error == "goal (1000.000000, 0.000000) is outside the navigation mesh");
  CHECK(batch.run({}).empty());
}

TEST_CASE("batch: with a clearance the eroded region is searched and points near a wall are refused", "[batch]") {
  const MapDocument doc = loadMap(shippedMap("seed-demo.json"));
  const PolygonMap map = buildPolygonMap(doc);
  const double r = 0.5;
  const ErodedRegion eroded = erodeRegion(map.polygons(), r);
  const PolygonMap::Bounds b = map.bounds();
  // The lattice points at least 1 from every wall: inside the eroded region, kept as given.
  std::vector<Point> inside;
  for (int i = 1; i < 12; ++i)
    for (int j = 1; j < 12; ++j) {
      const Point p{b.min.x + (b.max.x - b.min.x) * i / 12.0, b.min.y + (b.max.y - b.min.y) * j / 12.0};
      if (map.isWalkable(p) && nearestWall(map, p).distance > 2 * r) inside.push_back(p);
    }
  REQUIRE(inside.size() >= 4);
  std::vector<BatchQuery> qs;
  for (std::size_t i = 0; i + 1 < inside.size(); ++i) qs.push_back({inside[i], inside[inside.size() - 1 - i]});
  for (const char* name : {"visibility", "polyanya", "centre"}) {
    INFO(name);
    const std::vector<BatchAnswer> want = oneByOne(eroded.map, name, qs);
    const PathBatch batch(map, opts(name, 2, r));
    CHECK(batch.searchedMap().vertices().size() == eroded.map.vertices().size());
    requireSame(batch.run(qs), want);
  }
  // A start 0.25 from the outer wall has no room for a radius 0.5.
  const NearestWall w = nearestWall(map, inside[0]);
  const Point near_wall{w.point.x + (inside[0].x - w.point.x) * 0.25 / w.distance,
                        w.point.y + (inside[0].y - w.point.y) * 0.25 / w.distance};
  const PathBatch batch(map, opts("visibility", 1, r));
  const BatchQuery q{near_wall, inside[0]};
  const std::vector<BatchAnswer> a = batch.run(std::span(&q, 1));
  CHECK_FALSE(a[0].found);
  CHECK(a[0].error.find("start (") == 0);
  CHECK(a[0].error.find("closer than the clearance radius 0.5") != std::string::npos);
  CHECK_THROWS_AS(PathBatch(map, opts("visibility", 1, 100.0)), ClearanceError);
  CHECK_THROWS_AS(PathBatch(map, opts("visibility", 1, -1.0)), ClearanceError);
  CHECK_THROWS_AS(PathBatch(map, opts("visibility", 0)), MethodError);
  CHECK_THROWS_AS(PathBatch(map, opts("no-such-method")), MethodError);
}

namespace {

/// A method a program registers without share(): it wraps the visibility method.
class Unshared final : public Method {
 public:
  Unshared() : inner_(methods().create("visibility")) {}
  const MethodInfo& info() const override { return kInfo; }
  void build(const PolygonMap& map, const MethodOptions& o, const VisibilityGraph* g) override {
    ++builds;
    inner_->build(map, o, g);
  }
  bool built() const override { return inner_->built(); }
  void query(Point s, Point g) override { inner_->query(s, g); }
  void dropQuery() override { inner_->dropQuery(); }
  const SearchGraph* graph() const override { return inner_->graph(); }
  NodeId startNode() const override { return inner_->startNode(); }
  NodeId goalNode() const override { return inner_->goalNode(); }
  Path tracePath(const Path& p) const override { return inner_->worldPath(p); }
  std::string structureSummary() const override { return inner_->structureSummary(); }
  void drawStructure(DebugDraw&, std::uint32_t) const override {}
  void drawEndpoints(DebugDraw&, std::uint32_t) const override {}
  void drawSearch(DebugDraw&, const SearchState&, std::uint32_t) const override {}
  void drawResult(DebugDraw&, const Path&, std::uint32_t) const override {}

  static inline int builds = 0;
  static inline const MethodInfo kInfo{.name = "batch-test-unshared", .label = "unshared", .short_label = "unshared",
                                       .help = "visibility without share()", .layers = 0, .exact = true,
                                       .options = {}};

 private:
  std::unique_ptr<Method> inner_;
};

}  // namespace

TEST_CASE("batch: a method without share() is built once more per worker and answers the same", "[batch]") {
  methods().add([]() -> std::unique_ptr<Method> { return std::make_unique<Unshared>(); });
  const MapDocument doc = loadMap(shippedMap("maze.json"));
  const PolygonMap map = buildPolygonMap(doc);
  const std::vector<BatchQuery> qs = queriesFor(doc, map);
  const std::vector<BatchAnswer> want = oneByOne(map, "visibility", qs);
  Unshared::builds = 0;
  const PathBatch batch(map, opts("batch-test-unshared", 2));
  CHECK(Unshared::builds == 1);
  requireSame(batch.run(qs), want);
  CHECK(Unshared::builds == 3);
  methods().remove("batch-test-unshared");
}
