// endpoint.hpp: where a start or goal goes for a search: the one placement rule of the
// editor and the command line (finite, walkable, with the agent's clearance, or snapped
// to the nearest point that is). Each front end words the outcome its own way.
#pragma once

#include <optional>
#include <string>

#include "polypath/core/polygon_map.hpp"
#include "polypath/geom/clearance.hpp"

namespace polypath {

/// How placeEndpoint placed a point.
enum class EndpointStatus {
  Kept,         ///< usable as given
  Nudged,       ///< usable after a move by the rounding margin onto the eroded region
  Snapped,      ///< not usable as given: moved to the nearest point with room (snap on)
  NotFinite,    ///< a NaN or infinite coordinate
  TooFar,       ///< a coordinate beyond +-1e100
  NotWalkable,  ///< outside the walkable region (no clearance asked)
  NoClearance,  ///< closer than the agent radius to a wall, or every area erodes away
  Failed,       ///< the map could not locate it (problem says why)
};

/// The outcome of placeEndpoint.
struct EndpointPlacement {
  EndpointStatus status = EndpointStatus::Kept;
  Point point;             ///< where the search starts or ends, when usable()
  PointLocation location;  ///< where the point lies in the map (NotWalkable; Snapped without clearance)
  /// NoClearance, and Snapped with clearance: clearanceProblem()'s text, naming `which` and
  /// the point ("start (1, 5) is 0.5 from the nearest wall ..."); Failed: the reason.
  /// Empty otherwise.
  std::string problem;
  /// Kept, Nudged or Snapped.
  bool usable() const {
    return status == EndpointStatus::Kept || status == EndpointStatus::Nudged || status == EndpointStatus::Snapped;
  }
};

/// Places point p ("start" or "goal" in `which`) for a search on `map` (world units).
/// With `level` (the map eroded by the agent radius; null: no clearance) the point must have
/// clearance (placeWithClearance); a level whose region eroded away leaves no room at all.
/// Without room, `snap` moves it to the nearest point with room (measured from `snap_from`,
/// default p: the point the user gave when an earlier step already moved p), else the status
/// says why. Never throws.
EndpointPlacement placeEndpoint(const PolygonMap& map, const ClearanceLevel* level, const char* which, Point p,
                                bool snap, std::optional<Point> snap_from = std::nullopt);

}  // namespace polypath
