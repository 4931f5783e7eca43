// method_search.hpp: one polygon-map method's search graph for a loaded query (the
// visibility graph, Polyanya, or triangle A* on the navmesh; built and queried by the
// shared io/method_run.hpp), run by the one engine, and drawn through DebugDraw layer by
// layer: what `polypath svg` and `polypath trace` show for --method visibility and navmesh.
#pragma once

#include <cstdint>
#include <optional>

#include "cli/query_setup.hpp"
#include "polypath/debug/debug_draw.hpp"
#include "polypath/core/search.hpp"
#include "polypath/methods/method_run.hpp"

namespace polypath::cli {

/// The search graph of r.method on q's searched map, with r's start and goal linked in.
class MethodSearch {
 public:
  /// Builds the method (for navmesh the constrained Delaunay mesh) and, when r has a start
  /// and goal, the query. Throws BadInput naming r.map when the mesh cannot be built or a
  /// point is outside it. r.method must be visibility or navmesh.
  MethodSearch(const QueryRequest& r, const LoadedQuery& q);
  ~MethodSearch();

  /// Null without a start or goal.
  const SearchGraph* graph() const { return run_.graph(); }
  NodeId startNode() const { return run_.startNode(); }
  NodeId goalNode() const { return run_.goalNode(); }
  /// The world path a search result stands for: the visibility path as searched,
  /// Polyanya's turning points, or triangle A*'s funnel path (its length).
  Path worldPath(const Path& search) const;

  /// The method's structure: visibility graph nodes and links, or navmesh triangles and
  /// adjacency (by layer).
  void drawStructure(DebugDraw& dd, std::uint32_t layers) const;
  /// A search state on graph(): closed and open sets, relaxed arcs, expanded node.
  void drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const;
  /// A result: for triangle A* the corridor and portals, then the path (LayerPath).
  void drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const;
  /// Start and goal: for visibility their links and markers, else the markers.
  void drawEndpoints(DebugDraw& dd, std::uint32_t layers) const;

 private:
  MethodRun run_;
  std::optional<Point> start_, goal_;
};

}  // namespace polypath::cli
