// edit_commands.cpp: document edits (vertices, rings, polygons, start and goal).
#include "editor/document/edit_commands.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace polypath::editor {

namespace {

bool validPolygon(const MapDocument& doc, int p) { return p >= 0 && p < static_cast<int>(doc.polygons.size()); }

// Keeps extra_polygons as long as polygons (a document built in code may have none).
void padExtras(MapDocument& doc) {
  if (doc.extra_polygons.size() < doc.polygons.size()) doc.extra_polygons.resize(doc.polygons.size(), nlohmann::json::object());
}

}  // namespace

std::optional<RingRef> ringOfHandle(const Handle& h) {
  if (h.kind != Handle::Kind::Vertex) return std::nullopt;
  return RingRef{h.polygon, h.hole};
}

const Ring* ringAt(const MapDocument& doc, RingRef r) {
  if (!validPolygon(doc, r.polygon)) return nullptr;
  const Polygon& poly = doc.polygons[static_cast<std::size_t>(r.polygon)];
  if (r.hole < 0) return &poly.outer;
  if (r.hole >= static_cast<int>(poly.holes.size())) return nullptr;
  return &poly.holes[static_cast<std::size_t>(r.hole)];
}

Ring* ringAt(MapDocument& doc, RingRef r) {
  return const_cast<Ring*>(ringAt(static_cast<const MapDocument&>(doc), r));
}

std::string describeRing(RingRef r) {
  return "polygon " + std::to_string(r.polygon) +
         (r.hole < 0 ? std::string(", outer ring") : ", hole " + std::to_string(r.hole));
}

bool moveHandles(MapDocument& doc, const std::vector<Handle>& handles, Point delta) {
  std::vector<Handle> unique;
  for (const Handle& h : handles)
    if (std::find(unique.begin(), unique.end(), h) == unique.end()) unique.push_back(h);
  bool any = false;
  for (const Handle& h : unique) {
    const auto p = handlePosition(doc, h);
    if (!p) continue;
    setHandlePosition(doc, h, *p + delta);
    any = true;
  }
  return any;
}

bool insertVertex(MapDocument& doc, RingRef r, int index, Point p) {
  Ring* ring = ringAt(doc, r);
  if (!ring || index < 0 || index > static_cast<int>(ring->size())) return false;
  ring->insert(ring->begin() + index, p);
  return true;
}

bool deleteHandles(MapDocument& doc, const std::vector<Handle>& handles) {
  // Vertices to drop, per ring; then rings left empty, deleted from the back so indices stay.
  std::map<std::pair<int, int>, std::set<int>> drop;
  bool any = false;
  for (const Handle& h : handles) {
    if (h.kind == Handle::Kind::Start && doc.start) {
      doc.start.reset();
      any = true;
    } else if (h.kind == Handle::Kind::Goal && doc.goal) {
      doc.goal.reset();
      any = true;
    } else if (handlePosition(doc, h)) {
      drop[{h.polygon, h.hole}].insert(h.vertex);
      any = true;
    }
  }
  std::vector<RingRef> emptied;
  for (const auto& [key, vertices] : drop) {
    Ring* ring = ringAt(doc, RingRef{key.first, key.second});
    Ring kept;
    for (std::size_t v = 0; v < ring->size(); ++v)
      if (!vertices.count(static_cast<int>(v))) kept.push_back((*ring)[v]);
    *ring = std::move(kept);
    if (ring->empty()) emptied.push_back(RingRef{key.first, key.second});
  }
  // Back to front: higher polygons first, and within a polygon higher holes before the outer ring.
  std::sort(emptied.begin(), emptied.end(), [](const RingRef& a, const RingRef& b) {
    return a.polygon != b.polygon ? a.polygon > b.polygon : a.hole > b.hole;
  });
  for (const RingRef& r : emptied)
    if (ringAt(doc, r)) deleteRing(doc, r);
  return any;
}

bool addHole(MapDocument& doc, int polygon, Ring ring) {
  if (!validPolygon(doc, polygon) || ring.size() < 3) return false;
  doc.polygons[static_cast<std::size_t>(polygon)].holes.push_back(std::move(ring));
  return true;
}

bool addPolygon(MapDocument& doc, Ring ring) {
  if (ring.size() < 3) return false;
  padExtras(doc);
  doc.polygons.push_back(Polygon{std::move(ring), {}});
  doc.extra_polygons.resize(doc.polygons.size(), nlohmann::json::object());
  return true;
}

bool moveRing(MapDocument& doc, RingRef r, Point delta) {
  Ring* ring = ringAt(doc, r);
  if (!ring) return false;
  for (Point& p : *ring) p = p + delta;
  return true;
}

bool deleteRing(MapDocument& doc, RingRef r) {
  if (!ringAt(doc, r)) return false;
  const auto p = static_cast<std::size_t>(r.polygon);
  if (r.hole >= 0) {
    auto& holes = doc.polygons[p].holes;
    holes.erase(holes.begin() + r.hole);
    return true;
  }
  doc.polygons.erase(doc.polygons.begin() + r.polygon);
  if (p < doc.extra_polygons.size()) doc.extra_polygons.erase(doc.extra_polygons.begin() + r.polygon);
  return true;
}

bool reverseRing(MapDocument& doc, RingRef r) {
  Ring* ring = ringAt(doc, r);
  if (!ring) return false;
  if (ring->size() > 1) std::reverse(ring->begin() + 1, ring->end());
  return true;
}

std::vector<Handle> ringHandles(const MapDocument& doc, RingRef r) {
  std::vector<Handle> out;
  if (const Ring* ring = ringAt(doc, r))
    for (std::size_t v = 0; v < ring->size(); ++v)
      out.push_back(Handle{Handle::Kind::Vertex, r.polygon, r.hole, static_cast<int>(v)});
  return out;
}

int polygonContaining(const MapDocument& doc, Point p) {
  int found = -1;
  for (std::size_t i = 0; i < doc.polygons.size(); ++i) {
    const Ring& ring = doc.polygons[i].outer;
    bool inside = false;
    for (std::size_t a = 0, b = ring.size() - 1; a < ring.size(); b = a++) {
      const Point& u = ring[a];
      const Point& w = ring[b];
      if ((u.y > p.y) != (w.y > p.y) && p.x < (w.x - u.x) * (p.y - u.y) / (w.y - u.y) + u.x) inside = !inside;
    }
    if (inside) found = static_cast<int>(i);
  }
  return found;
}

}  // namespace polypath::editor
