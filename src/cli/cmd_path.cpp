// cmd_path.cpp: `polypath path MAP [options]`, the shortest path from start to goal by
// the method the registry makes (method_search.hpp). The query setup (options, loading,
// clearance, snapping) is query_setup.hpp's, shared with svg and trace.
#include <chrono>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/json_output.hpp"
#include "cli/path_clearance.hpp"
#include "cli/method_search.hpp"
#include "cli/query_setup.hpp"
#include "polypath/core/search.hpp"
#include "polypath/core/funnel.hpp"

namespace polypath::cli {
namespace {

/// Everything `polypath path` was asked to do: the query (query_setup.hpp) and the output.
struct PathRequest {
  QueryRequest query;
  bool json = false;
  bool corridor = false;  ///< navmesh: print the portal corridor
};

PathRequest parsePathArgs(const std::vector<std::string>& args) {
  PathRequest r;
  CommandLine cl("path", "polypath path MAP [options]");
  addQueryOptions(cl, r.query);
  cl.flag("--corridor", r.corridor, "navmesh with --node-placement: also print the portal corridor");
  cl.flag("--json", r.json,
          "print one JSON object: found, length, path, expanded, method\n"
          "(with a clearance also clearance; with --snap also start and\n"
          "goal, the points actually used)");
  r.query.map = cl.parseMapFile(args);
  return r;
}

/// The portals of a found path's corridor when the method has a funnel, else none.
std::vector<FunnelPortal> corridorPortals(const MethodSearch& m, const Path& search) {
  const FunnelStepper* f = m.method().funnel();
  return f && search.found ? f->funnelPortals(search) : std::vector<FunnelPortal>{};
}

/// One JSON object on one line: found, length, path, expanded, method; for navmesh the
/// search (exact or triangle) and node placement; with --corridor the portal corridor; with
/// --snap also start and goal (the points the query used, after snapping).
void printJson(const Path& path, const PathRequest& request, const std::vector<FunnelPortal>& portals) {
  const QueryRequest& r = request.query;
  nlohmann::ordered_json out = pathJson(path.found, path.length, path.points, path.expanded, r.method.c_str());
  if (r.method == "navmesh") {  // the request echoed: which navmesh search ran
    out["search"] = r.node_placement.empty() ? "exact" : "triangle";
    if (!r.node_placement.empty()) out["node_placement"] = registryMethodName(r);
  }
  if (*r.clearance.radius > 0.0) out["clearance"] = *r.clearance.radius;
  if (r.snap || r.start_given || r.goal_given) {
    out["start"] = pointJson(*r.start);
    out["goal"] = pointJson(*r.goal);
  }
  if (request.corridor) {
    nlohmann::ordered_json c;
    nlohmann::ordered_json steer = nlohmann::ordered_json::array();
    if (!portals.empty())
      for (const FunnelPortal& p : portalCorridor(portals).portals) steer.push_back({pointJson(p.left), pointJson(p.right)});
    c["start"] = pointJson(*r.start);
    c["goal"] = pointJson(*r.goal);
    c["portals"] = std::move(steer);
    c["faces"] = portals.empty() ? 0 : portals.size() - 1;
    out["corridor"] = std::move(c);
  }
  std::cout << out.dump() << '\n';
}

/// Numbers a human reads: the map, the options, the path, the corridor, the structure and the costs.
void printHuman(const Path& path, const PathRequest& request, const LoadedQuery& q, const MethodSearch& m,
                const std::vector<FunnelPortal>& portals, double query_ms) {
  const QueryRequest& r = request.query;
  std::ostream& out = std::cout;
  const PolygonMap& map = q.original();
  out << "map        " << r.map << " (\"" << q.doc.name << "\", " << map.polygons().size() << (map.polygons().size() == 1 ? " polygon, " : " polygons, ")
      << map.vertices().size() << " vertices, " << map.reflexVertices().size() << " reflex)\n";
  out << "method     " << m.method().info().label << " (corner offset " << formatNumber(*r.corner_offset) << ", heuristic "
      << heuristicName(r.search.heuristic) << ", weight " << formatNumber(r.search.weight) << ", tie-break "
      << (r.search.tie_break == TieBreak::LargerG ? "g" : "none") << ")\n";
  if (q.level->radius() > 0.0) printClearanceSummary(out, *q.level);
  out << "start      " << formatPoint(*r.start);
  if (r.start_given) out << " (snapped from " << formatPoint(*r.start_given) << ")";
  out << "\ngoal       " << formatPoint(*r.goal);
  if (r.goal_given) out << " (snapped from " << formatPoint(*r.goal_given) << ")";
  out << "\n";
  out << "found      " << (path.found ? "yes" : "no") << "\n";
  if (path.found) {
    out << "length     " << formatNumber(path.length) << " " << q.doc.units << "\n";
    out << "path       " << path.points.size() << " points\n";
    for (const Point& p : path.points) out << "             " << formatPoint(p) << "\n";
  }
  if (!portals.empty()) {
    out << "corridor   " << portals.size() - 1 << " faces, " << portals.size() - 2 << " portals\n";
    if (request.corridor) {
      const PortalCorridor pc = portalCorridor(portals);
      out << "steer      " << pc.portals.size() << " portals (seed 003's channel test)\n";
      for (const FunnelPortal& p : pc.portals)
        out << "             left " << formatPoint(p.left) << " right " << formatPoint(p.right) << "\n";
    }
  }
  out << "expanded   " << path.expanded << "\n";
  out << "graph      " << m.method().structureSummary() << "\n";
  out << "time       build " << std::fixed << std::setprecision(3) << q.build_ms + m.buildMs() << " ms, query "
      << query_ms << " ms\n";
  out.unsetf(std::ios::floatfield);
}

}  // namespace

int runPath(const std::vector<std::string>& args) {
  if (isGridPathRequest(args)) return runPathGrid(args);
  PathRequest request = parsePathArgs(args);
  QueryRequest& r = request.query;
  requireSearchMethod(r, "path", request.corridor);
  if (r.search.heuristic == Heuristic::Manhattan || r.search.heuristic == Heuristic::Octile)
    printProblem(std::string("warning: the ") + heuristicName(r.search.heuristic) +
                 " heuristic can overestimate the straight-line distance, so the path may not be the shortest "
                 "(euclidean, chebyshev and none are admissible here)");
  const std::unique_ptr<LoadedQuery> q = loadQuery(r, true);
  const MethodSearch m(r, *q);
  const auto t1 = std::chrono::steady_clock::now();
  const Path search = findPath(*m.graph(), m.startNode(), m.goalNode(), r.search);
  const Path path = m.worldPath(search);
  const double query_ms = millisecondsSince(t1);
  const std::vector<FunnelPortal> portals = corridorPortals(m, search);

  if (request.json) printJson(path, request, portals);
  else printHuman(path, request, *q, m, portals, query_ms);
  return kExitOk;
}

}  // namespace polypath::cli
