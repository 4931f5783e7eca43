// cmd_svg.cpp: `polypath svg MAP --out F.svg`, a vector picture of the map, the method's
// structure (visibility graph, navmesh, grid), the query and the path, or of the search
// after N expansions; the query options are those of `path` (query_setup.hpp, path_grid.hpp).
#include <cmath>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/method_search.hpp"
#include "cli/output_file.hpp"
#include "cli/path_grid.hpp"
#include "cli/query_setup.hpp"
#include "polypath/debug/debug_draw.hpp"
#include "polypath/debug/debug_draw_grid.hpp"
#include "polypath/debug/layer_names.hpp"
#include "polypath/core/search.hpp"
#include "polypath/formats/svg_draw.hpp"

namespace polypath::cli {
namespace {

constexpr const char* kSvgDescription =
    "Draws the map, the method's structure (visibility graph, navmesh triangles, grid cells),\n"
    "the start and goal and the path as SVG, layer by layer as the editor's canvas does (one\n"
    "<g id=\"layer-NAME\"> each), or with --steps the search after N expansions (closed set,\n"
    "open set, relaxed arcs, expanded node; the path once found). With a clearance the\n"
    "eroded region's boundary (where the agent's centre may go) is outlined on the walls.";

/// What `polypath svg` writes, whatever the method.
struct SvgOutput {
  std::string out;
  std::optional<std::uint32_t> layers;
  std::optional<int> steps;
  double width = 800.0;
};

/// "names: A, B, ..." for the help, every layer key, in lines of at most 64 characters.
std::string layerNamesHelp() {
  std::string out = "names:", list = layerKeyList() + ",";
  std::size_t line = out.size();
  for (std::size_t begin = 0, end; (end = list.find(',', begin)) != std::string::npos; begin = end + 2) {
    const std::string name = list.substr(begin, end + 1 - begin);  // "region,"
    if (line + 1 + name.size() > 64) {
      out += "\n" + name;
      line = name.size();
    } else {
      out += " " + name;
      line += 1 + name.size();
    }
  }
  out.pop_back();  // the last comma
  return out;
}

/// Declares svg's own options on `cl`, writing into `o`.
void addSvgOptions(CommandLine& cl, SvgOutput& o) {
  cl.value("--out", "F.svg", "the file to write (required)", textReader(o.out));
  cl.value("--layers", "LIST",
           "comma-separated layers to draw (default: default without the\n"
           "search layers, or default with --steps);\n" +
               layerNamesHelp() + "\ngroups: all, default, map, graph, search",
           [&o](const std::string& v) {
             std::uint32_t mask = 0;
             std::string error;
             if (!parseLayerList(v, mask, error)) return "--layers: " + error;
             o.layers = mask;
             return std::string();
           });
  cl.value("--steps", "N", "show the search after N expansions (N >= 0)", [&o](const std::string& v) {
    const std::optional<double> n = parseNumber(v);
    if (!n || *n < 0 || *n > 1e9 || *n != std::floor(*n))
      return expects("--steps", "a whole number of expansions >= 0", v);
    o.steps = static_cast<int>(*n);
    return std::string();
  });
  cl.value("--width", "PX", "picture width in pixels (default 800)", [&o](const std::string& v) {
    const std::optional<double> w = parseNumber(v);
    if (!w || *w < 64 || *w > 100000) return expects("--width", "pixels from 64 to 100000", v);
    o.width = *w;
    return std::string();
  });
}

/// Parses svg's arguments: its own options and the method's query options, which
/// `add_query` declares. Returns the map file.
std::string parseSvgArgs(const std::vector<std::string>& args, const std::function<void(CommandLine&)>& add_query,
                         SvgOutput& o) {
  CommandLine cl("svg", "polypath svg MAP --out F.svg [options]", kSvgDescription);
  addSvgOptions(cl, o);
  cl.group("query options (as polypath path with the same --method)");
  add_query(cl);
  std::string map = cl.parseMapFile(args, "polypath svg MAP --out F.svg");
  if (o.out.empty()) badInput("svg needs --out F.svg");
  return map;
}

/// Runs the search on `graph` for `steps` expansions (all when unset).
Path runSearch(Search& search, const SearchGraph& graph, NodeId start, NodeId goal, const SearchOptions& options,
               std::optional<int> steps) {
  search.init(graph, start, goal, options);
  search.run(steps ? *steps : -1);
  return search.finalize();
}

/// Writes the picture: one group per layer of `layers` in the scene's order, each drawn by
/// `draw`; then "wrote F (W x H px[, N expansions, status[, length L]])".
void writeSvg(const SvgOutput& o, const SvgViewport& viewport, std::uint32_t layers,
              const std::function<void(SvgDraw&, Layer)>& draw, const Search* search, const Path& path) {
  SvgDraw svg(viewport);
  for (const Layer layer : sceneLayerOrder()) {
    if (!(layers & layer)) continue;
    svg.beginGroup(std::string("layer-") + layerKey(layer));
    draw(svg, layer);
    svg.endGroup();
  }
  writeOutputFile(o.out, svg.document());
  std::cout << "wrote " << o.out << " (" << formatNumber(svg.viewport().width()) << " x "
            << formatNumber(svg.viewport().height()) << " px";
  if (search) {
    std::cout << ", " << search->state().expandedCount() << " expansions, " << statusName(search->state().status());
    if (path.found) std::cout << ", length " << formatNumber(path.length);
  }
  std::cout << ")\n";
}

constexpr std::uint32_t kSearchLayers = LayerClosedSet | LayerOpenSet | LayerRelaxed | LayerExpanded;

/// `svg --method visibility|navmesh`.
int svgPolygonMap(const std::vector<std::string>& args) {
  QueryRequest r;
  SvgOutput o;
  r.map = parseSvgArgs(args, [&r](CommandLine& cl) { addQueryOptions(cl, r); }, o);
  requireSearchMethod(r, "svg");
  const std::unique_ptr<LoadedQuery> q = loadQuery(r, o.steps.has_value());
  const MethodSearch method(r, *q);
  const std::uint32_t layers = o.layers ? *o.layers : o.steps ? kDefaultLayers : kDefaultLayers & ~kSearchLayers;

  Search search;
  Path path;
  if (method.graph()) path = runSearch(search, *method.graph(), method.startNode(), method.goalNode(), r.search, o.steps);
  const bool eroded = q->level->radius() > 0.0;
  writeSvg(
      o, SvgViewport::fit(q->original(), o.width), layers,
      [&](SvgDraw& svg, Layer layer) {
        drawMap(svg, q->original(), layer);
        if (eroded) drawClearanceOutline(svg, q->searched(), layer);
        method.drawStructure(svg, layer);
        if (method.graph()) {
          method.drawSearch(svg, search.state(), layer);
          method.drawResult(svg, path, layer);
        }
        method.drawEndpoints(svg, layer);
      },
      method.graph() ? &search : nullptr, method.worldPath(path));
  return kExitOk;
}

/// `svg --method grid` (or a Moving AI .map).
int svgGrid(const std::vector<std::string>& args) {
  GridRequest r;
  SvgOutput o;
  r.map = parseSvgArgs(args, [&r](CommandLine& cl) { addGridQueryOptions(cl, r); }, o);
  const GridQuery q = loadGridQuery(r);
  const GridGraph graph(q.grid, r.settings.grid);
  constexpr std::uint32_t kGridSearchLayers = kSearchLayers | LayerGridExplored | LayerGridWaiting;
  const std::uint32_t layers = o.layers ? *o.layers : o.steps ? kDefaultLayers : kDefaultLayers & ~kGridSearchLayers;

  Search search;
  Path path = runSearch(search, graph, q.start, q.goal, r.settings.search, o.steps);
  path.length /= graph.costPerUnit();  // world units, as `path --method grid` reports it
  const Point start = graph.position(q.start), goal = graph.position(q.goal);
  writeSvg(
      o, SvgViewport(q.grid.corner(0, 0), q.grid.corner(q.grid.width, q.grid.height), o.width), layers,
      [&](SvgDraw& svg, Layer layer) {
        drawGrid(svg, q.grid, layer);
        if (q.level) drawClearanceOutline(svg, q.level->map(), layer);
        drawGridSearch(svg, q.grid, search.state(), layer);
        if (path.found) drawGridPath(svg, q.grid, path, {}, layer);
        drawPath(svg, path, layer);
        drawStartGoal(svg, &start, &goal, layer);
      },
      &search, path);
  return kExitOk;
}

}  // namespace

int runSvg(const std::vector<std::string>& args) {
  return isGridPathRequest(args) ? svgGrid(args) : svgPolygonMap(args);
}

}  // namespace polypath::cli
