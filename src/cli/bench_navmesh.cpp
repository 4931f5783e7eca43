// bench_navmesh.cpp: `polypath bench navmesh`: how far the navmesh method's paths (triangle
// A* plus funnel) are from the optimal ones (the visibility method), on the maps of maps/
// and on Polyanya meshes converted to polygon maps, run with their scenario queries.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>

#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "polypath/convert/map_formats.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/core/method.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "polypath/methods/registry.hpp"

namespace polypath::cli {
namespace {

namespace fs = std::filesystem;

/// Ratio statistics of one placement over many queries.
struct RatioStats {
  int queries = 0;
  int misses = 0;        ///< navmesh longer than optimal: the corridor misses every optimal path
  int disagreements = 0; ///< one method found a path and the other did not
  double sum = 0.0, worst = 1.0;
  void add(double navmesh, double optimal) {
    ++queries;
    const double ratio = optimal > 0.0 ? navmesh / optimal : (navmesh > 0.0 ? INFINITY : 1.0);
    sum += ratio;
    worst = std::max(worst, ratio);
    if (navmesh > optimal * (1.0 + 1e-9) + 1e-12) ++misses;
  }
  void merge(const RatioStats& o) {
    queries += o.queries;
    misses += o.misses;
    disagreements += o.disagreements;
    sum += o.sum;
    worst = std::max(worst, o.worst);
  }
};

struct Query {
  Point start, goal;
};

/// The scenario's queries (MovingAI "version 1" or "1.0": 9 whitespace-separated fields;
/// start and goal are used as points), `limit` evenly spaced ones.
std::vector<Query> readScenario(const fs::path& file, int limit) {
  std::ifstream in(file);
  std::vector<Query> all;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    std::string bucket, map;
    double w, h, sx, sy, gx, gy, len;
    if (s >> bucket >> map >> w >> h >> sx >> sy >> gx >> gy >> len) all.push_back({{sx, sy}, {gx, gy}});
  }
  if (static_cast<int>(all.size()) <= limit) return all;
  std::vector<Query> out;
  for (int i = 0; i < limit; ++i) out.push_back(all[static_cast<std::size_t>(i) * all.size() / limit]);
  return out;
}

/// The map's own start and goal plus `count` random walkable pairs (fixed seed).
std::vector<Query> randomQueries(const MapDocument& doc, const PolygonMap& map, int count) {
  std::vector<Query> out;
  if (doc.start && doc.goal) out.push_back({*doc.start, *doc.goal});
  std::mt19937_64 rng(12345);
  const auto b = map.bounds();
  std::uniform_real_distribution<double> ux(b.min.x, b.max.x), uy(b.min.y, b.max.y);
  auto sample = [&] {
    for (int tries = 0; tries < 10000; ++tries) {
      const Point p{ux(rng), uy(rng)};
      if (map.isWalkable(p)) return p;
    }
    return b.min;
  };
  for (int i = 0; i < count; ++i) out.push_back({sample(), sample()});
  return out;
}

/// The registry's triangle A* methods this set measures against the exact visibility method.
constexpr const char* kApproximations[2] = {"centre", "portal"};

struct BenchCase {
  std::string name;
  MapDocument doc;
  std::vector<Query> queries;  // empty: random ones
  int skipped = 0;             // scenario queries outside the walkable region
};

void runCase(BenchCase& c, int random_count, std::size_t max_vertices, RatioStats totals[2]) {
  PolygonMap map;
  try {
    map = buildPolygonMap(c.doc);
  } catch (const GeometryError& e) {
    std::cout << std::left << std::setw(28) << c.name << " skipped: " << e.what() << "\n";
    return;
  }
  if (map.vertices().size() > max_vertices) {
    std::cout << std::left << std::setw(28) << c.name << " skipped: " << map.vertices().size()
              << " vertices (above --max-vertices " << max_vertices << ")\n";
    return;
  }
  if (c.queries.empty()) c.queries = randomQueries(c.doc, map, random_count);
  // The exact method and the corridor approximations, all from the registry.
  const std::unique_ptr<Method> exact = methods().create("visibility");
  std::vector<std::unique_ptr<Method>> approx;
  for (const char* name : kApproximations) approx.push_back(methods().create(name));
  NavMesh mesh;  // for the triangle count
  try {
    exact->build(map, {});
    for (const auto& m : approx) m->build(map, {});
    mesh = buildNavMesh(map);
  } catch (const GeometryError& e) {
    std::cout << std::left << std::setw(28) << c.name << " skipped: " << e.what() << "\n";
    return;
  }
  RatioStats stats[2];
  for (const Query& q : c.queries) {
    if (!map.isWalkable(q.start) || !map.isWalkable(q.goal)) {
      ++c.skipped;
      continue;
    }
    const Path optimal = exact->findPath(q.start, q.goal);
    for (int k = 0; k < 2; ++k) {
      const Path nav = approx[static_cast<std::size_t>(k)]->findPath(q.start, q.goal);
      if (nav.found != optimal.found) ++stats[k].disagreements;
      else if (nav.found) stats[k].add(nav.length, optimal.length);
    }
  }
  for (int k = 0; k < 2; ++k) {
    const RatioStats& s = stats[k];
    std::cout << std::left << std::setw(28) << c.name << std::setw(8) << kApproximations[k] << std::right
              << std::setw(6) << s.queries << std::setw(8) << mesh.faces().size() << std::fixed << std::setprecision(4)
              << std::setw(10) << (s.queries ? s.sum / s.queries : 1.0) << std::setw(10) << s.worst << std::setw(8)
              << s.misses << std::setw(8) << std::setprecision(1)
              << (s.queries ? 100.0 * s.misses / s.queries : 0.0) << "%" << std::setw(6) << s.disagreements;
    if (k == 0 && c.skipped) std::cout << "  (" << c.skipped << " queries not walkable, skipped)";
    std::cout << "\n";
    std::cout.unsetf(std::ios::floatfield);
    totals[k].merge(s);
  }
}

}  // namespace

