// label_thinning.hpp: level of detail for canvas labels (the node numbers while stepping).
#pragma once

#include <cstddef>
#include <vector>

#include "editor/canvas/camera.hpp"

namespace polypath::editor {

/// Which labels to draw: the indices, in order, of the anchors (world units) that fall
/// inside the camera's viewport, each in a square cell of `cell` pixels that no earlier
/// kept anchor took. A dense search then shows one readable number per cell instead of a
/// smear of digits (the open set table lists every node); zooming in brings the others
/// back. O(n) expected.
std::vector<std::size_t> thinLabels(const std::vector<Point>& anchors, const Camera& camera, double cell);

}  // namespace polypath::editor
