// cmd_convert.cpp: `polypath convert IN OUT`, between map formats chosen by the files'
// extensions: a Moving AI grid (.map) traced into a polygon map (.json), or a polygon
// map rasterized into a grid (.json -> .map, at --cell-size). Add a conversion = one
// entry in kConversions.
//
// A .map has no origin, no cell size and no start or goal. So that .json -> .map -> .json
// keeps what it can: the grid starts at the world origin when the map's corner lies on
// the lattice at x, y >= 0 (blocked cells fill the margin), and the start and goal go to
// the Moving AI companion scenario OUT.map.scen (one query, cells and octile optimum);
// .map -> .json reads IN.map.scen, when there is one, for its first query's cell centres.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iomanip>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "polypath/convert/map_formats.hpp"
#include "polypath/core/search.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/movingai.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kConvertDescription =
    "conversions (by extension):\n"
    "  X.map  -> Y.json   Moving AI grid traced into polygons with holes (cell (x, y) is the\n"
    "                     square [x, x+1] x [y, y+1]; diagonal pinches kept as touching rings);\n"
    "                     start and goal from X.map.scen's first query (cell centres), if any\n"
    "  X.json -> Y.map    polygon map rasterized (a cell is free when its square is walkable);\n"
    "                     cell (0, 0) at the world origin when the map allows it (else a note),\n"
    "                     start and goal written to Y.map.scen (the .map format has neither)\n"
    "  any other pair     between the polygon-map formats (map_formats.hpp): read by IN's\n"
    "                     extension, written by OUT's. A .mesh (mesh 2 or 3) is read as the\n"
    "                     union of its traversable faces and written as constrained Delaunay\n"
    "                     triangles (mesh 2). A .geojson is read from its Polygon and\n"
    "                     MultiPolygon geometries (holes kept) and written as a\n"
    "                     FeatureCollection";

struct ConvertRequest {
  fs::path in, out;
  std::optional<double> cell_size;
};

/// "FILE.scen" beside a .map: Moving AI names a map's scenario X.map.scen.
fs::path companionScenario(const fs::path& map) { return fs::path(map.string() + ".scen"); }

