// bench_runner.cpp: the measurements behind `polypath bench`.
#include "cli/bench_runner.hpp"

#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <fstream>
#include <map>
#include <cmath>
#include <iostream>
#include <memory>
#include <random>
#include <iomanip>
#include <sstream>

#include "cli/cli_support.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/movingai.hpp"
#include "reference/reference_methods.hpp"
#include "reference/synthetic_maps.hpp"

namespace polypath::cli {

namespace {

double microsecondsSince(double t0) { return threadMicros() - t0; }

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const std::size_t k = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size()))) - 1;
  return v[std::min(k, v.size() - 1)];
}


std::string describe(Point p) {
  std::ostringstream s;
  s << std::setprecision(17) << '(' << p.x << ", " << p.y << ')';
  return s.str();
}

bool sameLength(const Path& a, const Path& b) {
  if (a.found != b.found) return false;
  return !a.found || std::abs(a.length - b.length) <= 1e-9 * std::max(1.0, std::abs(a.length));
}

bool sameGraph(const VisibilityGraph& a, const VisibilityGraph& b) {
  if (a.nodes().size() != b.nodes().size() || a.linkCount() != b.linkCount()) return false;
  for (std::size_t i = 0; i < a.nodes().size(); ++i)
    if (a.nodes()[i].corner != b.nodes()[i].corner || a.nodes()[i].position != b.nodes()[i].position) return false;
  for (NodeId n = 0; n < static_cast<NodeId>(a.nodes().size()); ++n) {
    const std::vector<Arc>&x = a.arcs(n), &y = b.arcs(n);
    if (x.size() != y.size()) return false;
    for (std::size_t k = 0; k < x.size(); ++k)
      if (x[k].to != y[k].to || x[k].cost != y[k].cost) return false;
  }
  return true;
}

// How many times each edit is timed (the fastest is kept).
constexpr int kEditTimings = 3;

UpdateFigures measureUpdates(const std::vector<Polygon>& polygons, const std::vector<BenchQuery>& queries,
                             const BenchConfig& config, const std::string& label) {
  UpdateFigures u;
  std::mt19937_64 rng(config.seed ^ 0x5eedu);
  auto map = std::make_unique<PolygonMap>(polygons);
  VisibilityGraph graph(*map);
  std::vector<Polygon> current = polygons;
  std::vector<double> ms, rebuild;
  for (int e = 0; e < config.update_edits; ++e) {
    showProgress(label + " updates", static_cast<std::size_t>(e), static_cast<std::size_t>(config.update_edits));
    std::vector<Polygon> edited = reference::nudgeVertex(current, rng);
    // Each edit is timed kEditTimings times, each time on a copy of the graph from before
    // the edit (copied outside the timing), and the fastest is kept: on a shared machine
    // a single timing can be several times the edit's cost.
    std::unique_ptr<PolygonMap> next;
    double best = HUGE_VAL;
    bool requeried = false;
    for (int timing = 0; timing < kEditTimings; ++timing) {
      VisibilityGraph trial = graph;
      const auto t0 = threadMicros();
      try {
        next = std::make_unique<PolygonMap>(edited);
      } catch (const GeometryError&) {
        break;
      }
      trial.update(*next);
      requeried = !queries.empty() && next->isWalkable(queries[0].start) && next->isWalkable(queries[0].goal);
      if (requeried) (void)findPath(trial, queries[0].start, queries[0].goal);
      best = std::min(best, microsecondsSince(t0) / 1000.0);
      if (timing + 1 == kEditTimings) graph = std::move(trial);
    }
    if (best == HUGE_VAL) continue;  // the edit made an invalid map
    u.requeried += requeried;
    ms.push_back(best);
    map = std::move(next);
    current = std::move(edited);
    if (e < config.update_compare) {  // check the update against a full rebuild, and time the rebuild
      const auto t1 = threadMicros();
      const VisibilityGraph full(*map);
      rebuild.push_back(microsecondsSince(t1) / 1000.0);
      ++u.compared;
      if (!sameGraph(graph, full)) ++u.differed;
    }
  }
  u.edits = static_cast<int>(ms.size());
  u.median_ms = percentile(ms, 0.5);
  u.p90_ms = percentile(ms, 0.9);
  u.max_ms = ms.empty() ? 0.0 : *std::max_element(ms.begin(), ms.end());
  u.rebuild_ms = percentile(rebuild, 0.5);
  return u;
}

}  // namespace

