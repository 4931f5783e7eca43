// bench_runner.hpp: measuring one map for `polypath bench`: build, queries, the
// reference methods on the same queries, and incremental updates after vertex moves.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "polypath/core/polygon_map.hpp"

namespace polypath::cli {

/// One benchmark query. `exact` (when >= 0) is a published optimal length checked to
/// 1e-3; `upper` (when >= 0) is a bound the length may not exceed (an octile optimum).
struct BenchQuery {
  Point start, goal;
  double exact = -1.0;
  double upper = -1.0;
};

/// Timing figures of a run of queries (microseconds).
struct QueryFigures {
  int queries = 0;
  double median_us = 0, p90_us = 0, p99_us = 0, mean_us = 0;
  double expanded_mean = 0;  ///< A* expansions per query
};

/// One reference method on the same queries.
struct ReferenceResult {
  std::string method;  ///< "seed000", "finley004", "brute"
  std::string note;    ///< why it was skipped or cut short; empty when it ran every query
  QueryFigures figures;
  int mismatches = 0;   ///< queries where its length differs from polypath's (1e-9 relative)
  double ratio = 0.0;   ///< its median / polypath's median (0 when it did not run)
};

/// Incremental update after one vertex moves (VisibilityGraph::update).
struct UpdateFigures {
  int edits = 0;             ///< vertex moves measured
  double median_ms = 0.0;    ///< map rebuild + graph update + one query re-answered (per edit the fastest of 3 timings)
  double p90_ms = 0.0;
  double max_ms = 0.0;
  int requeried = 0;         ///< edits after which the query was re-answered (its ends still walkable)
  double rebuild_ms = 0.0;   ///< median full graph build on the edited maps, for comparison
  int compared = 0;          ///< edits whose updated graph was compared with a full rebuild
  int differed = 0;          ///< of those, graphs not identical (must be 0)
};

/// Everything measured on one map.
struct BenchResult {
  std::string name;
  int vertices = 0, reflex = 0;
  std::size_t edges = 0;      ///< visibility-graph links
  double build_ms = 0.0;      ///< PolygonMap + VisibilityGraph construction
  std::size_t bytes = 0;      ///< bytes of the map and graph arrays
  long peak_rss_kb = 0;       ///< the process's peak resident set so far
  QueryFigures figures;
  int found = 0;              ///< queries with a path
  /// Queries whose length was compared with a reference method, a published optimum or a
  /// scenario's octile optimum (an upper bound); the last two also with --no-references.
  int checked = 0;
  int mismatches = 0;         ///< of those, lengths that disagree (or exceed the upper bound)
  std::vector<ReferenceResult> references;
  UpdateFigures update;
  std::string note;           ///< why the map was skipped, if it was
  std::vector<std::string> mismatch_examples;  ///< the first few mismatching queries, described
};

/// Settings of a benchmark run.
struct BenchConfig {
  double reference_budget_s = 2.0;  ///< per reference method and map
  bool references = true;
  int update_edits = 0;             ///< vertex moves to measure (0: none)
  int update_compare = 3;           ///< of those, how many are checked against a full rebuild
  std::uint64_t seed = 1;
};

/// CPU time of the calling thread in microseconds. Benchmarks time with it, not with wall
/// time: the machines they run on are shared, and waiting for a core is not the method's cost.
double threadMicros();
/// Median, p90, p99 and mean of per-query times `us` (microseconds; nearest-rank
/// percentiles) and the mean expansions (`expandedSum` / count).
QueryFigures figuresOf(const std::vector<double>& us, double expandedSum);

/// The queries of a Moving AI scenario file (io/movingai.hpp loadScenario), start and goal
/// cells used as points, the file's octile optimum as `upper`. Throws BadInput naming the
/// file and line when it cannot be read.
std::vector<BenchQuery> loadScenarioQueries(const std::filesystem::path& scen);
/// Sets `exact` on the queries found in a published-optima table (a header line, then
/// "sx sy gx gy length" per line, e.g. polyanya/vleue/aurora-euclidean.tsv), matched by
/// start and goal. A missing file changes nothing.
void attachPublishedOptima(std::vector<BenchQuery>& queries, const std::filesystem::path& tsv);

/// `count` random query pairs in the walkable region of `map` (uniform in its bounds,
/// rejected when not walkable; fewer when walkable points are too rare).
std::vector<BenchQuery> randomQueries(const PolygonMap& map, int count, std::uint64_t seed);

/// Builds the graph of `polygons`, runs the queries, the reference methods and the
/// update edits. `progress` labels the progress bar on stderr.
BenchResult benchMap(const std::string& name, const std::vector<Polygon>& polygons,
                     const std::vector<BenchQuery>& queries, const BenchConfig& config);

/// Least-squares slope of log(y) over log(x), over the pairs with x > 0 and y > 0: the
/// exponent e of a fitted growth y ~ x^e. NaN with fewer than two such pairs.
double fitExponent(const std::vector<std::pair<double, double>>& xy);

/// The process's peak resident memory so far, kilobytes (getrusage).
long peakRssKb();

/// Draws "[#####-----] label" on stderr, overwriting the line (done of total); nothing
/// when stderr is not a terminal (a file or pipe would keep the redraw codes).
void showProgress(const std::string& label, std::size_t done, std::size_t total);
/// Clears the progress line.
void endProgress();

}  // namespace polypath::cli
