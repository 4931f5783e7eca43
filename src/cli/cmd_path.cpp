// cmd_path.cpp: `polypath path MAP [options]`, the shortest path from start to goal.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/cli_support.hpp"
#include "cli/commands.hpp"
#include "cli/json_output.hpp"
#include "cli/path_clearance.hpp"
#include "cli/path_navmesh.hpp"
#include "core/polygon_map.hpp"
#include "core/search.hpp"
#include "core/visibility_graph.hpp"
#include "io/clearance.hpp"
#include "io/map_io.hpp"

namespace polypath::cli {
namespace {

constexpr const char* kPathUsage =
    "usage: polypath path MAP [options]\n"
    "\n"
    "options:\n"
    "  --start X,Y            start point (default: the map's \"start\")\n"
    "  --goal X,Y             goal point (default: the map's \"goal\")\n"
    "  --method NAME          visibility (default), navmesh, or grid (see polypath path --method grid --help);\n"
    "                         finley is not implemented yet\n"
    "  --node-placement P     navmesh: triangle A* + funnel with nodes at centre (triangle centres) or\n"
    "                         portal (portal midpoints), an approximation; without it navmesh runs\n"
    "                         Polyanya, the exact (shortest) search\n"
    "  --corridor             navmesh with --node-placement: also print the portal corridor\n"
    "  --clearance R          agent radius: search the region eroded by R (default: the map's)\n"
    "  --joins round|mitre    shape of the eroded region around obstacle corners (default: the map's)\n"
    "  --segments N           round joins: chords per quarter circle, 1 to 64 (default: the map's)\n"
    "  --corner-offset D      push graph nodes D world units off the corners (default: the map's)\n"
    "  --heuristic NAME       none, euclidean (default), manhattan, chebyshev, octile\n"
    "  --weight W             f = g + W h, W >= 0 (default 1)\n"
    "  --tie-break g|none     among equal f: larger g first (default), or node id only\n"
    "  --snap                 move a start or goal outside the walkable region (or closer than\n"
    "                         the clearance to a wall) to the nearest point that is allowed\n"
    "                         (a note on stderr) instead of refusing it\n"
    "  --json                 print one JSON object: found, length, path, expanded, method\n"
    "                         (with a clearance also clearance; with --snap also start and\n"
    "                         goal, the points actually used)\n";

/// Everything `polypath path` was asked to do.
struct PathRequest {
  std::string map;
  std::optional<Point> start, goal;
  std::string method = "visibility";
  ClearanceRequest clearance;           ///< radius, joins, segments; unset: the map's
  ClearanceStyle clearance_style;       ///< the map's style with the request's overrides
  std::optional<double> corner_offset;  ///< world units; unset: the map's
  std::optional<double> weight;
  SearchOptions search;
  bool json = false;
  std::string node_placement;  ///< navmesh: triangle A*'s node placement; empty: Polyanya (exact)
  bool corridor = false;                  ///< navmesh: print the portal corridor
  bool snap = false;  ///< move a non-walkable start or goal to the nearest walkable point
  std::optional<Point> start_given, goal_given;  ///< before snapping (set only when snapped)
};

PathRequest parsePathArgs(const std::vector<std::string>& args) {
  PathRequest r;
  const std::vector<Option> clearance_options = clearanceOptions(r.clearance);
  std::vector<Option> options = {
      pointOption("--start", r.start),
      pointOption("--goal", r.goal),
      {"--method", true,
       [&r](const std::string& v) -> std::string {
         if (v != "visibility" && v != "navmesh" && v != "grid" && v != "finley")
           return "--method expects visibility, navmesh, grid or finley, got '" + v + "'";
         r.method = v;
         return "";
       }},
      nonNegativeOption("--corner-offset", r.corner_offset),
      heuristicOption(r.search.heuristic),
      nonNegativeOption("--weight", r.weight),
      tieBreakOption(r.search.tie_break),
      flagOption("--json", r.json),
      flagOption("--snap", r.snap),
      {"--node-placement", true,
       [&r](const std::string& v) -> std::string {
         if (v != "centre" && v != "center" && v != "portal")
           return "--node-placement expects centre or portal, got '" + v + "'";
         r.node_placement = v;
         return "";
       }},
      flagOption("--corridor", r.corridor),
  };
  options.insert(options.end(), clearance_options.begin(), clearance_options.end());
  const std::vector<std::string> positional = parseOptions(args, options, "path");
  if (positional.empty()) badInput("path needs a map file: polypath path MAP [options]");
  if (positional.size() > 1) badInput("unexpected argument '" + positional[1] + "' (path takes one map file)");
  r.map = positional[0];
  if (r.weight) r.search.weight = *r.weight;
  return r;
}

/// True for a problem about the query's start or goal (JSON pointer /start or /goal).
bool isEndpointProblem(const MapProblem& p) { return p.where == "/start" || p.where == "/goal"; }

/// With --snap: replaces a start or goal outside the walkable region by the nearest
/// walkable point and prints a note on stderr. Non-finite points stay (validation
/// refuses them).
void snapEndpoints(PathRequest& r, const PolygonMap& map) {
  auto snap = [&](const char* which, std::optional<Point>& p, std::optional<Point>& given) {
    if (!p || !isFinite(*p)) return;
    const PointLocation loc = map.locate(*p);
    if (loc.walkable()) return;
    given = *p;
    p = map.nearestWalkable(*p);
    printProblem(std::string(which) + " " + formatPoint(*given) + " is " + loc.describe() + "; snapped to " +
                 formatPoint(*p));
  };
  snap("start", r.start, r.start_given);
  snap("goal", r.goal, r.goal_given);
}

/// Loads the map and checks it with the query's start, goal and settings filled in
/// (with --snap, a start or goal outside the walkable region is snapped first).
/// Warnings go to stderr; errors throw BadInput, one line each.
MapDocument loadForQuery(PathRequest& r) {
  MapDocument doc;
  try {
    doc = loadMap(r.map);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  if (!r.start) r.start = doc.start;
  if (!r.goal) r.goal = doc.goal;
  std::vector<std::string> missing;
  if (!r.start) missing.push_back(r.map + ": the map has no start; pass --start X,Y");
  if (!r.goal) missing.push_back(r.map + ": the map has no goal; pass --goal X,Y");
  if (!missing.empty()) throw BadInput{missing};
  r.clearance_style = resolveClearance(r.clearance, doc.settings);
  if (!r.corner_offset) r.corner_offset = doc.settings.corner_offset;

  MapDocument checked = doc;
  checked.start = r.start;
  checked.goal = r.goal;
  checked.settings.clearance = *r.clearance.radius;
  checked.settings.clearance_style = r.clearance_style;
  checked.settings.corner_offset = *r.corner_offset;
  std::vector<MapProblem> problems = validateMap(checked);
  const bool map_errors = std::any_of(problems.begin(), problems.end(), [](const MapProblem& p) {
    return p.severity == MapProblem::Severity::Error && !isEndpointProblem(p);
  });
  if (r.snap && !map_errors) {
    // The map itself is valid: snap, then check the snapped points like any others.
    snapEndpoints(r, buildPolygonMap(doc));
    checked.start = r.start;
    checked.goal = r.goal;
    problems = validateMap(checked);
  }
  BadInput errors;
  for (const MapProblem& p : problems) {
    if (p.severity == MapProblem::Severity::Warning) {
      printProblem(r.map + ": " + p.describe());
    } else {
      std::string line = r.map + ": " + p.describe();
      if (isEndpointProblem(p) && !r.snap) line += "; or pass --snap to use that point";
      errors.lines.push_back(std::move(line));
    }
  }
  if (!errors.lines.empty()) throw errors;
  return doc;
}

/// One JSON object on one line: found, length, path, expanded, method; with --snap also
/// start and goal (the points the query used, after snapping).
void printJson(const Path& path, const PathRequest& r) {
  nlohmann::ordered_json out = pathJson(path.found, path.length, path.points, path.expanded, "visibility");
  if (*r.clearance.radius > 0.0) out["clearance"] = *r.clearance.radius;
  if (r.snap || r.start_given || r.goal_given) {
    out["start"] = pointJson(*r.start);
    out["goal"] = pointJson(*r.goal);
  }
  std::cout << out.dump() << '\n';
}

/// Numbers a human reads: the map, the options, the path and the costs.
struct RunSummary {
  const MapDocument* doc;
  const PathRequest* request;
  const PolygonMap* map;  ///< the original map
  const ClearanceLevel* level;
  double build_ms, query_ms;
};

void printHuman(const Path& path, const RunSummary& s) {
  const PathRequest& r = *s.request;
  std::ostream& out = std::cout;
  out << "map        " << r.map << " (\"" << s.doc->name << "\", " << s.map->polygons().size() << (s.map->polygons().size() == 1 ? " polygon, " : " polygons, ")
      << s.map->vertices().size() << " vertices, " << s.map->reflexVertices().size() << " reflex)\n";
  out << "method     visibility (corner offset " << formatNumber(*r.corner_offset) << ", heuristic "
      << heuristicName(r.search.heuristic) << ", weight " << formatNumber(r.search.weight) << ", tie-break "
      << (r.search.tie_break == TieBreak::LargerG ? "g" : "none") << ")\n";
  if (s.level->radius() > 0.0) printClearanceSummary(out, *s.level);
  out << "start      " << formatPoint(*r.start);
  if (r.start_given) out << " (snapped from " << formatPoint(*r.start_given) << ")";
  out << "\ngoal       " << formatPoint(*r.goal);
  if (r.goal_given) out << " (snapped from " << formatPoint(*r.goal_given) << ")";
  out << "\n";
  out << "found      " << (path.found ? "yes" : "no") << "\n";
  if (path.found) {
    out << "length     " << formatNumber(path.length) << " " << s.doc->units << "\n";
    out << "path       " << path.points.size() << " points\n";
    for (const Point& p : path.points) out << "             " << formatPoint(p) << "\n";
  }
  out << "expanded   " << path.expanded << "\n";
  out << "graph      " << s.level->graph().nodes().size() << " nodes, " << s.level->graph().links().size() << " links\n";
  out << "time       build " << std::fixed << std::setprecision(3) << s.build_ms << " ms, query " << s.query_ms
      << " ms\n";
  out.unsetf(std::ios::floatfield);
}

}  // namespace

int runPath(const std::vector<std::string>& args) {
  if (isGridPathRequest(args)) return runPathGrid(args);
  if (wantsHelp(args)) {
    std::cout << kPathUsage;
    return kExitOk;
  }
  PathRequest r = parsePathArgs(args);
  if (r.method != "visibility" && r.method != "navmesh")
    badInput("method '" + r.method + "' is not implemented yet (use --method visibility or navmesh)");
  if (r.search.heuristic == Heuristic::Manhattan || r.search.heuristic == Heuristic::Octile)
    printProblem(std::string("warning: the ") + heuristicName(r.search.heuristic) +
                 " heuristic can overestimate the straight-line distance, so the path may not be the shortest "
                 "(euclidean, chebyshev and none are admissible here)");
  const MapDocument doc = loadForQuery(r);

  const auto t0 = std::chrono::steady_clock::now();
  std::optional<ClearanceSet> clearance;
  std::shared_ptr<const ClearanceLevel> level;  // the map eroded by the radius (0: the map itself)
  try {
    clearance.emplace(doc.polygons, r.clearance_style, VisibilityOptions{*r.corner_offset}, 1);
    level = clearance->level(*r.clearance.radius);
    if (r.method == "visibility") level->graph();  // built now, so that build_ms covers it
  } catch (const GeometryError& e) {  // validateMap reports these first; kept as a safety net
    badInput(r.map + ": " + e.what());
  } catch (const ClearanceError& e) {
    badInput(r.map + ": " + e.what());
  }
  const double build_ms = millisecondsSince(t0);
  if (level->radius() > 0.0) {
    printErosionNotes(*level, r.map);
    r.start = placeEndpoint(*level, clearance->original(), "start", *r.start, r.start_given, r.snap, r.map);
    r.goal = placeEndpoint(*level, clearance->original(), "goal", *r.goal, r.goal_given, r.snap, r.map);
  }
  if (r.method == "navmesh")
    return runPathNavmesh({r.map, doc.units, *r.start, *r.goal, r.node_placement, r.corridor, r.json, r.snap,
                           r.search},
                          level->map());

  const auto t1 = std::chrono::steady_clock::now();
  Path path;
  try {
    path = findPath(level->graph(), *r.start, *r.goal, r.search);
  } catch (const QueryError& e) {
    badInput(r.map + ": " + e.what());
  }
  const double query_ms = millisecondsSince(t1);

  if (r.json) printJson(path, r);
  else printHuman(path, {&doc, &r, &clearance->original(), level.get(), build_ms, query_ms});
  return kExitOk;
}

}  // namespace polypath::cli
