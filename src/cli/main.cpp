// main.cpp: the polypath command-line tool (see DESIGN.md, "Command-line contract"):
// usage text and dispatch to the commands (commands.hpp).
//
// Exit codes: 0 the command ran (a path query ran, found or not; validate found no
// error), 1 validate found errors, 2 bad input (arguments, unreadable or invalid map,
// start or goal not walkable and --snap not given), 3 internal error. Every problem is
// one line on stderr starting with "polypath: "; so is the note --snap prints.
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli_support.hpp"
#include "cli/commands.hpp"

#ifndef POLYPATH_VERSION
#define POLYPATH_VERSION "unknown"
#endif

namespace polypath::cli {
namespace {

constexpr const char* kUsageHead =
    "usage: polypath COMMAND [ARGS]\n"
    "\n"
    "Finds paths in polygon maps (JSON, format polypath-map version 1) and in grid maps\n"
    "(Moving AI .map: polypath path X.map --method grid --help).\n"
    "\n"
    "commands:\n"
    "  path MAP [options]   shortest path from start to goal\n"
    "  validate MAP         list every problem of a map (exit 1 on errors), or print ok\n"
    "  scen FILE.scen       run a Moving AI scenario file and compare with its optimal lengths\n"
    "  convert IN OUT       between map formats: X.map -> Y.json (grid traced into polygons),\n"
    "                       X.json -> Y.map (polygon map rasterized), X.mesh -> Y.json\n"
    "                       (Polyanya mesh 2 as a polygon map), X.json -> Y.mesh\n"
    "  bench [SET]          benchmark tables (bench --help describes each set); sets:\n"
    "                       ";

constexpr const char* kUsageTail =
    "\n"
    "  svg MAP --out F.svg  draw the map, the method's structure and the path (or the search\n"
    "                       after N steps) as SVG; path's query options\n"
    "  trace MAP --out F    the search's events as a Posthoc search trace (JSON); path's\n"
    "                       query options\n"
    "  --help, -h           this text (polypath path --help: the path options)\n"
    "  --version            the version\n"
    "\n"
    "exit codes: 0 ran, 1 validate found errors, 2 bad input, 3 internal error\n";

/// The usage text; the bench sets come from bench's own table (benchSetList).
std::string usage() { return kUsageHead + benchSetList() + kUsageTail; }

int run(const std::vector<std::string>& args) {
  if (args.empty()) {
    std::cerr << usage();
    return kExitBadInput;
  }
  const std::string& command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << usage();
    return kExitOk;
  }
  if (command == "--version") {
    std::cout << "polypath " << POLYPATH_VERSION << '\n';
    return kExitOk;
  }
  if (command == "path") return runPath(rest);
  if (command == "validate") return runValidate(rest);
  if (command == "scen") return runScen(rest);
  if (command == "convert") return runConvert(rest);
  if (command == "bench") return runBench(rest);
  if (command == "svg") return runSvg(rest);
  if (command == "trace") return runTrace(rest);
  badInput("unknown command '" + command + "' (see polypath --help)");
}

}  // namespace
}  // namespace polypath::cli

int main(int argc, char** argv) {
  using namespace polypath::cli;
  std::ios::sync_with_stdio(false);
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const BadInput& e) {
    for (const std::string& line : e.lines) printProblem(line);
    return kExitBadInput;
  } catch (const std::exception& e) {
    printProblem(std::string("internal error: ") + e.what());
    return kExitInternal;
  }
}
