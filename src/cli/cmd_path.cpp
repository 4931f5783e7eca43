// cmd_path.cpp: `polypath path MAP [options]`, the shortest path from start to goal. The
// query setup (options, loading, clearance, snapping) is query_setup.hpp's, shared with
// svg and trace.
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
#include "cli/path_navmesh.hpp"
#include "cli/query_setup.hpp"
#include "polypath/core/search.hpp"
#include "polypath/core/visibility_graph.hpp"

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

/// One JSON object on one line: found, length, path, expanded, method; with --snap also
/// start and goal (the points the query used, after snapping).
void printJson(const Path& path, const QueryRequest& r) {
  nlohmann::ordered_json out = pathJson(path.found, path.length, path.points, path.expanded, "visibility");
  if (*r.clearance.radius > 0.0) out["clearance"] = *r.clearance.radius;
  if (r.snap || r.start_given || r.goal_given) {
    out["start"] = pointJson(*r.start);
    out["goal"] = pointJson(*r.goal);
  }
  std::cout << out.dump() << '\n';
}

/// Numbers a human reads: the map, the options, the path and the costs.
void printHuman(const Path& path, const QueryRequest& r, const LoadedQuery& q, double query_ms) {
  std::ostream& out = std::cout;
  const PolygonMap& map = q.original();
  out << "map        " << r.map << " (\"" << q.doc.name << "\", " << map.polygons().size() << (map.polygons().size() == 1 ? " polygon, " : " polygons, ")
      << map.vertices().size() << " vertices, " << map.reflexVertices().size() << " reflex)\n";
  out << "method     visibility (corner offset " << formatNumber(*r.corner_offset) << ", heuristic "
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
  out << "expanded   " << path.expanded << "\n";
  out << "graph      " << q.level->graph().nodes().size() << " nodes, " << q.level->graph().linkCount() << " links\n";
  out << "time       build " << std::fixed << std::setprecision(3) << q.build_ms << " ms, query " << query_ms
      << " ms\n";
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
  if (r.method == "navmesh")
    return runPathNavmesh({r.map, q->doc.units, *r.start, *r.goal, r.node_placement, request.corridor, request.json,
                           r.snap, r.search},
                          q->searched());

  const auto t1 = std::chrono::steady_clock::now();
  Path path;
  try {
    path = findPath(q->level->graph(), *r.start, *r.goal, r.search);
  } catch (const QueryError& e) {
    badInput(r.map + ": " + e.what());
  }
  const double query_ms = millisecondsSince(t1);

  if (request.json) printJson(path, r);
  else printHuman(path, r, *q, query_ms);
  return kExitOk;
}

}  // namespace polypath::cli
