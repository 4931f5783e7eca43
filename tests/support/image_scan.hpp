// image_scan.hpp: counting pixels of a rendered editor frame in a screen rectangle, for
// the headless editor tests' pixel assertions. Test files only.
#pragma once

#include <algorithm>

#include "editor/app/app.hpp"

namespace polypath::test {

/// The whole image as a screen rectangle.
inline editor::ScreenRect wholeImage(const editor::Image& img) {
  return {0.0, 0.0, static_cast<double>(img.width), static_cast<double>(img.height)};
}

/// Calls `visit(x, y, colour)` for every pixel of `img` inside `r` (clipped to the image).
template <class Visit>
void forEachPixel(const editor::Image& img, const editor::ScreenRect& r, Visit visit) {
  const int x0 = std::max(0, static_cast<int>(r.x)), y0 = std::max(0, static_cast<int>(r.y));
  const int x1 = std::min(img.width, static_cast<int>(r.x + r.w));
  const int y1 = std::min(img.height, static_cast<int>(r.y + r.h));
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) visit(x, y, img.at(x, y));
}

/// Pixels of `img` inside `r` for which `pred(colour)` holds.
template <class Pred>
int countPixels(const editor::Image& img, const editor::ScreenRect& r, Pred pred) {
  int n = 0;
  forEachPixel(img, r, [&](int, int, Color c) { n += pred(c) ? 1 : 0; });
  return n;
}

/// Pixels of exactly colour `c` (alpha included) inside `r`.
inline int countColour(const editor::Image& img, const editor::ScreenRect& r, Color c) {
  return countPixels(img, r, [&](Color p) { return p == c; });
}

/// Light text on the dark panels: every channel above `threshold`.
inline bool isBright(Color c, int threshold = 180) { return c.r > threshold && c.g > threshold && c.b > threshold; }

}  // namespace polypath::test
