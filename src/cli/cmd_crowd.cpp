// cmd_crowd.cpp: `polypath crowd MAP --agents N --steer funnel|portals [options]`: runs a
// crowd headless (polypath::crowd) and prints its metrics, as text or one JSON object.
#include <cmath>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/cli_support.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "polypath/convert/map_formats.hpp"
#include "polypath/crowd/crowd.hpp"
#include "polypath/crowd/metrics_json.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath::cli {
namespace {

constexpr const char* kCrowdDescription =
    "Runs N agents (discs of radius R, speed V) from around the map's start to its goal, or\n"
    "from the --from area to the --to area, at time steps of 0.1 s until all arrive or K steps\n"
    "passed, and prints the crowd's metrics. Agents keep out of the walls (they walk the region\n"
    "eroded by R) and out of each other (ORCA). --steer funnel aims every agent at the path's\n"
    "corners; --steer portals at the nearest point of the next steer portal (seed 003).";

/// Reads a whole number in [lo, hi].
ValueReader countReader(const std::string& name, int lo, int hi, int& out) {
  return [=, &out](const std::string& v) {
    const std::optional<double> n = parseNumber(v);
    if (!n || *n < lo || *n > hi || *n != std::floor(*n))
      return expects(name, "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi), v);
    out = static_cast<int>(*n);
    return std::string();
  };
}

/// Reads X,Y,W,H (finite numbers, W and H above 0).
ValueReader rectReader(const std::string& name, std::optional<crowd::Rect>& out) {
  return [=, &out](const std::string& v) {
    std::vector<double> parts;
    std::size_t from = 0;
    while (true) {
      const std::size_t comma = v.find(',', from);
      const std::optional<double> n = parseNumber(v.substr(from, comma == std::string::npos ? comma : comma - from));
      if (!n) return expects(name, "X,Y,W,H (four numbers, W and H above 0)", v);
      parts.push_back(*n);
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
    if (parts.size() != 4 || !(parts[2] > 0) || !(parts[3] > 0))
      return expects(name, "X,Y,W,H (four numbers, W and H above 0)", v);
    out = crowd::Rect{parts[0], parts[1], parts[2], parts[3]};
    return std::string();
  };
}

void printMetrics(const crowd::CrowdMetrics& m, crowd::Steer steer, double radius) {
  std::cout << "steer " << crowd::steerName(steer) << ", " << m.agents << " agents of radius " << formatNumber(radius)
            << ", " << m.steps << " steps\n"
            << "arrived " << m.arrived << " of " << m.agents << ", all by "
            << (m.time_all ? formatNumber(*m.time_all, 6) + " s" : std::string("- (not all arrived)")) << '\n'
            << "travel time mean " << formatNumber(m.time_mean, 6) << " s, worst " << formatNumber(m.time_worst, 6)
            << " s\n"
            << "length / shortest, mean " << formatNumber(m.length_ratio_mean, 6) << '\n'
            << "highest density " << formatNumber(m.density_max, 6) << " agents per square unit (disc of radius "
            << formatNumber(m.density_radius, 6) << ")\n"
            << "overlapping in " << m.overlap_steps << " steps, deepest " << formatNumber(m.overlap_max, 6) << '\n'
            << "nearest wall " << formatNumber(m.wall_distance_min, 9) << ", replans " << m.replans << '\n';
}

}  // namespace

int runCrowd(const std::vector<std::string>& args) {
  crowd::CrowdConfig config;
  std::optional<double> radius, speed, arrive;
  std::string steer;
  bool json = false;
  double seed = 1;
  CommandLine cl("crowd", "polypath crowd MAP --agents N --steer funnel|portals [options]", kCrowdDescription, 27);
  config.agents = 0;  // required
  cl.value("--agents", "N", "number of agents, 1 to 100000", countReader("--agents", 1, 100000, config.agents));
  cl.value("--steer", "funnel|portals", "aim at the path's corners, or across seed 003's steer portals",
           [&steer](const std::string& v) {
             crowd::Steer s;
             if (!crowd::parseSteer(v, s)) return expects("--steer", "funnel or portals", v);
             steer = v;
             return std::string();
           });
  cl.value("--radius", "R", "agent radius, world units (default 0.4)", positiveReader("--radius", radius));
  cl.value("--speed", "V", "maximum speed, world units per second (default 1)", positiveReader("--speed", speed));
  cl.value("--seed", "S", "random seed, 0 to 2^53 (default 1): spawn lattice offset, symmetry nudges",
           [&seed](const std::string& v) {
             const std::optional<double> n = parseNumber(v);
             if (!n || *n < 0 || *n > 9007199254740992.0 || *n != std::floor(*n))
               return expects("--seed", "a whole number from 0 to 2^53", v);
             seed = *n;
             return std::string();
           });
  cl.value("--from", "X,Y,W,H", "spawn area (default: the places nearest the map's start)",
           rectReader("--from", config.from));
  cl.value("--to", "X,Y,W,H", "goal area, a random place in it per agent (default: the map's goal)",
           rectReader("--to", config.to));
  cl.value("--arrive", "D", "an agent within D of its goal has arrived and leaves (default 2 R)",
           nonNegativeReader("--arrive", arrive));
  cl.value("--steps", "K", "stop after K time steps of 0.1 s (default 5000)",
           countReader("--steps", 0, 10000000, config.max_steps));
  cl.flag("--json", json,
          "one JSON object: agents, arrived, time_all (null unless all arrived), time_mean,\n"
          "time_worst, length_ratio_mean, density_max, overlap_steps, overlap_max,\n"
          "wall_distance_min, steer, steps, density_radius, replans");
  const std::string file = cl.parseMapFile(args);
  if (config.agents == 0) badInput("crowd needs --agents N");
  if (steer.empty()) badInput("crowd needs --steer funnel or --steer portals");
  crowd::parseSteer(steer, config.steer);
  if (radius) config.radius = *radius;
  if (speed) config.speed = *speed;
  config.arrive_distance = arrive ? *arrive : crowd::exitArriveDistance(config.radius);
  config.seed = static_cast<std::uint64_t>(seed);

  if (std::filesystem::path(file).extension() == ".map")
    badInput(file + ": crowds walk polygon maps; convert the grid first: polypath convert " + file + " " +
             std::filesystem::path(file).replace_extension(".json").filename().string());
  MapDocument doc;
  try {
    doc = importMap(file);
  } catch (const Error& e) {
    badInput(e.what());
  }
  std::vector<std::string> problems;
  for (const MapProblem& p : validateMap(doc))
    if (p.severity == MapProblem::Severity::Error) problems.push_back(file + ": " + p.describe());
  if (!config.from && !doc.start) problems.push_back(file + ": the map has no start: give --from X,Y,W,H");
  if (!config.to && !doc.goal) problems.push_back(file + ": the map has no goal: give --to X,Y,W,H");
  if (!problems.empty()) throw BadInput{problems};
  if (doc.start) config.start = *doc.start;
  if (doc.goal) config.goal = *doc.goal;

  crowd::CrowdMetrics metrics;
  try {
    ClearanceSet set(doc);
    crowd::Crowd c(set, config);
    metrics = c.run();
  } catch (const crowd::CrowdError& e) {
    badInput(file + ": " + e.what());
  } catch (const ClearanceError& e) {
    badInput(file + ": " + e.what());
  } catch (const QueryError& e) {
    badInput(file + ": " + e.what());
  }
  if (json) std::cout << crowd::metricsJson(metrics, config.steer).dump() << '\n';
  else printMetrics(metrics, config.steer, config.radius);
  return kExitOk;
}

}  // namespace polypath::cli
