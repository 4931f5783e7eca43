// bench_scale.cpp: `polypath bench scale`: how each stage grows with the map, from about
// 10^2 to 10^5 vertices: validation, navmesh build, Polyanya query, visibility graph build
// and query, with their memory and fitted growth exponents.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/bench_runner.hpp"
#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/movingai.hpp"
#include "polypath/geom/map_validation.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "reference/synthetic_maps.hpp"

namespace polypath::cli {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

double median(std::vector<double> v) {
  if (v.empty()) return NAN;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Most expansions of one measured Polyanya search: more means it ran away.
constexpr int kMaxExpansions = 500'000;
/// Most links a measured visibility graph may have (about 1.6 GB of arcs).
constexpr std::size_t kMaxLinks = 50'000'000;

/// One map's row of the table. NaN where a stage was not run.
struct ScaleRow {
  std::string name;
  double vertices = 0, reflex = 0;
  double validate_ms = NAN, navmesh_ms = NAN, polyanya_us = NAN, visibility_ms = NAN, visibility_us = NAN;
  double faces = 0, links = NAN, graph_mb = NAN;
  long peak_rss_mb = 0;
  std::string note;
};

/// A map to measure: its name and how to get its polygons.
struct ScaleMap {
  std::string name;
  std::function<MapDocument()> load;
};

// Validation, navmesh (merged, as the Polyanya method builds it), Polyanya queries, then the
// visibility graph unless its estimate is over the budget.
ScaleRow measure(const ScaleMap& m, int queries, double budget_s, std::size_t index, std::size_t total) {
  ScaleRow r;
  r.name = m.name;
  auto stage = [&](const char* what) { showProgress(m.name + ": " + what, index, total); };
  stage("loading");
  const MapDocument doc = m.load();
  stage("validate");
  auto t0 = Clock::now();
  const std::vector<MapProblem> problems = validateMap(doc);
  r.validate_ms = msSince(t0);
  const PolygonMap map = buildPolygonMap(doc);
  r.vertices = static_cast<double>(map.vertices().size());
  r.reflex = static_cast<double>(map.reflexCorners().size());
  const std::vector<BenchQuery> pairs = randomQueries(map, queries, 7);
  stage("navmesh");
  t0 = Clock::now();
  const NavMesh mesh = buildNavMesh(map, true);
  r.navmesh_ms = msSince(t0);
  r.faces = static_cast<double>(mesh.faces().size());
  const PolyanyaMesh pmesh(mesh);
  PolyanyaPathfinder polyanya(pmesh);
  polyanya.setExpansionLimit(kMaxExpansions);
  stage("Polyanya queries");
  std::vector<double> us;
  std::vector<double> lengths;
  Path path;
  int stopped = 0;
  for (const BenchQuery& q : pairs) {
    t0 = Clock::now();
    polyanya.find(q.start, q.goal, path);
    us.push_back(1000.0 * msSince(t0));
    lengths.push_back(polyanya.truncated() ? NAN : path.found ? path.length : -1.0);
    stopped += polyanya.truncated();
  }
  r.polyanya_us = median(us);
  if (stopped > 0)
    r.note = std::to_string(stopped) + " Polyanya queries stopped at " + std::to_string(kMaxExpansions) + " expansions; ";
  const double estimate = VisibilityGraph::estimateBuildSeconds(map);
  if (estimate > budget_s) {
    r.note += "visibility graph skipped: estimated " + formatNumber(estimate, 2) + " s (--budget " +
             formatNumber(budget_s, 3) + ")";
  } else {
    stage("visibility graph");
    t0 = Clock::now();
    BuildMonitor monitor;
    monitor.setItemLimit(kMaxLinks);
    std::optional<VisibilityGraph> built;
    try {
      built.emplace(map, VisibilityOptions{}, &monitor);
    } catch (const BuildTooLarge&) {
      r.note += "visibility graph stopped: more than " + formatNumber(static_cast<double>(kMaxLinks), 12) + " links";
      r.peak_rss_mb = peakRssKb() / 1024;
      return r;
    }
    const VisibilityGraph& graph = *built;
    r.visibility_ms = msSince(t0);
    r.links = static_cast<double>(graph.linkCount());
    r.graph_mb = static_cast<double>(graph.memoryBytes()) / 1e6;
    stage("visibility queries");
    us.clear();
    int mismatches = 0;
    VisibilityPathfinder pathfinder(graph);  // reused, as Polyanya's
    Path p;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      t0 = Clock::now();
      pathfinder.find(pairs[i].start, pairs[i].goal, p);
      us.push_back(1000.0 * msSince(t0));
      const double want = p.found ? p.length : -1.0;
      if (!std::isnan(lengths[i]) && std::abs(want - lengths[i]) > 1e-9 * std::max(1.0, std::abs(want))) ++mismatches;
    }
    r.visibility_us = median(us);
    if (mismatches > 0) r.note += std::to_string(mismatches) + " Polyanya lengths differ from the visibility graph's";
  }
  if (!problems.empty())
    r.note += (r.note.empty() ? "" : "; ") + std::to_string(problems.size()) + " validation problem(s)";
  r.peak_rss_mb = peakRssKb() / 1024;
  return r;
}

std::string cell(double v, int digits = 3) { return std::isnan(v) ? "-" : formatNumber(v, digits); }

}  // namespace

