// cmd_bench.cpp: `polypath bench [SET] [--set NAME] [--json] [--queries N] [--seed S]`:
// benchmark tables for a set of maps (see bench_runner.hpp for what is measured).
//
// [SECTION] Options and dispatch
// [SECTION] Sets: maps, synthetic, movingai
// [SECTION] Output
//
// Sets are dispatched by name (the first word or --set); a new set is one function and
// one row in kBenchSets (which also gives the help's list and the unknown-set error).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/bench_runner.hpp"
#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "polypath/convert/map_formats.hpp"
#include "polypath/formats/map_io.hpp"
#include "reference/synthetic_maps.hpp"

namespace polypath::cli {

namespace {

namespace fs = std::filesystem;

// [SECTION] Options and dispatch

struct BenchOptions {
  bool json = false;
  std::optional<int> queries;         // per map; default depends on the set
  std::uint64_t seed = 1;
  double budget_s = 2.0;              // per reference method and map
  double build_budget_s = 30.0;       // synthetic: sizes predicted to build slower are skipped
  int max_vertices = 100000;          // synthetic: largest size
  int edits = 10;                     // vertex moves measured per map (0: none)
  bool references = true;
  std::string dir = "maps";           // maps set
  std::string data = "../shared/data";  // movingai set: Moving AI maps and scenarios
  std::string converted;              // movingai set: folder of converted NAME.json maps
};

void printResult(const BenchResult& r, const BenchOptions& o);

// [SECTION] Sets

std::vector<BenchResult> runMaps(const BenchOptions& o, const BenchConfig& config) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(o.dir, ec))
    if (e.path().extension() == ".json") files.push_back(e.path());
  if (ec) badInput("cannot read the maps folder '" + o.dir + "': " + ec.message() + " (give --dir DIR)");
  std::sort(files.begin(), files.end());
  std::vector<BenchResult> out;
  for (const fs::path& f : files) {
    MapDocument doc;
    try {
      doc = importMap(f);
    } catch (const Error& e) {
      badInput(e.what());
    }
    const PolygonMap map = buildPolygonMap(doc);
    const auto queries = randomQueries(map, o.queries.value_or(100), config.seed);
    out.push_back(benchMap(f.stem().string(), doc.polygons, queries, config));
    printResult(out.back(), o);
  }
  return out;
}

std::vector<BenchResult> runSynthetic(const BenchOptions& o, const BenchConfig& config) {
  std::vector<BenchResult> out;
  std::ostringstream fits;
  for (reference::Family fam : reference::allFamilies()) {
    std::vector<std::pair<double, double>> build, query;
    double lastVertices = 0, lastBuildMs = 0;
    // Powers of ten, plus 2,000 vertices: the size the incremental update is judged at.
    for (int size : {100, 1000, 2000, 10000, 100000}) {
      if (size > o.max_vertices) break;
      const std::string name = std::string(reference::familyName(fam)) + "-" + std::to_string(size);
      const auto polygons = reference::syntheticMap(fam, size, config.seed);
      const PolygonMap map(polygons);
      const double n = static_cast<double>(map.vertices().size());
      // Quadratic growth predicted from the previous size.
      const double predicted_s = lastBuildMs * std::pow(n / std::max(lastVertices, 1.0), 2.0) / 1000.0;
      if (lastBuildMs > 0 && predicted_s > o.build_budget_s) {
        BenchResult skipped;
        skipped.name = name;
        skipped.vertices = static_cast<int>(n);
        skipped.note = "skipped: build predicted to take about " + formatNumber(predicted_s, 3) +
                       " s, over the build budget (--build-budget)";
        out.push_back(skipped);
        printResult(skipped, o);
        continue;
      }
      BenchConfig c = config;
      if (n > 20000) c.update_edits = 0;
      const auto queries = randomQueries(map, o.queries.value_or(100), config.seed);
      out.push_back(benchMap(name, polygons, queries, c));
      printResult(out.back(), o);
      lastVertices = n;
      lastBuildMs = out.back().build_ms;
      build.push_back({n, out.back().build_ms});
      query.push_back({n, out.back().figures.median_us});
    }
    fits << reference::familyName(fam) << ": build time grows as n^" << formatNumber(fitExponent(build), 3)
         << ", query median as n^" << formatNumber(fitExponent(query), 3) << '\n';
  }
  if (!o.json) std::cout << "\nfitted growth exponents (least squares on log-log, n = vertices):\n" << fits.str();
  return out;
}

