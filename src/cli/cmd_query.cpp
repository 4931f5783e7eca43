// cmd_query.cpp: `polypath query MAP --queries F [options]`: many queries against one
// built structure (PathBatch, methods/batch.hpp), on --threads workers; one line per
// query, then a summary with queries per second and, when the file carries optima, how
// many lengths agree with them.
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/method_search.hpp"
#include "cli/query_file.hpp"
#include "cli/query_setup.hpp"
#include "polypath/methods/batch.hpp"
#include "polypath/methods/registry.hpp"

namespace polypath::cli {
namespace {

constexpr const char* kQueryDescription =
    "Answers the queries of a file against one structure built once, on --threads workers.\n"
    "Query file: one query per line, 'sx sy gx gy' (world units; blank lines and # comments\n"
    "skipped), or 'sx sy gx gy length' whose length is the Euclidean optimum (as in\n"
    "aurora-euclidean.tsv, header line allowed); or a Moving AI / Polyanya scenario (.scen,\n"
    "first line 'version 1'), whose last column is the octile grid optimum.\n"
    "Optima: a Euclidean optimum 'matches' when the length is within half a unit of its\n"
    "last printed digit plus 1e-6 relative; an octile optimum is an upper bound of the\n"
    "Euclidean length, so a length counts as 'not longer' when it is at most the optimum\n"
    "plus that tolerance (an exact method is usually shorter).";

/// What `polypath query` was asked to do.
struct QueryCommand {
  QueryRequest query;     ///< map, method, clearance, corner offset, heuristic (no start or goal)
  std::string file;       ///< --queries
  int threads = 1;
  bool json = false;
  ScenarioPoints points = ScenarioPoints::Centre;
};

QueryCommand parseQueryArgs(const std::vector<std::string>& args) {
  QueryCommand c;
  QueryRequest& r = c.query;
  CommandLine cl("query", "polypath query MAP --queries F [options]", kQueryDescription, 27);
  cl.value("--queries", "F", "the query file (see above)", textReader(c.file));
  cl.value("--method", "NAME",
           "a registered method: " + methods().names(", ") + "\n(default visibility; navmesh is polyanya)",
           [&r](const std::string& v) {
             if (v != "navmesh" && !methods().find(v))
               return expects("--method", "navmesh or a registered method (" + methods().names(", ") + ")", v);
             r.method = v;
             return std::string();
           });
  cl.value("--threads", "N", "worker threads, 1 to 256 (default 1)", [&c](const std::string& v) {
    const std::optional<double> n = parseNumber(v);
    if (!n || *n < 1 || *n > 256 || *n != std::floor(*n)) return expects("--threads", "a whole number from 1 to 256", v);
    c.threads = static_cast<int>(*n);
    return std::string();
  });
  addClearanceOptions(cl, r.clearance, "agent radius: search the region eroded by R (default: the map's)");
  cl.value("--corner-offset", "D", "visibility: push graph nodes D world units off the corners (default: the map's)",
           nonNegativeReader("--corner-offset", r.corner_offset));
  cl.value("--scen-points", "centre|corner",
           "where a scenario's cell (x, y) is queried: centre (x+0.5, y+0.5;\n"
           "Moving AI, default) or corner (x, y; Polyanya's runner)",
           [&c](const std::string& v) {
             if (v == "centre" || v == "center") c.points = ScenarioPoints::Centre;
             else if (v == "corner") c.points = ScenarioPoints::Corner;
             else return expects("--scen-points", "centre or corner", v);
             return std::string();
           });
  cl.flag("--json", c.json,
          "one JSON object per query {\"index\",\"found\",\"length\",\"expanded\"} (and\n"
          "\"error\" when refused), then one summary object");
  r.map = cl.parseMapFile(args);
  if (c.file.empty()) badInput("query needs --queries F: polypath query MAP --queries F [options]");
  return c;
}

/// The comparison of the lengths with the file's optima.
struct OptimumCount {
  int compared = 0;  ///< queries with an optimum
  int agree = 0;     ///< found, and matching (Euclidean) or not longer (octile)
};

OptimumCount compare(const QueryFile& file, const std::vector<BatchAnswer>& answers) {
  OptimumCount c;
  if (file.kind == OptimumKind::None) return c;
  for (std::size_t i = 0; i < answers.size(); ++i) {
    ++c.compared;
    const BatchAnswer& a = answers[i];
    const double d = a.length - file.optimum[i];
    if (a.found && (file.kind == OptimumKind::Euclidean ? std::abs(d) <= file.tolerance[i] : d <= file.tolerance[i]))
      ++c.agree;
  }
  return c;
}

}  // namespace

int runQuery(const std::vector<std::string>& args) {
  QueryCommand c = parseQueryArgs(args);
  QueryRequest& r = c.query;
  const QueryFile file = loadQueryFile(c.file, c.points);
  const std::unique_ptr<LoadedQuery> q = loadQuery(r, false);

  BatchOptions options;
  options.method.name = registryMethodName(r);
  options.method.options.corner_offset = r.corner_offset.value_or(0.0);
  options.clearance = *r.clearance.radius;
  options.clearance_style = r.clearance_style;
  options.threads = c.threads;
  options.keep_points = false;
  const auto t0 = std::chrono::steady_clock::now();
  std::optional<PathBatch> batch;
  try {
    batch.emplace(q->original(), options);
  } catch (const GeometryError& e) {
    badInput(r.map + ": cannot build the " + options.method.name + " structure: " + e.what());
  } catch (const Error& e) {
    badInput(r.map + ": " + e.what());
  }
  const double build_s = millisecondsSince(t0) / 1000.0;
  const auto t1 = std::chrono::steady_clock::now();
  const std::vector<BatchAnswer> answers = batch->run(file.queries);
  const double seconds = millisecondsSince(t1) / 1000.0;

  int found = 0, refused = 0;
  for (const BatchAnswer& a : answers) {
    found += a.found;
    refused += !a.error.empty();
  }
  const OptimumCount cmp = compare(file, answers);
  const double qps = seconds > 0.0 ? static_cast<double>(answers.size()) / seconds : 0.0;
  const char* agree_key = file.kind == OptimumKind::Euclidean ? "matched" : "not_longer";

  std::ostream& out = std::cout;
  if (c.json) {
    for (std::size_t i = 0; i < answers.size(); ++i) {
      nlohmann::ordered_json line;
      line["index"] = i;
      line["found"] = answers[i].found;
      line["length"] = answers[i].length;
      line["expanded"] = answers[i].expanded;
      if (!answers[i].error.empty()) line["error"] = answers[i].error;
      out << line.dump() << '\n';
    }
    nlohmann::ordered_json s;
    s["summary"] = true;
    s["queries"] = answers.size();
    s["found"] = found;
    s["refused"] = refused;
    s["seconds"] = seconds;
    s["queries_per_second"] = qps;
    s["threads"] = c.threads;
    s["method"] = options.method.name;
    s["build_seconds"] = build_s;
    s["optimum"] = optimumKindName(file.kind);
    if (file.kind != OptimumKind::None) {
      s["compared"] = cmp.compared;
      s[agree_key] = cmp.agree;
    }
    out << s.dump() << '\n';
    return kExitOk;
  }
  for (std::size_t i = 0; i < answers.size(); ++i) {
    const BatchAnswer& a = answers[i];
    out << "query " << i << ": ";
    if (!a.error.empty()) out << "refused: " << a.error;
    else if (!a.found) out << "no path, expanded " << a.expanded;
    else out << "length " << formatNumber(a.length) << ", expanded " << a.expanded;
    if (file.kind != OptimumKind::None) out << " (optimum " << formatNumber(file.optimum[i]) << ")";
    out << '\n';
  }
  out << "queries    " << answers.size() << ", " << found << " found, " << refused << " refused\n";
  out << "method     " << options.method.name << " (" << batch->structureSummary() << ")\n";
  out << std::fixed << std::setprecision(3) << "time       build " << build_s * 1000.0 << " ms, queries " << seconds << " s on "
      << c.threads << (c.threads == 1 ? " thread" : " threads") << ": " << std::setprecision(1) << qps
      << " queries per second\n";
  out.unsetf(std::ios::floatfield);
  if (file.kind == OptimumKind::Euclidean)
    out << "optimum    " << cmp.agree << " of " << cmp.compared << " match the Euclidean optimum\n";
  else if (file.kind == OptimumKind::Octile)
    out << "optimum    " << cmp.agree << " of " << cmp.compared
        << " are not longer than the octile optimum (an upper bound, not the Euclidean optimum)\n";
  return kExitOk;
}

}  // namespace polypath::cli
