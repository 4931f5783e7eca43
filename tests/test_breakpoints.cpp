// test_breakpoints.cpp: runs stop exactly at the expansion that fires a breakpoint, on
// the engine and on the timeline; and the node inspector's data.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <vector>

#include "polypath/debug/breakpoints.hpp"
#include "polypath/debug/node_inspector.hpp"
#include "polypath/debug/search_timeline.hpp"
#include "support/loaded_map.hpp"

using namespace polypath;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using polypath::test::LoadedMap;

namespace {

const LoadedMap& maze() {
  static const LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "maze.json");
  return m;
}

/// The whole search stepped once: per expansion k (1-based), the node expanded, its f,
/// and the first k at which the goal is no longer unseen.
struct Reference {
  std::vector<NodeId> order;
  std::vector<double> f;
  int goal_opened = -1;
};

Reference reference(const VisibilityQuery& q, SearchOptions options = {}) {
  Reference r;
  Search s;
  s.init(q, q.startNode(), q.goalNode(), options);
  while (s.state().status() == SearchStatus::Running) {
    s.step();
    if (s.state().lastExpanded() == kNoNode) break;
    r.order.push_back(s.state().lastExpanded());
    r.f.push_back(s.state().record(s.state().lastExpanded()).f);
    if (r.goal_opened < 0 && s.state().record(q.goalNode()).status != NodeStatus::Unseen)
      r.goal_opened = static_cast<int>(r.order.size());
  }
  return r;
}

}  // namespace

TEST_CASE("breakpoint: run until a node is expanded stops right after its expansion", "[breakpoints]") {
  const VisibilityQuery& q = *maze().query;
  const Reference ref = reference(q);
  REQUIRE(ref.order.size() > 10);
  for (std::size_t k = 0; k < ref.order.size(); ++k) {
    const Breakpoint bp[] = {Breakpoint::onExpand(ref.order[k])};
    Search s;
    s.init(q, q.startNode(), q.goalNode());
    const BreakResult r = runUntil(s, bp);
    CHECK(r.hit == 0);
    CHECK(r.steps == static_cast<int>(k + 1));
    CHECK(s.state().lastExpanded() == ref.order[k]);

    SearchTimeline t(q, q.startNode(), q.goalNode());
    const BreakResult rt = runUntil(t, bp);
    CHECK(rt.hit == 0);
    CHECK(t.position() == static_cast<int>(k + 1));
  }
}

TEST_CASE("breakpoint: a node never expanded runs the search to its end without a hit", "[breakpoints]") {
  const VisibilityQuery& q = *maze().query;
  const Reference ref = reference(q);
  NodeId never = kNoNode;
  for (NodeId n = 0; n < static_cast<NodeId>(q.nodeCount()); ++n)
    if (std::find(ref.order.begin(), ref.order.end(), n) == ref.order.end()) never = n;
  REQUIRE(never != kNoNode);
  Search s;
  s.init(q, q.startNode(), q.goalNode());
  const Breakpoint bp[] = {Breakpoint::onExpand(never)};
  const BreakResult r = runUntil(s, bp);
  CHECK(r.hit == -1);
  CHECK(r.status == SearchStatus::Found);
  CHECK(r.steps == static_cast<int>(ref.order.size()));
}

TEST_CASE("breakpoint: the goal entering the open set stops at that expansion, once", "[breakpoints]") {
  const VisibilityQuery& q = *maze().query;
  const Reference ref = reference(q);
  REQUIRE(ref.goal_opened > 1);
  const Breakpoint bp[] = {Breakpoint::onGoalOpened()};
  Search s;
  s.init(q, q.startNode(), q.goalNode());
  const BreakResult r = runUntil(s, bp);
  CHECK(r.hit == 0);
  CHECK(r.steps == ref.goal_opened);
  CHECK(s.state().record(q.goalNode()).status == NodeStatus::Open);
  // Continuing: the goal does not enter the open set again.
  const BreakResult again = runUntil(s, bp);
  CHECK(again.hit == -1);
  CHECK(again.status == SearchStatus::Found);
}

TEST_CASE("breakpoint: f above a value stops at the first expansion whose f exceeds it", "[breakpoints]") {
  const VisibilityQuery& q = *maze().query;
  SearchOptions dijkstra;
  dijkstra.heuristic = Heuristic::None;  // f = g grows, so every threshold is met somewhere
  const Reference ref = reference(q, dijkstra);
  for (double threshold : {0.0, ref.f[5], ref.f[ref.f.size() / 2], ref.f.back() - 1e-9}) {
    INFO("threshold " << threshold);
    const auto first = std::find_if(ref.f.begin(), ref.f.end(), [&](double f) { return f > threshold; });
    REQUIRE(first != ref.f.end());
    const int expected = static_cast<int>(first - ref.f.begin()) + 1;
    SearchTimeline t(q, q.startNode(), q.goalNode(), dijkstra);
    const Breakpoint bp[] = {Breakpoint::onFAbove(threshold)};
    const BreakResult r = runUntil(t, bp);
    CHECK(r.hit == 0);
    CHECK(t.position() == expected);
    CHECK(t.state().record(t.state().lastExpanded()).f > threshold);
  }
}

