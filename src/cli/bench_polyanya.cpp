// bench_polyanya.cpp: `polypath bench polyanya [--mesh F.mesh --scen F.scen] [--queries N]`:
// Polyanya (polyanya.hpp) on Polyanya's own mesh 2 or mesh 3 files, loaded directly as a NavMesh,
// with their scenario queries: load time, per-query thread CPU time (median, p90, p99,
// mean), expansions, and on Aurora every length checked against the Euclidean optima of
// polyanya/vleue/aurora-euclidean.tsv.
#include <algorithm>
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
#include "polypath/core/polyanya.hpp"
#include "polypath/formats/mesh2.hpp"

namespace polypath::cli {
namespace {

namespace fs = std::filesystem;

void benchOne(const fs::path& mesh_file, const fs::path& scen_file, int limit, const fs::path& optima_file) {
  const double t0 = threadMicros();
  const NavMesh mesh = navMeshFromMesh2(loadMesh(mesh_file));
  const PolyanyaMesh pmesh(mesh);
  const double load_ms = (threadMicros() - t0) * 1e-3;
  const std::vector<BenchQuery> all = loadScenarioQueries(scen_file);
  std::vector<BenchQuery> queries;  // at most `limit` evenly spaced ones when limit > 0
  if (limit <= 0 || static_cast<int>(all.size()) <= limit) queries = all;
  else
    for (int i = 0; i < limit; ++i) queries.push_back(all[static_cast<std::size_t>(i) * all.size() / limit]);
  const bool check = mesh_file.filename().string().rfind("aurora", 0) == 0 && fs::exists(optima_file);
  if (check) attachPublishedOptima(queries, optima_file);
  std::vector<double> micros;
  double expansions = 0.0;
  int not_found = 0, outside = 0, checked = 0, mismatches = 0;
  PolyanyaPathfinder pathfinder(pmesh);  // reused, as Polyanya reuses its search instance
  for (const BenchQuery& q : queries) {
    const double q0 = threadMicros();
    Path path;
    try {
      path = pathfinder.find(q.start, q.goal);
    } catch (const QueryError&) {
      ++outside;
      continue;
    }
    micros.push_back(threadMicros() - q0);
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
  const QueryFigures f = figuresOf(micros, expansions);
  std::cout << std::fixed << std::setprecision(1);
  std::cout << mesh_file.filename().string() << ": " << mesh.faces().size() << " faces, load " << load_ms << " ms, "
            << micros.size() << " queries (" << not_found << " not found, " << outside << " outside the mesh)\n";
  std::cout << "  query us   median " << f.median_us << ", p90 " << f.p90_us << ", p99 " << f.p99_us << ", mean "
            << f.mean_us << "\n";
  std::cout << "  expansions mean " << f.expanded_mean << "\n";
  if (check) std::cout << "  lengths    checked " << checked << ", mismatches " << mismatches << " (1e-3)\n";
  std::cout.unsetf(std::ios::floatfield);
}

}  // namespace

int runBenchPolyanya(const std::vector<std::string>& args) {
  std::string mesh, scen, data_dir = "../shared/data";
  std::optional<double> queries;
  CommandLine cl("bench polyanya", "polypath bench polyanya [--mesh F.mesh --scen F.scen] [--data DIR] [--queries N]",
                 "", 22);
  cl.value("--mesh", "F.mesh",
           "one Polyanya mesh 2 or mesh 3 file (with --scen); default: the vleue\n"
           "meshes aurora, aurora-merged, arena, arena-merged with their scenarios",
           textReader(mesh));
  cl.value("--scen", "F.scen", "its MovingAI scenario (start and goal used as points)", textReader(scen));
  cl.value("--data", "DIR", "the shared data folder (default: ../shared/data)", textReader(data_dir));
  cl.value("--queries", "N", "evenly spaced scenario queries per mesh (default: all)",
           nonNegativeReader("--queries", queries));
  cl.footer(
      "Times are thread CPU time per query (build type matters: use RelWithDebInfo or Release).\n"
      "On aurora meshes every length is checked against polyanya/vleue/aurora-euclidean.tsv.");
  const std::vector<std::string> positional = cl.parse(args);
  if (!positional.empty()) badInput("unexpected argument '" + positional[0] + "' (bench polyanya takes options only)");
  if (mesh.empty() != scen.empty()) badInput("--mesh and --scen go together");
  const int limit = static_cast<int>(queries.value_or(0));
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
      benchOne(m, s, limit, optima);
    } catch (const MeshFileError& e) {
      badInput(e.what());
    } catch (const GeometryError& e) {
      badInput(m.string() + ": " + e.what());
    }
  }
  return kExitOk;
}

}  // namespace polypath::cli
