// grid_snap.hpp: the background grid's step and snapping to it. One rule, used by the
// canvas to draw the grid, by the tools to snap and by the tests to find grid lines.
#pragma once

#include <cmath>

#include "polypath/core/geometry.hpp"

namespace polypath::editor {

/// Grid lines are at least this many pixels apart; a finer grid is drawn coarser.
inline constexpr double kMinGridPixels = 28.0;

/// The world distance between drawn grid lines at `scale` pixels per world unit.
/// Without snapping (snap_step <= 0): 1, 2 or 5 times a power of ten. With snapping: the
/// snap step times 1, 2, 5, 10, 20, 50, ... so every drawn line is a snap position.
/// Always the smallest such step at least kMinGridPixels / scale; 0 when scale is not
/// a positive finite number.
inline double gridStep(double scale, double snap_step = 0.0) {
  const double min_step = kMinGridPixels / scale;
  if (!std::isfinite(min_step) || !(min_step > 0)) return 0.0;
  const double unit = snap_step > 0 && std::isfinite(snap_step) ? snap_step : 1.0;
  const double ratio = min_step / unit;  // smallest multiple of the unit needed
  if (snap_step > 0 && ratio <= 1.0) return unit;
  const double base = std::pow(10.0, std::floor(std::log10(ratio)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (base * m >= ratio) return unit * base * m;
  return unit * base * 10.0;
}

/// `p` moved to the nearest multiple of `step` on each axis; `p` itself when step is not
/// a positive finite number.
inline Point snapToGrid(Point p, double step) {
  if (!(step > 0) || !std::isfinite(step)) return p;
  return {std::round(p.x / step) * step, std::round(p.y / step) * step};
}

}  // namespace polypath::editor