namespace {
// The bar redraws itself with a carriage return and an erase-line code: only on a
// terminal. When stderr is a file or a pipe it would leave codes in the log.
bool stderrIsTerminal() {
  static const bool terminal = isatty(STDERR_FILENO) != 0;
  return terminal;
}
}  // namespace

void showProgress(const std::string& label, std::size_t done, std::size_t total) {
  if (!stderrIsTerminal()) return;
  constexpr int width = 24;
  const int filled = total == 0 ? width : static_cast<int>(width * done / total);
  std::cerr << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
            << std::string(static_cast<std::size_t>(width - filled), '-') << "] " << label << ' ' << done << '/'
            << total << "\x1b[K" << std::flush;
}

void endProgress() {
  if (stderrIsTerminal()) std::cerr << "\r\x1b[K" << std::flush;
}

std::vector<BenchQuery> randomQueries(const PolygonMap& map, int count, std::uint64_t seed) {
  std::vector<BenchQuery> out;
  if (map.empty()) return out;
  std::mt19937_64 rng(seed);
  const PolygonMap::Bounds b = map.bounds();
  std::uniform_real_distribution<double> x(b.min.x, b.max.x), y(b.min.y, b.max.y);
  auto walkablePoint = [&](Point& p) {
    for (int attempt = 0; attempt < 1000; ++attempt) {
      p = {x(rng), y(rng)};
      if (map.isWalkable(p)) return true;
    }
    return false;
  };
  for (int i = 0; i < count; ++i) {
    BenchQuery q;
    if (!walkablePoint(q.start) || !walkablePoint(q.goal)) break;
    out.push_back(q);
  }
  return out;
}

BenchResult benchMap(const std::string& name, const std::vector<Polygon>& polygons,
                     const std::vector<BenchQuery>& queries, const BenchConfig& config) {
  BenchResult r;
  r.name = name;
  showProgress(name + " build", 0, 1);
  const auto t0 = threadMicros();
  const PolygonMap map(polygons);
  const VisibilityGraph graph(map);
  r.build_ms = microsecondsSince(t0) / 1000.0;
  r.vertices = static_cast<int>(map.vertices().size());
  r.reflex = static_cast<int>(graph.nodes().size());
  r.edges = graph.linkCount();
  r.bytes = map.memoryBytes() + graph.memoryBytes();

  std::vector<Path> ours;
  std::vector<double> us;
  VisibilityPathfinder pathfinder(graph);  // one query and one engine for all queries
  double expanded = 0.0;
  std::vector<char> checked(queries.size(), 0), wrong(queries.size(), 0);
  for (std::size_t i = 0; i < queries.size(); ++i) {
    if (i % 64 == 0) showProgress(name + " queries", i, queries.size());
    const BenchQuery& q = queries[i];
    const auto tq = threadMicros();
    Path p;  // kept for the reference methods' comparison
    pathfinder.find(q.start, q.goal, p);
    us.push_back(microsecondsSince(tq));
    expanded += p.expanded;
    if (p.found) ++r.found;
    bool bad = false;
    if (q.exact >= 0.0) {
      checked[i] = 1;
      bad = !p.found || std::abs(p.length - q.exact) > 1e-3;
    }
    // Scenario optima are printed to 6 significant digits. A check against data, so it runs
    // (and counts as checked) with or without the reference methods.
    if (q.upper >= 0.0) {
      checked[i] = 1;
      bad = bad || !p.found || p.length > q.upper * (1.0 + 1e-5) + 1e-5;
    }
    wrong[i] = bad ? 1 : 0;
    if (bad && r.mismatch_examples.size() < 5)
      r.mismatch_examples.push_back("start " + describe(q.start) + " goal " + describe(q.goal) + ": length " +
                                    (p.found ? std::to_string(p.length) : std::string("none")) + ", expected " +
                                    (q.exact >= 0.0 ? std::to_string(q.exact) : "at most " + std::to_string(q.upper)));
    ours.push_back(std::move(p));
  }
  r.figures = figuresOf(us, expanded);

  using reference::Method;
  for (Method m : {Method::SeedArticle, Method::FinleyTree, Method::BruteForce}) {
    if (!config.references) break;
    ReferenceResult ref;
    ref.method = reference::methodName(m);
    // About 50 ns per line-of-sight test on small maps; skip what cannot finish one query.
    const double predicted_s = reference::estimatedTests(m, map) * 5e-8;
    if (predicted_s > config.reference_budget_s) {
      ref.note = "skipped: one query needs about " + std::to_string(static_cast<long long>(reference::estimatedTests(m, map))) +
                 " line-of-sight tests, over the time budget";
      r.references.push_back(ref);
      continue;
    }
    std::vector<double> rus;
    double rexp = 0.0;
    const auto start = threadMicros();
    for (std::size_t i = 0; i < queries.size(); ++i) {
      if (i % 8 == 0) showProgress(name + " " + ref.method, i, queries.size());
      if (microsecondsSince(start) > config.reference_budget_s * 1e6) {
        ref.note = "time budget reached after " + std::to_string(i) + " queries";
        break;
      }
      const auto tq = threadMicros();
      const Path p = reference::referencePath(m, map, queries[i].start, queries[i].goal);
      rus.push_back(microsecondsSince(tq));
      rexp += p.expanded;
      checked[i] = 1;
      if (!sameLength(p, ours[i])) {
        if (r.mismatch_examples.size() < 5)
          r.mismatch_examples.push_back(ref.method + " start " + describe(queries[i].start) + " goal " +
                                        describe(queries[i].goal) + ": " + std::to_string(p.length) + " vs " +
                                        std::to_string(ours[i].length));
        ++ref.mismatches;
        wrong[i] = 1;
      }
    }
    ref.figures = figuresOf(rus, rexp);
    if (r.figures.median_us > 0.0 && ref.figures.queries > 0) ref.ratio = ref.figures.median_us / r.figures.median_us;
    r.references.push_back(ref);
  }
  for (std::size_t i = 0; i < queries.size(); ++i) {
    r.checked += checked[i];
    r.mismatches += wrong[i];
  }
  if (config.update_edits > 0) r.update = measureUpdates(polygons, queries, config, name);
  r.peak_rss_kb = peakRssKb();
  endProgress();
  return r;
}

