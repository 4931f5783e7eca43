// camera.cpp: world <-> screen transform, fit and zoom.
#include "editor/canvas/camera.hpp"

#include <algorithm>
#include <cmath>

namespace polypath::editor {

Camera::Camera(ScreenRect viewport, Point origin, double scale)
    : viewport_(viewport), origin_(origin), scale_(std::clamp(scale, kMinScale, kMaxScale)) {}

ScreenPos Camera::toScreen(Point world) const {
  return {viewport_.x + (world.x - origin_.x) * scale_, viewport_.y + (world.y - origin_.y) * scale_};
}

Point Camera::toWorld(ScreenPos screen) const {
  return {origin_.x + (screen.x - viewport_.x) / scale_, origin_.y + (screen.y - viewport_.y) / scale_};
}

void Camera::setViewport(ScreenRect viewport) {
  const Point centre = toWorld({viewport_.x + viewport_.w / 2, viewport_.y + viewport_.h / 2});
  viewport_ = viewport;
  origin_ = {centre.x - viewport_.w / 2 / scale_, centre.y - viewport_.h / 2 / scale_};
}

void Camera::fit(const PolygonMap::Bounds& bounds, double margin) {
  const double bw = bounds.max.x - bounds.min.x;
  const double bh = bounds.max.y - bounds.min.y;
  if (2 * margin >= std::min(viewport_.w, viewport_.h)) margin = 0;
  const double aw = std::max(viewport_.w - 2 * margin, 1.0);
  const double ah = std::max(viewport_.h - 2 * margin, 1.0);
  double s = 0;
  if (bw > 0 && bh > 0)
    s = std::min(aw / bw, ah / bh);
  else if (bw > 0)
    s = aw / bw;
  else if (bh > 0)
    s = ah / bh;
  else
    s = 20.0;  // a single point: any scale shows it
  if (!std::isfinite(s)) s = 20.0;
  scale_ = std::clamp(s, kMinScale, kMaxScale);
  const Point centre{(bounds.min.x + bounds.max.x) / 2, (bounds.min.y + bounds.max.y) / 2};
  origin_ = {centre.x - viewport_.w / 2 / scale_, centre.y - viewport_.h / 2 / scale_};
}

void Camera::zoomAt(ScreenPos anchor, double factor) {
  if (!(factor > 0) || !std::isfinite(factor)) return;
  const Point fixed = toWorld(anchor);
  scale_ = std::clamp(scale_ * factor, kMinScale, kMaxScale);
  origin_ = {fixed.x - (anchor.x - viewport_.x) / scale_, fixed.y - (anchor.y - viewport_.y) / scale_};
}

void Camera::pan(double dx, double dy) {
  origin_.x -= dx / scale_;
  origin_.y -= dy / scale_;
}

Camera fittedCamera(ScreenRect viewport, const PolygonMap::Bounds& bounds, double margin) {
  Camera camera(viewport, {}, 1.0);
  camera.fit(bounds, margin);
  return camera;
}

Camera fittedWithin(const ScreenRect& canvas, const ScreenRect& area, const PolygonMap::Bounds& bounds, double margin) {
  const Camera inner = fittedCamera(area, bounds, margin);
  return Camera(canvas, inner.toWorld({canvas.x, canvas.y}), inner.scale());
}

bool sameView(const Camera& a, const Camera& b) {
  const ScreenRect &va = a.viewport(), &vb = b.viewport();
  if (va.x != vb.x || va.y != vb.y || va.w != vb.w || va.h != vb.h) return false;
  auto close = [](double p, double q, double unit) { return std::abs(p - q) <= 1e-9 * std::max(unit, 1e-300); };
  const double unit = std::max({std::abs(a.origin().x), std::abs(a.origin().y), 1.0 / a.scale()});
  return close(a.scale(), b.scale(), a.scale()) && close(a.origin().x, b.origin().x, unit) &&
         close(a.origin().y, b.origin().y, unit);
}

std::optional<PolygonMap::Bounds> documentBounds(const MapDocument& doc) {
  std::optional<PolygonMap::Bounds> b;
  auto add = [&b](Point p) {
    if (!isFinite(p) || std::abs(p.x) > kFarCoordinate || std::abs(p.y) > kFarCoordinate) return;
    if (!b) {
      b = PolygonMap::Bounds{p, p};
      return;
    }
    b->min = {std::min(b->min.x, p.x), std::min(b->min.y, p.y)};
    b->max = {std::max(b->max.x, p.x), std::max(b->max.y, p.y)};
  };
  for (const Polygon& poly : doc.polygons) {
    for (Point p : poly.outer) add(p);
    for (const Ring& hole : poly.holes)
      for (Point p : hole) add(p);
  }
  if (doc.start) add(*doc.start);
  if (doc.goal) add(*doc.goal);
  return b;
}

double panelWidth(int window_width, double ui_scale) {
  const double share = std::floor(std::max(0, window_width) * kMaxPanelShare);
  const double scale = std::isfinite(ui_scale) && ui_scale > 1.0 ? ui_scale : 1.0;
  return std::min(std::floor(kMaxPanelWidth * scale), share);
}

int windowWidthForCanvas(int canvas_width, double ui_scale) {
  // The canvas width w - panelWidth(w) grows by 0 or 1 per pixel of window: every width
  // is reached, the first time at most kMaxPanelWidth pixels or 40% of the window later.
  const int target = std::max(1, canvas_width);
  const int widest = static_cast<int>(panelWidth(1 << 30, ui_scale));
  for (int w = target; w <= target + widest + 1; ++w)
    if (canvasRect(w, 1, ui_scale).w == target) return w;
  return target + widest;
}

ScreenRect canvasRect(int window_width, int window_height, double ui_scale) {
  const double panel = panelWidth(window_width, ui_scale);
  const double w = std::max(1.0, static_cast<double>(window_width) - panel);
  return {panel, 0.0, w, std::max(1.0, static_cast<double>(window_height))};
}

Camera initialCamera(const MapDocument& doc, int window_width, int window_height, double ui_scale) {
  const ScreenRect canvas = canvasRect(window_width, window_height, ui_scale);
  const auto bounds = documentBounds(doc);
  if (!bounds) return Camera(canvas, {0, 0}, 20.0);
  return fittedCamera(canvas, *bounds);
}

}  // namespace polypath::editor
