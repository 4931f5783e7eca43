// steering.hpp: the two ways an agent steers along its corridor, and the router that gives
// each agent its route on the region eroded by its radius.
//
//   funnel   the points of the path (string pulling through the corridor, or any method's
//            path): every agent aims at the same corners.
//   portals  seed 003's portal corridor (funnel.hpp, portalCorridor): the triangle edges
//            where the channel turns; an agent aims at the nearest point of the next one,
//            so agents spread across each portal's width.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "polypath/core/funnel.hpp"
#include "polypath/core/method.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath::crowd {

/// How agents steer along their corridor.
enum class Steer {
  Funnel,   ///< aim at the next point of the path
  Portals,  ///< aim at the nearest point of the next steer portal (seed 003)
};
/// "funnel" or "portals".
const char* steerName(Steer s);
/// Parses "funnel" or "portals"; false when unknown.
bool parseSteer(std::string_view text, Steer& out);

/// An agent's route from where it stood when it was planned to its goal.
struct Route {
  std::vector<Point> points;           ///< the path: from, corners, goal (world units)
  std::vector<FunnelPortal> portals;   ///< steer portals, in travel order (from and goal excluded)
  Point goal;                          ///< world units
};

/// What an agent steers at now.
struct SteerTarget {
  Point point;               ///< the point it heads for (world units)
  bool has_portal = false;   ///< `portal` is set (portals mode, before the last portal)
  FunnelPortal portal;       ///< the steer portal `point` lies on
};

/// Plans routes on one region: the eroded map's navigation mesh (seed 003's triangle A* with
/// nodes at triangle centres, then the funnel and the portal corridor) for the steer
/// portals, and a registered method (default "centre", the same triangle A*) for the path
/// points. Not thread-safe (the method keeps its query).
class Router {
 public:
  /// Builds both on `region` (which must outlive the router). Throws MethodError or
  /// GeometryError when they cannot be built, MethodError for an unknown method.
  Router(const PolygonMap& region, const std::string& method);
  /// The route from `from` to `goal`; found = false when no corridor joins them. Throws
  /// QueryError when either point lies outside the region.
  bool plan(Point from, Point goal, Route& out);
  /// Connected part of the region (navmesh faces joined through portals) holding p, or -1
  /// when p lies outside the mesh.
  int component(Point p) const;
  const NavMesh& mesh() const { return mesh_; }

 private:
  NavMesh mesh_;
  std::vector<int> component_;  // per face
  std::unique_ptr<Method> method_;
};

/// The target of an agent at p on `route`, advancing `next` (the index of the first path
/// point, or steer portal, not yet passed; start it at 1 for funnel, 0 for portals):
/// funnel: while the point after route.points[next] is in line of sight on `region`, skip
/// ahead; portals: a portal is passed once p is on or beyond its line, and the target is
/// the nearest point of the next portal's segment, or the goal after the last portal.
SteerTarget steerTarget(Steer steer, const Route& route, int& next, Point p, const PolygonMap& region);

}  // namespace polypath::crowd
