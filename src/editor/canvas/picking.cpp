// picking.cpp: hit testing and moving of document handles.
#include "editor/canvas/picking.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace polypath::editor {

namespace {

// The ring a vertex handle points into (const or not, following the document), or null.
template <class Doc>
auto ringOf(Doc& doc, const Handle& h) -> decltype(&doc.polygons[0].outer) {
  if (h.polygon < 0 || h.polygon >= static_cast<int>(doc.polygons.size())) return nullptr;
  auto& poly = doc.polygons[static_cast<std::size_t>(h.polygon)];
  if (h.hole < 0) return &poly.outer;
  if (h.hole >= static_cast<int>(poly.holes.size())) return nullptr;
  return &poly.holes[static_cast<std::size_t>(h.hole)];
}

double screenDistance(const Camera& camera, Point world, ScreenPos mouse) {
  const ScreenPos s = camera.toScreen(world);
  const double d = std::hypot(s.x - mouse.x, s.y - mouse.y);
  return std::isfinite(d) ? d : std::numeric_limits<double>::infinity();
}

}  // namespace

Handle pickHandle(const MapDocument& doc, const Camera& camera, ScreenPos mouse, double radius) {
  Handle best;
  double best_d = radius;
  if (doc.start && screenDistance(camera, *doc.start, mouse) <= best_d) {
    best_d = screenDistance(camera, *doc.start, mouse);
    best = {Handle::Kind::Start};
  }
  if (doc.goal && screenDistance(camera, *doc.goal, mouse) <= best_d) {
    best_d = screenDistance(camera, *doc.goal, mouse);
    best = {Handle::Kind::Goal};
  }
  if (best) return best;
  for (std::size_t p = 0; p < doc.polygons.size(); ++p) {
    const Polygon& poly = doc.polygons[p];
    for (int r = -1; r < static_cast<int>(poly.holes.size()); ++r) {
      const Ring& ring = r < 0 ? poly.outer : poly.holes[static_cast<std::size_t>(r)];
      for (std::size_t v = 0; v < ring.size(); ++v) {
        const double d = screenDistance(camera, ring[v], mouse);
        if (d <= best_d) {
          best_d = d;
          best = {Handle::Kind::Vertex, static_cast<int>(p), r, static_cast<int>(v)};
        }
      }
    }
  }
  return best;
}

std::optional<EdgePick> pickEdge(const MapDocument& doc, const Camera& camera, ScreenPos mouse, double radius) {
  std::optional<EdgePick> best;
  double best_d = radius;
  for (std::size_t p = 0; p < doc.polygons.size(); ++p) {
    const Polygon& poly = doc.polygons[p];
    for (int r = -1; r < static_cast<int>(poly.holes.size()); ++r) {
      const Ring& ring = r < 0 ? poly.outer : poly.holes[static_cast<std::size_t>(r)];
      for (std::size_t v = 0; v < ring.size(); ++v) {
        const ScreenPos a = camera.toScreen(ring[v]), b = camera.toScreen(ring[(v + 1) % ring.size()]);
        const double dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
        if (!(len2 > 0) || !std::isfinite(len2)) continue;
        const double t = std::clamp(((mouse.x - a.x) * dx + (mouse.y - a.y) * dy) / len2, 0.0, 1.0);
        const double d = std::hypot(a.x + t * dx - mouse.x, a.y + t * dy - mouse.y);
        if (d <= best_d) {
          best_d = d;
          const Point wa = ring[v], wb = ring[(v + 1) % ring.size()];
          best = EdgePick{static_cast<int>(p), r, static_cast<int>(v), wa + (wb - wa) * t};
        }
      }
    }
  }
  return best;
}

std::optional<Point> handlePosition(const MapDocument& doc, const Handle& handle) {
  switch (handle.kind) {
    case Handle::Kind::None: return std::nullopt;
    case Handle::Kind::Start: return doc.start;
    case Handle::Kind::Goal: return doc.goal;
    case Handle::Kind::Vertex: {
      const Ring* ring = ringOf(doc, handle);
      if (!ring || handle.vertex < 0 || handle.vertex >= static_cast<int>(ring->size())) return std::nullopt;
      return (*ring)[static_cast<std::size_t>(handle.vertex)];
    }
  }
  return std::nullopt;
}

bool setHandlePosition(MapDocument& doc, const Handle& handle, Point p) {
  switch (handle.kind) {
    case Handle::Kind::None: return false;
    case Handle::Kind::Start: doc.start = p; return true;
    case Handle::Kind::Goal: doc.goal = p; return true;
    case Handle::Kind::Vertex: {
      Ring* ring = ringOf(doc, handle);
      if (!ring || handle.vertex < 0 || handle.vertex >= static_cast<int>(ring->size())) return false;
      (*ring)[static_cast<std::size_t>(handle.vertex)] = p;
      return true;
    }
  }
  return false;
}

std::string describeHandle(const Handle& handle) {
  switch (handle.kind) {
    case Handle::Kind::None: return "nothing";
    case Handle::Kind::Start: return "start";
    case Handle::Kind::Goal: return "goal";
    case Handle::Kind::Vertex:
      return "polygon " + std::to_string(handle.polygon) +
             (handle.hole < 0 ? std::string(", outer ring") : ", hole " + std::to_string(handle.hole)) + ", vertex " +
             std::to_string(handle.vertex);
  }
  return "nothing";
}

}  // namespace polypath::editor
