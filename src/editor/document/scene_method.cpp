// scene_method.cpp: MethodView (see scene_method.hpp).
#include "editor/document/scene_method.hpp"

#include <chrono>

namespace polypath::editor {

MethodView::MethodView() = default;
MethodView::~MethodView() = default;

void MethodView::clear() {
  if (method_) method_->dropQuery();
  method_.reset();
}

void MethodView::build(const PolygonMap& map, const VisibilityGraph* graph, const MethodSettings& settings) {
  if (!method_ || method_->info().name != settings.name) method_ = methods().create(settings.name);
  settings_ = settings;
  MethodOptions options = settings.options;
  options.search_node_limit = kMaxPolyanyaNodes;
  const auto t0 = std::chrono::steady_clock::now();
  try {
    method_->build(map, options, graph);
  } catch (...) {
    method_.reset();
    throw;
  }
  build_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

void MethodView::query(Point start, Point goal) {
  if (method()) method_->query(start, goal);
}

void MethodView::drawStructure(DebugDraw& dd, std::uint32_t layers) const {
  if (method()) method_->drawStructure(dd, layers);
}
void MethodView::drawEndpoints(DebugDraw& dd, std::uint32_t layers) const {
  if (method()) method_->drawEndpoints(dd, layers);
}
void MethodView::drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const {
  if (method()) method_->drawSearch(dd, state, layers);
}
void MethodView::drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const {
  if (method()) method_->drawResult(dd, search, layers);
}

int MethodView::funnelCount(const Path& search) const { return hasFunnel() ? method_->funnel()->funnelCount(search) : 0; }
int MethodView::funnelPosition() const { return hasFunnel() ? method_->funnel()->funnelPosition() : -1; }
void MethodView::setFunnelPosition(int k) {
  if (hasFunnel()) method_->funnel()->setFunnelPosition(k);
}
const FunnelState* MethodView::funnelState(const Path& search, int k) const {
  return hasFunnel() ? method_->funnel()->funnelState(search, k) : nullptr;
}
const std::vector<FunnelPortal>& MethodView::funnelPortals(const Path& search) const {
  static const std::vector<FunnelPortal> kNone;
  return hasFunnel() ? method_->funnel()->funnelPortals(search) : kNone;
}

}  // namespace polypath::editor
