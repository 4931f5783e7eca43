// cmd_scen.cpp: `polypath scen FILE.scen`, a Moving AI scenario file run query by query:
// the grid method must equal each optimal octile length within the file's printed
// precision; the visibility method (on the map traced into polygons) must never be
// longer than it. Prints counts, mismatches and timing.
#include <chrono>
#include <cmath>
#include <tuple>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/grid_options.hpp"
#include "polypath/core/grid_trace.hpp"
#include "polypath/core/method.hpp"
#include "polypath/formats/movingai.hpp"
#include "polypath/methods/registry.hpp"

namespace polypath::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kScenDescription =
    "Runs every query of a Moving AI scenario file and compares it with the file's optimal\n"
    "octile length (8 moves, no corner cutting, costs 1 and sqrt 2).";

/// What `polypath scen` was asked to do.
struct ScenRequest {
  fs::path file;
  std::optional<std::string> map_dir;
  std::string method = "grid";
  std::optional<double> limit;
  bool json = false;
};

ScenRequest parseScenArgs(const std::vector<std::string>& args) {
  ScenRequest r;
  CommandLine cl("scen", "polypath scen FILE.scen [options]", kScenDescription, 29);
  cl.value("--map-dir", "DIR",
           "where the maps are (default: beside the .scen file); the\n"
           "map path written in the file, then its file name, is tried",
           [&r](const std::string& v) {
             r.map_dir = v;
             return std::string();
           });
  cl.value("--method", "grid|visibility",
           "grid (default): lengths must equal the optimum within the\n"
           "printed precision; visibility: the map traced into polygons,\n"
           "cell centre to cell centre, never longer than the optimum",
           [&r](const std::string& v) {
             if (v != "grid" && v != "visibility") return expects("--method", "grid or visibility", v);
             r.method = v;
             return std::string();
           });
  cl.value("--limit", "N", "only the first N queries", nonNegativeReader("--limit", r.limit));
  cl.flag("--json", r.json, "one JSON object with the counts, mismatches and timing");
  const std::vector<std::string> positional = cl.parse(args);
  if (positional.size() != 1) badInput("scen takes one scenario file: polypath scen FILE.scen [options]");
  r.file = positional[0];
  return r;
}

fs::path findMap(const std::string& written, const fs::path& scen, const std::optional<std::string>& map_dir) {
  const fs::path dir = map_dir ? fs::path(*map_dir) : scen.parent_path();
  const fs::path w(written);
  for (const fs::path& candidate : {dir / w, dir / w.filename()})
    if (fs::is_regular_file(candidate)) return candidate;
  badInput(scen.string() + ": map '" + written + "' not found in " + (dir.empty() ? "." : dir.string()) +
           "; pass --map-dir DIR");
}

/// One map, ready for queries.
struct LoadedMap {
  Grid grid;
  std::unique_ptr<GridGraph> grid_graph;
  std::unique_ptr<PolygonMap> polygons;
  std::unique_ptr<Method> method;  ///< a registered polygon-map method on the traced polygons
};

struct Mismatch {
  int line;
  double expected, got;
  bool found;
};

}  // namespace

