// label_thinning.cpp: thinLabels (see label_thinning.hpp).
#include "editor/canvas/label_thinning.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_set>

namespace polypath::editor {

std::vector<std::size_t> thinLabels(const std::vector<Point>& anchors, const Camera& camera, double cell) {
  std::vector<std::size_t> kept;
  const ScreenRect& view = camera.viewport();
  const double size = std::max(1.0, cell);
  std::unordered_set<std::uint64_t> taken;
  for (std::size_t i = 0; i < anchors.size(); ++i) {
    const ScreenPos s = camera.toScreen(anchors[i]);
    if (!view.contains(s)) continue;
    const auto cx = static_cast<std::uint32_t>(std::floor((s.x - view.x) / size));
    const auto cy = static_cast<std::uint32_t>(std::floor((s.y - view.y) / size));
    if (taken.insert((static_cast<std::uint64_t>(cx) << 32) | cy).second) kept.push_back(i);
  }
  return kept;
}

}  // namespace polypath::editor
