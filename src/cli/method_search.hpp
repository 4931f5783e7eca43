// method_search.hpp: the method a polygon-map query asks for (--method visibility or
// navmesh, with --node-placement), made by the registry (polypath/methods/registry.hpp),
// built on the searched map and queried with the request's start and goal: what `polypath
// path`, `svg` and `trace` search and draw.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "cli/query_setup.hpp"
#include "polypath/core/method.hpp"
#include "polypath/debug/debug_draw.hpp"

namespace polypath::cli {

/// The registry name of r's method: --method visibility is "visibility"; --method navmesh
/// is "polyanya" (exact), or with --node-placement centre|portal that name (triangle A*).
std::string registryMethodName(const QueryRequest& r);

/// r's method built on q's searched map, with r's start and goal linked in when both are set.
class MethodSearch {
 public:
  /// Builds the method (the visibility graph with r's corner offset, or the constrained
  /// Delaunay mesh) and the query. Throws BadInput naming r.map when it cannot be built or
  /// a point is outside it. r.method must be visibility or navmesh.
  MethodSearch(const QueryRequest& r, const LoadedQuery& q);
  ~MethodSearch();

  const Method& method() const { return *method_; }
  /// Milliseconds the build took.
  double buildMs() const { return build_ms_; }
  /// Null without a start or goal.
  const SearchGraph* graph() const { return method_->graph(); }
  NodeId startNode() const { return method_->startNode(); }
  NodeId goalNode() const { return method_->goalNode(); }
  /// Method::worldPath.
  Path worldPath(const Path& search) const { return method_->worldPath(search); }

  /// Method::drawStructure.
  void drawStructure(DebugDraw& dd, std::uint32_t layers) const { method_->drawStructure(dd, layers); }
  /// Method::drawSearch.
  void drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const {
    method_->drawSearch(dd, state, layers);
  }
  /// Method::drawResult.
  void drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const {
    method_->drawResult(dd, search, layers);
  }
  /// Start and goal: the method's links and markers, or without a query the markers given.
  void drawEndpoints(DebugDraw& dd, std::uint32_t layers) const;

 private:
  std::unique_ptr<Method> method_;
  double build_ms_ = 0.0;
  std::optional<Point> start_, goal_;
};

}  // namespace polypath::cli
