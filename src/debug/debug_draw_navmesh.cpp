// debug_draw_navmesh.cpp: navmesh, corridor, portal and funnel drawing.
#include "polypath/debug/debug_draw_navmesh.hpp"

namespace polypath {

void drawNavMesh(DebugDraw& dd, const NavMesh& mesh, std::uint32_t layers) {
  if (layers & LayerNavTriangles) {
    const Color c = layerColor(LayerNavTriangles);
    // Edges shorter than the target's detail are left out: from afar a mesh of 20,000
    // faces would be a solid patch, drawn at the cost of every edge.
    const double min2 = dd.min_detail * dd.min_detail;
    for (std::size_t f = 0; f < mesh.faces().size(); ++f) {
      const auto& face = mesh.faces()[f];
      for (std::size_t i = 0; i < face.v.size(); ++i) {
        // Draw each shared edge once (from the face with the smaller id).
        if (face.neighbour[i] >= 0 && face.neighbour[i] < static_cast<int>(f)) continue;
        const Point a = mesh.vertices()[face.v[i]], b = mesh.vertices()[face.v[(i + 1) % face.v.size()]];
        if (min2 > 0.0 && dot(b - a, b - a) < min2) continue;
        dd.line(a, b, c, 1.0f);
      }
    }
  }
  if (layers & LayerNavAdjacency) {
    const Color c = layerColor(LayerNavAdjacency);
    // The same level of detail: a link half (face centre to portal midpoint) shorter than
    // the detail is left out, and so is the dot of a face with such a half. From afar the
    // faces of a big mesh are a few pixels wide, and their dots and links (three primitives
    // per face) would cover it in one solid patch; zoomed in, every one is drawn.
    const double min2 = dd.min_detail * dd.min_detail;
    const auto shown = [&](Point centre, Point midpoint) {
      return min2 <= 0.0 || dot(midpoint - centre, midpoint - centre) >= min2;
    };
    for (const NavMesh::Portal& p : mesh.portals()) {
      const Point left = mesh.faces()[p.left].centre, right = mesh.faces()[p.right].centre;
      if (shown(left, p.midpoint)) dd.line(left, p.midpoint, c, 1.0f);
      if (shown(right, p.midpoint)) dd.line(p.midpoint, right, c, 1.0f);
    }
    for (const NavMesh::Face& face : mesh.faces()) {
      bool dot_shown = true;
      for (int portal : face.portal)
        if (portal >= 0 && !shown(face.centre, mesh.portals()[portal].midpoint)) dot_shown = false;
      if (dot_shown) dd.point(face.centre, c, 2.5f);
    }
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
