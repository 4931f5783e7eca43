// test_timeline.cpp: SearchTimeline (step back, seek) against fresh searches, and the
// two-sided SearchComparison.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "polypath/debug/search_compare.hpp"
#include "polypath/debug/search_timeline.hpp"
#include "support/loaded_map.hpp"

using namespace polypath;
using polypath::test::LoadedMap;

namespace {

/// Every observable part of two states is equal: status, records (g, h, f, parent,
/// status, expansion of every node), closed set in order, open set in order, the last
/// expanded node and the last relaxed arcs.
void requireSameState(const SearchState& a, const SearchState& b) {
  REQUIRE(a.status() == b.status());
  REQUIRE(a.nodeCount() == b.nodeCount());
  for (std::size_t i = 0; i < a.nodeCount(); ++i) {
    const NodeRecord& ra = a.record(static_cast<NodeId>(i));
    const NodeRecord& rb = b.record(static_cast<NodeId>(i));
    INFO("node " << i);
    REQUIRE(ra.status == rb.status);
    REQUIRE(ra.parent == rb.parent);
    REQUIRE(ra.expansion == rb.expansion);
    REQUIRE((ra.g == rb.g || (std::isinf(ra.g) && std::isinf(rb.g))));
    REQUIRE(ra.h == rb.h);
    REQUIRE((ra.f == rb.f || (std::isinf(ra.f) && std::isinf(rb.f))));
  }
  REQUIRE(a.closedSet() == b.closedSet());
  REQUIRE(a.openSet() == b.openSet());
  REQUIRE(a.lastExpanded() == b.lastExpanded());
  REQUIRE(a.lastRelaxed().size() == b.lastRelaxed().size());
  for (std::size_t i = 0; i < a.lastRelaxed().size(); ++i) {
    REQUIRE(a.lastRelaxed()[i].from == b.lastRelaxed()[i].from);
    REQUIRE(a.lastRelaxed()[i].to == b.lastRelaxed()[i].to);
    REQUIRE(a.lastRelaxed()[i].improved == b.lastRelaxed()[i].improved);
  }
}

}  // namespace

TEST_CASE("timeline: seek(k) equals a fresh search stepped k times, on every shipped map and every k", "[timeline]") {
  for (const auto& file : polypath::test::shippedMaps()) {
    const LoadedMap m(file);
    if (!m.query) continue;
    // Interval 1 on the larger maps forces the checkpoint thinning (more than 64 kept).
    for (int interval : {1, 16}) {
      INFO(m.name << ", first interval " << interval);
      SearchTimeline t(*m.query, m.query->startNode(), m.query->goalNode(), {}, interval);
      const Path one_shot = findPath(*m.query, m.query->startNode(), m.query->goalNode());
      REQUIRE(t.count() == one_shot.expanded);
      REQUIRE(t.finalPath().nodes == one_shot.nodes);
      REQUIRE(t.checkpointCount() <= SearchTimeline::kMaxCheckpoints);
      Search fresh;
      fresh.init(*m.query, m.query->startNode(), m.query->goalNode());
      for (int k = 0; k <= t.count(); ++k) {
        INFO("k = " << k);
        if (k > 0) fresh.step();
        if (k == t.count()) fresh.run();  // without a path: the step finding the open set empty
        t.seek(t.count());  // from the far end, so seek goes back through a checkpoint
        t.seek(k);
        REQUIRE(t.position() == k);
        requireSameState(t.state(), fresh.state());
        if (k > 0) REQUIRE(t.expandedAt(k) == fresh.state().closedSet()[static_cast<std::size_t>(k - 1)]);
      }
    }
  }
}

