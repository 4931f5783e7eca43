// test_methods.cpp: the Method interface and the registry (core/method.hpp,
// methods/registry.hpp) that the editor, the CLI and the lessons share: on shipped maps
// the exact methods give the independent oracle's shortest length, the approximations no
// shorter; the grid's length is in world units; a point on no free cell is named;
// Polyanya's node limit; names parse once; a toy method added with one line runs
// through the same code as the built-in ones.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "polypath/core/polyanya.hpp"
#include "polypath/core/search.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/debug/debug_draw.hpp"
#include "polypath/methods/registry.hpp"
#include "support/loaded_map.hpp"
#include "support/oracle.hpp"
#include "support/random_maps.hpp"
#include "support/run_cli.hpp"
#ifdef POLYPATH_HAVE_EDITOR
#include "editor/document/scene.hpp"
#endif

using namespace polypath;
using namespace polypath::test;

namespace {

/// Makes `name` from the registry, builds it on the loaded map, links its start and goal
/// and searches (A*, defaults).
Path runMethod(std::unique_ptr<Method>& run, const LoadedMap& m, const std::string& name, MethodOptions o = {}) {
  run = methods().create(name);
  run->build(m.map, o, m.graph.get());
  run->query(*m.doc.start, *m.doc.goal);
  REQUIRE(run->graph());
  return run->worldPath(findPath(*run->graph(), run->startNode(), run->goalNode()));
}

}  // namespace

TEST_CASE("methods: exact methods give the oracle's length, approximations no less", "[methods]") {
  for (const char* name : {"seed-demo.json", "maze.json", "room-with-holes.json"}) {
    INFO(name);
    const LoadedMap m(shippedMap(name));
    REQUIRE(m.doc.settings.corner_offset == 0.0);
    const double oracle = Oracle(m.doc.polygons).shortestPath(*m.doc.start, *m.doc.goal).length;
    REQUIRE(oracle > 0.0);
    std::unique_ptr<Method> run;
    for (const char* kind : {"visibility", "polyanya"}) {
      const Path p = runMethod(run, m, kind);
      CHECK(run->info().exact);
      REQUIRE(p.found);
      CHECK(p.length == Approx(oracle).epsilon(1e-12));
      CHECK(p.points.front() == *m.doc.start);
      CHECK(p.points.back() == *m.doc.goal);
    }
    // No limit: the engine searches the Polyanya query itself, not a recording of it.
    CHECK(dynamic_cast<const PolyanyaQuery*>(run->graph()) != nullptr);
    for (const char* kind : {"centre", "portal"}) {
      const Path p = runMethod(run, m, kind);
      REQUIRE(p.found);
      CHECK_FALSE(run->info().exact);
      CHECK(p.length >= oracle - 1e-9);
      REQUIRE(run->funnel() != nullptr);
      // The funnel path's length is the sum of its segments (not the node-to-node cost).
      double sum = 0.0;
      for (std::size_t i = 1; i < p.points.size(); ++i) sum += distance(p.points[i - 1], p.points[i]);
      CHECK(p.length == Approx(sum).epsilon(1e-12));
    }
    // Grid with 8 moves: in world units, and at least the exact length.
    MethodOptions half;
    half.cell_size = 0.5;
    const Path g = runMethod(run, m, "grid", half);
    REQUIRE(g.found);
    CHECK(g.length >= oracle - 1e-9);
    CHECK(g.length <= 1.1 * oracle + 2.0);
  }
}

