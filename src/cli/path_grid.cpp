// path_grid.cpp: `polypath path MAP --method grid`, the grid method on a Moving AI .map
// (start and goal as cells, column then row) or on a JSON polygon map rasterized at
// --cell-size (start and goal in world units, located in their cells); with --clearance R
// the grid of the map eroded by R on the same cells (clearanceGrid).
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/path_grid.hpp"
#include "cli/grid_options.hpp"
#include "cli/json_output.hpp"
#include "cli/path_clearance.hpp"
#include "cli/query_setup.hpp"
#include "polypath/core/grid_smoothing.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/convert/map_formats.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/movingai.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath::cli {
namespace {

constexpr const char* kGridDescription =
    "MAP is a Moving AI grid (.map: --start and --goal are cells C,R, column then row) or a\n"
    "JSON polygon map, rasterized at --cell-size (--start and --goal in world units; default\n"
    "the map's; a cell is free when its whole square is walkable).";

/// `path --method grid`: the query and the output.
struct GridPathRequest {
  GridRequest query;
  bool smooth = false, json = false;
};

GridPathRequest parseGridArgs(const std::vector<std::string>& args) {
  GridPathRequest r;
  CommandLine cl("path", "polypath path MAP --method grid [options]", kGridDescription, 29);
  addGridQueryOptions(cl, r.query);
  cl.flag("--smooth", r.smooth, "also straighten the path (skip to the furthest cell in sight)");
  cl.flag("--json", r.json,
          "one JSON object: found, length (world units), cost, path\n"
          "(cell centres), cells, expanded, steps, method");
  cl.flag("--corridor", "", [] { return corridorNeedsTriangleAstar("grid"); })->group("");  // refused, not listed
  r.query.map = cl.parseMapFile(args);
  return r;
}

bool isMovingAiFile(const std::string& file) {
  return file.size() >= 4 && file.compare(file.size() - 4, 4, ".map") == 0;
}

std::string cellText(const Grid& grid, int cell) {
  return "(" + std::to_string(cell % grid.width) + ", " + std::to_string(cell / grid.width) + ")";
}

/// With --snap: the free cell nearest to p (BadInput when none is free), noted on stderr.
int snapToFreeCell(const Grid& grid, Point p, const std::string& problem, const std::string& map) {
  const int cell = nearestFreeCell(grid, p);
  if (cell < 0) badInput(map + ": no cell of the grid is free");
  printProblem(problem + "; snapped to cell " + cellText(grid, cell));
  return cell;
}

/// The cell of a start or goal: for a .map (`cells`) p is a cell C,R, else a world point
/// located in its free cell. A point not in a free cell is an error naming the map, the
/// point and why; with `snap` it moves to the nearest free cell. `original` (the grid
/// before erosion, null without a clearance) tells "blocked" from "closer than R to a wall".
int cellOf(const Grid& grid, const Grid* original, double radius, Point p, const char* which, bool cells, bool snap,
           const std::string& map) {
  const std::string hint = "; or pass --snap to use the nearest free cell";
  if (cells) {
    const int c = static_cast<int>(p.x), r = static_cast<int>(p.y);
    if (c != p.x || r != p.y) badInput(std::string(which) + " " + formatPoint(p) + " is not a cell: give whole numbers C,R");
    const std::string where = map + ": " + which + " cell (" + std::to_string(c) + ", " + std::to_string(r) + ")";
    if (!grid.contains(c, r))
      badInput(where + " is outside the " + std::to_string(grid.width) + " x " + std::to_string(grid.height) + " grid");
    if (!grid.isBlocked(c, r)) return grid.index(c, r);
    const std::string problem =
        where + (original && !original->isBlocked(c, r)
                     ? " is closer than the clearance " + formatNumber(radius) +
                           " to a wall (its square is not inside the region eroded by " + formatNumber(radius) + ")"
                     : std::string(" is blocked"));
    if (!snap) badInput(problem + hint);
    return snapToFreeCell(grid, grid.cellCenter(c, r), problem, map);
  }
  const int cell = grid.locate(p);
  if (cell >= 0) return cell;
  const std::string problem =
      map + ": " + which + " " + formatPoint(p) + " is not in a free cell at cell size " + formatNumber(grid.cell_size) +
      (radius > 0.0 ? " (with clearance " + formatNumber(radius) +
                          ", a cell is free when its whole square is inside the region eroded by it)"
                    : std::string(" (a cell is free when its whole square is walkable)"));
  if (!snap) badInput(problem + hint);
  return snapToFreeCell(grid, p, problem, map);
}

/// The map eroded by the request's radius (built once), or null at radius 0.
std::shared_ptr<const ClearanceLevel> erodeForGrid(const std::vector<Polygon>& polygons, const ClearanceStyle& style,
                                                   double radius, const std::string& map, bool verbose) {
  if (radius <= 0.0) return nullptr;
  try {
    ClearanceSet set(polygons, style, VisibilityOptions{}, 1);
    std::shared_ptr<const ClearanceLevel> level = set.level(radius);
    printErosionNotes(*level, map, verbose);
    return level;
  } catch (const GeometryError& e) {
    badInput(map + ": " + e.what());
  } catch (const ClearanceError& e) {
    badInput(map + ": " + e.what());
  }
}

}  // namespace

