// navmesh_build.hpp: a polygon map cut into a navigation mesh by polypath's constrained
// Delaunay triangulation (polypath/core/triangulation.hpp).
#pragma once

#include "polypath/core/navmesh.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// The constrained Delaunay triangulation (triangulatePolygon) of every walkable polygon
/// with its holes, as one NavMesh. Each face's area id is the index of its polygon, so
/// separate polygons never connect; triangles that meet only at a vertex (pinch points)
/// are not neighbours. Vertices are shared by exact coordinates. Expected O(n log n) for
/// n ring vertices. Throws GeometryError naming the polygon when ring edges cross or the
/// triangles do not cover the polygon's area (relative difference above 1e-9): validate
/// the map first.
///
/// With `merge_convex`, triangles of one polygon are then merged into convex polygons
/// (Hertel and Mehlhorn, 1983: a portal is removed, longest first, while both faces
/// beside it stay strictly convex where it ends), the kind of mesh Polyanya's published
/// merged meshes are: fewer, larger faces, so a search crosses fewer portals.
NavMesh buildNavMesh(const PolygonMap& map, bool merge_convex = false);

}  // namespace polypath