// Moving AI scenario lines: bucket, map, width, height, start x, y, goal x, y, optimum.
std::vector<BenchResult> runMovingAi(const BenchOptions& o, const BenchConfig& config) {
  std::vector<BenchResult> out;
  std::vector<fs::path> grids;
  std::error_code ec;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(o.data) / "movingai", ec))
    if (e.path().extension() == ".map") grids.push_back(e.path());
  if (ec) badInput("cannot read Moving AI maps in '" + o.data + "/movingai': " + ec.message() + " (give --data DIR)");
  std::sort(grids.begin(), grids.end());
  for (const fs::path& grid : grids) {
    const std::string stem = grid.stem().string();
    const fs::path json = o.converted.empty() ? fs::path() : fs::path(o.converted) / (stem + ".json");
    if (json.empty() || !fs::exists(json)) {
      BenchResult skipped;
      skipped.name = stem;
      skipped.note = "not converted: run polypath convert " + grid.string() + " DIR/" + stem + ".json, then --converted DIR";
      out.push_back(skipped);
      printResult(skipped, o);
      continue;
    }
    MapDocument doc;
    try {
      doc = importMap(json);
    } catch (const Error& e) {
      badInput(e.what());
    }
    std::vector<BenchQuery> queries = loadScenarioQueries(fs::path(grid.string() + ".scen"));
    if (stem == "Aurora") attachPublishedOptima(queries, fs::path(o.data) / "polyanya" / "vleue" / "aurora-euclidean.tsv");
    if (o.queries && static_cast<std::size_t>(*o.queries) < queries.size()) queries.resize(static_cast<std::size_t>(*o.queries));
    out.push_back(benchMap(stem, doc.polygons, queries, config));
    printResult(out.back(), o);
  }
  return out;
}

// [SECTION] Output

std::string ms(double v) { return formatNumber(v, 4); }

void printJson(const BenchResult& r) {
  auto figures = [](std::ostream& s, const QueryFigures& f, const std::string& prefix) {
    s << '"' << prefix << "queries\":" << f.queries << ",\"" << prefix << "query_us_median\":" << formatNumber(f.median_us)
      << ",\"" << prefix << "query_us_p90\":" << formatNumber(f.p90_us) << ",\"" << prefix
      << "query_us_p99\":" << formatNumber(f.p99_us) << ",\"" << prefix << "query_us_mean\":" << formatNumber(f.mean_us)
      << ",\"" << prefix << "expanded_mean\":" << formatNumber(f.expanded_mean);
  };
  auto quoted = [](const std::string& t) {
    std::string q = "\"";
    for (char c : t) q += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    return q + '"';
  };
  std::ostringstream s;
  s << "{\"name\":" << quoted(r.name) << ",\"vertices\":" << r.vertices << ",\"reflex\":" << r.reflex
    << ",\"edges\":" << r.edges << ",\"build_ms\":" << formatNumber(r.build_ms) << ",\"bytes\":" << r.bytes
    << ",\"peak_rss_kb\":" << r.peak_rss_kb << ',';
  figures(s, r.figures, "");
  s << ",\"found\":" << r.found << ",\"checked\":" << r.checked << ",\"mismatches\":" << r.mismatches;
  if (!r.note.empty()) s << ",\"note\":" << quoted(r.note);
  s << ",\"references\":{";
  for (std::size_t i = 0; i < r.references.size(); ++i) {
    const ReferenceResult& ref = r.references[i];
    s << (i ? "," : "") << quoted(ref.method) << ":{";
    figures(s, ref.figures, "");
    s << ",\"mismatches\":" << ref.mismatches << ",\"ratio\":" << formatNumber(ref.ratio, 6);
    if (!ref.note.empty()) s << ",\"note\":" << quoted(ref.note);
    s << '}';
  }
  s << "},\"update\":{\"edits\":" << r.update.edits << ",\"update_ms_median\":" << formatNumber(r.update.median_ms)
    << ",\"update_ms_p90\":" << formatNumber(r.update.p90_ms) << ",\"update_ms_max\":" << formatNumber(r.update.max_ms)
    << ",\"requeried\":" << r.update.requeried << ",\"rebuild_ms\":" << formatNumber(r.update.rebuild_ms)
    << ",\"compared\":" << r.update.compared << ",\"differed\":" << r.update.differed << "}}";
  std::cout << s.str() << '\n' << std::flush;
}

