// debug_draw_grid.cpp: grid cells as filled rectangles, merged into runs along rows.
#include "polypath/debug/debug_draw_grid.hpp"

namespace polypath {

namespace {

/// Fills, in one call, every cell for which `pick(index)` is true; runs along a row
/// become one rectangle.
template <typename Pick>
void fillCells(DebugDraw& dd, const Grid& grid, Color color, Pick pick) {
  std::vector<Ring> rects;
  for (int y = 0; y < grid.height; ++y) {
    for (int x = 0; x < grid.width;) {
      if (!pick(grid.index(x, y))) {
        ++x;
        continue;
      }
      int end = x + 1;
      while (end < grid.width && pick(grid.index(end, y))) ++end;
      rects.push_back({grid.corner(x, y), grid.corner(end, y), grid.corner(end, y + 1), grid.corner(x, y + 1)});
      x = end;
    }
  }
  if (rects.empty()) return;
  std::vector<const Ring*> rings;
  rings.reserve(rects.size());
  for (const Ring& r : rects) rings.push_back(&r);
  dd.fillRings(rings, color);
}

}  // namespace

void drawGrid(DebugDraw& dd, const Grid& grid, std::uint32_t layers) {
  if (layers & LayerRegion) fillCells(dd, grid, layerColor(LayerRegion), [&](int c) { return grid.blocked[c] == 0; });
  if (layers & LayerGridCells)
    fillCells(dd, grid, layerColor(LayerGridCells), [&](int c) { return grid.blocked[c] != 0; });
}

void drawGridSearch(DebugDraw& dd, const Grid& grid, const SearchState& state, std::uint32_t layers) {
  if (state.status() == SearchStatus::Idle || state.nodeCount() != grid.blocked.size()) return;
  if (layers & LayerGridExplored)
    fillCells(dd, grid, layerColor(LayerGridExplored),
              [&](int c) { return state.record(c).status == NodeStatus::Closed; });
  if (layers & LayerGridWaiting)
    fillCells(dd, grid, layerColor(LayerGridWaiting), [&](int c) { return state.record(c).status == NodeStatus::Open; });
  const NodeId last = state.lastExpanded();
  if ((layers & LayerExpanded) && last != kNoNode)
    dd.point(grid.cellCenter(last % grid.width, last / grid.width), layerColor(LayerExpanded), 5.0f);
}

void drawGridPath(DebugDraw& dd, const Grid& grid, const Path& path, const std::vector<Point>& smoothed,
                  std::uint32_t layers) {
  if (!(layers & LayerPath) || !path.found) return;
  Color cell_color = layerColor(LayerPath);
  cell_color.a = 110;
  std::vector<char> on_path(grid.blocked.size(), 0);
  for (NodeId n : path.nodes)
    if (n >= 0 && static_cast<std::size_t>(n) < on_path.size()) on_path[n] = 1;
  fillCells(dd, grid, cell_color, [&](int c) { return on_path[c] != 0; });
  for (std::size_t i = 1; i < smoothed.size(); ++i) dd.line(smoothed[i - 1], smoothed[i], layerColor(LayerPath), 3.0f);
}

}  // namespace polypath
