// debug_draw_polyanya.cpp: Polyanya's intervals and roots as debug primitives.
#include "polypath/debug/debug_draw_polyanya.hpp"

#include <algorithm>

namespace polypath {

namespace {

void drawNode(DebugDraw& dd, const PolyanyaNode& node, Color c, float width) {
  if (node.kind != PolyanyaNode::Kind::Interval) return;
  // The interval and both lines to its root lie in the box of the three points.
  const auto [x0, x1] = std::minmax({node.root.x, node.left.x, node.right.x});
  const auto [y0, y1] = std::minmax({node.root.y, node.left.y, node.right.y});
  if (!dd.shows({x0, y0}, {x1, y1})) return;
  dd.line(node.left, node.right, c, width);
  dd.line(node.root, node.left, c, 0.5f * width);
  dd.line(node.root, node.right, c, 0.5f * width);
}

}  // namespace

void drawPolyanya(DebugDraw& dd, const PolyanyaQuery& query, const SearchState& state, std::uint32_t layers) {
  const std::size_t n = std::min(query.nodeCount(), state.nodeCount());
  for (std::size_t i = 0; i < n; ++i) {
    const NodeId id = static_cast<NodeId>(i);
    const NodeStatus status = state.record(id).status;
    if (status == NodeStatus::Closed && (layers & LayerClosedSet))
      drawNode(dd, query.node(id), layerColor(LayerClosedSet), 1.0f);
    else if (status == NodeStatus::Open && (layers & LayerOpenSet))
      drawNode(dd, query.node(id), layerColor(LayerOpenSet), 1.5f);
    if (status != NodeStatus::Unseen && (layers & LayerReflexNodes) && query.node(id).root_wedge >= 0 &&
        dd.shows(query.node(id).root))
      dd.point(query.node(id).root, layerColor(LayerReflexNodes), 3.0f);
  }
  const NodeId last = state.lastExpanded();
  if (last != kNoNode && (layers & LayerExpanded) && static_cast<std::size_t>(last) < query.nodeCount())
    drawNode(dd, query.node(last), layerColor(LayerExpanded), 3.0f);
}

}  // namespace polypath
