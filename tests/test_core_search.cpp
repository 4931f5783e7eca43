// The A* engine: stepping, the state view, heuristics, tie-breaking.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "polypath/core/visibility_graph.hpp"

using namespace polypath;

namespace {

// Room with three holes: enough nodes that stepping is interesting.
PolygonMap roomWithHoles() {
  return PolygonMap({{{{0, 0}, {40, 0}, {40, 28}, {0, 28}},
                      {{{8, 6}, {12, 6}, {12, 10}, {8, 10}},
                       {{18, 4}, {24, 8}, {18, 12}},
                       {{6, 16}, {16, 16}, {16, 19}, {6, 19}},
                       {{22, 17}, {26, 14}, {30, 18}, {26, 22}}}}});
}

// A graph given by explicit arcs, for engine-only tests.
class TableGraph final : public SearchGraph {
 public:
  std::vector<Point> points;
  std::vector<std::vector<Arc>> arcs;
  std::size_t nodeCount() const override { return points.size(); }
  Point position(NodeId n) const override { return points[n]; }
  void neighbours(NodeId n, std::vector<Arc>& out) const override {
    out.insert(out.end(), arcs[n].begin(), arcs[n].end());
  }
};

// A 7 x 7 lattice with unit arcs between 4-neighbours and, from every node, deferred arcs of
// Euclidean cost to a few other nodes, a third of which fail their check. Costs are never
// below the straight line, so the Euclidean heuristic is consistent, and deferred arcs along
// lattice lines tie with the unit arcs: the tie rule matters.
class DeferredLattice final : public SearchGraph {
 public:
  static constexpr int kSide = 7;
  std::vector<std::vector<Arc>> arcs;
  mutable int checks = 0;

  DeferredLattice() : arcs(kSide * kSide) {
    for (NodeId n = 0; n < kSide * kSide; ++n) {
      const int x = n % kSide, y = n / kSide;
      if (x + 1 < kSide) link(n, n + 1);
      if (y + 1 < kSide) link(n, n + kSide);
      for (int k = 1; k <= 4; ++k) {
        const NodeId m = static_cast<NodeId>((n * 13 + k * 17) % (kSide * kSide));
        if (m != n) arcs[n].push_back({m, distance(position(n), position(m)), true});
      }
    }
  }
  static bool exists(NodeId from, NodeId to) { return (from * 31 + to * 7) % 3 != 0; }
  std::size_t nodeCount() const override { return kSide * kSide; }
  Point position(NodeId n) const override { return {static_cast<double>(n % kSide), static_cast<double>(n / kSide)}; }
  void neighbours(NodeId n, std::vector<Arc>& out) const override { out.insert(out.end(), arcs[n].begin(), arcs[n].end()); }
  bool checkArc(NodeId from, NodeId to) const override {
    ++checks;
    return exists(from, to);
  }

 private:
  void link(NodeId a, NodeId b) {
    arcs[a].push_back({b, 1.0});
    arcs[b].push_back({a, 1.0});
  }
};

// Dijkstra over the lattice's arcs that exist (deferred ones checked up front).
double checkedDistance(const DeferredLattice& g, NodeId start, NodeId goal) {
  std::vector<double> d(g.nodeCount(), INFINITY);
  std::vector<char> done(g.nodeCount(), 0);
  d[start] = 0.0;
  for (;;) {
    NodeId u = kNoNode;
    for (NodeId n = 0; n < static_cast<NodeId>(d.size()); ++n)
      if (!done[n] && (u == kNoNode || d[n] < d[u])) u = n;
    if (u == kNoNode || d[u] == INFINITY) return INFINITY;
    if (u == goal) return d[u];
    done[u] = 1;
    for (const Arc& a : g.arcs[u])
      if (!a.deferred || DeferredLattice::exists(u, a.to)) d[a.to] = std::min(d[a.to], d[u] + a.cost);
  }
}

}  // namespace

