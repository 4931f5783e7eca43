// path_clearance.hpp: the agent-clearance part of `polypath path`: the --clearance,
// --joins and --segments options, and start and goal checked against the eroded region
// (or, with --snap, moved to the nearest point with clearance).
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/command_line.hpp"
#include "polypath/geom/clearance.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath::cli {

/// What `polypath path` was asked about clearance; unset values come from the map's settings.
struct ClearanceRequest {
  std::optional<double> radius;         ///< --clearance R: agent radius, world units
  std::optional<ClearanceJoins> joins;  ///< --joins round|mitre
  std::optional<int> segments;          ///< --segments N: chords per quarter circle (round joins)
  bool verbose = false;                 ///< --verbose: report how the erosion was computed and checked
};

/// Declares the options --clearance (with `clearance_help`), --joins and --segments on
/// `cl`, writing into `out`.
void addClearanceOptions(CommandLine& cl, ClearanceRequest& out, const std::string& clearance_help);

/// Declares --verbose on `cl` (commands that erode the map themselves: path, svg, trace).
void addVerboseOption(CommandLine& cl, ClearanceRequest& out);

/// The map's clearance settings with the request's overrides; fills in `request.radius`
/// from the settings when it is unset.
ClearanceStyle resolveClearance(ClearanceRequest& request, const MapSettings& settings);

/// Checks a start or goal against the level's eroded region (polypath::placeEndpoint, the
/// rule the editor shares) and returns the point to search from. A point with clearance is kept (or moved by the rounding margin, see
/// placeWithClearance; then `given` records the original). Otherwise, with `snap`, the
/// nearest point with clearance to `given` (when an earlier snap set it) or p is used and a
/// note goes to stderr; without it, BadInput says which point, where, its distance to the
/// nearest wall and the radius. `map` names the file in messages.
Point placeEndpoint(const ClearanceLevel& level, const PolygonMap& original, const char* which, Point p,
                    std::optional<Point>& given, bool snap, const std::string& map);

/// Prints what erosion did (areas dropped, holes merged) on stderr, one note per line; with
/// `verbose` also which offsetting engine eroded the areas and why any engine's erosion was
/// refused (ErodedRegion::engineReport).
void printErosionNotes(const ClearanceLevel& level, const std::string& map, bool verbose);

/// "clearance  1 (round joins, 8 segments per quarter circle, at least 0.98 from every wall)"
/// and the eroded region's size, for the human-readable output.
void printClearanceSummary(std::ostream& out, const ClearanceLevel& level);

}  // namespace polypath::cli
