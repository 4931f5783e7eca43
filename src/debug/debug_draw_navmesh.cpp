// debug_draw_navmesh.cpp: navmesh, corridor, portal and funnel drawing.
#include "polypath/debug/debug_draw_navmesh.hpp"

namespace polypath {

void drawNavMesh(DebugDraw& dd, const NavMesh& mesh, std::uint32_t layers) {
  const auto& faces = mesh.faces();
  // View culling: a face whose box misses the view has every edge and link half in that
  // box. The boxes lie in one array, so each face off screen costs one box test.
  const auto forEachFaceShown = [&](auto&& draw) {
    for (int f = 0; f < static_cast<int>(faces.size()); ++f) {
      if (dd.view) {
        const PolygonMap::Bounds box = mesh.faceBounds(f);
        if (!dd.view->meets(box.min, box.max)) continue;
      }
      draw(f, faces[f]);
    }
  };
  // Level of detail: edges, and link halves (face centre to portal midpoint), shorter than
  // the target's detail are left out, and so is the dot of a face with such a half. From
  // afar a mesh of 20,000 faces would be a solid patch, drawn at the cost of every edge and
  // three adjacency primitives per face; zoomed in, every one is drawn.
  const double min2 = dd.min_detail * dd.min_detail;
  const auto longEnough = [&](Point a, Point b) { return min2 <= 0.0 || dot(b - a, b - a) >= min2; };
  if (layers & LayerNavTriangles) {
    const Color c = layerColor(LayerNavTriangles);
    forEachFaceShown([&](int f, const NavMesh::Face& face) {
      const std::size_t n = face.v.size();
      for (std::size_t i = 0; i < n; ++i) {
        // Each shared edge once, from the face with the smaller id (when that face is
        // culled, the edge, in its box, is off screen too).
        if (face.neighbour[i] >= 0 && face.neighbour[i] < f) continue;
        const Point a = mesh.vertices()[face.v[i]], b = mesh.vertices()[face.v[(i + 1) % n]];
        if (dd.shows(a, b) && longEnough(a, b)) dd.line(a, b, c, 1.0f);
      }
    });
  }
  if (layers & LayerNavAdjacency) {
    const Color c = layerColor(LayerNavAdjacency);
    // Each link as two halves, each drawn from its own face, then the face's dot.
    forEachFaceShown([&](int, const NavMesh::Face& face) {
      bool dot_shown = true;
      for (int portal : face.portal) {
        if (portal < 0) continue;
        const Point mid = mesh.portals()[portal].midpoint;
        if (!longEnough(face.centre, mid))
          dot_shown = false;
        else if (dd.shows(face.centre, mid))
          dd.line(face.centre, mid, c, 1.0f);
      }
      if (dot_shown && dd.shows(face.centre)) dd.point(face.centre, c, 2.5f);
    });
  }
}

void drawCorridor(DebugDraw& dd, const NavMesh& mesh, const std::vector<int>& corridor, std::uint32_t layers) {
  if (!(layers & LayerNavCorridor)) return;
  for (int f : corridor) {
    Ring ring;
    for (int v : mesh.faces()[f].v) ring.push_back(mesh.vertices()[v]);
    dd.fillRings({&ring}, layerColor(LayerNavCorridor));
  }
}

void drawPortals(DebugDraw& dd, const std::vector<FunnelPortal>& portals, std::uint32_t layers) {
  if (!(layers & LayerNavPortals)) return;
  const Color c = layerColor(LayerNavPortals);
  for (const FunnelPortal& p : portals) {
    if (p.left == p.right) continue;
    dd.line(p.left, p.right, c, 2.0f);
    dd.point(p.left, c, 4.0f);
    dd.point(p.right, c, 2.5f);
  }
}

void drawSteerPortals(DebugDraw& dd, const std::vector<FunnelPortal>& portals, std::uint32_t layers) {
  if (!(layers & LayerNavSteerPortals)) return;
  const Color c = layerColor(LayerNavSteerPortals);
  for (const FunnelPortal& p : portals) {
    if (p.left == p.right) continue;
    dd.line(p.left, p.right, c, 5.0f);  // thick: over the corridor's portals (LayerNavPortals)
    dd.point(p.left, c, 5.5f);
    dd.point(p.right, c, 4.0f);
  }
}

void drawPortalCorridor(DebugDraw& dd, const PortalCorridor& corridor, std::uint32_t layers) {
  drawSteerPortals(dd, corridor.portals, layers);
  drawStartGoal(dd, &corridor.start, &corridor.goal, layers);
}

void drawFunnel(DebugDraw& dd, const FunnelState& state, const std::vector<FunnelPortal>& portals,
                std::uint32_t layers) {
  if (layers & LayerPath)
    for (std::size_t i = 1; i < state.path.size(); ++i)
      dd.line(state.path[i - 1], state.path[i], layerColor(LayerPath), 2.0f);
  if ((layers & LayerNavPortals) && !state.done && state.next >= 0 &&
      state.next < static_cast<int>(portals.size())) {
    const FunnelPortal& p = portals[state.next];
    dd.line(p.left, p.right, layerColor(LayerNavPortals), 3.5f);
  }
  if (layers & LayerFunnelSides) {
    const Color c = layerColor(LayerFunnelSides);
    dd.line(state.apex, state.left, c, 2.5f);
    dd.line(state.apex, state.right, c, 1.5f);
  }
  if (layers & LayerFunnelApex) dd.point(state.apex, layerColor(LayerFunnelApex), 6.0f);
}

void drawNavMeshPath(DebugDraw& dd, const NavMesh& mesh, const NavMeshPath& path, std::uint32_t layers) {
  drawCorridor(dd, mesh, path.corridor, layers);
  drawPortals(dd, path.portals, layers);
  if (layers & LayerNavSteerPortals) drawSteerPortals(dd, portalCorridor(path.portals).portals, layers);
  if ((layers & LayerPath) && path.found)
    for (std::size_t i = 1; i < path.points.size(); ++i)
      dd.line(path.points[i - 1], path.points[i], layerColor(LayerPath), 4.0f);
}

}  // namespace polypath