int runScen(const std::vector<std::string>& args) {
  const ScenRequest request = parseScenArgs(args);
  const fs::path& scen_file = request.file;
  const std::optional<std::string>& map_dir = request.map_dir;
  const std::string& method = request.method;
  const bool json = request.json;
  Scenario scen;
  try {
    scen = loadScenario(scen_file);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  if (request.limit && *request.limit < static_cast<double>(scen.queries.size()))
    scen.queries.resize(static_cast<std::size_t>(*request.limit));

  const bool grid_method = method == "grid";
  const GridSettings settings;  // Moving AI's rules
  std::map<std::string, LoadedMap> maps;
  double build_ms = 0.0, query_ms = 0.0;
  long long expanded = 0;
  int matched = 0, no_path = 0;
  std::vector<Mismatch> mismatches;
  for (const ScenarioQuery& q : scen.queries) {
    auto it = maps.find(q.map);
    if (it == maps.end()) {
      const fs::path file = findMap(q.map, scen_file, map_dir);
      const auto t0 = std::chrono::steady_clock::now();
      it = maps.emplace(q.map, LoadedMap{}).first;  // built in place: the graphs point into it
      LoadedMap& m = it->second;
      try {
        m.grid = loadMovingAiMap(file);
        if (grid_method) {
          m.grid_graph = std::make_unique<GridGraph>(m.grid, settings.grid);
        } else {
          m.polygons = std::make_unique<PolygonMap>(traceGrid(m.grid));
          m.method = methods().create(method);
          m.method->build(*m.polygons, {});
        }
      } catch (const MapFileError& e) {
        badInput(e.what());
      } catch (const GeometryError& e) {
        badInput(file.string() + ": traced polygons are not valid: " + e.what());
      } catch (const MethodError& e) {
        badInput(file.string() + ": " + e.what());
      }
      build_ms += millisecondsSince(t0);
    }
    const LoadedMap& m = it->second;
    for (const auto& [x, y, which] : {std::tuple{q.sx, q.sy, "start"}, std::tuple{q.gx, q.gy, "goal"}})
      if (m.grid.isBlocked(x, y))
        badInput(scen_file.string() + ":" + std::to_string(q.line) + ": " + which + " cell (" + std::to_string(x) +
                 ", " + std::to_string(y) + ") is blocked or outside the map");
    const auto t1 = std::chrono::steady_clock::now();
    Path p;
    if (grid_method)
      p = findPath(*m.grid_graph, m.grid.index(q.sx, q.sy), m.grid.index(q.gx, q.gy), settings.search);
    else
      p = m.method->findPath(m.grid.cellCenter(q.sx, q.sy), m.grid.cellCenter(q.gx, q.gy));
    query_ms += millisecondsSince(t1);
    expanded += p.expanded;
    if (!p.found) ++no_path;
    const bool ok = p.found && (grid_method ? std::abs(p.length - q.optimal) <= q.tolerance()
                                            : p.length <= q.optimal + q.tolerance());
    if (ok) ++matched;
    else mismatches.push_back({q.line, q.optimal, p.length, p.found});
  }

  const int n = static_cast<int>(scen.queries.size());
  if (json) {
    nlohmann::ordered_json out;
    out["file"] = scen_file.string();
    out["method"] = method;
    out["queries"] = n;
    out["matched"] = matched;
    out["no_path"] = no_path;
    nlohmann::ordered_json mm = nlohmann::ordered_json::array();
    for (const Mismatch& m : mismatches)
      mm.push_back({{"line", m.line}, {"expected", m.expected}, {"length", m.got}, {"found", m.found}});
    out["mismatches"] = std::move(mm);
    out["expanded"] = expanded;
    out["build_ms"] = build_ms;
    out["query_ms"] = query_ms;
    std::cout << out.dump() << '\n';
    return kExitOk;
  }
  std::ostream& out = std::cout;
  out << "scenario   " << scen_file.string() << " (version " << scen.version << ", " << n << " queries, "
      << maps.size() << (maps.size() == 1 ? " map)\n" : " maps)\n");
  out << "method     " << method
      << (grid_method ? " (" + describe(settings) + "): equal to the optimum within the printed precision\n"
                      : " (traced polygons, cell centres): not longer than the octile optimum\n");
  out << "matched    " << matched << " of " << n << (matched == n ? " (100%)" : "") << "\n";
  if (no_path) out << "no path    " << no_path << "\n";
  const std::size_t shown = std::min<std::size_t>(mismatches.size(), 10);
  for (std::size_t i = 0; i < shown; ++i)
    out << "mismatch   line " << mismatches[i].line << ": expected " << formatNumber(mismatches[i].expected)
        << ", got " << (mismatches[i].found ? formatNumber(mismatches[i].got) : std::string("no path")) << "\n";
  if (mismatches.size() > shown) out << "           ... and " << mismatches.size() - shown << " more\n";
  out << "expanded   " << expanded << " in total\n";
  out << std::fixed << std::setprecision(1) << "time       build " << build_ms << " ms, queries " << query_ms
      << " ms (" << std::setprecision(3) << (n ? query_ms / n : 0.0) << " ms each)\n";
  out.unsetf(std::ios::floatfield);
  return kExitOk;
}

}  // namespace polypath::cli
