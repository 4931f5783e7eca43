// navmesh_build.hpp: a polygon map cut into a navigation mesh by GEOS's constrained
// Delaunay triangulation. GEOS stays private to polypath_io: this header does not include it.
#pragma once

#include "polypath/core/navmesh.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// The constrained Delaunay triangulation (GEOSConstrainedDelaunayTriangulation_r, GEOS
/// 3.10+) of every walkable polygon with its holes, as one NavMesh. Each triangle's area id
/// is the index of its polygon, so separate polygons never connect; triangles that meet
/// only at a vertex (pinch points) are not neighbours. Vertices are shared by exact
/// coordinates. PolygonMap has already inserted every T-junction contact into the edge it
/// touches, which GEOS needs (see DESIGN.md). Where GEOS 3.11 fails on a polygon with holes
/// ("Unable to find a convex corner"), the polygon is cut in two by a vertical line through
/// a hole and each half triangulated (recursively, at most 24 cuts deep): the triangles are
/// then constrained Delaunay within each half, and the cut edges are ordinary portals.
/// Throws GeometryError naming the polygon when GEOS fails or the triangles do not cover
/// the polygon's area (relative difference above 1e-9).
///
/// Large polygons (more than 2,000 vertices) are triangulated cell by cell of a grid over
/// their box, about 250 vertices a cell (k vertical strips, each cut into k cells), so the
/// build no longer grows with the product of vertices and holes; the grid lines become
/// ordinary portals. Where the cells' triangles would not meet edge to
/// edge, the polygon is triangulated whole.
///
/// With `merge_convex`, triangles of one polygon are then merged into convex polygons
/// (Hertel and Mehlhorn, 1983: a portal is removed, longest first, while both faces
/// beside it stay strictly convex where it ends), the kind of mesh Polyanya's published
/// merged meshes are: fewer, larger faces, so a search crosses fewer portals.
NavMesh buildNavMesh(const PolygonMap& map, bool merge_convex = false);

}  // namespace polypath
