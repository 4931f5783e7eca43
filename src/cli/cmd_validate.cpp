// cmd_validate.cpp: `polypath validate MAP`, every problem of a map.
#include <iostream>
#include <string>
#include <vector>

#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/validate_clearance.hpp"
#include "polypath/convert/map_formats.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath::cli {

int runValidate(const std::vector<std::string>& args) {
  CommandLine cl("validate", "polypath validate MAP",
                 "Lists every problem of the map, one per line (\"error: ...\", \"warning: ...\"), and exits 1\n"
                 "if there is an error; else prints ok. A start or goal closer to a wall than the map's\n"
                 "clearance is an error, closer than one of its other radii a warning.");
  const std::string map = cl.parseMapFile(args);
  MapDocument doc;
  try {
    doc = importMap(map);
  } catch (const Error& e) {
    badInput(e.what());
  }
  std::vector<MapProblem> problems = validateMap(doc);
  const std::vector<MapProblem> clearance = clearanceEndpointProblems(doc, problems);
  problems.insert(problems.end(), clearance.begin(), clearance.end());
  bool errors = false;
  for (const MapProblem& p : problems) {
    std::cout << p.describe() << '\n';
    errors = errors || p.severity == MapProblem::Severity::Error;
  }
  if (errors) return kExitProblems;
  std::cout << "ok\n";
  return kExitOk;
}

}  // namespace polypath::cli