TEST_CASE("methods: Polyanya's node limit and a point on no free cell", "[methods]") {
  const LoadedMap m(shippedMap("maze.json"));
  std::unique_ptr<Method> run;
  // One Polyanya search node allowed: the recorded graph stops the search without a path.
  MethodOptions one;
  one.search_node_limit = 1;
  const Path cut = runMethod(run, m, "polyanya", one);
  CHECK_FALSE(cut.found);
  CHECK(run->searchWarning() == "Polyanya stopped after 1 search nodes without reaching the goal (the limit)");
  MethodOptions many;
  many.search_node_limit = 1'000'000;
  CHECK(runMethod(run, m, "polyanya", many).found);
  CHECK(run->searchWarning().empty());

  run = methods().create("grid");
  run->build(m.map, {});
  try {
    run->query(Point{-5, -5}, *m.doc.goal);
    FAIL("no QueryError");
  } catch (const QueryError& e) {
    CHECK(std::string(e.what()) == "start (-5, -5) lies on no free cell of the grid (cell 1); use a smaller cell");
  }
  CHECK(run->graph() == nullptr);
  MethodOptions huge;
  huge.cell_size = 1e-9;  // more cells than a grid may have
  CHECK_THROWS_AS(run->build(m.map, huge), MethodError);
  CHECK_FALSE(run->built());
  // findPath before build is a MethodError, not a crash.
  CHECK_THROWS_AS(methods().create("polyanya")->findPath({0, 0}, {1, 1}), MethodError);
}

TEST_CASE("methods: start equal to goal gives the one-point path of length 0 with every method", "[methods]") {
  // The convention of Polyanya, triangle A* and the grid: a path is its distinct points, so
  // start == goal is [start] (the grid: its cell's centre). The visibility graph gave
  // [start, start] with 2 expansions.
  const LoadedMap m(shippedMap("seed-demo.json"));
  const Point p = *m.doc.start;  // (15, 6), inside the top corridor
  REQUIRE(p == Point{15, 6});
  for (const MethodEntry& e : methods().entries()) {
    const std::string kind(e.info->name);
    INFO("method " << kind);
    const std::unique_ptr<Method> run = e.create();
    run->build(m.map, {}, m.graph.get());
    const Path path = run->findPath(p, p);
    REQUIRE(path.found);
    CHECK(path.length == 0.0);
    REQUIRE(path.points.size() == 1);
    // The grid's lattice starts at the map's corner (3, 3): (15, 6) lies in cell (12, 3).
    CHECK(path.points[0] == (kind == "grid" ? Point{15.5, 6.5} : p));
  }
  // The one-shot call of the library and of the CLI: the same single point.
  const Path direct = findPath(*m.graph, p, p);
  CHECK(direct.found);
  CHECK(direct.points == std::vector<Point>{p});
  CHECK(direct.nodes.size() == 1);
  CHECK(direct.expanded == 1);
}

TEST_CASE("methods: a method reused for many queries answers each as a new method does", "[methods]") {
  // One method object answers a run of queries (refused ones among them) through
  // findPath(start, goal, out) with one Path; each answer must equal a new method's.
  const LoadedMap m(shippedMap("maze.json"));
  const PolygonMap::Bounds b = m.map.bounds();
  std::vector<std::pair<Point, Point>> queries;
  std::uint64_t x = 12345;
  auto next = [&](double lo, double hi) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return lo + (hi - lo) * static_cast<double>(x >> 11) / 9007199254740992.0;
  };
  for (int i = 0; i < 40; ++i)
    queries.push_back({{next(b.min.x, b.max.x), next(b.min.y, b.max.y)}, {next(b.min.x, b.max.x), next(b.min.y, b.max.y)}});
  queries.push_back({*m.doc.start, *m.doc.start});
  for (const MethodEntry& e : methods().entries()) {
    const std::string kind(e.info->name);
    const std::unique_ptr<Method> reused = e.create();
    reused->build(m.map, {}, m.graph.get());
    Path out;
    int answered = 0, refused = 0;
    for (const auto& [start, goal] : queries) {
      INFO("method " << kind << " start " << describePoint(start) << " goal " << describePoint(goal));
      const std::unique_ptr<Method> fresh = e.create();
      fresh->build(m.map, {}, m.graph.get());
      Path want;
      try {
        want = fresh->findPath(start, goal);
      } catch (const QueryError&) {
        CHECK_THROWS_AS(reused->findPath(start, goal, out), QueryError);
        ++refused;
        continue;
      }
      reused->findPath(start, goal, out);
      ++answered;
      CHECK(out.found == want.found);
      CHECK(std::abs(out.length - want.length) <= 1e-9 * std::max(1.0, want.length));
      CHECK(out.points == want.points);
      CHECK(out.expanded == want.expanded);
    }
    INFO("method " << kind);
    CHECK(answered >= 15);
    CHECK(refused >= 5);
  }
}

