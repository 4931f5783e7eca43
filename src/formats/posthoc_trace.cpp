// posthoc_trace.cpp: A* events as a Posthoc search trace.
#include "polypath/formats/posthoc_trace.hpp"

#include <algorithm>
#include <cmath>

namespace polypath {

namespace {

using Json = nlohmann::ordered_json;

/// The render block: every event a circle at (x, y) coloured by its type.
Json renderBlock(double radius) {
  const char* fill =
      "{{({source: '#4682ff', destination: '#ff50dc', generating: '#5ac86e', updating: '#b4e6be', "
      "expanding: '#ffffff', closing: '#dc4646', end: '#00dcff'})[$.type]}}";
  Json circle = {{"$", "circle"}, {"x", "{{$.x}}"}, {"y", "{{$.y}}"}, {"radius", radius},
                 {"fill", fill},  {"display", "transient"}};
  Json render;
  render["components"]["node"] = Json::array({circle});
  render["views"]["main"]["components"] = Json::array({Json{{"$", "node"}}});
  return render;
}

Json nodeEvent(const char* type, const SearchGraph& graph, const SearchState& state, NodeId n) {
  const NodeRecord& r = state.record(n);
  const Point p = graph.position(n);
  Json e = {{"type", type}, {"id", n}};
  e["pId"] = r.parent == kNoNode ? Json(nullptr) : Json(r.parent);
  e["x"] = p.x;
  e["y"] = p.y;
  e["f"] = r.f;
  e["g"] = r.g;
  return e;
}

double defaultRadius(const SearchGraph& graph) {
  if (graph.nodeCount() == 0) return 1.0;
  Point lo = graph.position(0), hi = lo;
  for (std::size_t i = 1; i < graph.nodeCount(); ++i) {
    const Point p = graph.position(static_cast<NodeId>(i));
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
  }
  const double extent = std::max(hi.x - lo.x, hi.y - lo.y);
  return extent > 0.0 ? extent / 100.0 : 1.0;
}

}  // namespace

nlohmann::ordered_json posthocTrace(const SearchGraph& graph, NodeId start, NodeId goal, const SearchOptions& options,
                                    const PosthocOptions& trace_options) {
  Json trace;
  trace["version"] = kPosthocTraceVersion;
  if (trace_options.render)
    trace["render"] = renderBlock(trace_options.node_radius > 0.0 ? trace_options.node_radius : defaultRadius(graph));
  Json events = Json::array();

  Search search;
  search.init(graph, start, goal, options);
  const SearchState& st = search.state();
  const Point ps = graph.position(start), pg = graph.position(goal);
  events.push_back({{"type", "source"}, {"id", start}, {"x", ps.x}, {"y", ps.y}});
  events.push_back({{"type", "destination"}, {"id", goal}, {"x", pg.x}, {"y", pg.y}});
  events.push_back(nodeEvent("generating", graph, st, start));

  std::vector<char> generated(graph.nodeCount(), 0);
  generated[static_cast<std::size_t>(start)] = 1;
  while (st.status() == SearchStatus::Running) {
    search.step();
    const NodeId n = st.lastExpanded();
    if (n == kNoNode) break;  // the open set ran empty
    events.push_back(nodeEvent("expanding", graph, st, n));
    // A graph that grows while searching (Polyanya) may have created nodes in this step.
    if (generated.size() < graph.nodeCount()) generated.resize(graph.nodeCount(), 0);
    for (const RelaxedArc& arc : st.lastRelaxed()) {
      if (!arc.improved) continue;
      // The state after the step: the arc's target has the g and parent this arc gave it
      // unless a later arc of the same expansion improved it again; take the arc's own.
      Json e = nodeEvent(generated[static_cast<std::size_t>(arc.to)] ? "updating" : "generating", graph, st, arc.to);
      const NodeRecord& from = st.record(arc.from);
      const double g = from.g + arc.cost;
      e["pId"] = arc.from;
      e["g"] = g;
      e["f"] = g + options.weight * st.record(arc.to).h;
      generated[static_cast<std::size_t>(arc.to)] = 1;
      events.push_back(std::move(e));
    }
    events.push_back(nodeEvent("closing", graph, st, n));
  }
  Json end;
  if (st.status() == SearchStatus::Found) {
    end = nodeEvent("end", graph, st, goal);
    end["found"] = true;
  } else {
    const NodeId last = st.closedSet().empty() ? start : st.closedSet().back();
    end = nodeEvent("end", graph, st, last);
    end["found"] = false;
  }
  events.push_back(std::move(end));
  trace["events"] = std::move(events);
  return trace;
}

}  // namespace polypath