TEST_CASE("breakpoint: with several breakpoints the first to fire stops the run and says which", "[breakpoints]") {
  const VisibilityQuery& q = *maze().query;
  const Reference ref = reference(q);
  const Breakpoint bps[] = {Breakpoint::onExpand(ref.order[7]), Breakpoint::onExpand(ref.order[3])};
  Search s;
  s.init(q, q.startNode(), q.goalNode());
  BreakResult r = runUntil(s, bps);
  CHECK(r.hit == 1);
  CHECK(r.steps == 4);
  r = runUntil(s, bps);
  CHECK(r.hit == 0);
  CHECK(r.steps == 4);
  CHECK(s.state().expandedCount() == 8);
  // max_steps bounds the run.
  r = runUntil(s, bps, 2);
  CHECK(r.hit == -1);
  CHECK(r.steps == 2);
  CHECK(bps[0].describe() == "node " + std::to_string(ref.order[7]) + " expanded");
  CHECK(Breakpoint::onGoalOpened().describe() == "goal enters the open set");
  CHECK(Breakpoint::onFAbove(30.5).describe() == "f > 30.5");
}

TEST_CASE("inspector: closed, open and unseen nodes with their reasons and neighbours", "[breakpoints][inspector]") {
  const VisibilityQuery& q = *maze().query;
  Search s;
  s.init(q, q.startNode(), q.goalNode());
  s.run(5);
  const SearchState& st = s.state();

  const NodeInspection start = inspectNode(q, st, q.startNode());
  CHECK(start.is_start);
  CHECK(start.status == NodeStatus::Closed);
  CHECK(start.g == 0.0);
  CHECK(start.why == "closed at expansion 1 (g 0, the start)");
  std::vector<Arc> arcs;
  q.neighbours(q.startNode(), arcs);
  REQUIRE(start.neighbours.size() == arcs.size());
  for (std::size_t i = 0; i < arcs.size(); ++i) {
    CHECK(start.neighbours[i].node == arcs[i].to);
    CHECK(start.neighbours[i].cost == arcs[i].cost);
    CHECK(start.neighbours[i].is_child == (st.record(arcs[i].to).parent == q.startNode()));
  }

  const std::vector<NodeId> open = st.openSet();
  REQUIRE(open.size() >= 2);
  const NodeId second = open[1];
  const NodeInspection o = inspectNode(q, st, second);
  CHECK(o.status == NodeStatus::Open);
  CHECK(o.open_rank == 1);
  CHECK(o.g + o.h == Approx(o.f).epsilon(1e-12));
  CHECK(o.f == st.record(second).f);
  CHECK(o.parent == st.record(second).parent);
  CHECK_THAT(o.why, Contains("open: best f ") && Contains(" via " + nodeName(st, o.parent)) &&
                        Contains("2nd of " + std::to_string(open.size()) + " in the open set"));
  const auto parent_row = std::find_if(o.neighbours.begin(), o.neighbours.end(),
                                       [&](const InspectedNeighbour& n) { return n.is_parent; });
  REQUIRE(parent_row != o.neighbours.end());
  CHECK(parent_row->node == o.parent);
  CHECK(parent_row->status == NodeStatus::Closed);
  CHECK_THAT(inspectNode(q, st, open[0]).why, Contains("(expanded next)"));

  const NodeId third_closed = st.closedSet()[2];
  CHECK_THAT(inspectNode(q, st, third_closed).why, StartsWith("closed at expansion 3 (g "));

  NodeId unseen = kNoNode;
  for (NodeId n = 0; n < static_cast<NodeId>(q.nodeCount()); ++n)
    if (st.record(n).status == NodeStatus::Unseen) unseen = n;
  REQUIRE(unseen != kNoNode);
  const NodeInspection u = inspectNode(q, st, unseen);
  CHECK(u.why == "unseen: no expanded node has an arc to it yet");
  CHECK(ghfLabel(st.record(unseen)) == "unseen");
  CHECK(ghfLabel(st.record(q.startNode())) == "g 0 h " + [&] {
    std::ostringstream h;
    h.precision(6);
    h << st.record(q.startNode()).h;
    return h.str();
  }() + " f " + [&] {
    std::ostringstream f;
    f.precision(6);
    f << st.record(q.startNode()).f;
    return f.str();
  }());
  CHECK(nodeName(st, q.goalNode()) == "goal");
  CHECK(nodeName(st, 3) == "node 3");
}
