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

constexpr const char* kUsage =
    "usage: polypath COMMAND [ARGS]\n"
    "\n"
    "Finds paths in polygon maps (JSON, format polypath-map version 1).\n"
    "\n"
    "commands:\n"
    "  path MAP [options]   shortest path from start to goal\n"
    "  validate MAP         list every problem of a map (exit 1 on errors), or print ok\n"
    "  convert IN OUT       .mesh (Polyanya mesh 2) -> .json map, or .json map -> .mesh\n"
    "  bench navmesh        navmesh path length against the optimal (visibility) length\n"
    "  bench polyanya       exact navmesh search (Polyanya) speed on Polyanya's meshes and scenarios\n"
    "  svg MAP --out F.svg  draw the map, graph and path (or the search after N steps) as SVG\n"
    "  trace MAP --out F    the search's events as a Posthoc search trace (JSON)\n"
    "  --help, -h           this text (polypath path --help: the path options)\n"
    "  --version            the version\n"
    "\n"
    "planned, not implemented yet: other benchmarks\n"
    "\n"
    "exit codes: 0 ran, 1 validate found errors, 2 bad input, 3 internal error\n";

int run(const std::vector<std::string>& args) {
  if (args.empty()) {
    std::cerr << kUsage;
    return kExitBadInput;
  }
  const std::string& command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return kExitOk;
  }
  if (command == "--version") {
    std::cout << "polypath " << POLYPATH_VERSION << '\n';
    return kExitOk;
  }
  if (command == "path") return runPath(rest);
  if (command == "validate") return runValidate(rest);
  if (command == "convert") return runConvert(rest);
  if (command == "bench" && !rest.empty() && rest[0] == "navmesh")
    return runBenchNavmesh(std::vector<std::string>(rest.begin() + 1, rest.end()));
  if (command == "bench" && !rest.empty() && rest[0] == "polyanya")
    return runBenchPolyanya(std::vector<std::string>(rest.begin() + 1, rest.end()));
  if (command == "svg") return runSvg(rest);
  if (command == "trace") return runTrace(rest);
  if (command == "bench")
    badInput("command '" + command + "' is not implemented yet");
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
