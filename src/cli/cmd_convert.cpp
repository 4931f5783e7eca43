// cmd_convert.cpp: `polypath convert IN OUT`, between map formats chosen by the files'
// extensions: a Moving AI grid (.map) traced into a polygon map (.json), or a polygon
// map rasterized into a grid (.json -> .map, at --cell-size). Add a conversion = one
// entry in kConversions.
#include <chrono>
#include <filesystem>
#include <functional>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_support.hpp"
#include "cli/commands.hpp"
#include "cli/convert_mesh2.hpp"
#include "io/map_io.hpp"
#include "io/movingai.hpp"

namespace polypath::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kConvertUsage =
    "usage: polypath convert IN OUT [options]\n"
    "\n"
    "conversions (by extension):\n"
    "  X.map  -> Y.json   Moving AI grid traced into polygons with holes (cell (x, y) is the\n"
    "                     square [x, x+1] x [y, y+1]; diagonal pinches kept as touching rings)\n"
    "  X.json -> Y.map    polygon map rasterized (a cell is free when its square is walkable)\n"
    "  X.mesh -> Y.json   Polyanya mesh 2 -> polygon map (the union of the mesh's faces)\n"
    "  X.json -> Y.mesh   polygon map -> mesh 2 (constrained Delaunay triangles)\n"
    "\n"
    "options:\n"
    "  --cell-size S      cell side in world units for .json -> .map (default 1)\n";

struct ConvertRequest {
  fs::path in, out;
  std::optional<double> cell_size;
};

int gridToPolygons(const ConvertRequest& r) {
  if (r.cell_size) badInput("--cell-size applies to .json -> .map only");
  const auto t0 = std::chrono::steady_clock::now();
  Grid grid;
  try {
    grid = loadMovingAiMap(r.in);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  const MapDocument doc = gridToMapDocument(grid, r.in.stem().string());
  const double trace_ms = millisecondsSince(t0);
  std::size_t holes = 0, vertices = 0;
  for (const Polygon& p : doc.polygons) {
    holes += p.holes.size();
    vertices += p.outer.size();
    for (const Ring& h : p.holes) vertices += h.size();
  }
  try {
    saveMap(doc, r.out);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  std::cout << "converted  " << r.in.string() << " (" << grid.width << " x " << grid.height << ", " << grid.freeCount()
            << " free cells) -> " << r.out.string() << "\n";
  std::cout << "polygons   " << doc.polygons.size() << " with " << holes << " holes, " << vertices << " vertices\n";
  std::cout << "time       " << std::fixed << std::setprecision(1) << trace_ms << " ms\n";
  return kExitOk;
}

int polygonsToGrid(const ConvertRequest& r) {
  MapDocument doc;
  try {
    doc = loadMap(r.in);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  BadInput errors;
  for (const MapProblem& p : validateMap(doc))
    if (p.severity == MapProblem::Severity::Error) errors.lines.push_back(r.in.string() + ": " + p.describe());
  if (!errors.lines.empty()) throw errors;
  Grid grid;
  try {
    grid = rasterize(buildPolygonMap(doc), r.cell_size.value_or(1.0));
  } catch (const std::invalid_argument& e) {
    badInput(r.in.string() + ": " + e.what());
  }
  try {
    saveMovingAiMap(grid, r.out);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  std::cout << "converted  " << r.in.string() << " -> " << r.out.string() << " (" << grid.width << " x " << grid.height
            << " cells of " << formatNumber(grid.cell_size) << ", " << grid.freeCount() << " free)\n";
  return kExitOk;
}

struct Conversion {
  const char* from;
  const char* to;
  std::function<int(const ConvertRequest&)> run;
};

const std::vector<Conversion> kConversions = {
    {".map", ".json", gridToPolygons},
    {".json", ".map", polygonsToGrid},
    {".mesh", ".json", [](const ConvertRequest& r) { return convertMeshToMap(r.in, r.out); }},
    {".json", ".mesh", [](const ConvertRequest& r) { return convertMapToMesh(r.in, r.out); }},
};

}  // namespace

int runConvert(const std::vector<std::string>& args) {
  if (wantsHelp(args)) {
    std::cout << kConvertUsage;
    return kExitOk;
  }
  ConvertRequest r;
  const std::vector<Option> options = {nonNegativeOption("--cell-size", r.cell_size, "S")};
  const std::vector<std::string> positional = parseOptions(args, options, "convert");
  if (positional.size() != 2) badInput("convert takes an input and an output file: polypath convert IN OUT");
  r.in = positional[0];
  r.out = positional[1];
  if (r.cell_size && *r.cell_size <= 0) badInput("--cell-size must be more than 0");
  const std::string from = r.in.extension().string(), to = r.out.extension().string();
  for (const Conversion& c : kConversions)
    if (from == c.from && to == c.to) return c.run(r);
  std::string known;
  for (const Conversion& c : kConversions) known += std::string(known.empty() ? "" : ", ") + c.from + " -> " + c.to;
  badInput("no conversion from '" + from + "' to '" + to + "' (known: " + known + ")");
}

}  // namespace polypath::cli