int runBenchScale(const std::vector<std::string>& args) {
  std::string data_dir = "../shared/data";
  std::optional<double> queries, max_vertices, budget;
  CommandLine cl("bench scale", "polypath bench scale [--data DIR] [--queries N] [--max-vertices N] [--budget S]",
                 "How validation, the navmesh build, Polyanya, and the visibility graph's build and queries grow\n"
                 "with the map: synthetic rooms and convex obstacles from 10^2 to 10^5 vertices, and converted\n"
                 "Moving AI maps from --data. Wall time; a progress bar on stderr.",
                 22);
  cl.value("--data", "DIR", "the shared data folder with the Moving AI maps (default: ../shared/data)",
           textReader(data_dir));
  cl.value("--queries", "N", "random query pairs per map (default 100)", nonNegativeReader("--queries", queries));
  cl.value("--max-vertices", "N", "leave out larger synthetic maps (default 100000)",
           nonNegativeReader("--max-vertices", max_vertices));
  cl.value("--budget", "S", "skip visibility graphs estimated to build longer (seconds; default 30)",
           nonNegativeReader("--budget", budget));
  const std::vector<std::string> positional = cl.parse(args);
  if (!positional.empty()) badInput("unexpected argument '" + positional[0] + "' (bench scale takes options only)");
  const int count = static_cast<int>(queries.value_or(100));
  const int max_v = static_cast<int>(max_vertices.value_or(100000));
  const double budget_s = budget.value_or(30.0);

  std::vector<ScaleMap> maps;
  for (reference::Family fam : {reference::Family::Rooms, reference::Family::Convex})
    for (int size : {100, 300, 1000, 3000, 10000, 30000, 100000}) {
      if (size > max_v) break;
      maps.push_back({std::string(reference::familyName(fam)) + "-" + std::to_string(size), [fam, size] {
                        MapDocument d;
                        d.polygons = reference::syntheticMap(fam, size, 1);
                        return d;
                      }});
    }
  const fs::path data = data_dir;
  for (const char* name : {"dao/arena", "dao/brc202d", "sc1/Aurora", "rooms/8room_000", "random/random512-10-0"}) {
    const fs::path file = data / "movingai" / (std::string(name) + ".map");
    if (!fs::exists(file)) {
      printProblem("skipped " + file.string() + ": not found (give --data DIR)");
      continue;
    }
    maps.push_back({fs::path(name).filename().string(),
                    [file] { return gridToMapDocument(loadMovingAiMap(file), file.stem().string()); }});
  }

  std::vector<ScaleRow> rows;
  for (std::size_t i = 0; i < maps.size(); ++i) rows.push_back(measure(maps[i], count, budget_s, i, maps.size()));
  endProgress();

  std::cout << "map                  vertices  reflex  validate ms  navmesh ms   faces  Polyanya us  "
               "visibility ms      links  graph MB  visibility us  peak RSS MB\n";
  for (const ScaleRow& r : rows) {
    std::ostringstream line;
    line << std::left << std::setw(20) << r.name << std::right << std::setw(10) << cell(r.vertices, 9)
         << std::setw(8) << cell(r.reflex, 9) << std::setw(13) << cell(r.validate_ms) << std::setw(12)
         << cell(r.navmesh_ms) << std::setw(8) << cell(r.faces, 9) << std::setw(13) << cell(r.polyanya_us)
         << std::setw(15) << cell(r.visibility_ms) << std::setw(11) << cell(r.links, 9) << std::setw(10)
         << cell(r.graph_mb) << std::setw(15) << cell(r.visibility_us) << std::setw(13) << r.peak_rss_mb;
    if (!r.note.empty()) line << "  (" << r.note << ")";
    std::cout << line.str() << '\n';
  }
  std::cout << "\nfitted growth exponents (least squares on log-log over every map measured, n = vertices):\n";
  const std::pair<const char*, double ScaleRow::*> columns[] = {
      {"validate", &ScaleRow::validate_ms},          {"navmesh build", &ScaleRow::navmesh_ms},
      {"Polyanya query median", &ScaleRow::polyanya_us}, {"visibility build", &ScaleRow::visibility_ms},
      {"visibility query median", &ScaleRow::visibility_us}};
  for (const auto& [label, field] : columns) {
    std::vector<std::pair<double, double>> xy;
    for (const ScaleRow& r : rows)
      if (!std::isnan(r.*field)) xy.push_back({r.vertices, r.*field});
    std::cout << "  " << label << ": n^" << cell(fitExponent(xy)) << " (" << xy.size() << " maps)\n";
  }
  return 0;
}

}  // namespace polypath::cli