GridQuery loadGridQuery(GridRequest& r) {
  GridQuery q;
  if (isMovingAiFile(r.map)) {
    if (r.cell_size) badInput("--cell-size applies to JSON polygon maps; a .map file has its own cells");
    try {
      q.grid = loadMovingAiMap(r.map);
    } catch (const Error& e) {
      badInput(e.what());
    }
    std::vector<std::string> missing;
    if (!r.start) missing.push_back("a .map file has no start: pass --start C,R");
    if (!r.goal) missing.push_back("a .map file has no goal: pass --goal C,R");
    if (!missing.empty()) throw BadInput{missing};
    const ClearanceStyle style = resolveClearance(r.clearance, MapSettings{});
    const Grid original = q.grid;
    // The free cells traced into polygons (cell units, as the grid), eroded, and
    // rasterized back onto the file's own cells.
    if (*r.clearance.radius > 0.0) q.level = erodeForGrid(gridToMapDocument(q.grid, r.map).polygons, style, *r.clearance.radius, r.map,
                                                          r.clearance.verbose);
    if (q.level) q.grid = clearanceGrid(*q.level, original);
    const Grid* before = q.level ? &original : nullptr;
    q.start = cellOf(q.grid, before, *r.clearance.radius, *r.start, "start", true, r.snap, r.map);
    q.goal = cellOf(q.grid, before, *r.clearance.radius, *r.goal, "goal", true, r.snap, r.map);
    q.name = r.map;
    return q;
  }
  MapDocument doc;
  try {
    doc = importMap(r.map);
  } catch (const Error& e) {
    badInput(e.what());
  }
  BadInput errors;
  for (const MapProblem& p : validateMap(doc))
    if (p.severity == MapProblem::Severity::Error) errors.lines.push_back(r.map + ": " + p.describe());
  if (!errors.lines.empty()) throw errors;
  if (!r.start) r.start = doc.start;
  if (!r.goal) r.goal = doc.goal;
  if (!r.start || !r.goal) badInput(r.map + ": the map has no start or goal; pass --start X,Y and --goal X,Y");
  const ClearanceStyle style = resolveClearance(r.clearance, doc.settings);
  const double radius = *r.clearance.radius;
  const PolygonMap original = buildPolygonMap(doc);
  q.level = erodeForGrid(doc.polygons, style, radius, r.map, r.clearance.verbose);
  if (q.level) {
    // Start and goal need the clearance first (the polygon methods' messages and --snap).
    r.start = placeEndpoint(*q.level, original, "start", *r.start, r.start_given, r.snap, r.map);
    r.goal = placeEndpoint(*q.level, original, "goal", *r.goal, r.goal_given, r.snap, r.map);
  }
  try {
    const Grid lattice = latticeOf(original, r.cell_size.value_or(1.0));
    q.grid = q.level ? clearanceGrid(*q.level, lattice) : rasterize(original, lattice);
  } catch (const Error& e) {
    badInput(r.map + ": " + e.what());
  }
  q.start = cellOf(q.grid, nullptr, radius, *r.start, "start", false, r.snap, r.map);
  q.goal = cellOf(q.grid, nullptr, radius, *r.goal, "goal", false, r.snap, r.map);
  q.name = doc.name;
  return q;
}

