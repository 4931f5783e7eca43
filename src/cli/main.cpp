// main.cpp: the polypath command-line tool (see DESIGN.md, "Command-line contract"):
// the tool's help and version (CLI11) and dispatch to the commands (commands.hpp), each
// of which declares and parses its own options (command_line.hpp).
//
// Exit codes: 0 the command ran (a path query ran, found or not; validate found no
// error), 1 validate found errors, 2 bad input (arguments, unreadable or invalid map,
// start or goal not walkable and --snap not given), 3 internal error. Every problem is
// one line on stderr starting with "polypath: "; so is the note --snap prints.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"

#ifndef POLYPATH_VERSION
#define POLYPATH_VERSION "unknown"
#endif

namespace polypath::cli {
namespace {

constexpr const char* kCommandsHead =
    "Finds paths in polygon maps (JSON, format polypath-map version 1) and in grid maps\n"
    "(Moving AI .map: polypath path X.map --method grid --help).\n"
    "\n"
    "commands:\n"
    "  path MAP [options]   shortest path from start to goal\n"
    "  validate MAP         list every problem of a map (exit 1 on errors), or print ok\n"
    "  query MAP --queries F\n"
    "                       the queries of a file (or a .scen) against one structure\n"
    "                       built once, on --threads workers; queries per second\n"
    "  scen FILE.scen       run a Moving AI scenario file and compare with its optimal lengths\n"
    "  convert IN OUT       between map formats: X.map -> Y.json (grid traced into polygons),\n"
    "                       X.json -> Y.map (polygon map rasterized), X.mesh -> Y.json\n"
    "                       (Polyanya mesh 2 or 3 as a polygon map), X.json -> Y.mesh,\n"
    "                       X.geojson <-> Y.json\n"
    "  bench [SET]          benchmark tables (bench --help describes each set); sets:\n"
    "                       ";

constexpr const char* kCommandsTail =
    "\n"
    "  svg MAP --out F.svg  draw the map, the method's structure and the path (or the search\n"
    "                       after N steps) as SVG; path's query options\n"
    "  trace MAP --out F    the search's events as a Posthoc search trace (JSON); path's\n"
    "                       query options\n"
    "  crowd MAP --agents N --steer funnel|portals\n"
    "                       agents walking to the goal together (ORCA avoidance); crowd\n"
    "                       metrics (arrivals, times, density, overlaps, wall distance)\n"
    "\n"
    "polypath COMMAND --help prints the command's options.";

/// A command: its name and what runs it with the arguments after the name.
struct Command {
  const char* name;
  int (*run)(const std::vector<std::string>& args);
};

const Command kCommands[] = {
    {"path", runPath},   {"validate", runValidate}, {"scen", runScen},    {"query", runQuery},  {"convert", runConvert},
    {"bench", runBench}, {"svg", runSvg},           {"trace", runTrace}, {"crowd", runCrowd},
};

int run(const std::vector<std::string>& args) {
  // The tool's own options; the first other argument is the command, the rest its own.
  CLI::App app(kCommandsHead + benchSetList() + kCommandsTail, "polypath");
  app.formatter(std::make_shared<HelpFormatter>("polypath COMMAND [ARGS]", 23));
  app.option_defaults()->group("options");
  app.set_help_flag("-h,--help", "this text");
  app.set_version_flag("--version", std::string("polypath ") + POLYPATH_VERSION, "the version");
  app.footer("exit codes: 0 ran, 1 validate found errors, 2 bad input, 3 internal error");
  app.prefix_command();
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return kExitOk;
  } catch (const CLI::CallForVersion& e) {
    std::cout << e.what() << '\n';
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    badInput(e.what());
  }
  const std::vector<std::string> rest = app.remaining();
  if (rest.empty()) {
    std::cerr << app.help();
    return kExitBadInput;
  }
  if (rest[0] == "help") {
    std::cout << app.help();
    return kExitOk;
  }
  for (const Command& c : kCommands)
    if (rest[0] == c.name) return c.run({rest.begin() + 1, rest.end()});
  badInput("unknown command '" + rest[0] + "' (see polypath --help)");
}

}  // namespace
}  // namespace polypath::cli

int main(int argc, char** argv) {
  using namespace polypath::cli;
  std::ios::sync_with_stdio(false);
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const HelpShown&) {
    return kExitOk;
  } catch (const BadInput& e) {
    for (const std::string& line : e.lines) printProblem(line);
    return kExitBadInput;
  } catch (const std::exception& e) {
    printProblem(std::string("internal error: ") + e.what());
    return kExitInternal;
  }
}
