// bench_polyanya.cpp: `polypath bench polyanya [--mesh F.mesh | --map MAP] [--scen F.scen]
// [--queries N] [--passes N] [--faces merged|given]`: Polyanya (polyanya.hpp) on Polyanya's
// own mesh 2 or mesh 3 files, their faces merged into convex faces on load (or searched as
// given), or on the mesh polypath builds from a map (as the Polyanya method does: merged
// into convex faces), with their scenario queries: load time, per-query wall-clock and
// thread CPU time (median, p90, p99, mean; with several passes each query's median over
// them), expansions, and on Aurora every length checked against the Euclidean optima of
// polyanya/vleue/aurora-euclidean.tsv. A query's time spans the call to
// PolyanyaPathfinder::find until the path is returned, point location included (the span
// Polyanya's scenario runner times, which also stops after the search).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <utility>

#include "cli/bench_runner.hpp"
#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "polypath/core/face_merge.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/mesh2.hpp"
#include "polypath/geom/navmesh_build.hpp"

namespace polypath::cli {
namespace {

namespace fs = std::filesystem;

double wallMicros() {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

/// Per query, the median of its times over the passes (times[pass][query]).
std::vector<double> medianOverPasses(const std::vector<std::vector<double>>& times) {
  std::vector<double> out(times.empty() ? 0 : times[0].size()), column(times.size());
  for (std::size_t q = 0; q < out.size(); ++q) {
    for (std::size_t p = 0; p < times.size(); ++p) column[p] = times[p][q];
    std::sort(column.begin(), column.end());
    const std::size_t n = column.size();
    out[q] = n % 2 ? column[n / 2] : 0.5 * (column[n / 2 - 1] + column[n / 2]);
  }
  return out;
}

void printFigures(const char* label, const QueryFigures& f) {
  std::cout << "  " << label << " us median " << f.median_us << ", p90 " << f.p90_us << ", p99 " << f.p99_us
            << ", mean " << f.mean_us << "\n";
}

/// The mesh of a .mesh file, or the one polypath builds from any other map file (its
/// triangles), with its faces merged into convex faces unless `as_given`. `given_faces`:
/// a .mesh file's face count before merging.
NavMesh meshOf(const fs::path& file, bool as_given, std::size_t& given_faces) {
  if (file.extension() == ".mesh") {
    NavMesh mesh = navMeshFromMesh2(loadMesh(file));
    given_faces = mesh.faces().size();
    return as_given ? mesh : mergeConvexFaces(mesh);
  }
  NavMesh mesh = buildNavMesh(buildPolygonMap(loadMap(file)), !as_given);
  given_faces = mesh.faces().size();  // merged while it was built: no count before
  return mesh;
}

void benchOne(const fs::path& mesh_file, const fs::path& scen_file, int limit, int passes, const fs::path& optima_file,
              bool as_given) {
  const double t0 = threadMicros();
  std::size_t given_faces = 0;
  const NavMesh mesh = meshOf(mesh_file, as_given, given_faces);
  const PolyanyaMesh pmesh(mesh);
  const double load_ms = (threadMicros() - t0) * 1e-3;
  const std::vector<BenchQuery> all = loadScenarioQueries(scen_file);
  std::vector<BenchQuery> queries;  // at most `limit` evenly spaced ones when limit > 0
  if (limit <= 0 || static_cast<int>(all.size()) <= limit) queries = all;
  else
    for (int i = 0; i < limit; ++i) queries.push_back(all[static_cast<std::size_t>(i) * all.size() / limit]);
  const bool check = mesh_file.filename().string().rfind("aurora", 0) == 0 && fs::exists(optima_file);
  if (check) attachPublishedOptima(queries, optima_file);
  std::vector<std::vector<double>> wall(static_cast<std::size_t>(passes)), cpu(wall.size());
  double expansions = 0.0;
  int not_found = 0, outside = 0, checked = 0, mismatches = 0;
  PolyanyaPathfinder pathfinder(pmesh);  // reused, as Polyanya reuses its search instance
  Path path;                             // reused: a warm query allocates nothing
  for (int pass = 0; pass < passes; ++pass) {
    const bool first = pass == 0;  // counts and lengths from the first pass
    for (const BenchQuery& q : queries) {
      const double c0 = threadMicros(), w0 = wallMicros();
      try {
        pathfinder.find(q.start, q.goal, path);
      } catch (const QueryError&) {
        if (first) ++outside;
        continue;
      }
      const double w1 = wallMicros(), c1 = threadMicros();
      wall[pass].push_back(w1 - w0);
      cpu[pass].push_back(c1 - c0);
      if (!first) continue;
      expansions += path.expanded;
      if (!path.found) ++not_found;
      if (!check || q.exact < 0.0) continue;
      ++checked;
      if (!path.found || std::abs(path.length - q.exact) > 1e-3) {
        if (++mismatches <= 5)
          std::cout << "  mismatch: " << formatPoint(q.start) << " -> " << formatPoint(q.goal) << ": "
                    << (path.found ? formatNumber(path.length) : std::string("not found")) << ", expected "
                    << formatNumber(q.exact) << "\n";
      }
    }
  }
  const QueryFigures fw = figuresOf(medianOverPasses(wall), expansions);
  const QueryFigures fc = figuresOf(medianOverPasses(cpu), expansions);
  std::cout << std::fixed << std::setprecision(2);
  std::cout << mesh_file.filename().string() << ": " << mesh.faces().size() << " faces";
  if (given_faces != mesh.faces().size()) std::cout << " (merged from " << given_faces << ")";
  std::cout << ", load " << load_ms << " ms, "
            << fw.queries << " queries (" << not_found << " not found, " << outside << " outside the mesh), " << passes
            << (passes == 1 ? " pass\n" : " passes (per query the median over them)\n");
  printFigures("wall     ", fw);
  printFigures("thread cpu", fc);
  std::cout << "  expansions mean " << fw.expanded_mean << "\n";
  if (check) std::cout << "  lengths    checked " << checked << ", mismatches " << mismatches << " (1e-3)\n";
  std::cout.unsetf(std::ios::floatfield);
}

}  // namespace

int runBenchPolyanya(const std::vector<std::string>& args) {
  std::string mesh, map, scen, data_dir = "../shared/data", faces = "merged";
  std::optional<double> queries, passes;
  CommandLine cl("bench polyanya",
                 "polypath bench polyanya [--mesh F.mesh | --map MAP] [--scen F.scen] [--data DIR] [--queries N]\n"
                 "                        [--passes N] [--faces merged|given]",
                 "", 22);
  cl.value("--mesh", "F.mesh",
           "one Polyanya mesh 2 or mesh 3 file (with --scen); default: the vleue\n"
           "meshes aurora, aurora-merged, arena, arena-merged with their scenarios",
           textReader(mesh));
  cl.value("--map", "MAP", "a polypath map (with --scen): Polyanya on the mesh polypath builds from\n"
           "it, merged into convex faces as the Polyanya method builds it", textReader(map));
  cl.value("--faces", "merged|given",
           "merged (default): the faces merged into convex faces when the mesh loads\n"
           "(mergeConvexFaces, timed in the load; the Polyanya method's rules); given:\n"
           "a .mesh file's faces as the file has them, a map's triangles", textReader(faces));
  cl.value("--scen", "F.scen", "its MovingAI scenario (start and goal used as points)", textReader(scen));
  cl.value("--data", "DIR", "the shared data folder (default: ../shared/data)", textReader(data_dir));
  cl.value("--queries", "N", "evenly spaced scenario queries per mesh (default: all)",
           nonNegativeReader("--queries", queries));
  cl.value("--passes", "N", "runs over the queries in this process; each query's time is its\n"
           "median over the passes (default: 1)", nonNegativeReader("--passes", passes));
  cl.footer(
      "Times are per query, wall-clock and thread CPU, from the call to the returned path\n"
      "(point location included); build type matters: use RelWithDebInfo or Release.\n"
      "On aurora meshes every length is checked against polyanya/vleue/aurora-euclidean.tsv.");
  const std::vector<std::string> positional = cl.parse(args);
  if (!positional.empty()) badInput("unexpected argument '" + positional[0] + "' (bench polyanya takes options only)");
  if (!mesh.empty() && !map.empty()) badInput("--mesh and --map: give one");
  if (!map.empty()) mesh = map;
  if (mesh.empty() != scen.empty()) badInput((map.empty() ? "--mesh" : "--map") + std::string(" and --scen go together"));
  if (faces != "merged" && faces != "given") badInput("--faces: '" + faces + "' is not merged or given");
  const int limit = static_cast<int>(queries.value_or(0));
  const int pass_count = std::max(1, static_cast<int>(passes.value_or(1)));
  const fs::path data(data_dir);
  const fs::path optima = data / "polyanya/vleue/aurora-euclidean.tsv";
  std::vector<std::pair<fs::path, fs::path>> runs;
  if (!mesh.empty()) {
    runs.push_back({mesh, scen});
  } else {
    const fs::path v2 = data / "polyanya/vleue/meshes/v2", sc = data / "polyanya/vleue/scenarios";
    for (const char* name : {"aurora", "aurora-merged", "arena", "arena-merged"}) {
      const std::string base = std::string(name).substr(0, std::string(name).find('-'));
      runs.push_back({v2 / (std::string(name) + ".mesh"), sc / (base + ".scen")});
    }
  }
  for (const auto& [m, s] : runs) {
    if (!fs::exists(m) || !fs::exists(s)) {
      printProblem("skipped: " + m.string() + " or " + s.string() + " is absent");
      continue;
    }
    try {
      benchOne(m, s, limit, pass_count, optima, faces == "given");
    } catch (const MeshFileError& e) {
      badInput(e.what());
    } catch (const GeometryError& e) {
      badInput(m.string() + ": " + e.what());
    } catch (const MapFileError& e) {
      badInput(e.what());
    }
  }
  return kExitOk;
}

}  // namespace polypath::cli