// [SECTION] The registry and a method added with one line

namespace {

/// A toy method, written the way docs/methods.md says: a straight segment from start to
/// goal when the map has line of sight between them, else no path. Its graph has two nodes
/// and at most one arc.
class StraightLineMethod final : public Method, public SearchGraph {
 public:
  const MethodInfo& info() const override {
    static const MethodInfo kInfo{.name = "straight",
                                  .label = "straight line (toy)",
                                  .short_label = "straight",
                                  .help = "The segment from start to goal when nothing blocks it.",
                                  .layers = LayerPath | LayerStartGoal | LayerEdges | LayerRegion,
                                  .exact = false,
                                  .options = {}};
    return kInfo;
  }
  void build(const PolygonMap& map, const MethodOptions&, const VisibilityGraph*) override { map_ = &map; }
  bool built() const override { return map_ != nullptr; }
  void query(Point start, Point goal) override {
    ends_[0] = start;
    ends_[1] = goal;
    queried_ = map_ != nullptr;
  }
  void dropQuery() override { queried_ = false; }
  const SearchGraph* graph() const override { return queried_ ? this : nullptr; }
  NodeId startNode() const override { return 0; }
  NodeId goalNode() const override { return 1; }
  Path tracePath(const Path& search) const override { return search; }
  std::string structureSummary() const override { return "no structure"; }
  void drawStructure(DebugDraw&, std::uint32_t) const override {}
  void drawEndpoints(DebugDraw& dd, std::uint32_t layers) const override { drawStartGoal(dd, &ends_[0], &ends_[1], layers); }
  void drawSearch(DebugDraw&, const SearchState&, std::uint32_t) const override {}
  void drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const override { drawPath(dd, search, layers); }

  // SearchGraph: node 0 is the start, node 1 the goal.
  std::size_t nodeCount() const override { return 2; }
  Point position(NodeId n) const override { return ends_[n]; }
  void neighbours(NodeId n, std::vector<Arc>& out) const override {
    if (n == 0 && map_->lineOfSight(ends_[0], ends_[1])) out.push_back({1, distance(ends_[0], ends_[1])});
  }

 private:
  const PolygonMap* map_ = nullptr;
  Point ends_[2];
  bool queried_ = false;
};

std::unique_ptr<Method> makeStraightLineMethod() { return std::make_unique<StraightLineMethod>(); }

/// Counts the lines drawn.
class LineCount final : public DebugDraw {
 public:
  void line(Point, Point, Color, float) override { ++lines; }
  void point(Point, Color, float) override {}
  void fillRings(const std::vector<const Ring*>&, Color) override {}
  void text(Point, std::string_view, Color) override {}
  int lines = 0;
};

/// Registers the toy method for one test and removes it again.
struct ScopedToyMethod {
  ScopedToyMethod() { methods().add(makeStraightLineMethod); }
  ~ScopedToyMethod() { methods().remove("straight"); }
};

}  // namespace

TEST_CASE("methods: the registry lists the built-in methods once, in selector order", "[methods]") {
  CHECK(methods().names() == "visibility, polyanya, centre, portal, grid");
  for (const MethodEntry& e : methods().entries()) {
    INFO(e.info->name);
    CHECK(&e.create()->info() == e.info);
    CHECK_FALSE(e.info->label.empty());
    CHECK_FALSE(e.info->help.empty());
    CHECK((e.info->layers & LayerPath) != 0);
  }
  CHECK(methods().find("navmesh") == nullptr);
  try {
    (void)methods().create("navmesh");
    FAIL("no MethodError");
  } catch (const MethodError& e) {
    CHECK(std::string(e.what()) == "unknown method 'navmesh' (one of: visibility, polyanya, centre, portal, grid)");
  }
  CHECK_THROWS_AS(methods().add(methods().get("visibility").create), MethodError);  // the name is taken
}

