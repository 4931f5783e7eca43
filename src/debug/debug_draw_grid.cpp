// debug_draw_grid.cpp: grid cells as filled rectangles, merged into runs along rows.
#include "polypath/debug/debug_draw_grid.hpp"

#include <algorithm>
#include <cmath>

namespace polypath {

namespace {

/// The columns [first, end) or rows of cells whose span [origin + i size, origin + (i + 1)
/// size] meets [lo, hi] (world units), within [0, count).
void cellRange(double lo, double hi, double origin, double size, int count, int& first, int& end) {
  const auto clamped = [&](double i) { return static_cast<int>(std::clamp(i, 0.0, static_cast<double>(count))); };
  first = clamped(std::floor((lo - origin) / size));
  end = clamped(std::floor((hi - origin) / size) + 1.0);
}

/// Fills, in one call, every cell for which `pick(index)` is true; runs along a row
/// become one rectangle. Only the cells that meet the target's view are visited.
template <typename Pick>
void fillCells(DebugDraw& dd, const Grid& grid, Color color, Pick pick) {
  int x_first = 0, x_end = grid.width, y_first = 0, y_end = grid.height;
  if (dd.view && grid.cell_size > 0) {
    cellRange(dd.view->min.x, dd.view->max.x, grid.origin.x, grid.cell_size, grid.width, x_first, x_end);
    cellRange(dd.view->min.y, dd.view->max.y, grid.origin.y, grid.cell_size, grid.height, y_first, y_end);
  }
  std::vector<Ring> rects;
  for (int y = y_first; y < y_end; ++y) {
    for (int x = x_first; x < x_end;) {
      if (!pick(grid.index(x, y))) {
        ++x;
        continue;
      }
      int end = x + 1;
      while (end < x_end && pick(grid.index(end, y))) ++end;
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
