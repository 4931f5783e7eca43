// mesh2.hpp: Polyanya's navigation-mesh files, "mesh 2" and "mesh 3": reading them as a
// NavMesh or as a polygon map (the union of their traversable faces), and writing a
// polygon map as mesh 2.
//
// Mesh 2 (polyanya/vleue meshes/v2/format.txt): "mesh", "2", then V and P, then V vertex
// records "x y n p[0..n-1]" (the n polygons around the vertex, counter-clockwise, -1 for
// obstacle or outside) and P polygon records "n v[0..n-1] p[0..n-1]" (vertex ids
// counter-clockwise, p[i] the polygon across the edge v[i-1] -> v[i], -1 for none).
// Polygons are convex; only traversable polygons are listed. Ids count from 0.
//
// Mesh 3 (meshes/v3/format.txt): "mesh", "3", then V and F, then V vertex records "x y"
// and F face records "t n v[1..n] p[1..n]": t is 1 for a traversable face and 0 for a
// non-traversable one (an obstacle), vertex ids counter-clockwise, p[j] the face across
// the edge v[j-1] -> v[j]: k > 0 face k (crossable), k < 0 face -k (a constrained edge),
// 0 none. Ids count from 1. The format says y points up.
//
// Both are whitespace-insensitive; "//" starts a comment that runs to the end of the line.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "polypath/core/error.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/core/polygon_map.hpp"

namespace polypath {

/// A mesh file's content (mesh 2 or mesh 3), with ids counted from 0 whatever the version.
struct Mesh2 {
  int version = 2;                              ///< 2 or 3, as the file says
  std::vector<Point> vertices;                  ///< x, y in the file's units (as written, not flipped)
  /// Per vertex: polygons around it (-1: none). Mesh 2 only: empty lists for mesh 3, whose
  /// files do not have them.
  std::vector<std::vector<int>> vertex_polygons;
  std::vector<std::vector<int>> polygons;       ///< per polygon (face): vertex ids, counter-clockwise
  /// Per polygon: the traversable polygon across v[i-1] -> v[i] whose edge the file marks
  /// crossable, or -1 (none, an obstacle face, or a constrained edge in mesh 3).
  std::vector<std::vector<int>> neighbours;
  /// Per polygon: whether it is walkable. All true for mesh 2; mesh 3's non-traversable
  /// faces are obstacles, kept here but left out of the NavMesh and the polygon map.
  std::vector<bool> traversable;

  /// Number of traversable polygons.
  std::size_t traversableCount() const;
};

/// A mesh file that cannot be read: the message names the file, the line and what is wrong.
class MeshFileError : public Error {
 public:
  using Error::Error;
};

/// Parses mesh 2 or mesh 3 text, by the version line. `source` names the file in
/// messages ("FILE:LINE: ..."). Throws MeshFileError on a wrong header, a version other
/// than 2 and 3, a missing or malformed number, a count out of range, a vertex or
/// polygon id out of range, a traversable flag other than 0 and 1, or trailing content.
Mesh2 parseMesh(std::string_view text, const std::string& source = "<memory>");
/// Reads and parses a mesh 2 or mesh 3 file (MeshFileError also when it cannot be read).
Mesh2 loadMesh(const std::filesystem::path& file);

/// The mesh's traversable polygons as NavMesh faces (one area), in file order: face ids
/// are file ids when every polygon is traversable (always for mesh 2), otherwise they
/// count traversable polygons only. Adjacency is recomputed from shared edges (the
/// union of the faces has no walls inside); throws GeometryError (naming the face by its
/// NavMesh id) for a non-convex or degenerate polygon.
NavMesh navMeshFromMesh2(const Mesh2& mesh);

/// A navmesh as mesh 2 content: faces counter-clockwise, neighbours across each edge,
/// and per vertex its faces in counter-clockwise order with -1 for each gap (walls).
Mesh2 mesh2FromNavMesh(const NavMesh& mesh);

/// Mesh 2 text (header, counts, one record per line; numbers round-trip exactly).
std::string serializeMesh2(const Mesh2& mesh);

}  // namespace polypath
