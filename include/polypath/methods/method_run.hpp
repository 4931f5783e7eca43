// method_run.hpp: one search method on a polygon map, built and queried in one place:
// the visibility graph, Polyanya or triangle A* on the constrained Delaunay navmesh, or
// the map rasterized into a grid, each given to the one engine (core/search.hpp) as a
// SearchGraph with a start and a goal node. The editor's MethodView and the CLI's
// MethodSearch (`polypath svg`, `polypath trace`) both run their methods through it and
// add only their own drawing.
#pragma once

#include <cstddef>
#include <memory>

#include "polypath/core/grid.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/core/polygon_map.hpp"
#include "polypath/debug/recorded_graph.hpp"
#include "polypath/core/search.hpp"
#include "polypath/core/visibility_graph.hpp"

namespace polypath {

/// A search method on a polygon map.
enum class MethodKind {
  Visibility,     ///< A* on the visibility graph of reflex vertices (exact)
  NavmeshExact,   ///< Polyanya on the constrained Delaunay navmesh (exact)
  NavmeshCentre,  ///< triangle A*, nodes at triangle centres (seed 003), then the funnel
  NavmeshPortal,  ///< triangle A*, nodes at portal midpoints (Detour), then the funnel
  Grid,           ///< A* on the map rasterized at a cell size (8 moves, no corner cutting)
};

/// A method and its one setting.
struct MethodSettings {
  MethodKind kind = MethodKind::Visibility;
  double cell_size = 1.0;  ///< Grid: world units per cell side (> 0)
  friend bool operator==(const MethodSettings&, const MethodSettings&) = default;
};

/// One method's built structure on one map and its query for one start and goal: the
/// SearchGraph the engine runs on and the world path a search result on it stands for.
/// Not copyable (the queries point into the built structure).
class MethodRun {
 public:
  /// Builds `settings`' method on `map` (world units): the navmesh by buildNavMesh (GEOS
  /// constrained Delaunay; PolyanyaMesh on it for NavmeshExact), the grid by rasterize()
  /// with GridGraph's default moves; Visibility borrows `graph` (the visibility graph of
  /// `map`; it must outlive the run). Drops any query. Throws GeometryError (navmesh) or
  /// std::invalid_argument (no visibility graph, bad cell size, grid too large) with the
  /// reason; the run is then empty.
  void build(const PolygonMap& map, const VisibilityGraph* graph, const MethodSettings& settings);
  /// Forgets structure and query.
  void clear();
  /// True after a successful build().
  bool built() const { return built_; }
  const MethodSettings& settings() const { return settings_; }

  /// Links start and goal (world units) into the built method's graph (does nothing when
  /// not built). `polyanya_limit` 0: the engine searches the PolyanyaQuery itself; else
  /// through a RecordedGraph (searches can be stepped back and replayed) that stops after
  /// that many Polyanya search nodes. Throws QueryError naming the point when it lies
  /// outside the mesh or (Grid) on no free cell; the query is then dropped.
  void query(Point start, Point goal, std::size_t polyanya_limit = 0);
  /// Forgets the query; the built structure stays.
  void dropQuery();
  /// The graph the engine searches; null without a query. Valid until the next build or query.
  const SearchGraph* graph() const { return graph_; }
  NodeId startNode() const { return start_node_; }
  NodeId goalNode() const { return goal_node_; }

  /// The path a search result on graph() stands for, in world units: the visibility path
  /// as searched; Polyanya's turning points; for triangle A* the funnel path (its length,
  /// not the node-to-node cost), taken from `pulled` when given (pullPath of `search`),
  /// else pulled here; the grid path with its length in world units. `expanded` is kept.
  /// A result without a path (or no query) is returned as it is.
  Path worldPath(const Path& search, const NavMeshPath* pulled = nullptr) const;

  // The built parts (null when the method has none) -------------------------------------

  const VisibilityGraph* visibilityGraph() const { return vis_graph_; }
  const NavMesh* navMesh() const { return mesh_.get(); }
  const Grid* grid() const { return grid_.get(); }
  /// The visibility query (Visibility after query), else null.
  const VisibilityQuery* visibilityQuery() const { return vis_query_.get(); }
  /// The Polyanya query (NavmeshExact after query), else null.
  const PolyanyaQuery* polyanyaQuery() const { return poly_query_.get(); }
  /// The recording wrapper of the Polyanya query (query with a polyanya_limit), else null.
  const RecordedGraph* recorded() const { return recorded_.get(); }
  /// The triangle query (triangle A* after query), else null.
  const NavMeshQuery* triangleQuery() const { return tri_query_.get(); }

 private:
  MethodSettings settings_;
  bool built_ = false;
  const VisibilityGraph* vis_graph_ = nullptr;
  std::unique_ptr<NavMesh> mesh_;
  std::unique_ptr<PolyanyaMesh> pmesh_;
  std::unique_ptr<Grid> grid_;
  std::unique_ptr<GridGraph> grid_graph_;

  std::unique_ptr<VisibilityQuery> vis_query_;
  std::unique_ptr<PolyanyaQuery> poly_query_;
  std::unique_ptr<RecordedGraph> recorded_;
  std::unique_ptr<NavMeshQuery> tri_query_;
  const SearchGraph* graph_ = nullptr;
  NodeId start_node_ = kNoNode, goal_node_ = kNoNode;
};

}  // namespace polypath
