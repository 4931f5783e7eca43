// debug_draw_navmesh.hpp: draw functions for the navigation mesh, its corridor and
// portals, and the funnel algorithm's state, through the DebugDraw interface.
#pragma once

#include <cstdint>
#include <vector>

#include "polypath/debug/debug_draw.hpp"
#include "polypath/core/funnel.hpp"
#include "polypath/core/navmesh.hpp"

namespace polypath {

/// Face outlines (LayerNavTriangles) and centre-to-centre links between neighbouring
/// faces (LayerNavAdjacency).
void drawNavMesh(DebugDraw& dd, const NavMesh& mesh, std::uint32_t layers);

/// The faces of a corridor filled (LayerNavCorridor); `corridor` holds face ids.
void drawCorridor(DebugDraw& dd, const NavMesh& mesh, const std::vector<int>& corridor, std::uint32_t layers);

/// Portals as segments (LayerNavPortals), the left end marked with a larger dot. Degenerate
/// portals (the start and goal points, left == right) are skipped.
void drawPortals(DebugDraw& dd, const std::vector<FunnelPortal>& portals, std::uint32_t layers);

/// The portals of the seed article's portal corridor (portalCorridor(): the ones an agent
/// steers through) as thick segments (LayerNavSteerPortals), drawn over the corridor's
/// portals; the left end marked with a larger dot, degenerate portals skipped.
void drawSteerPortals(DebugDraw& dd, const std::vector<FunnelPortal>& portals, std::uint32_t layers);

/// The seed article's portal corridor: its kept portals (drawSteerPortals,
/// LayerNavSteerPortals) and the start and goal markers (LayerStartGoal).
void drawPortalCorridor(DebugDraw& dd, const PortalCorridor& corridor, std::uint32_t layers);

/// One funnel state: the path fixed so far (LayerPath, thin), the two sides from the apex
/// to their ends (LayerFunnelSides; the left side solid, the right side thinner) and the
/// apex (LayerFunnelApex). `portals` marks the next portal to be processed (LayerNavPortals).
void drawFunnel(DebugDraw& dd, const FunnelState& state, const std::vector<FunnelPortal>& portals,
                std::uint32_t layers);

/// A finished navmesh query: corridor, portals, the portals an agent steers through
/// (drawSteerPortals) and the funnel path (LayerPath).
void drawNavMeshPath(DebugDraw& dd, const NavMesh& mesh, const NavMeshPath& path, std::uint32_t layers);

}  // namespace polypath
