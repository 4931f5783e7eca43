// mesh2.hpp: Polyanya's "mesh 2" navigation-mesh files: reading them as a NavMesh or as a
// polygon map (the union of their faces), and writing a polygon map as one.
//
// Format (polyanya/vleue meshes/v2/format.txt): "mesh", "2", then V and P, then V vertex
// records "x y n p[0..n-1]" (the n polygons around the vertex, counter-clockwise, -1 for
// obstacle or outside) and P polygon records "n v[0..n-1] p[0..n-1]" (vertex ids
// counter-clockwise, p[i] the polygon across the edge v[i-1] -> v[i], -1 for none).
// Whitespace-insensitive; polygons are convex; only traversable polygons are listed.
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

/// A mesh 2 file's content, as written.
struct Mesh2 {
  std::vector<Point> vertices;                  ///< x, y in the file's units (grid cells, y down)
  std::vector<std::vector<int>> vertex_polygons;  ///< per vertex: polygons around it (-1: none)
  std::vector<std::vector<int>> polygons;       ///< per polygon: vertex ids, counter-clockwise
  std::vector<std::vector<int>> neighbours;     ///< per polygon: p[i] across v[i-1] -> v[i], or -1
};

/// A mesh file that cannot be read: the message names the file, the line and what is wrong.
class MeshFileError : public Error {
 public:
  using Error::Error;
};

/// Parses mesh 2 text. `source` names the file in messages ("FILE:LINE: ..."). Throws
/// MeshFileError on a wrong header or version, a missing or malformed number, a count out
/// of range, a vertex or polygon index out of range, or trailing content.
Mesh2 parseMesh2(std::string_view text, const std::string& source = "<memory>");
/// Reads and parses a mesh 2 file (MeshFileError also when it cannot be read).
Mesh2 loadMesh2(const std::filesystem::path& file);

/// The mesh's polygons as NavMesh faces (one area). Adjacency is recomputed from shared
/// edges; throws GeometryError (naming the face) for a non-convex or degenerate polygon.
NavMesh navMeshFromMesh2(const Mesh2& mesh);

/// A navmesh as mesh 2 content: faces counter-clockwise, neighbours across each edge,
/// and per vertex its faces in counter-clockwise order with -1 for each gap (walls).
Mesh2 mesh2FromNavMesh(const NavMesh& mesh);

/// Mesh 2 text (header, counts, one record per line; numbers round-trip exactly).
std::string serializeMesh2(const Mesh2& mesh);

}  // namespace polypath