TEST_CASE("deferred arcs checked when popped give the path, nodes and expansions of arcs checked when relaxed",
          "[search]") {
  DeferredLattice g;
  int eager_checks = 0, lazy_checks = 0, compared = 0;
  for (NodeId start : {0, 8, 24, 40}) {
    for (NodeId goal = 0; goal < static_cast<NodeId>(g.nodeCount()); goal += 3) {
      for (const SearchOptions options : {SearchOptions{}, SearchOptions{Heuristic::None, 1.0, TieBreak::LargerG},
                                          SearchOptions{Heuristic::Euclidean, 1.0, TieBreak::None},
                                          SearchOptions{Heuristic::Euclidean, 2.5, TieBreak::LargerG}}) {
        INFO("start " << start << " goal " << goal << " heuristic " << heuristicName(options.heuristic) << " weight "
                      << options.weight << " tie-break " << static_cast<int>(options.tie_break));
        Search eager;
        eager.init(g, start, goal, options);
        g.checks = 0;
        eager.run();
        eager_checks += g.checks;
        const Path e = eager.finalize();
        Search lazy;
        lazy.init(g, start, goal, options, ArcChecks::WhenPopped);
        g.checks = 0;
        lazy.run();
        lazy_checks += g.checks;
        const Path l = lazy.finalize();
        REQUIRE(e.found);
        if (options.weight == 1.0) CHECK(e.length == Approx(checkedDistance(g, start, goal)).epsilon(1e-12));
        for (std::size_t k = 1; k < e.nodes.size(); ++k) {
          const auto& out = g.arcs[e.nodes[k - 1]];
          const bool usable = std::any_of(out.begin(), out.end(), [&](const Arc& a) {
            return a.to == e.nodes[k] && (!a.deferred || DeferredLattice::exists(e.nodes[k - 1], a.to));
          });
          CHECK(usable);
        }
        CHECK(l.found == e.found);
        CHECK(l.length == e.length);
        CHECK(l.nodes == e.nodes);
        CHECK(l.expanded == e.expanded);
        const Path f = findPath(g, start, goal, options);
        CHECK(f.nodes == e.nodes);
        CHECK(f.expanded == e.expanded);
        ++compared;
      }
    }
  }
  CHECK(compared == 4 * 17 * 4);
  // Checking when popped skips the arcs whose target is reached more cheaply or never.
  CHECK(lazy_checks < eager_checks / 2);
}

TEST_CASE("step() expands exactly one node and stepping to the end equals findPath", "[search]") {
  const PolygonMap map = roomWithHoles();
  const VisibilityGraph graph(map);
  const VisibilityQuery query(graph, {2, 2}, {38, 26});
  const Path oneShot = findPath(query, query.startNode(), query.goalNode());
  REQUIRE(oneShot.found);
  for (int n = 0; n <= oneShot.expanded; ++n) {
    Search search;
    search.init(query, query.startNode(), query.goalNode());
    for (int i = 0; i < n; ++i) {
      REQUIRE(search.state().status() == SearchStatus::Running);
      search.step();
      REQUIRE(search.state().expandedCount() == i + 1);
      REQUIRE(search.state().lastExpanded() == search.state().closedSet().back());
    }
    search.run();
    const Path stepped = search.finalize();
    CHECK(stepped.length == oneShot.length);
    CHECK(stepped.nodes == oneShot.nodes);
    CHECK(stepped.expanded == oneShot.expanded);
  }
}

TEST_CASE("the first step expands the start and relaxes its links", "[search]") {
  const PolygonMap map = roomWithHoles();
  const VisibilityGraph graph(map);
  const VisibilityQuery query(graph, {2, 2}, {38, 26});
  Search search;
  search.init(query, query.startNode(), query.goalNode());
  const SearchState& s = search.state();
  CHECK(s.openSet() == std::vector<NodeId>{query.startNode()});
  search.step();
  CHECK(s.lastExpanded() == query.startNode());
  CHECK(s.lastRelaxed().size() == query.startLinks().size());
  for (const RelaxedArc& arc : s.lastRelaxed()) {
    CHECK(arc.from == query.startNode());
    CHECK(arc.improved);
    const NodeRecord& r = s.record(arc.to);
    CHECK(r.status == NodeStatus::Open);
    CHECK(r.parent == query.startNode());
    CHECK(r.g == Approx(distance({2, 2}, query.position(arc.to))).epsilon(1e-15));
    CHECK(r.h == Approx(distance(query.position(arc.to), {38, 26})).epsilon(1e-15));
    CHECK(r.f == r.g + r.h);
  }
  // The open set comes sorted by f.
  const std::vector<NodeId> open = s.openSet();
  for (std::size_t i = 1; i < open.size(); ++i) CHECK(s.record(open[i - 1]).f <= s.record(open[i]).f);
}

TEST_CASE("A* with the Euclidean heuristic matches Dijkstra's cost with fewer expansions", "[search]") {
  const PolygonMap map = roomWithHoles();
  const VisibilityGraph graph(map);
  const Path astar = findPath(graph, {2, 2}, {38, 26}, {Heuristic::Euclidean});
  const Path dijkstra = findPath(graph, {2, 2}, {38, 26}, {Heuristic::None});
  REQUIRE(astar.found);
  CHECK(astar.length == Approx(dijkstra.length).epsilon(1e-14));
  CHECK(astar.expanded < dijkstra.expanded);
}

TEST_CASE("a weighted heuristic never beats the optimal cost", "[search]") {
  const PolygonMap map = roomWithHoles();
  const VisibilityGraph graph(map);
  const Path optimal = findPath(graph, {2, 2}, {38, 26});
  for (double w : {1.5, 2.0, 5.0}) {
    const Path weighted = findPath(graph, {2, 2}, {38, 26}, {Heuristic::Euclidean, w});
    REQUIRE(weighted.found);
    CHECK(weighted.length >= optimal.length - 1e-12);
    CHECK(weighted.expanded <= optimal.expanded);
  }
}

