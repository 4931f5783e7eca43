// cmd_trace.cpp: `polypath trace MAP --out F.trace.json`, the search's events as a
// Posthoc search trace (io/posthoc_trace.hpp).
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli_support.hpp"
#include "cli/commands.hpp"
#include "cli/output_file.hpp"
#include "cli/query_setup.hpp"
#include "io/posthoc_trace.hpp"

namespace polypath::cli {
namespace {

constexpr const char* kTraceUsage =
    "usage: polypath trace MAP --out F.trace.json [options]\n"
    "\n"
    "Writes every event of the A* search from start to goal (source, destination,\n"
    "generating, updating, expanding, closing, end) as a search trace for the Posthoc\n"
    "visualiser (https://posthoc.pathfinding.ai).\n"
    "\n"
    "options:\n"
    "  --out F.trace.json     the file to write (required)\n"
    "  --no-render            leave out the \"render\" block (events only)\n";

}  // namespace

int runTrace(const std::vector<std::string>& args) {
  if (wantsHelp(args)) {
    std::cout << kTraceUsage << kQueryOptionsHelp;
    return kExitOk;
  }
  QueryRequest request;
  std::string out;
  bool no_render = false;
  std::vector<Option> options = queryOptions(request);
  options.push_back({"--out", true, [&out](const std::string& v) -> std::string {
                       if (v.empty()) return "--out expects a file name";
                       out = v;
                       return "";
                     }});
  options.push_back(flagOption("--no-render", no_render));
  const std::vector<std::string> positional = parseOptions(args, options, "trace");
  if (positional.empty()) badInput("trace needs a map file: polypath trace MAP --out F.trace.json");
  if (positional.size() > 1) badInput("unexpected argument '" + positional[1] + "' (trace takes one map file)");
  if (out.empty()) badInput("trace needs --out F.trace.json");
  request.map = positional[0];

  const std::unique_ptr<LoadedQuery> q = loadQuery(request, true);
  PosthocOptions trace_options;
  trace_options.render = !no_render;
  const nlohmann::ordered_json trace =
      posthocTrace(*q->query, q->query->startNode(), q->query->goalNode(), request.search, trace_options);
  writeOutputFile(out, trace.dump(1) + "\n");
  int expansions = 0;
  for (const auto& e : trace["events"])
    if (e["type"] == "expanding") ++expansions;
  std::cout << "wrote " << out << " (" << trace["events"].size() << " events, " << expansions << " expansions)\n";
  return kExitOk;
}

}  // namespace polypath::cli
