// scene_method.hpp: the search methods the editor runs on a polygon map besides its own
// visibility graph (navigation mesh: Polyanya, triangle A* with centre or portal nodes;
// the map rasterized into a grid), each as one SearchGraph for the one engine, with the
// method's drawing (triangles, adjacency, corridor, portals, funnel, grid cells) and the
// funnel stepped one portal at a time.
//
// [SECTION] Methods
// [SECTION] MethodView
//
// The Scene keeps one MethodView for the chosen method (rebuilt on every edit, drags
// included); the Compare view keeps one per side. The visibility method borrows the
// Scene's VisibilityGraph, so a comparison runs on the very graph the canvas shows.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "polypath/debug/debug_draw.hpp"
#include "polypath/core/funnel.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/debug/recorded_graph.hpp"
#include "polypath/core/search.hpp"
#include "polypath/core/visibility_graph.hpp"
#include "polypath/methods/method_run.hpp"

namespace polypath::editor {

// [SECTION] Methods

/// The method kinds and settings are the shared ones of io/method_run.hpp.
using polypath::MethodKind;
using polypath::MethodSettings;

/// Every method, in the order of the method selector.
inline constexpr MethodKind kMethodKinds[] = {MethodKind::Visibility, MethodKind::NavmeshExact,
                                               MethodKind::NavmeshCentre, MethodKind::NavmeshPortal,
                                               MethodKind::Grid};
/// Name for the selector and tables: "visibility graph", "navmesh exact (Polyanya)"...
const char* methodName(MethodKind kind);
/// Short name for labels: "visibility", "Polyanya", "triangle centre", "triangle portal", "grid".
const char* methodShortName(MethodKind kind);
/// True for the three navigation-mesh methods.
bool isNavmesh(MethodKind kind);
/// True for the two triangle A* methods (they have a corridor, portals and a funnel).
bool isTriangleSearch(MethodKind kind);

/// "visibility graph", or "grid (cell 0.5)".
std::string describe(const MethodSettings& s);
/// Parses a method name as the editor's --method takes it: "visibility", "polyanya",
/// "centre", "portal", "grid" or "grid:CELL" (CELL world units, > 0). False if unknown.
bool parseMethod(const std::string& text, MethodSettings& out);

/// The layers a method draws: the map layers, start/goal, path and the expanded node
/// always; the closed and open sets (and relaxed arcs, except Polyanya) for the graph
/// searches; the visibility graph's nodes and links only for Visibility; the navmesh
/// layers for the navmesh methods (corridor, portals and funnel only for triangle A*);
/// for Grid its cell layers (walls, explored and waiting cells) instead of the graph sets.
std::uint32_t methodLayers(MethodKind kind);

// [SECTION] MethodView

/// One method's built structure on one map and its query for one start and goal (a
/// MethodRun: the SearchGraph the engine runs on, the path it gives), the editor's drawing
/// of it and the funnel stepped one portal at a time.
class MethodView {
 public:
  MethodView();
  ~MethodView();
  MethodView(const MethodView&) = delete;
  MethodView& operator=(const MethodView&) = delete;

  /// MethodRun::build (same arguments and errors; `graph` must outlive the view), timed
  /// for buildMs(); any query and funnel are dropped.
  void build(const PolygonMap& map, const VisibilityGraph* graph, const MethodSettings& settings);
  /// Forgets structure and query.
  void clear();
  const MethodSettings& settings() const { return run_.settings(); }
  /// Milliseconds the last build() took.
  double buildMs() const { return build_ms_; }
  /// True after a successful build().
  bool built() const { return run_.built(); }

  /// Links start and goal (world units) into the method's graph. Throws QueryError (or
  /// std::exception) naming the point when it lies outside the mesh or on no free cell.
  void query(Point start, Point goal);
  bool hasQuery() const { return run_.graph() != nullptr; }
  /// The graph the engine searches (for Polyanya a RecordedGraph, so searches on it can
  /// be stepped back and replayed); null without a query. Valid until the next build or query.
  const SearchGraph* graph() const { return run_.graph(); }
  NodeId startNode() const { return run_.startNode(); }
  NodeId goalNode() const { return run_.goalNode(); }

  /// The path a search result on graph() stands for, in world units: the visibility or
  /// grid path as searched; Polyanya's turning points; for triangle A* the funnel path
  /// through the corridor's portals (its length, not the node-to-node cost). `expanded`
  /// is kept.
  Path worldPath(const Path& search) const;
  /// Not empty when the last search on graph() was cut short: Polyanya stopped after
  /// kMaxPolyanyaNodes search nodes (so a runaway search cannot exhaust memory).
  std::string searchWarning() const;
  /// Sizes for the stats: faces and portals of the navmesh, or free cells of the grid.
  std::string structureSummary() const;

  /// Draws the structure (navmesh triangles and adjacency, grid cells) by layer.
  void drawStructure(DebugDraw& dd, std::uint32_t layers) const;
  /// Draws a search state on graph() (closed, open, relaxed, expanded) by layer.
  void drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const;
  /// Draws a result: corridor, portals, the seed 003 portal corridor (its kept portals
  /// on LayerNavSteerPortals), the path, and for triangle A* the funnel at the current
  /// funnel step (apex and sides) when one is chosen.
  void drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const;

  // Funnel stepping (triangle A*): the funnel over the corridor of the found path -------

  /// Number of funnel steps for a found path `search` (0 for other methods or no path).
  /// Prepares the steps (funnelSteps) once per path.
  int funnelCount(const Path& search) const;
  /// The funnel step shown: -1 (none: the finished path) or 0 .. funnelCount().
  int funnelPosition() const { return funnel_position_; }
  void setFunnelPosition(int k) { funnel_position_ = k; }
  /// The funnel state after k steps of the found path `search` (k clamped).
  const FunnelState* funnelState(const Path& search, int k) const;
  /// The portals the funnel crosses ((start,start), corridor portals, (goal,goal)).
  const std::vector<FunnelPortal>& funnelPortals(const Path& search) const;

  /// The navmesh (navmesh methods after build), else null.
  const NavMesh* navMesh() const { return run_.navMesh(); }
  /// The triangle query (triangle A* after query), else null.
  const NavMeshQuery* triangleQuery() const { return run_.triangleQuery(); }
  /// The grid (Grid after build), else null.
  const Grid* grid() const { return run_.grid(); }

 private:
  /// Forgets the query (its graph, nodes and funnel); the built structure stays.
  void dropQuery();
  void prepareFunnel(const Path& search) const;

  MethodRun run_;
  double build_ms_ = 0.0;

  // The funnel of the last path asked about (cached by its node sequence).
  mutable std::vector<NodeId> funnel_nodes_;
  mutable bool funnel_ready_ = false;
  mutable NavMeshPath funnel_path_;
  mutable std::vector<FunnelState> funnel_steps_;
  int funnel_position_ = -1;
};

/// Most Polyanya search nodes the editor lets one search create (about 200 MB).
inline constexpr std::size_t kMaxPolyanyaNodes = 1'000'000;

}  // namespace polypath::editor