double threadMicros() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) * 1e-3;
}

QueryFigures figuresOf(const std::vector<double>& us, double expandedSum) {
  QueryFigures f;
  f.queries = static_cast<int>(us.size());
  if (us.empty()) return f;
  f.median_us = percentile(us, 0.5);
  f.p90_us = percentile(us, 0.9);
  f.p99_us = percentile(us, 0.99);
  double sum = 0.0;
  for (double u : us) sum += u;
  f.mean_us = sum / static_cast<double>(us.size());
  f.expanded_mean = expandedSum / static_cast<double>(us.size());
  return f;
}

std::vector<BenchQuery> loadScenarioQueries(const std::filesystem::path& scen) {
  Scenario scenario;
  try {
    scenario = loadScenario(scen);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  std::vector<BenchQuery> out;
  out.reserve(scenario.queries.size());
  for (const ScenarioQuery& q : scenario.queries)
    out.push_back({{static_cast<double>(q.sx), static_cast<double>(q.sy)},
                   {static_cast<double>(q.gx), static_cast<double>(q.gy)},
                   -1.0,
                   q.optimal});
  return out;
}

void attachPublishedOptima(std::vector<BenchQuery>& queries, const std::filesystem::path& tsv) {
  std::ifstream in(tsv);
  std::string line;
  std::getline(in, line);  // header
  std::map<std::array<double, 4>, double> exact;
  while (std::getline(in, line)) {
    std::istringstream s(line);
    double sx, sy, gx, gy, len;
    if (s >> sx >> sy >> gx >> gy >> len) exact[{sx, sy, gx, gy}] = len;
  }
  for (BenchQuery& q : queries) {
    const auto it = exact.find({q.start.x, q.start.y, q.goal.x, q.goal.y});
    if (it != exact.end()) q.exact = it->second;
  }
}

double fitExponent(const std::vector<std::pair<double, double>>& xy) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (auto [x, y] : xy) {
    if (x <= 0 || y <= 0) continue;
    const double lx = std::log(x), ly = std::log(y);
    sx += lx;
    sy += ly;
    sxx += lx * lx;
    sxy += lx * ly;
    ++n;
  }
  if (n < 2) return NAN;
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}


long peakRssKb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}
}  // namespace polypath::cli
