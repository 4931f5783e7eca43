// test_posthoc.cpp: the Posthoc search trace: one expanding event per expansion in the
// engine's order, parents and costs that match the search, the event grammar.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "polypath/core/polyanya.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "polypath/formats/posthoc_trace.hpp"
#include "support/loaded_map.hpp"

using namespace polypath;
using Json = nlohmann::ordered_json;

TEST_CASE("posthoc: one expanding event per expansion, in order, with the search's parents, f and g", "[posthoc]") {
  for (const auto& file : polypath::test::shippedMaps()) {
    const polypath::test::LoadedMap m(file);
    if (!m.query) continue;
    for (Heuristic h : {Heuristic::Euclidean, Heuristic::None}) {
      INFO(m.name << ", heuristic " << heuristicName(h));
      SearchOptions options;
      options.heuristic = h;
      const VisibilityQuery& q = *m.query;
      const Json trace = posthocTrace(q, q.startNode(), q.goalNode(), options);
      CHECK(trace["version"] == kPosthocTraceVersion);
      const Json& events = trace["events"];
      REQUIRE(events.size() >= 4);
      CHECK(events[0]["type"] == "source");
      CHECK(events[0]["id"] == q.startNode());
      CHECK(events[1]["type"] == "destination");
      CHECK(events[1]["id"] == q.goalNode());
      CHECK(events[1]["x"] == q.goal().x);
      CHECK(events[1]["y"] == q.goal().y);
      CHECK(events[2]["type"] == "generating");
      CHECK(events[2]["pId"].is_null());
      CHECK(events.back()["type"] == "end");

      // The reference: the engine stepped by hand.
      Search s;
      s.init(q, q.startNode(), q.goalNode(), options);
      std::vector<std::pair<NodeId, NodeRecord>> expansions;
      while (s.state().status() == SearchStatus::Running) {
        s.step();
        if (s.state().lastExpanded() == kNoNode) break;
        expansions.push_back({s.state().lastExpanded(), s.state().record(s.state().lastExpanded())});
      }
      std::vector<const Json*> expanding;
      std::map<NodeId, NodeId> last_parent;  // from generating / updating events
      for (const Json& e : events) {
        if (e["type"] == "expanding") expanding.push_back(&e);
        if (e["type"] == "generating" || e["type"] == "updating")
          last_parent[e["id"].get<NodeId>()] = e["pId"].is_null() ? kNoNode : e["pId"].get<NodeId>();
        if (e["type"] == "expanding") {
          // A node is expanded with the parent of its last generating or updating event.
          REQUIRE(last_parent.count(e["id"].get<NodeId>()) == 1);
          CHECK(last_parent[e["id"].get<NodeId>()] == (e["pId"].is_null() ? kNoNode : e["pId"].get<NodeId>()));
        }
      }
      REQUIRE(expanding.size() == expansions.size());
      for (std::size_t i = 0; i < expansions.size(); ++i) {
        const Json& e = *expanding[i];
        const auto& [node, record] = expansions[i];
        CHECK(e["id"] == node);
        CHECK((e["pId"].is_null() ? kNoNode : e["pId"].get<NodeId>()) == record.parent);
        CHECK(e["g"].get<double>() == record.g);
        CHECK(e["f"].get<double>() == record.f);
        CHECK(e["x"].get<double>() == q.position(node).x);
        CHECK(e["y"].get<double>() == q.position(node).y);
      }
      const Path p = findPath(q, q.startNode(), q.goalNode(), options);
      CHECK(events.back()["found"] == p.found);
      if (p.found) {
        CHECK(events.back()["id"] == q.goalNode());
        CHECK(events.back()["g"].get<double>() == p.length);
      }
    }
  }
}

