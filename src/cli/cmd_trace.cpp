// cmd_trace.cpp: `polypath trace MAP --out F.trace.json`, the search's events as a
// Posthoc search trace (io/posthoc_trace.hpp); the query options are those of `path`
// (query_setup.hpp, path_grid.hpp).
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/method_search.hpp"
#include "cli/output_file.hpp"
#include "cli/path_grid.hpp"
#include "cli/query_setup.hpp"
#include "polypath/formats/posthoc_trace.hpp"

namespace polypath::cli {
namespace {

constexpr const char* kTraceDescription =
    "Writes every event of the A* search from start to goal (source, destination,\n"
    "generating, updating, expanding, closing, end) as a search trace for the Posthoc\n"
    "visualiser (https://posthoc.pathfinding.ai): on the visibility graph, Polyanya's\n"
    "(interval, root) nodes at their roots, triangle A*'s nodes, or grid cells.";

/// What `polypath trace` writes, whatever the method.
struct TraceOutput {
  std::string out;
  bool no_render = false;
};

/// Parses trace's arguments: its own options and the method's query options, which
/// `add_query` declares. Returns the map file.
std::string parseTraceArgs(const std::vector<std::string>& args, const std::function<void(CommandLine&)>& add_query,
                           TraceOutput& o) {
  CommandLine cl("trace", "polypath trace MAP --out F.trace.json [options]", kTraceDescription);
  cl.value("--out", "F.trace.json", "the file to write (required)", textReader(o.out));
  cl.flag("--no-render", o.no_render, "leave out the \"render\" block (events only)");
  cl.group("query options (as polypath path with the same --method)");
  add_query(cl);
  std::string map = cl.parseMapFile(args, "polypath trace MAP --out F.trace.json");
  if (o.out.empty()) badInput("trace needs --out F.trace.json");
  return map;
}

/// Traces the search and writes it: "wrote F (E events, N expansions)".
int writeTrace(const TraceOutput& o, const SearchGraph& graph, NodeId start, NodeId goal,
               const SearchOptions& options) {
  PosthocOptions trace_options;
  trace_options.render = !o.no_render;
  const nlohmann::ordered_json trace = posthocTrace(graph, start, goal, options, trace_options);
  writeOutputFile(o.out, trace.dump(1) + "\n");
  int expansions = 0;
  for (const auto& e : trace["events"])
    if (e["type"] == "expanding") ++expansions;
  std::cout << "wrote " << o.out << " (" << trace["events"].size() << " events, " << expansions << " expansions)\n";
  return kExitOk;
}

}  // namespace

int runTrace(const std::vector<std::string>& args) {
  TraceOutput o;
  if (isGridPathRequest(args)) {
    GridRequest r;
    r.map = parseTraceArgs(args, [&r](CommandLine& cl) { addGridQueryOptions(cl, r); }, o);
    const GridQuery q = loadGridQuery(r);
    const GridGraph graph(q.grid, r.settings.grid);
    return writeTrace(o, graph, q.start, q.goal, r.settings.search);
  }
  QueryRequest r;
  r.map = parseTraceArgs(args, [&r](CommandLine& cl) { addQueryOptions(cl, r); }, o);
  requireSearchMethod(r, "trace");
  const std::unique_ptr<LoadedQuery> q = loadQuery(r, true);
  const MethodSearch method(r, *q);
  return writeTrace(o, *method.graph(), method.startNode(), method.goalNode(), r.search);
}

}  // namespace polypath::cli
