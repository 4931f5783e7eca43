// validate_clearance.hpp: the part of `polypath validate` that checks the map's start and
// goal against its own clearance settings ("clearance" and "radii").
#pragma once

#include <vector>

#include "polypath/formats/map_io.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath::cli {

/// The start and goal of a valid map checked against the radii its settings give: an
/// error at /start or /goal when the point has no clearance at settings.clearance (the
/// radius `polypath path MAP` searches with), a warning for each other radius in
/// settings.radii. Each names the point, its distance to the nearest wall (and where that
/// wall is), the radius and the setting. `problems` are validateMap's findings: nothing is
/// checked when the map itself has errors, nor a point that already has one. A radius at
/// which the map cannot be eroded is an error at its setting.
std::vector<MapProblem> clearanceEndpointProblems(const MapDocument& doc, const std::vector<MapProblem>& problems);

}  // namespace polypath::cli