TEST_CASE("posthoc: every generated node's event carries the g its arc gave, and the closing follows", "[posthoc]") {
  const polypath::test::LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "maze.json");
  const VisibilityQuery& q = *m.query;
  const Json trace = posthocTrace(q, q.startNode(), q.goalNode());
  const Json& events = trace["events"];
  std::map<NodeId, double> g_of;
  g_of[q.startNode()] = 0.0;
  NodeId expanding = kNoNode;
  int generating = 0, updating = 0, closing = 0;
  for (std::size_t i = 3; i + 1 < events.size(); ++i) {
    const Json& e = events[i];
    const NodeId id = e["id"].get<NodeId>();
    if (e["type"] == "expanding") {
      CHECK(expanding == kNoNode);
      expanding = id;
    } else if (e["type"] == "generating" || e["type"] == "updating") {
      (e["type"] == "generating" ? generating : updating)++;
      const NodeId parent = e["pId"].get<NodeId>();
      CHECK(parent == expanding);
      std::vector<Arc> arcs;
      q.neighbours(parent, arcs);
      const auto arc = std::find_if(arcs.begin(), arcs.end(), [&](const Arc& a) { return a.to == id; });
      REQUIRE(arc != arcs.end());
      CHECK(e["g"].get<double>() == g_of.at(parent) + arc->cost);
      if (g_of.count(id)) CHECK(e["g"].get<double>() < g_of[id]);  // an update lowers g
      CHECK(e["type"] == (g_of.count(id) ? "updating" : "generating"));
      g_of[id] = e["g"].get<double>();
    } else if (e["type"] == "closing") {
      CHECK(id == expanding);
      expanding = kNoNode;
      ++closing;
    } else {
      FAIL("unexpected event type " << e["type"]);
    }
  }
  CHECK(generating > 0);
  CHECK(closing == findPath(q, q.startNode(), q.goalNode()).expanded);
}

TEST_CASE("posthoc: the render block draws events as circles and can be left out", "[posthoc]") {
  const polypath::test::LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json");
  const VisibilityQuery& q = *m.query;
  PosthocOptions with;
  with.node_radius = 0.25;
  const Json a = posthocTrace(q, q.startNode(), q.goalNode(), {}, with);
  REQUIRE(a.contains("render"));
  CHECK(a["render"]["views"]["main"]["components"][0]["$"] == "node");
  CHECK(a["render"]["components"]["node"][0]["$"] == "circle");
  CHECK(a["render"]["components"]["node"][0]["radius"] == 0.25);
  CHECK(a["render"]["components"]["node"][0]["x"] == "{{$.x}}");
  PosthocOptions without;
  without.render = false;
  const Json b = posthocTrace(q, q.startNode(), q.goalNode(), {}, without);
  CHECK_FALSE(b.contains("render"));
  CHECK(b["events"] == a["events"]);
}

TEST_CASE("posthoc: a search without a path ends on its last expansion with found false", "[posthoc]") {
  const polypath::test::LoadedMap m(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "two-areas.json");
  const VisibilityQuery& q = *m.query;
  const Path p = findPath(q, q.startNode(), q.goalNode());
  REQUIRE_FALSE(p.found);
  const Json trace = posthocTrace(q, q.startNode(), q.goalNode());
  const Json& end = trace["events"].back();
  CHECK(end["type"] == "end");
  CHECK(end["found"] == false);
  int expanding = 0;
  NodeId last = kNoNode;
  for (const Json& e : trace["events"])
    if (e["type"] == "expanding") ++expanding, last = e["id"].get<NodeId>();
  CHECK(expanding == p.expanded);
  CHECK(end["id"] == last);
}

TEST_CASE("posthoc: a graph that grows while searching (Polyanya) is traced whole", "[posthoc][polyanya]") {
  // Polyanya creates its nodes inside neighbours(): the trace must follow the node count
  // as it grows (it indexed a vector sized at the start, past its end, before).
  for (const auto& file : polypath::test::shippedMaps()) {
    const polypath::test::LoadedMap m(file);
    if (!m.query) continue;
    INFO(m.name);
    const NavMesh mesh = buildNavMesh(m.map, true);
    const PolyanyaMesh pmesh(mesh);
    const PolyanyaQuery q(pmesh, *m.doc.start, *m.doc.goal);
    const Json trace = posthocTrace(q, PolyanyaQuery::startNode(), PolyanyaQuery::goalNode());
    const Path expected = findPolyanyaPath(pmesh, *m.doc.start, *m.doc.goal);
    int expanding = 0;
    std::vector<char> generated(q.nodeCount(), 0);
    for (const auto& e : trace["events"]) {
      const NodeId id = e["id"].get<NodeId>();
      REQUIRE(id < static_cast<NodeId>(q.nodeCount()));
      if (e["type"] == "generating") {
        CHECK_FALSE(generated[static_cast<std::size_t>(id)]);  // once per node; later improvements are "updating"
        generated[static_cast<std::size_t>(id)] = 1;
      }
      if (e["type"] == "updating") CHECK(generated[static_cast<std::size_t>(id)]);
      if (e["type"] == "expanding") {
        ++expanding;
        CHECK(generated[static_cast<std::size_t>(id)]);
      }
    }
    CHECK(expanding == expected.expanded);
    const Json& end = trace["events"].back();
    CHECK(end["found"] == expected.found);
    if (expected.found) CHECK(end["g"].get<double>() == Approx(expected.length).epsilon(1e-12));
  }
}
