// method_search.cpp: the registry's method for a polygon-map query (see method_search.hpp).
#include "cli/method_search.hpp"

#include <chrono>

#include "polypath/methods/registry.hpp"

namespace polypath::cli {

std::string registryMethodName(const QueryRequest& r) {
  if (r.method != "navmesh") return r.method;
  return r.node_placement.empty() ? "polyanya" : r.node_placement == "center" ? "centre" : r.node_placement;
}

MethodSearch::MethodSearch(const QueryRequest& r, const LoadedQuery& q) : start_(r.start), goal_(r.goal) {
  MethodOptions options;
  options.corner_offset = r.corner_offset.value_or(0.0);
  try {
    method_ = methods().create(registryMethodName(r));
    const auto t0 = std::chrono::steady_clock::now();
    method_->build(q.searched(), options);
    build_ms_ = millisecondsSince(t0);
  } catch (const GeometryError& e) {
    badInput(r.map + ": cannot build the navigation mesh: " + e.what());
  } catch (const Error& e) {
    badInput(r.map + ": " + e.what());
  }
  if (!r.start || !r.goal) return;
  try {
    method_->query(*r.start, *r.goal);
  } catch (const QueryError& e) {
    badInput(r.map + ": " + e.what());
  }
}

MethodSearch::~MethodSearch() = default;

void MethodSearch::drawEndpoints(DebugDraw& dd, std::uint32_t layers) const {
  if (graph()) method_->drawEndpoints(dd, layers);
  else drawStartGoal(dd, start_ ? &*start_ : nullptr, goal_ ? &*goal_ : nullptr, layers);
}

}  // namespace polypath::cli
