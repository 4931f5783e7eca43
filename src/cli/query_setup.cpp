// query_setup.cpp: the query options and map loading of path, svg and trace.
#include "cli/query_setup.hpp"
#include "cli/method_search.hpp"
#include "polypath/convert/map_formats.hpp"
#include "polypath/geom/endpoint.hpp"
#include "polypath/geom/map_validation.hpp"
#include "polypath/methods/registry.hpp"

#include <algorithm>
#include <chrono>

namespace polypath::cli {

void addQueryOptions(CommandLine& cl, QueryRequest& r) {
  cl.value("--start", "X,Y", "start point (default: the map's \"start\")", pointReader("--start", r.start));
  cl.value("--goal", "X,Y", "goal point (default: the map's \"goal\")", pointReader("--goal", r.goal));
  cl.value("--method", "visibility|navmesh|grid",
           "visibility (default), navmesh, or grid (see polypath path --method grid --help);\n"
           "or a registered method by name: " + methods().names(", ") + "\n"
           "(finley runs only as a reference in polypath bench)",
           [&r](const std::string& v) {
             if (v != "navmesh" && v != "finley" && !methods().find(v))
               return expects("--method", "navmesh, finley or a registered method (" + methods().names(", ") + ")", v);
             r.method = v;
             return std::string();
           });
  cl.value("--node-placement", "centre|portal",
           "navmesh: triangle A* + funnel with nodes at centre (triangle centres) or\n"
           "portal (portal midpoints), an approximation; without it navmesh runs\n"
           "Polyanya, the exact (shortest) search",
           [&r](const std::string& v) {
             if (v != "centre" && v != "center" && v != "portal")
               return expects("--node-placement", "centre or portal", v);
             r.node_placement = v;
             return std::string();
           });
  addClearanceOptions(cl, r.clearance, "agent radius: search the region eroded by R (default: the map's)");
  addVerboseOption(cl, r.clearance);
  cl.value("--corner-offset", "D", "push graph nodes D world units off the corners (default: the map's)",
           nonNegativeReader("--corner-offset", r.corner_offset));
  cl.value("--heuristic", "NAME", "none, euclidean (default), manhattan, chebyshev, octile",
           heuristicReader(r.search.heuristic));
  cl.value("--weight", "W", "f = g + W h, W >= 0 (default 1)", nonNegativeReader("--weight", r.weight));
  cl.value("--tie-break", "g|none", "among equal f: larger g first (default), or node id only",
           [&r](const std::string& v) {
             if (v == "g") r.search.tie_break = TieBreak::LargerG;
             else if (v == "none") r.search.tie_break = TieBreak::None;
             else return expects("--tie-break", "g or none", v);
             return std::string();
           });
  cl.flag("--snap", r.snap,
          "move a start or goal outside the walkable region (or closer than\n"
          "the clearance to a wall) to the nearest point that is allowed\n"
          "(a note on stderr) instead of refusing it");
}

void requireSearchMethod(const QueryRequest& r, const std::string& command, bool corridor) {
  BadInput errors;
  if (r.method == "finley") {
    if (command == "path")
      errors.lines.push_back("method '" + r.method +
                             "' runs only as a reference in polypath bench (use --method visibility, navmesh or grid)");
    else
      errors.lines.push_back(command + " --method " + r.method + ": " + r.method +
                             " runs only as a reference in polypath bench and has no search to " +
                             (command == "svg" ? "draw" : "trace") + " (use --method visibility, navmesh or grid)");
  }
  if (!r.node_placement.empty() && r.method != "navmesh")
    errors.lines.push_back(nodePlacementNeedsNavmesh(r.method));
  const MethodEntry* method = methods().find(registryMethodName(r));
  if (corridor && !(method && method->create()->funnel()))
    errors.lines.push_back(corridorNeedsTriangleAstar(r.method));
  if (!errors.lines.empty()) throw errors;
}

std::string nodePlacementNeedsNavmesh(const std::string& method) {
  return "--node-placement needs --method navmesh (it places the nodes of triangle A*; --method " + method +
         " has no triangles)";
}

std::string corridorNeedsTriangleAstar(const std::string& method) {
  return "--corridor needs --method navmesh --node-placement centre|portal (the portal corridor of triangle A*; " +
         (method == "navmesh" ? std::string("Polyanya, navmesh without --node-placement,") : "--method " + method) +
         " has none)";
}

namespace {

/// True for a problem about the query's start or goal (JSON pointer /start or /goal).
bool isEndpointProblem(const MapProblem& p) { return p.where == "/start" || p.where == "/goal"; }

/// With --snap: replaces a start or goal outside the walkable region by the nearest
/// walkable point and prints a note on stderr. Non-finite points stay (validation
/// refuses them).
void snapEndpoints(QueryRequest& r, const PolygonMap& map) {
  auto snap = [&](const char* which, std::optional<Point>& p, std::optional<Point>& given) {
    if (!p) return;
    const EndpointPlacement e = placeEndpoint(map, nullptr, which, *p, true);
    if (e.status != EndpointStatus::Snapped) return;  // usable, or validation says why not
    given = *p;
    p = e.point;
    printProblem(std::string(which) + " " + formatPoint(*given) + " is " + e.location.describe() + "; snapped to " +
                 formatPoint(*p));
  };
  snap("start", r.start, r.start_given);
  snap("goal", r.goal, r.goal_given);
}

/// Loads the map and checks it with the query's start, goal and settings filled in
/// (with --snap, a start or goal outside the walkable region is snapped first).
/// Warnings go to stderr; errors throw BadInput, one line each.
MapDocument loadChecked(QueryRequest& r, bool need_query) {
  MapDocument doc;
  try {
    doc = importMap(r.map);
  } catch (const Error& e) {
    badInput(e.what());
  }
  if (r.weight) r.search.weight = *r.weight;
  if (!r.start) r.start = doc.start;
  if (!r.goal) r.goal = doc.goal;
  if (need_query) {
    std::vector<std::string> missing;
    if (!r.start) missing.push_back(r.map + ": the map has no start; pass --start X,Y");
    if (!r.goal) missing.push_back(r.map + ": the map has no goal; pass --goal X,Y");
    if (!missing.empty()) throw BadInput{missing};
  }
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

}  // namespace

std::unique_ptr<LoadedQuery> loadQuery(QueryRequest& r, bool need_query) {
  auto q = std::make_unique<LoadedQuery>();
  q->doc = loadChecked(r, need_query);
  const auto t0 = std::chrono::steady_clock::now();
  try {
    q->clearance.emplace(q->doc.polygons, r.clearance_style, VisibilityOptions{*r.corner_offset}, 1);
    q->level = q->clearance->level(*r.clearance.radius);
  } catch (const GeometryError& e) {  // validateMap reports these first; kept as a safety net
    badInput(r.map + ": " + e.what());
  } catch (const ClearanceError& e) {
    badInput(r.map + ": " + e.what());
  }
  q->build_ms = millisecondsSince(t0);
  if (q->level->radius() > 0.0) {
    printErosionNotes(*q->level, r.map, r.clearance.verbose);
    if (r.start) r.start = placeEndpoint(*q->level, q->original(), "start", *r.start, r.start_given, r.snap, r.map);
    if (r.goal) r.goal = placeEndpoint(*q->level, q->original(), "goal", *r.goal, r.goal_given, r.snap, r.map);
  }
  return q;
}

}  // namespace polypath::cli
