// endpoint.cpp: placeEndpoint (see endpoint.hpp).
#include "polypath/geom/endpoint.hpp"

#include <cmath>
#include <exception>

namespace polypath {
namespace {

constexpr double kFarCoordinate = 1e100;  // as validateMap

EndpointPlacement withStatus(EndpointStatus status, Point point = {}) {
  EndpointPlacement out;
  out.status = status;
  out.point = point;
  return out;
}

}  // namespace

EndpointPlacement placeEndpoint(const PolygonMap& map, const ClearanceLevel* level, const char* which, Point p,
                                bool snap, std::optional<Point> snap_from) {
  if (!std::isfinite(p.x) || !std::isfinite(p.y)) return withStatus(EndpointStatus::NotFinite);
  if (std::abs(p.x) > kFarCoordinate || std::abs(p.y) > kFarCoordinate) return withStatus(EndpointStatus::TooFar);
  const Point from = snap_from.value_or(p);
  try {
    if (level) {
      const ClearancePlacement placement = placeWithClearance(*level, map, p);
      if (placement.ok)
        return withStatus(placement.moved ? EndpointStatus::Nudged : EndpointStatus::Kept, placement.point);
      EndpointPlacement out = withStatus(EndpointStatus::NoClearance);
      out.problem = clearanceProblem(*level, map, p, placement, which);
      if (snap && !level->map().empty()) {
        out.status = EndpointStatus::Snapped;
        out.point = snapToClearance(*level, from);
      }
      return out;
    }
    EndpointPlacement out = withStatus(EndpointStatus::Kept, p);
    out.location = map.locate(p);
    if (out.location.walkable()) return out;
    if (snap) {
      const Point q = map.nearestWalkable(from);
      if (std::isfinite(q.x) && std::isfinite(q.y) && map.isWalkable(q)) {
        out.status = EndpointStatus::Snapped;
        out.point = q;
        return out;
      }
    }
    out.status = EndpointStatus::NotWalkable;
    return out;
  } catch (const std::exception& e) {
    EndpointPlacement out = withStatus(EndpointStatus::Failed);
    out.problem = std::string(which) + (level ? " cannot be placed with clearance: " : " cannot be located: ") + e.what();
    return out;
  }
}

}  // namespace polypath