void printResult(const BenchResult& r, const BenchOptions& o) {
  if (o.json) return printJson(r);
  std::ostringstream s;
  s << r.name << ": ";
  if (!r.note.empty() && r.figures.queries == 0) {
    std::cout << s.str() << r.note << '\n' << std::flush;
    return;
  }
  const QueryFigures& f = r.figures;
  s << r.vertices << " vertices, " << r.reflex << " reflex, " << r.edges << " links; build " << ms(r.build_ms)
    << " ms, " << formatNumber(static_cast<double>(r.bytes) / 1048576.0, 3) << " MB, peak RSS "
    << formatNumber(static_cast<double>(r.peak_rss_kb) / 1024.0, 4) << " MB\n";
  s << "  polypath   " << f.queries << " queries: median " << ms(f.median_us) << " us, p90 " << ms(f.p90_us)
    << ", p99 " << ms(f.p99_us) << ", mean " << ms(f.mean_us) << "; " << formatNumber(f.expanded_mean, 4)
    << " expanded; " << r.found << " found; " << r.checked << " checked, " << r.mismatches << " mismatches\n";
  for (const ReferenceResult& ref : r.references) {
    s << "  " << std::left << std::setw(10) << ref.method << ' ';
    if (ref.figures.queries > 0)
      s << ref.figures.queries << " queries: median " << ms(ref.figures.median_us) << " us, p90 "
        << ms(ref.figures.p90_us) << ", p99 " << ms(ref.figures.p99_us) << ", mean " << ms(ref.figures.mean_us)
        << "; " << formatNumber(ref.figures.expanded_mean, 4) << " expanded; " << formatNumber(ref.ratio, 4)
        << "x polypath's median; " << ref.mismatches << " mismatches";
    if (!ref.note.empty()) s << (ref.figures.queries > 0 ? "; " : "") << ref.note;
    s << '\n';
  }
  for (const std::string& m : r.mismatch_examples) s << "  mismatch   " << m << '\n';
  if (r.update.edits > 0)
    s << "  update     " << r.update.edits << " vertex moves: median " << ms(r.update.median_ms) << " ms, p90 "
      << ms(r.update.p90_ms) << ", max " << ms(r.update.max_ms) << " ms (map rebuild + graph update + the path query re-answered, "
      << r.update.requeried << " of " << r.update.edits << " edits); full rebuild " << ms(r.update.rebuild_ms)
      << " ms; " << r.update.compared << " compared with a rebuild, " << r.update.differed << " differed\n";
  std::cout << s.str() << std::flush;
}

constexpr const char* kBenchDescription =
    "Benchmarks the visibility graph (build, memory, query times, expansions) against the\n"
    "reference methods on the same queries (seed000: the seed article's per-query graph;\n"
    "finley004: Finley's tree growth; brute: all corners, all pairs), with lengths checked.\n"
    "Times are CPU time of the benchmark thread (not wall time, which a shared machine\n"
    "inflates). A progress bar goes to stderr.\n"
    "\n"
    "sets:\n";

/// A set with its own options: runs `polypath bench NAME ARGS...` (args: ARGS...).
using OwnRunner = int (*)(const std::vector<std::string>& args);
/// A set of maps measured with the common options of `bench`.
using Runner = std::vector<BenchResult> (*)(const BenchOptions&, const BenchConfig&);

/// One benchmark set: its name, its lines in `bench --help` and how it runs (exactly one
/// of own and runner is set).
struct BenchSet {
  const char* name;
  const char* help;  ///< after the name column; continuation lines indented to match
  OwnRunner own;
  Runner runner;
};

/// Every set, in the order of `bench --help`: the one table dispatch, help and the
/// unknown-set error read.
const BenchSet kBenchSets[] = {
    {"heuristics", "seed 002's heuristic table on random grids (bench heuristics --help)", runBenchHeuristics,
     nullptr},
    {"navmesh", "navmesh length against the optimal length (bench navmesh --help)", runBenchNavmesh, nullptr},
    {"polyanya", "exact navmesh search on Polyanya's meshes and scenarios (bench polyanya --help)", runBenchPolyanya,
     nullptr},
    {"scale",
     "validation, navmesh, Polyanya and visibility graph from 10^2 to 10^5 vertices,\n"
     "             with fitted growth exponents (bench scale --help)",
     runBenchScale, nullptr},
    {"maps", "every maps/*.json (--dir DIR), random query pairs (default 100)", nullptr, runMaps},
    {"synthetic",
     "random rooms, random convex obstacles and a comb at 10^2, 10^3, 2*10^3,\n"
     "             10^4 and 10^5 vertices (--max-vertices),\n"
     "             with fitted growth exponents",
     nullptr, runSynthetic},
    {"movingai",
     "the Moving AI maps in --data DIR (default ../shared/data), converted to\n"
     "             polygons in --converted DIR (NAME.json), with their scenario queries",
     nullptr, runMovingAi},
};

const BenchSet* findBenchSet(const std::string& name) {
  for (const BenchSet& s : kBenchSets)
    if (name == s.name) return &s;
  return nullptr;
}

/// The help's description: what bench measures, then every set.
std::string benchDescription() {
  std::string out = kBenchDescription;
  for (const BenchSet& s : kBenchSets) {
    std::string name = s.name;
    name.resize(std::max<std::size_t>(name.size() + 1, 11), ' ');
    out += "  " + name + s.help + "\n";
  }
  out.pop_back();  // the help adds the line's end
  return out;
}