int runBenchNavmesh(const std::vector<std::string>& args) {
  std::string maps_dir = "maps", data_dir = "../shared/data";
  std::optional<double> queries, max_vertices;
  CommandLine cl("bench navmesh", "polypath bench navmesh [--maps DIR] [--data DIR] [--queries N] [--max-vertices N]",
                 "", 22);
  cl.value("--maps", "DIR", "polygon maps (*.json; default: maps)", textReader(maps_dir));
  cl.value("--data", "DIR",
           "the shared data folder with Polyanya meshes and MovingAI scenarios\n"
           "(default: ../shared/data)",
           textReader(data_dir));
  cl.value("--queries", "N", "scenario queries per mesh, and random queries per map (default 50)",
           nonNegativeReader("--queries", queries));
  cl.value("--max-vertices", "N", "skip maps with more vertices (default 3000)",
           nonNegativeReader("--max-vertices", max_vertices));
  const std::vector<std::string> positional = cl.parse(args);
  if (!positional.empty()) badInput("unexpected argument '" + positional[0] + "' (bench navmesh takes options only)");
  const int count = static_cast<int>(queries.value_or(50));
  const std::size_t max_v = static_cast<std::size_t>(max_vertices.value_or(3000));

  std::vector<BenchCase> cases;
  if (fs::is_directory(maps_dir)) {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(maps_dir))
      if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      try {
        cases.push_back({f.stem().string(), importMap(f), {}});
      } catch (const MapFileError& e) {
        printProblem(std::string("skipped: ") + e.what());
      }
    }
  } else {
    printProblem("no maps folder '" + maps_dir + "'; pass --maps DIR");
  }
  const fs::path data = data_dir;
  const std::pair<const char*, const char*> meshes[] = {
      {"polyanya/vleue/meshes/v2/arena.mesh", "movingai/dao/arena.map.scen"},
      {"ehl-merged-mesh/dao/arena-merged.mesh", "movingai/dao/arena.map.scen"},
      {"ehl-merged-mesh/dao/den312d-merged.mesh", "movingai/dao/den312d.map.scen"},
      {"ehl-merged-mesh/da2/ht_chantry-merged.mesh", "movingai/da2/ht_chantry.map.scen"},
      {"ehl-merged-mesh/da2/ca_cave-merged.mesh", "movingai/da2/ca_cave.map.scen"},
      {"ehl-merged-mesh/dao/lak303d-merged.mesh", "movingai/dao/lak303d.map.scen"},
      {"ehl-merged-mesh/bgmaps/AR0011SR-merged.mesh", "movingai/bg512/AR0011SR.map.scen"},
      {"ehl-merged-mesh/dao/brc202d-merged.mesh", "movingai/dao/brc202d.map.scen"},
      {"ehl-merged-mesh/sc1/CatwalkAlley-merged.mesh", "movingai/sc1/CatwalkAlley.map.scen"},
  };
  for (const auto& [mesh, scen] : meshes) {
    if (!fs::exists(data / mesh) || !fs::exists(data / scen)) {
      printProblem("skipped: " + (data / mesh).string() + " or its scenario is absent");
      continue;
    }
    MapDocument doc;
    try {
      doc = importMap(data / mesh);
    } catch (const Error& e) {
      badInput(e.what());
    }
    cases.push_back({fs::path(mesh).stem().string(), std::move(doc), readScenario(data / scen, count)});
  }

  std::cout << "navmesh path length / optimal (visibility) length; miss = the corridor holds no optimal path\n";
  std::cout << std::left << std::setw(28) << "map" << std::setw(8) << "nodes" << std::right << std::setw(6) << "n"
            << std::setw(8) << "tris" << std::setw(10) << "mean" << std::setw(10) << "worst" << std::setw(8) << "misses"
            << std::setw(9) << "miss%" << std::setw(6) << "disag" << "\n";
  RatioStats totals[2];
  for (BenchCase& c : cases) runCase(c, count, max_v, totals);
  for (int k = 0; k < 2; ++k) {
    const RatioStats& s = totals[k];
    std::cout << std::left << std::setw(28) << "ALL" << std::setw(8) << kApproximations[k] << std::right
              << std::setw(6) << s.queries << std::setw(8) << "" << std::fixed << std::setprecision(4) << std::setw(10)
              << (s.queries ? s.sum / s.queries : 1.0) << std::setw(10) << s.worst << std::setw(8) << s.misses
              << std::setw(8) << std::setprecision(1) << (s.queries ? 100.0 * s.misses / s.queries : 0.0) << "%"
              << std::setw(6) << s.disagreements << "\n";
    std::cout.unsetf(std::ios::floatfield);
  }
  return kExitOk;
}

}  // namespace polypath::cli
