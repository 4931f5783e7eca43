// navmesh.hpp: a navigation mesh (convex faces, usually triangles, with adjacency through
// shared edges), point location on it, and the per-query SearchGraph that runs triangle A*
// through the one search engine, with the corridor, its portals and the funnel path.
//
// [SECTION] NavMesh (built once per map)
// [SECTION] NavMeshQuery (start and goal linked in, a SearchGraph)
// [SECTION] NavMeshPath (corridor, portals, funnel) and the one-shot query
//
// Method: triangle A* as in the seed article "003" (nodes at triangle centres, arc costs
// by centre distance, straight-line heuristic) or with nodes at portal midpoints as
// Recast/Detour's dtNavMeshQuery places them; then the funnel algorithm (funnel.hpp) pulls
// the path taut through the portals of the face corridor. The result is the shortest path
// inside the corridor, which need not be the shortest path in the map: the search picks
// the corridor by node-to-node distances, not by the taut length.
#pragma once

#include <array>
#include <vector>

#include "polypath/core/funnel.hpp"
#include "polypath/core/polygon_map.hpp"
#include "polypath/core/search.hpp"

namespace polypath {

// [SECTION] NavMesh

/// A planar mesh of convex faces (constrained Delaunay triangles, or the convex polygons
/// of a Polyanya mesh). Immutable once built.
///
/// Two faces are neighbours only when they share a whole edge (the same two vertices)
/// and belong to the same area (`area` id: separate walkable polygons of a map never
/// connect). Faces that meet only at a vertex, as at a zero-width pinch, are not
/// neighbours, so a search never passes through a pinch.
class NavMesh {
 public:
  /// One convex face. Vertices counter-clockwise in a y-up frame (the walkable side is to
  /// the left of each directed edge v[i] -> v[i+1]).
  struct Face {
    std::vector<int> v;          ///< vertex indices into vertices(), at least 3
    std::vector<int> neighbour;  ///< per edge i (v[i] -> v[i+1]): the face across it, or -1
    std::vector<int> portal;     ///< per edge i: index into portals(), or -1 for a wall
    int area = 0;                ///< walkable area (polygon of the source map) it belongs to
    Point centre;                ///< vertex average (inside a convex face), world units
  };
  /// An edge shared by two neighbouring faces.
  struct Portal {
    int a = -1, b = -1;          ///< vertex indices; face `left` has the edge as a -> b
    int left = -1, right = -1;   ///< face ids; `left` lies to the left of a -> b
    Point midpoint;              ///< world units
  };
  /// Input face: vertex indices in either orientation, and its area id.
  struct FaceInput {
    std::vector<int> v;
    int area = 0;
  };

  NavMesh() = default;
  /// Builds the mesh: orients every face counter-clockwise, finds neighbours through
  /// shared edges and indexes the faces for point location. Throws GeometryError
  /// (naming the face) when a vertex index is out of range, a face has fewer than 3
  /// vertices, repeats a vertex, is not convex or has zero area, or an edge is shared by
  /// more than two faces of one area.
  NavMesh(std::vector<Point> vertices, std::vector<FaceInput> faces);

  const std::vector<Point>& vertices() const { return vertices_; }
  const std::vector<Face>& faces() const { return faces_; }
  const std::vector<Portal>& portals() const { return portals_; }
  bool empty() const { return faces_.empty(); }
  /// Sum of face areas (world units squared).
  double area() const;
  /// Vertex i of face f, in world units.
  Point corner(int f, int i) const { return vertices_[faces_[f].v[i]]; }
  /// The bounding box of face f (world units), kept with the mesh: point location and
  /// view culling test it before the face's own vertices.
  PolygonMap::Bounds faceBounds(int f) const { return {box_lo_[f], box_hi_[f]}; }

  /// Exact: p lies in the closed face f.
  bool faceContains(int f, Point p) const;
  /// Every face whose closed area contains p, in increasing id: one face for an interior
  /// point, two on an internal edge, all faces around a vertex. Empty when p is outside
  /// the mesh. A query links start and goal to all of them, so the answer does not depend
  /// on which containing face one would have picked.
  std::vector<int> facesContaining(Point p) const;
  /// The same, written into `out` (cleared first), so a caller that locates many points
  /// allocates nothing once `out` has grown.
  void facesContaining(Point p, std::vector<int>& out) const;