TEST_CASE("methods: settings text parses once: a name, or a name and its first option", "[methods]") {
  MethodSettings s;
  REQUIRE(parseMethodSettings("grid:0.5", s));
  CHECK(s.name == "grid");
  CHECK(s.options.cell_size == 0.5);
  CHECK(describe(s) == "grid (cell 0.5)");
  REQUIRE(parseMethodSettings("polyanya", s));
  CHECK(s == MethodSettings{"polyanya", {}});
  CHECK(describe(s) == "navmesh exact (Polyanya)");
  for (const char* bad : {"grid:0", "grid:-1", "grid:nan", "grid:1x", "visibility:2", "navmesh", ""}) {
    INFO(bad);
    CHECK_FALSE(parseMethodSettings(bad, s));
  }
  CHECK(s == MethodSettings{"polyanya", {}});  // unchanged by the failures
}

TEST_CASE("methods: a toy method added with one line runs and draws through the shared code", "[methods]") {
  const LoadedMap m(shippedMap("seed-demo.json"));
  const ScopedToyMethod toy;  // methods().add(makeStraightLineMethod): the one registration line
  CHECK(methods().names() == "visibility, polyanya, centre, portal, grid, straight");
  MethodSettings s;
  REQUIRE(parseMethodSettings("straight", s));
  CHECK(describe(s) == "straight line (toy)");

  const std::unique_ptr<Method> method = methods().create("straight");
  method->build(m.map, {});
  // Start and goal of the seed demo do not see each other; two points in its top corridor do.
  CHECK_FALSE(method->findPath(*m.doc.start, *m.doc.goal).found);
  const Path p = method->findPath({15, 6}, {20, 6});
  REQUIRE(p.found);
  CHECK(p.length == 5.0);
  CHECK(p.points == std::vector<Point>{{15, 6}, {20, 6}});
  CHECK(p.expanded == 2);
  LineCount dd;
  method->drawResult(dd, p, LayerPath);
  CHECK(dd.lines == 1);
}

TEST_CASE("methods: polypath path takes registry names and its older spelling alike", "[methods][cli]") {
  const std::string map = shippedMap("rooms-with-doors.json").string();
  auto json = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"path", map});
    args.push_back("--json");
    const RunResult r = runCli(args);
    REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out);
  };
  const auto polyanya = json({"--method", "polyanya"});
  const auto navmesh = json({"--method", "navmesh"});
  CHECK(polyanya["length"] == navmesh["length"]);
  CHECK(polyanya["expanded"] == navmesh["expanded"]);
  CHECK(polyanya["method"] == "polyanya");
  const auto centre = json({"--method", "centre", "--corridor"});
  const auto placed = json({"--method", "navmesh", "--node-placement", "centre", "--corridor"});
  CHECK(centre["length"] == placed["length"]);
  CHECK(centre["corridor"] == placed["corridor"]);
  const RunResult bad = runCli({"path", map, "--method", "straight"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err == "polypath: --method expects navmesh, finley or a registered method (visibility, polyanya, centre, "
                   "portal, grid), got 'straight'\n");
}

#ifdef POLYPATH_HAVE_EDITOR
TEST_CASE("methods: the editor offers and searches a method added with one line", "[methods][editor]") {
  const ScopedToyMethod toy;
  MapDocument doc = loadMap(shippedMap("seed-demo.json"));
  doc.start = Point{15, 6};
  doc.goal = Point{20, 6};
  editor::Scene scene;
  scene.setDocument(doc);
  scene.setMethod({"straight", {}});
  CHECK(scene.method().name == "straight");
  CHECK(scene.stats().method == "straight");
  CHECK(scene.stats().structure == "no structure");
  REQUIRE(scene.resultPath().found);
  CHECK(scene.resultPath().length == 5.0);
  scene.step();
  scene.step();
  CHECK(scene.stats().status == SearchStatus::Found);
  CHECK(scene.shownPath().length == 5.0);
}
#endif
