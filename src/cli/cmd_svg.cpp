// cmd_svg.cpp: `polypath svg MAP --out F.svg`, a vector picture of the map, the
// visibility graph, the query and the path, or of the search after N expansions.
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_support.hpp"
#include "cli/commands.hpp"
#include "cli/output_file.hpp"
#include "cli/query_setup.hpp"
#include "core/debug_draw.hpp"
#include "core/layer_names.hpp"
#include "core/search.hpp"
#include "io/svg_draw.hpp"

namespace polypath::cli {
namespace {

constexpr const char* kSvgUsageHead =
    "usage: polypath svg MAP --out F.svg [options]\n"
    "\n"
    "Draws the map, its visibility graph, the start and goal links and the path as SVG,\n"
    "layer by layer as the editor's canvas does (one <g id=\"layer-NAME\"> each), or with\n"
    "--steps the search after N expansions (closed set, open set, relaxed arcs, expanded\n"
    "node; the path once found).\n"
    "\n"
    "options:\n"
    "  --out F.svg            the file to write (required)\n"
    "  --layers LIST          comma-separated layers to draw (default: default without the\n"
    "                         search layers, or default with --steps); names: ";

constexpr const char* kSvgUsageTail =
    "\n"
    "                         groups: all, default, map, graph, search\n"
    "  --steps N              show the search after N expansions (N >= 0)\n"
    "  --width PX             picture width in pixels (default 800)\n";

/// Everything `polypath svg` was asked to do.
struct SvgRequest {
  QueryRequest query;
  std::string out;
  std::optional<std::uint32_t> layers;
  std::optional<int> steps;
  double width = 800.0;
};

SvgRequest parseSvgArgs(const std::vector<std::string>& args) {
  SvgRequest r;
  std::vector<Option> options = queryOptions(r.query);
  options.push_back({"--out", true, [&r](const std::string& v) -> std::string {
                       if (v.empty()) return "--out expects a file name";
                       r.out = v;
                       return "";
                     }});
  options.push_back({"--layers", true, [&r](const std::string& v) -> std::string {
                       std::uint32_t mask = 0;
                       std::string error;
                       if (!parseLayerList(v, mask, error)) return "--layers: " + error;
                       r.layers = mask;
                       return "";
                     }});
  options.push_back({"--steps", true, [&r](const std::string& v) -> std::string {
                       const std::optional<double> n = parseNumber(v);
                       if (!n || *n < 0 || *n != static_cast<double>(static_cast<int>(*n)))
                         return "--steps expects a whole number of expansions >= 0, got '" + v + "'";
                       r.steps = static_cast<int>(*n);
                       return "";
                     }});
  options.push_back({"--width", true, [&r](const std::string& v) -> std::string {
                       const std::optional<double> w = parseNumber(v);
                       if (!w || *w < 64 || *w > 100000) return "--width expects pixels from 64 to 100000, got '" + v + "'";
                       r.width = *w;
                       return "";
                     }});
  const std::vector<std::string> positional = parseOptions(args, options, "svg");
  if (positional.empty()) badInput("svg needs a map file: polypath svg MAP --out F.svg");
  if (positional.size() > 1) badInput("unexpected argument '" + positional[1] + "' (svg takes one map file)");
  if (r.out.empty()) badInput("svg needs --out F.svg");
  r.query.map = positional[0];
  return r;
}

}  // namespace

int runSvg(const std::vector<std::string>& args) {
  if (wantsHelp(args)) {
    std::cout << kSvgUsageHead << layerKeyList() << kSvgUsageTail << kQueryOptionsHelp;
    return kExitOk;
  }
  SvgRequest r = parseSvgArgs(args);
  const std::unique_ptr<LoadedQuery> q = loadQuery(r.query, r.steps.has_value());
  constexpr std::uint32_t kSearchLayers = LayerClosedSet | LayerOpenSet | LayerRelaxed | LayerExpanded;
  const std::uint32_t layers = r.layers ? *r.layers : r.steps ? kDefaultLayers : kDefaultLayers & ~kSearchLayers;

  Search search;
  Path path;
  if (q->query) {
    search.init(*q->query, q->query->startNode(), q->query->goalNode(), r.query.search);
    search.run(r.steps ? *r.steps : -1);
    path = search.finalize();
  }

  SvgDraw svg(SvgViewport::fit(q->map, r.width));
  for (const Layer layer : sceneLayerOrder()) {
    if (!(layers & layer)) continue;
    svg.beginGroup(std::string("layer-") + layerKey(layer));
    drawMap(svg, q->map, layer);
    drawVisibilityGraph(svg, *q->graph, layer);
    if (q->query) {
      drawSearch(svg, *q->query, search.state(), layer);
      drawPath(svg, path, layer);
      drawQuery(svg, *q->query, layer);
    } else {
      drawStartGoal(svg, r.query.start ? &*r.query.start : nullptr, r.query.goal ? &*r.query.goal : nullptr, layer);
    }
    svg.endGroup();
  }
  writeOutputFile(r.out, svg.document());

  std::cout << "wrote " << r.out << " (" << formatNumber(svg.viewport().width()) << " x "
            << formatNumber(svg.viewport().height()) << " px";
  if (q->query) {
    std::cout << ", " << search.state().expandedCount() << " expansions, " << statusName(search.state().status());
    if (path.found) std::cout << ", length " << formatNumber(path.length);
  }
  std::cout << ")\n";
  return kExitOk;
}

}  // namespace polypath::cli