 private:
  std::vector<Point> vertices_;
  std::vector<Face> faces_;
  std::vector<Portal> portals_;
  // Uniform grid over face bounding boxes (CSR), for point location.
  Point grid_min_{};
  double cell_ = 1.0;
  int grid_w_ = 0, grid_h_ = 0;
  std::vector<int> cell_start_, cell_faces_;
  std::vector<Point> box_lo_, box_hi_;  // per face: its bounding box, a quick reject before the exact test
  void buildGrid();
};

// [SECTION] NavMeshQuery

/// Where the search graph's nodes sit.
enum class NodePlacement {
  Centre,  ///< one node per face at its centre (the seed article's triangle A*)
  Portal,  ///< one node per portal at its midpoint (Recast/Detour's placement)
};
/// "centre" or "portal".
const char* nodePlacementName(NodePlacement p);
/// Parses "centre" (or "center") and "portal"; false if unknown.
bool parseNodePlacement(const char* name, NodePlacement& out);

/// A navmesh with one start and one goal linked in: the SearchGraph triangle A* runs on.
/// Node ids: 0 .. k-1 are faces (Centre) or portals (Portal), then start, then goal.
/// Start links to every face containing it (Centre) or to every portal of those faces
/// (Portal); the goal likewise. Arc costs are distances between node positions, so the
/// Euclidean heuristic is admissible for the graph (not for the taut path).
class NavMeshQuery final : public SearchGraph {
 public:
  /// Locates start and goal. Throws QueryError naming which point lies outside the mesh.
  NavMeshQuery(const NavMesh& mesh, Point start, Point goal, NodePlacement placement);

  NodeId startNode() const { return static_cast<NodeId>(base_); }
  NodeId goalNode() const { return static_cast<NodeId>(base_ + 1); }
  Point start() const { return start_; }
  Point goal() const { return goal_; }
  NodePlacement placement() const { return placement_; }
  const NavMesh& mesh() const { return *mesh_; }
  /// Faces containing the start (increasing id).
  const std::vector<int>& startFaces() const { return start_faces_; }
  /// Faces containing the goal (increasing id).
  const std::vector<int>& goalFaces() const { return goal_faces_; }

  std::size_t nodeCount() const override { return base_ + 2; }
  Point position(NodeId n) const override;
  void neighbours(NodeId n, std::vector<Arc>& out) const override;

  /// The face corridor of a found path (the faces from one containing the start to one
  /// containing the goal, consecutive faces neighbours). Empty when not found.
  std::vector<int> corridor(const Path& path) const;

 private:
  bool isGoalFace(int f) const;
  bool isStartFace(int f) const;
  void faceArcs(int f, Point from, NodeId self, std::vector<Arc>& out) const;
  const NavMesh* mesh_;
  Point start_, goal_;
  NodePlacement placement_;
  std::size_t base_ = 0;
  std::vector<int> start_faces_, goal_faces_;
};

// [SECTION] NavMeshPath

/// The portals of a face corridor, in travel order, as (left, right) seen walking from
/// face to face; the first portal is (start, start) and the last (goal, goal), the input
/// the funnel algorithm takes. A corridor of one face gives just those two.
std::vector<FunnelPortal> corridorPortals(const NavMesh& mesh, const std::vector<int>& corridor, Point start,
                                          Point goal);

/// Everything one navmesh query produces.
struct NavMeshPath {
  Path search;                       ///< the A* result on node positions (length: node-to-node cost)
  std::vector<int> corridor;         ///< faces from start to goal
  std::vector<FunnelPortal> portals; ///< (start,start), the corridor's portals, (goal,goal)
  bool found = false;
  double length = 0.0;               ///< length of `points` (world units)
  std::vector<Point> points;         ///< the funnel path: start, portal endpoints where it turns, goal
};

/// Triangle A* plus the funnel: builds the query, runs the one engine (findPath), and
/// pulls the path taut. Throws QueryError when start or goal is outside the mesh.
NavMeshPath findNavMeshPath(const NavMesh& mesh, Point start, Point goal, NodePlacement placement,
                            SearchOptions options = {});

/// The funnel step of findNavMeshPath for a finished (or stepped) search: corridor,
/// portals and taut path from the search result.
NavMeshPath pullPath(const NavMeshQuery& query, const Path& search);

}  // namespace polypath