TEST_CASE("an improved node is re-pushed and its stale heap entry skipped", "[search]") {
  // 0 -> 1 costs 10, 0 -> 2 -> 1 costs 2: node 1 is first opened with g 10, then improved.
  TableGraph g;
  g.points = {{0, 0}, {1, 0}, {0.5, 0}, {2, 0}};
  g.arcs = {{{1, 10.0}, {2, 1.0}}, {{3, 1.0}}, {{1, 1.0}}, {}};
  Search s;
  s.init(g, 0, 3, {Heuristic::None});
  s.step();  // expands 0
  CHECK(s.state().record(1).g == 10.0);
  s.step();  // expands 2, improves 1
  CHECK(s.state().record(1).g == 2.0);
  CHECK(s.state().record(1).parent == 2);
  REQUIRE(s.state().lastRelaxed().size() == 1);
  CHECK(s.state().lastRelaxed()[0].improved);
  s.run();
  const Path p = s.finalize();
  CHECK(p.length == 3.0);
  CHECK(p.nodes == std::vector<NodeId>{0, 2, 1, 3});
  CHECK(p.expanded == 4);  // the stale entry of node 1 is not an expansion
}

TEST_CASE("ties on f go to the larger g when asked, else to the smaller id", "[search]") {
  TableGraph g;
  g.points = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
  g.arcs = {{{1, 2.0}, {2, 1.0}}, {}, {}, {}};
  Search s;
  s.init(g, 0, 3, {Heuristic::None, 1.0, TieBreak::LargerG});
  s.step();
  // Without a heuristic f = g, so plain f order: node 2 (f 1) before node 1 (f 2).
  CHECK(s.state().openSet() == std::vector<NodeId>{2, 1});
  TableGraph t;
  t.points = {{0, 0}, {3, 0}, {1, 0}, {4, 0}};  // h to goal (4,0): node 1 -> 1, node 2 -> 3
  t.arcs = {{{1, 3.0}, {2, 1.0}}, {}, {}, {}};  // f(1) = 3 + 1 = 4, f(2) = 1 + 3 = 4
  s.init(t, 0, 3, {Heuristic::Euclidean, 1.0, TieBreak::LargerG});
  s.step();
  CHECK(s.state().openSet() == std::vector<NodeId>{1, 2});
  s.init(t, 0, 3, {Heuristic::Euclidean, 1.0, TieBreak::None});
  s.step();
  CHECK(s.state().openSet() == std::vector<NodeId>{1, 2});  // equal f, no tie-break: smaller id
  s.step();
  CHECK(s.state().lastExpanded() == 1);
}

TEST_CASE("every step expands the open set's first node, ties included", "[search]") {
  // 12 x 12 lattice points, each with arcs to six pseudo-random others of integer cost at
  // least their Manhattan distance: many equal f and g, so the held best entry and the heap
  // both meet ties. The expanded node must be openSet()'s first before every step.
  TableGraph g;
  const int side = 12, n = side * side;
  for (int i = 0; i < n; ++i) g.points.push_back({static_cast<double>(i % side), static_cast<double>(i / side)});
  g.arcs.resize(n);
  unsigned seed = 12345;
  auto next = [&seed] { return seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7fff; };
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 6; ++k) {
      const NodeId to = static_cast<NodeId>(next() % n);
      const Point d = g.points[to] - g.points[i];
      g.arcs[i].push_back({to, std::abs(d.x) + std::abs(d.y) + static_cast<double>(next() % 3)});
    }
  for (Heuristic h : {Heuristic::None, Heuristic::Manhattan})
    for (TieBreak tie : {TieBreak::LargerG, TieBreak::None}) {
      Search s;
      s.init(g, 0, n - 1, {h, 1.0, tie});
      int steps = 0;
      while (s.state().status() == SearchStatus::Running) {
        const std::vector<NodeId> open = s.state().openSet();
        if (open.empty()) break;
        s.step();
        REQUIRE(s.state().lastExpanded() == open.front());
        ++steps;
      }
      CHECK(s.state().status() == SearchStatus::Found);
      CHECK(steps > 20);
    }
}

TEST_CASE("an exhausted open set reports no path and stays finished", "[search]") {
  TableGraph g;
  g.points = {{0, 0}, {1, 0}, {5, 0}};
  g.arcs = {{{1, 1.0}}, {{0, 1.0}}, {}};
  Search s;
  s.init(g, 0, 2);
  CHECK(s.run() == SearchStatus::NoPath);
  CHECK(s.state().expandedCount() == 2);
  CHECK(s.step() == SearchStatus::NoPath);
  CHECK_FALSE(s.finalize().found);
}

TEST_CASE("heuristic names parse and print", "[search]") {
  Heuristic h{};
  for (const char* name : {"none", "euclidean", "manhattan", "chebyshev", "octile"}) {
    REQUIRE(parseHeuristic(name, h));
    CHECK(std::string(heuristicName(h)) == name);
  }
  CHECK_FALSE(parseHeuristic("squared", h));
  CHECK(heuristicValue(Heuristic::Octile, {0, 0}, {3, 1}) == Approx(2 + std::sqrt(2.0)));
  CHECK(heuristicValue(Heuristic::Manhattan, {0, 0}, {3, -1}) == 4.0);
  CHECK(heuristicValue(Heuristic::Chebyshev, {0, 0}, {3, -1}) == 3.0);
}