void addGridQueryOptions(CommandLine& cl, GridRequest& r) {
  cl.value("--start", "X,Y", "start: cell C,R on a .map, world X,Y on a JSON map", pointReader("--start", r.start));
  cl.value("--goal", "X,Y", "goal: cell C,R on a .map, world X,Y on a JSON map", pointReader("--goal", r.goal));
  cl.value("--method", "grid", "grid (the one method a Moving AI .map takes)", [](const std::string& v) {
    return v == "grid" ? std::string()
                       : "--method " + v + " does not take a Moving AI .map grid; use --method grid, "
                                           "or convert the grid first: polypath convert X.map X.json";
  });
  addGridOptions(cl, r.settings);
  cl.value("--cell-size", "S", "cell side in world units for JSON maps (default 1)",
           positiveReader("--cell-size", r.cell_size));
  addClearanceOptions(cl, r.clearance,
                      "agent radius: a cell is free only when its whole square is in\n"
                      "the region eroded by R (default: the map's), on the same cells");
  addVerboseOption(cl, r.clearance);
  cl.flag("--snap", r.snap,
          "a start or goal closer than R to a wall moves to the nearest point\n"
          "with clearance; one not in a free cell to the nearest free cell");
  const ValueReader no_triangles = [](const std::string&) { return nodePlacementNeedsNavmesh("grid"); };
  cl.value("--node-placement", "centre|portal", "", no_triangles)->group("");  // refused, not listed
}

bool isGridPathRequest(const std::vector<std::string>& args) {
  // A Moving AI grid always goes here (another --method is refused with a hint).
  if (std::any_of(args.begin(), args.end(), [](const std::string& a) { return a[0] != '-' && isMovingAiFile(a); }))
    return true;
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i] == "--method=grid" || (args[i] == "--method" && i + 1 < args.size() && args[i + 1] == "grid")) return true;
  return false;
}

int runPathGrid(const std::vector<std::string>& args) {
  GridPathRequest request = parseGridArgs(args);
  GridRequest& r = request.query;
  const auto t0 = std::chrono::steady_clock::now();
  const GridQuery q = loadGridQuery(r);
  const GridGraph graph(q.grid, r.settings.grid);
  const double build_ms = millisecondsSince(t0);
  const auto t1 = std::chrono::steady_clock::now();
  const Path path = findPath(graph, q.start, q.goal, r.settings.search);
  const double query_ms = millisecondsSince(t1);
  const std::vector<Point> smoothed = request.smooth ? smoothGridPath(q.grid, path) : std::vector<Point>{};
  const double length = path.length / graph.costPerUnit();
  const int steps = path.found ? static_cast<int>(path.nodes.size()) - 1 : 0;

  if (request.json) {
    nlohmann::ordered_json out;
    out["found"] = path.found;
    out["length"] = length;
    out["cost"] = path.length;
    out["path"] = pointsJson(canonicalPolyline(path.points));  // every cell is in "cells"
    nlohmann::ordered_json cells = nlohmann::ordered_json::array();
    for (NodeId n : path.nodes) cells.push_back({n % q.grid.width, n / q.grid.width});
    out["cells"] = std::move(cells);
    out["expanded"] = path.expanded;
    out["steps"] = steps;
    out["method"] = "grid";
    if (q.level) out["clearance"] = q.level->radius();
    if (r.snap) {
      out["start"] = pointJson(q.grid.cellCenter(q.start % q.grid.width, q.start / q.grid.width));
      out["goal"] = pointJson(q.grid.cellCenter(q.goal % q.grid.width, q.goal / q.grid.width));
    }
    if (request.smooth) {
      out["smoothed"] = pointsJson(smoothed);
      out["smoothed_length"] = polylineLength(smoothed);
    }
    std::cout << out.dump() << '\n';
    return kExitOk;
  }
  std::ostream& out = std::cout;
  const int sx = q.start % q.grid.width, sy = q.start / q.grid.width;
  const int gx = q.goal % q.grid.width, gy = q.goal / q.grid.width;
  out << "map        " << r.map << " (" << q.grid.width << " x " << q.grid.height << " cells of "
      << formatNumber(q.grid.cell_size) << ", " << q.grid.freeCount() << " free)\n";
  out << "method     grid (" << describe(r.settings) << ")\n";
  if (q.level) printClearanceSummary(out, *q.level);
  out << "start      cell (" << sx << ", " << sy << ")\ngoal       cell (" << gx << ", " << gy << ")\n";
  out << "found      " << (path.found ? "yes" : "no") << "\n";
  if (path.found) {
    out << "length     " << formatNumber(length) << " (cost " << formatNumber(path.length) << ")\n";
    out << "steps      " << steps << "\n";
    if (request.smooth)
      out << "smoothed   " << smoothed.size() << " points, length " << formatNumber(polylineLength(smoothed)) << "\n";
  }
  out << "expanded   " << path.expanded << "\n";
  out << "time       build " << std::fixed << std::setprecision(3) << build_ms << " ms, query " << query_ms << " ms\n";
  out.unsetf(std::ios::floatfield);
  return kExitOk;
}

}  // namespace polypath::cli