/// The start and goal of IN.map.scen's first query as cell centres (cell units), when
/// the file exists; a note on stderr says so.
void readCompanionScenario(const fs::path& grid_file, MapDocument& doc) {
  const fs::path scen = companionScenario(grid_file);
  if (!fs::exists(scen)) return;
  Scenario s;
  try {
    s = loadScenario(scen);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  if (s.queries.empty()) return;
  const ScenarioQuery& q = s.queries.front();
  doc.start = Point{q.sx + 0.5, q.sy + 0.5};
  doc.goal = Point{q.gx + 0.5, q.gy + 0.5};
  printProblem("note: start " + formatPoint(*doc.start) + " and goal " + formatPoint(*doc.goal) +
               " are the cell centres of the first query of " + scen.string());
}

int gridToPolygons(const ConvertRequest& r) {
  if (r.cell_size) badInput("--cell-size applies to .json -> .map only");
  const auto t0 = std::chrono::steady_clock::now();
  Grid grid;
  try {
    grid = loadMovingAiMap(r.in);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  MapDocument doc = gridToMapDocument(grid, r.in.stem().string());
  readCompanionScenario(r.in, doc);
  const double trace_ms = millisecondsSince(t0);
  std::size_t holes = 0;
  for (const Polygon& p : doc.polygons) holes += p.holes.size();
  const std::size_t vertices = ringVertexCount(doc.polygons);
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

/// The lattice a polygon map is rasterized on for a .map: from the world origin when the
/// map's bounds corner is a whole number of cells from it at x, y >= 0 (so that the .map's
/// cell (c, r) is the world square [c s, (c+1) s] x [r s, (r+1) s]); else the bounds
/// corner (rasterize's own lattice), with a note that the .map loses the offset.
Grid gridLattice(const PolygonMap& map, double s) {
  const Grid corner = latticeOf(map, s);
  if (map.empty()) return corner;
  const Point o = corner.origin;
  const bool aligned = o.x >= 0.0 && o.y >= 0.0 && std::floor(o.x / s) * s == o.x && std::floor(o.y / s) * s == o.y;
  const double cells = std::ceil(map.bounds().max.x / s) * std::ceil(map.bounds().max.y / s);
  if (aligned && cells <= double(1 << 26))
    return Grid(corner.width + static_cast<int>(o.x / s), corner.height + static_cast<int>(o.y / s), s, Point{});
  printProblem("note: a .map has no origin: its cell (0, 0) is the map's corner " + formatPoint(o) +
               ", so converting it back gives coordinates shifted by " + formatPoint(Point{0.0 - o.x, 0.0 - o.y}) +
               (s == 1.0 ? "" : " and divided by the cell size " + formatNumber(s)));
  return corner;
}

/// Writes the map's start and goal as the one query of OUT.map.scen (Moving AI scenario
/// version 1: bucket, map, width, height, start and goal cells, octile optimum with no
/// corner cutting, in cells). Nothing, with a note, without a start and goal, when one is
/// on no free cell or when the grid has no path between them.
void writeCompanionScenario(const MapDocument& doc, const Grid& grid, const fs::path& out) {
  if (!doc.start || !doc.goal) return;
  const fs::path scen = companionScenario(out);
  const int s = grid.locate(*doc.start), g = grid.locate(*doc.goal);
  if (s < 0 || g < 0) {
    printProblem("note: no " + scen.string() + ": the " + (s < 0 ? "start " + formatPoint(*doc.start) : "goal " + formatPoint(*doc.goal)) +
                 " is on no free cell of the grid");
    return;
  }
  const GridGraph graph(grid);
  const Path path = findPath(graph, s, g, SearchOptions{Heuristic::Octile});
  if (!path.found) {
    printProblem("note: no " + scen.string() + ": the grid has no path from the start's cell to the goal's");
    return;
  }
  char optimum[32];
  std::snprintf(optimum, sizeof optimum, "%.8f", path.length / (graph.costPerUnit() * grid.cell_size));
  const std::string line = "version 1\n0\t" + out.filename().string() + "\t" + std::to_string(grid.width) + "\t" +
                           std::to_string(grid.height) + "\t" + std::to_string(s % grid.width) + "\t" +
                           std::to_string(s / grid.width) + "\t" + std::to_string(g % grid.width) + "\t" +
                           std::to_string(g / grid.width) + "\t" + optimum + "\n";
  try {
    saveTextFileAtomically(line, scen);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  std::cout << "scenario   " << scen.string() << " (start and goal cells; a .map has no start or goal)\n";
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
    const PolygonMap map = buildPolygonMap(doc);
    grid = rasterize(map, gridLattice(map, r.cell_size.value_or(1.0)));
  } catch (const Error& e) {
    badInput(r.in.string() + ": " + e.what());
  }
  try {
    saveMovingAiMap(grid, r.out);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  std::cout << "converted  " << r.in.string() << " -> " << r.out.string() << " (" << grid.width << " x " << grid.height
            << " cells of " << formatNumber(grid.cell_size) << ", " << grid.freeCount() << " free)\n";
  writeCompanionScenario(doc, grid, r.out);
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
};

/// Any pair of polygon-map formats (map_formats.hpp): reads IN, writes OUT, says what.
int convertMapFormats(const ConvertRequest& r) {
  if (r.cell_size) badInput("--cell-size applies to .json -> .map only");
  MapDocument doc;
  try {
    doc = importMap(r.in);
    exportMap(doc, r.out);
  } catch (const Error& e) {
    badInput(e.what());
  }
  std::size_t holes = 0;
  for (const Polygon& p : doc.polygons) holes += p.holes.size();
  const std::size_t vertices = ringVertexCount(doc.polygons);
  std::cout << "wrote " << r.out.string() << ": " << doc.polygons.size() << " polygons, " << holes << " holes, "
            << vertices << " vertices (" << mapFormatFor(r.out)->name << ")\n";
  return kExitOk;
}

}  // namespace

int runConvert(const std::vector<std::string>& args) {
  ConvertRequest r;
  CommandLine cl("convert", "polypath convert IN OUT [options]", kConvertDescription, 21);
  cl.value("--cell-size", "S", "cell side in world units for .json -> .map (default 1)",
           positiveReader("--cell-size", r.cell_size));
  const std::vector<std::string> positional = cl.parse(args);
  if (positional.size() != 2) badInput("convert takes an input and an output file: polypath convert IN OUT");
  r.in = positional[0];
  r.out = positional[1];
  const std::string from = r.in.extension().string(), to = r.out.extension().string();
  for (const Conversion& c : kConversions)
    if (from == c.from && to == c.to) return c.run(r);
  const MapFormat* in = mapFormatFor(r.in);
  const MapFormat* out = mapFormatFor(r.out);
  if (in && in->parse && out && out->serialize) return convertMapFormats(r);
  badInput("no conversion from '" + from + "' to '" + to + "': polypath reads " + mapFormatExtensions(false) +
           " and .map, and writes " + mapFormatExtensions(true) + " and .map");
}

}  // namespace polypath::cli