TEST_CASE("timeline: back() then forward() is the identity, and the ends refuse to move", "[timeline]") {
  const LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "maze.json");
  REQUIRE(m.query);
  SearchTimeline t(*m.query, m.query->startNode(), m.query->goalNode(), {}, 4);
  REQUIRE(t.count() > 8);
  CHECK_FALSE(t.back());
  CHECK(t.position() == 0);
  for (int k = 1; k <= t.count(); ++k) {
    REQUIRE(t.forward());
    const Search before = t.search();
    REQUIRE(t.back());
    REQUIRE(t.position() == k - 1);
    REQUIRE(t.forward());
    REQUIRE(t.position() == k);
    requireSameState(t.state(), before.state());
  }
  CHECK_FALSE(t.forward());
  CHECK(t.state().status() == SearchStatus::Found);
  CHECK(t.path().length == t.finalPath().length);
  t.seek(-5);
  CHECK(t.position() == 0);
  t.seek(t.count() + 100);
  CHECK(t.position() == t.count());
}

TEST_CASE("timeline: the first time each node is reached matches the stepped search", "[timeline]") {
  const LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "room-with-holes.json");
  REQUIRE(m.query);
  SearchTimeline t(*m.query, m.query->startNode(), m.query->goalNode());
  CHECK(t.reachedAt(m.query->startNode()) == 0);
  Search s;
  s.init(*m.query, m.query->startNode(), m.query->goalNode());
  std::vector<int> first(m.query->nodeCount(), -1);
  first[static_cast<std::size_t>(m.query->startNode())] = 0;
  while (s.state().status() == SearchStatus::Running) {
    s.step();
    for (std::size_t n = 0; n < first.size(); ++n)
      if (first[n] < 0 && s.state().record(static_cast<NodeId>(n)).status != NodeStatus::Unseen)
        first[n] = s.state().expandedCount();
  }
  for (std::size_t n = 0; n < first.size(); ++n) CHECK(t.reachedAt(static_cast<NodeId>(n)) == first[n]);
}

TEST_CASE("timeline: a search with no path keeps its expansions and ends in NoPath", "[timeline]") {
  const LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "two-areas.json");
  REQUIRE(m.query);
  SearchTimeline t(*m.query, m.query->startNode(), m.query->goalNode());
  const Path p = findPath(*m.query, m.query->startNode(), m.query->goalNode());
  CHECK(t.finalStatus() == (p.found ? SearchStatus::Found : SearchStatus::NoPath));
  CHECK(t.count() == p.expanded);
  t.toEnd();
  CHECK(t.state().status() == t.finalStatus());
}

TEST_CASE("compare: A* and Dijkstra stepped together give each side's own counts and lengths", "[timeline][compare]") {
  const LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "maze.json");
  REQUIRE(m.query);
  SearchOptions dijkstra;
  dijkstra.heuristic = Heuristic::None;
  const NodeId s = m.query->startNode(), g = m.query->goalNode();
  SearchComparison c({"A*", m.query.get(), s, g, {}}, {"Dijkstra", m.query.get(), s, g, dijkstra});
  const Path a = findPath(*m.query, s, g);
  const Path d = findPath(*m.query, s, g, dijkstra);
  REQUIRE(a.expanded < d.expanded);
  CHECK(c.count() == d.expanded);
  CHECK(c.stats(0).expanded_total == a.expanded);
  CHECK(c.stats(1).expanded_total == d.expanded);
  CHECK(c.stats(0).length == Approx(a.length).epsilon(1e-12));
  CHECK(c.stats(1).length == Approx(d.length).epsilon(1e-12));
  CHECK(c.stats(0).label == "A*");
  CHECK(c.stats(0).time_ms >= 0.0);
  CHECK(c.stats(0).nodes == m.query->nodeCount());

  c.seek(a.expanded + 1);  // A* has finished, Dijkstra goes on
  CHECK(c.stats(0).expanded_now == a.expanded);
  CHECK(c.stats(0).status_now == SearchStatus::Found);
  CHECK(c.stats(1).expanded_now == a.expanded + 1);
  CHECK(c.stats(1).status_now == SearchStatus::Running);
  REQUIRE(c.back());
  CHECK(c.position() == a.expanded);
  CHECK(c.side(1).position() == a.expanded);
  c.toEnd();
  CHECK(c.side(1).state().status() == SearchStatus::Found);
  CHECK_FALSE(c.forward());
  c.reset();
  CHECK(c.side(0).position() == 0);
  CHECK(c.side(1).position() == 0);
}
