// method_base.hpp: what the built-in methods share: the query's graph, start and goal
// nodes, the points they were linked from, and the default drawing of a search, a result
// and the endpoints through DebugDraw.
#pragma once

#include <memory>
#include <string>

#include "polypath/core/method.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/debug/debug_draw.hpp"

namespace polypath {

/// A Method whose query is one SearchGraph with a start and a goal node.
class GraphMethod : public Method {
 public:
  const SearchGraph* graph() const override { return graph_; }
  NodeId startNode() const override { return start_node_; }
  NodeId goalNode() const override { return goal_node_; }

  /// The start and goal markers (LayerStartGoal) at the query's points.
  void drawEndpoints(DebugDraw& dd, std::uint32_t layers) const override {
    if (!graph_) return;
    drawStartGoal(dd, &start_, &goal_, layers);
  }
  /// The closed set, open set, relaxed arcs and expanded node, one layer over the other.
  void drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const override {
    if (!graph_) return;
    for (Layer l : {LayerClosedSet, LayerOpenSet, LayerRelaxed, LayerExpanded})
      if (layers & l) polypath::drawSearch(dd, *graph_, state, l);
  }
  /// The world path (LayerPath).
  void drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const override {
    if (graph_) drawPath(dd, worldPath(search), layers & LayerPath);
  }

 protected:
  /// The search path's node positions as they are.
  Path tracePath(const Path& search) const override { return search; }
  /// Records the query: the graph the engine searches and its start and goal nodes.
  void setQuery(const SearchGraph* graph, NodeId start, NodeId goal, Point from, Point to) {
    graph_ = graph;
    start_node_ = start;
    goal_node_ = goal;
    start_ = from;
    goal_ = to;
  }
  void clearQuery() { setQuery(nullptr, kNoNode, kNoNode, {}, {}); }

 private:
  const SearchGraph* graph_ = nullptr;
  NodeId start_node_ = kNoNode, goal_node_ = kNoNode;
  Point start_, goal_;
};

/// A method on the map's constrained Delaunay navmesh (geom/navmesh_build.hpp).
class NavMeshMethod : public GraphMethod {
 public:
  /// Triangulates `map` (GeometryError when GEOS cannot), then buildSearch().
  void build(const PolygonMap& map, const MethodOptions& options, const VisibilityGraph* graph) override;
  bool built() const override { return mesh_ != nullptr; }
  /// "412 triangles, 530 portals" ("faces" on a merged mesh).
  std::string structureSummary() const override;
  /// Triangles and the adjacency of their centres.
  void drawStructure(DebugDraw& dd, std::uint32_t layers) const override;

 protected:
  /// What the method adds to the mesh (Polyanya's corner arrays); nothing by default.
  virtual void buildSearch(const NavMesh&) {}
  /// True when the method searches convex polygons merged from the triangles
  /// (buildNavMesh's merge_convex: Polyanya); corridor methods keep the triangles.
  virtual bool mergedFaces() const { return false; }
  const NavMesh* mesh() const { return mesh_.get(); }
  const MethodOptions& options() const { return options_; }
  /// Takes `other`'s built mesh (shared) and options, without its query: share()'s first half.
  void shareMesh(const NavMeshMethod& other) {
    dropQuery();
    mesh_ = other.mesh_;
    options_ = other.options_;
  }

 private:
  std::shared_ptr<const NavMesh> mesh_;
  MethodOptions options_;
};

/// The layers every method draws: the map, start and goal, the path, the expanded node.
inline constexpr std::uint32_t kBaseMethodLayers = LayerRegion | LayerEdges | LayerClearanceOutline |
                                                   LayerEdgeNormals | LayerVertexNormals | LayerVertices |
                                                   LayerPath | LayerStartGoal | LayerExpanded;
/// The layers of a search drawn as graph nodes and arcs.
inline constexpr std::uint32_t kGraphSearchLayers = LayerClosedSet | LayerOpenSet | LayerRelaxed;

}  // namespace polypath
