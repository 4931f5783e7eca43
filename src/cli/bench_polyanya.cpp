// bench_polyanya.cpp: `polypath bench polyanya [--mesh F.mesh --scen F.scen] [--queries N]`:
// Polyanya (polyanya.hpp) on Polyanya's own mesh 2 files, loaded directly as a NavMesh,
// with their scenario queries: load time, per-query thread CPU time (median, p90, p99,
// mean), expansions, and on Aurora every length checked against the Euclidean optima of
// polyanya/vleue/aurora-euclidean.tsv.
#include <time.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <utility>

#include "cli/cli_support.hpp"
#include "cli/commands.hpp"
#include "core/polyanya.hpp"
#include "io/mesh2.hpp"

namespace polypath::cli {
namespace {

namespace fs = std::filesystem;

/// CPU time of the calling thread in microseconds (the machine is shared: wall time would
/// count other processes).
double threadMicros() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) * 1e-3;
}

struct ScenQuery {
  Point start, goal;
};

/// The 9-field MovingAI "version 1" lines of a scenario (start and goal used as points);
/// at most `limit` evenly spaced ones when limit > 0.
std::vector<ScenQuery> readScen(const fs::path& file, int limit) {
  std::ifstream in(file);
  if (!in) badInput("cannot read " + file.string());
  std::vector<ScenQuery> all;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string bucket, map;
    double w, h, sx, sy, gx, gy, len;
    if (s >> bucket >> map >> w >> h >> sx >> sy >> gx >> gy >> len) all.push_back({{sx, sy}, {gx, gy}});
  }
  if (limit <= 0 || static_cast<int>(all.size()) <= limit) return all;
  std::vector<ScenQuery> out;
  for (int i = 0; i < limit; ++i) out.push_back(all[static_cast<std::size_t>(i) * all.size() / limit]);
  return out;
}

/// aurora-euclidean.tsv (header "sx sy gx gy length", tab-separated): optimum per query.
std::map<std::pair<std::pair<double, double>, std::pair<double, double>>, double> readOptima(const fs::path& file) {
  std::map<std::pair<std::pair<double, double>, std::pair<double, double>>, double> out;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    double sx, sy, gx, gy, len;
    if (s >> sx >> sy >> gx >> gy >> len) out[{{sx, sy}, {gx, gy}}] = len;
  }
  return out;
}

double percentile(std::vector<double> v, double q) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const std::size_t i = std::min(v.size() - 1, static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())) - 1));
  return v[i];
}

void benchOne(const fs::path& mesh_file, const fs::path& scen_file, int limit, const fs::path& optima_file) {
  const double t0 = threadMicros();
  const NavMesh mesh = navMeshFromMesh2(loadMesh2(mesh_file));
  const PolyanyaMesh pmesh(mesh);
  const double load_ms = (threadMicros() - t0) * 1e-3;
  const std::vector<ScenQuery> queries = readScen(scen_file, limit);
  const bool check = mesh_file.filename().string().rfind("aurora", 0) == 0 && fs::exists(optima_file);
  const auto optima = check ? readOptima(optima_file) : decltype(readOptima(optima_file)){};
  std::vector<double> micros;
  double expansions = 0.0;
  int not_found = 0, outside = 0, checked = 0, mismatches = 0;
  for (const ScenQuery& q : queries) {
    const double q0 = threadMicros();
    PolyanyaPath path;
    try {
      path = findPolyanyaPath(pmesh, q.start, q.goal);
    } catch (const QueryError&) {
      ++outside;
      continue;
    }
    micros.push_back(threadMicros() - q0);
    expansions += path.search.expanded;
    if (!path.found) ++not_found;
    if (!check) continue;
    const auto it = optima.find({{q.start.x, q.start.y}, {q.goal.x, q.goal.y}});
    if (it == optima.end()) continue;
    ++checked;
    if (!path.found || std::abs(path.length - it->second) > 1e-3) {
      if (++mismatches <= 5)
        std::cout << "  mismatch: " << formatPoint(q.start) << " -> " << formatPoint(q.goal) << ": "
                  << (path.found ? formatNumber(path.length) : std::string("not found")) << ", expected "
                  << formatNumber(it->second) << "\n";
    }
  }
  double mean = 0.0;
  for (double m : micros) mean += m;
  if (!micros.empty()) mean /= static_cast<double>(micros.size());
  std::cout << std::fixed << std::setprecision(1);
  std::cout << mesh_file.filename().string() << ": " << mesh.faces().size() << " faces, load " << load_ms << " ms, "
            << micros.size() << " queries (" << not_found << " not found, " << outside << " outside the mesh)\n";
  std::cout << "  query us   median " << percentile(micros, 0.5) << ", p90 " << percentile(micros, 0.9) << ", p99 "
            << percentile(micros, 0.99) << ", mean " << mean << "\n";
  std::cout << "  expansions mean " << (micros.empty() ? 0.0 : expansions / static_cast<double>(micros.size())) << "\n";
  if (check) std::cout << "  lengths    checked " << checked << ", mismatches " << mismatches << " (1e-3)\n";
  std::cout.unsetf(std::ios::floatfield);
}

}  // namespace

int runBenchPolyanya(const std::vector<std::string>& args) {
  if (wantsHelp(args)) {
    std::cout << "usage: polypath bench polyanya [--mesh F.mesh --scen F.scen] [--data DIR] [--queries N]\n"
                 "  --mesh F.mesh       one Polyanya mesh 2 file (with --scen); default: the vleue meshes\n"
                 "                      aurora, aurora-merged, arena, arena-merged with their scenarios\n"
                 "  --scen F.scen       its MovingAI scenario (start and goal used as points)\n"
                 "  --data DIR          the shared data folder (default: ../shared/data)\n"
                 "  --queries N         evenly spaced scenario queries per mesh (default: all)\n"
                 "Times are thread CPU time per query (build type matters: use RelWithDebInfo or Release).\n"
                 "On aurora meshes every length is checked against polyanya/vleue/aurora-euclidean.tsv.\n";
    return kExitOk;
  }
  std::string mesh, scen, data_dir = "../shared/data";
  std::optional<double> queries;
  const std::vector<Option> options = {
      {"--mesh", true, [&](const std::string& v) { mesh = v; return std::string(); }},
      {"--scen", true, [&](const std::string& v) { scen = v; return std::string(); }},
      {"--data", true, [&](const std::string& v) { data_dir = v; return std::string(); }},
      nonNegativeOption("--queries", queries),
  };
  const std::vector<std::string> positional = parseOptions(args, options, "bench polyanya");
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
