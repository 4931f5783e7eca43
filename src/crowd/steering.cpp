// steering.cpp: routes (path points and steer portals) and the target an agent aims at.
#include "polypath/crowd/steering.hpp"

#include <algorithm>

#include "polypath/crowd/wall_index.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "polypath/methods/registry.hpp"

namespace polypath::crowd {

const char* steerName(Steer s) { return s == Steer::Funnel ? "funnel" : "portals"; }

bool parseSteer(std::string_view text, Steer& out) {
  if (text == "funnel") out = Steer::Funnel;
  else if (text == "portals") out = Steer::Portals;
  else return false;
  return true;
}

Router::Router(const PolygonMap& region, const std::string& method)
    : mesh_(buildNavMesh(region)), component_(mesh_.faces().size(), -1), method_(methods().create(method)) {
  method_->build(region, {});
  int next = 0;
  std::vector<int> stack;
  for (std::size_t f = 0; f < component_.size(); ++f) {
    if (component_[f] >= 0) continue;
    component_[f] = next;
    stack.push_back(static_cast<int>(f));
    while (!stack.empty()) {
      const int g = stack.back();
      stack.pop_back();
      for (int n : mesh_.faces()[g].neighbour)
        if (n >= 0 && component_[n] < 0) {
          component_[n] = next;
          stack.push_back(n);
        }
    }
    ++next;
  }
}

bool Router::plan(Point from, Point goal, Route& out) {
  out = Route{};
  out.goal = goal;
  const NavMeshPath nav = findNavMeshPath(mesh_, from, goal, NodePlacement::Centre);
  if (!nav.found) return false;
  out.portals = portalCorridor(nav.portals).portals;
  const Path path = method_->findPath(from, goal);
  if (!path.found) return false;
  out.points = path.points;
  if (out.points.empty() || !(out.points.back() == goal)) out.points.push_back(goal);
  return true;
}

int Router::component(Point p) const {
  const std::vector<int> faces = mesh_.facesContaining(p);
  return faces.empty() ? -1 : component_[faces.front()];
}

SteerTarget steerTarget(Steer steer, const Route& route, int& next, Point p, const PolygonMap& region) {
  SteerTarget t;
  if (steer == Steer::Funnel) {
    const int last = static_cast<int>(route.points.size()) - 1;
    next = std::clamp(next, 0, std::max(last, 0));
    while (next < last && region.lineOfSight(p, route.points[next + 1])) ++next;
    t.point = last >= 0 ? route.points[next] : route.goal;
    return t;
  }
  const int count = static_cast<int>(route.portals.size());
  // Passed: p on the portal's line or beyond it (right of the direction right -> left).
  while (next < count && orient(route.portals[next].right, route.portals[next].left, p) <= 0) ++next;
  if (next >= count) {
    t.point = route.goal;
    return t;
  }
  t.has_portal = true;
  t.portal = route.portals[next];
  t.point = nearestOnSegment(p, t.portal.left, t.portal.right);
  return t;
}

}  // namespace polypath::crowd