/// Reads a whole number from `lo` to 10^15 (or T's largest) into `out`.
template <class T>
ValueReader wholeNumberReader(const std::string& name, T& out, double lo) {
  return [name, &out, lo](const std::string& v) {
    const auto x = parseNumber(v);
    const double hi = std::min(1e15, static_cast<double>(std::numeric_limits<T>::max()));
    if (!x || *x != std::floor(*x) || *x < lo) return expects(name, "a whole number of at least " + formatNumber(lo), v);
    if (*x > hi) return name + " must be at most " + formatNumber(hi) + ", got " + v;
    out = static_cast<T>(*x);
    return std::string();
  };
}

/// What `polypath bench` was asked to run: the set (empty: maps) and its options.
struct BenchRequest {
  std::string set;
  BenchOptions options;
};

BenchRequest parseBenchArgs(const std::vector<std::string>& args) {
  BenchRequest r;
  BenchOptions& o = r.options;
  int queries = -1;
  std::optional<double> budget, build_budget;
  bool no_references = false;
  CommandLine cl("bench", "polypath bench [SET] [--set NAME] [--json] [--queries N] [--seed S] [options]",
                 benchDescription(), 23);
  cl.value("--set", "NAME", "the set to run, as SET", textReader(r.set));
  cl.flag("--json", o.json,
          "one JSON object per map (vertices, reflex, edges (the visibility\n"
          "graph's line-of-sight links), build_ms, bytes,\n"
          "query_us_median/p90/p99/mean, expanded_mean, checked, mismatches,\n"
          "references{...}, update{...})");
  cl.value("--queries", "N", "queries per map", wholeNumberReader("--queries", queries, 1));
  cl.value("--seed", "S", "random seed (maps, queries, edits)", wholeNumberReader("--seed", o.seed, 0));
  cl.value("--budget", "SECONDS", "time budget per reference method and map (default 2)",
           nonNegativeReader("--budget", budget));
  cl.flag("--no-references", no_references,
          "skip the reference methods (seed000, finley004, brute); lengths are\n"
          "still checked against published and scenario (octile) optima");
  cl.value("--edits", "N",
           "vertex moves measured per map for the incremental update (default 10;\n"
           "each is timed 3 times on a copy of the graph, the fastest kept)",
           wholeNumberReader("--edits", o.edits, 0));
  cl.value("--build-budget", "S", "synthetic: skip sizes predicted to build slower (default 30)",
           nonNegativeReader("--build-budget", build_budget));
  cl.value("--max-vertices", "N", "synthetic: largest size (default 100000)",
           wholeNumberReader("--max-vertices", o.max_vertices, 100));
  cl.value("--dir", "DIR", "maps: the folder of maps (default maps)", textReader(o.dir));
  cl.value("--data", "DIR", "movingai: the shared data folder (default ../shared/data)", textReader(o.data));
  cl.value("--converted", "DIR", "movingai: the folder of converted NAME.json maps", textReader(o.converted));
  const std::vector<std::string> positional = cl.parse(args);
  if (!positional.empty()) {
    if (!r.set.empty() && r.set != positional[0])
      badInput("two sets given: '" + r.set + "' and '" + positional[0] + "'");
    r.set = positional[0];
  }
  if (positional.size() > 1) badInput("unexpected argument '" + positional[1] + "' (bench takes one set name)");
  if (queries > 0) o.queries = queries;
  if (budget) o.budget_s = *budget;
  if (build_budget) o.build_budget_s = *build_budget;
  o.references = !no_references;
  return r;
}

}  // namespace

std::string benchSetList() {
  std::string known;
  for (const BenchSet& s : kBenchSets) known += (known.empty() ? "" : ", ") + std::string(s.name);
  return known;
}

int runBench(const std::vector<std::string>& args) {
  // Sets with options of their own (bench_heuristics.cpp, bench_navmesh.cpp, bench_polyanya.cpp).
  if (!args.empty())
    if (const BenchSet* s = findBenchSet(args[0]); s && s->own) return s->own({args.begin() + 1, args.end()});
  BenchRequest request = parseBenchArgs(args);
  const BenchOptions& o = request.options;
  const std::string set = request.set.empty() ? "maps" : request.set;
  BenchConfig config;
  config.reference_budget_s = o.budget_s;
  config.references = o.references;
  config.update_edits = o.edits;
  config.seed = o.seed;

  const BenchSet* chosen = findBenchSet(set);
  if (!chosen) badInput("unknown bench set '" + set + "' (known: " + benchSetList() + ")");
  if (!chosen->runner)
    badInput(std::string("the ") + chosen->name + " set takes options of its own: polypath bench " + chosen->name +
             " [options] (see polypath bench " + chosen->name + " --help)");
  chosen->runner(o, config);
  return kExitOk;
}

}  // namespace polypath::cli
