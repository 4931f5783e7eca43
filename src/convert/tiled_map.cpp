// tiled_map.cpp: Tiled maps as polygon maps and back (tiled_map.hpp).
//
// [SECTION] Reading (TiledMap -> MapDocument)
// [SECTION] Writing (MapDocument -> TiledMap)
#include "polypath/convert/tiled_map.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include "polypath/geom/map_validation.hpp"
#include "polypath/geom/painted_region.hpp"

namespace polypath {
namespace {

// [SECTION] Reading

/// Builds a document from a TiledMap; every error names the file, the object and its place.
class TiledReader {
 public:
  TiledReader(const TiledMap& map, const std::string& source) : map_(map), source_(source) {}

  MapDocument read() {
    MapDocument doc;
    bool any_walkable = false;
    for (const TiledObjectLayer& l : map_.layers)
      for (const TiledObject& o : l.objects) any_walkable = any_walkable || (isArea(o) && walkable(l, o));
    if (!any_walkable) {
      if (map_.infinite)
        throw MapFileError(source_, "", source_ + ": an infinite map has no rectangle to walk in; mark the walkable "
                                                  "area with a polygon whose property \"walkable\" is true");
      const double w = double(map_.width) * map_.tilewidth, h = double(map_.height) * map_.tileheight;
      shapes_.push_back({Ring{{0.0, 0.0}, {w, 0.0}, {w, h}, {0.0, h}}, true});
    }
    for (const TiledObjectLayer& l : map_.layers)
      for (const TiledObject& o : l.objects) object(l, o, doc);
    try {
      doc.polygons = paintRegion(shapes_);
    } catch (const Error& e) {
      throw MapFileError(source_, "", source_ + ": " + e.what());
    }
    doc.name = map_.name.value_or(std::filesystem::path(source_).stem().string());
    doc.units = map_.units.value_or("px");
    return doc;
  }

 private:
  static bool isArea(const TiledObject& o) {
    switch (o.shape) {
      case TiledShape::Polygon:
      case TiledShape::Polyline: return true;
      case TiledShape::Rectangle:
      case TiledShape::Ellipse: return o.width != 0.0 || o.height != 0.0;  // without size: a marker
      default: return false;
    }
  }

  static bool walkable(const TiledObjectLayer& l, const TiledObject& o) {
    return o.walkable.value_or(l.walkable.value_or(false));
  }

  /// "object 7 \"rock\"" (or "object 7", or "unnamed object" when it has no id).
  static std::string describe(const TiledObject& o) {
    std::string s = o.id ? "object " + std::to_string(o.id) : std::string("unnamed object");
    return o.name.empty() ? s : s + " \"" + o.name + "\"";
  }

  [[noreturn]] void fail(const TiledObject& o, const std::string& what) const {
    const bool pointer = !o.place.empty() && o.place.front() == '/';
    const std::string where = pointer ? source_ + ": " + o.place
                                      : source_ + (o.place.rfind("line ", 0) == 0 ? ":" + o.place.substr(5) : "");
    throw MapFileError(source_, pointer ? o.place : "", where + ": " + describe(o) + ": " + what);
  }

  /// Sets the start or goal (`slot`) from a point object; `seen` is the object that set it.
  void marker(const TiledObject& o, Point p, const TiledObject*& seen, std::optional<Point>& slot) const {
    if (seen)
      fail(o, "a second point named \"" + o.name + "\" (the first is " + describe(*seen) + " at " + seen->place +
                  "); rename or delete one");
    seen = &o;
    slot = p;
  }

  void object(const TiledObjectLayer& l, const TiledObject& o, MapDocument& doc) {
    const bool is_marker = o.shape == TiledShape::Point || (!isArea(o) && (o.shape == TiledShape::Rectangle ||
                                                                           o.shape == TiledShape::Ellipse));
    if (is_marker) {
      const Point p = tiledObjectOutline(o, l.offset, false).front();
      if (o.name == "start") marker(o, p, start_, doc.start);
      else if (o.name == "goal") marker(o, p, goal_, doc.goal);
      return;
    }
    if (!isArea(o)) return;  // tile and text objects
    const bool adds = walkable(l, o);
    if (o.shape == TiledShape::Polyline)
      fail(o, std::string("a polyline is open and encloses no area, so it cannot be ") +
                  (adds ? "a walkable area" : "an obstacle") + "; close it into a polygon");
    Ring ring = tiledObjectOutline(o, l.offset, adds);
    checkRing(o, ring);
    shapes_.push_back({std::move(ring), adds});
  }

  /// Refuses a ring that is not simple, with validateMap's first error about it.
  void checkRing(const TiledObject& o, const Ring& ring) const {
    MapDocument one;
    one.polygons.push_back(Polygon{ring, {}});
    for (const MapProblem& p : validateMap(one)) {
      if (p.severity != MapProblem::Severity::Error) continue;
      fail(o, std::string("its ") + tiledShapeName(o.shape) + " is not a simple shape: " + p.what);
    }
  }

  const TiledMap& map_;
  const std::string& source_;
  std::vector<PaintedRing> shapes_;
  const TiledObject* start_ = nullptr;
  const TiledObject* goal_ = nullptr;
};

// [SECTION] Writing

/// Whether p lies strictly inside the ring (exact orientation tests; the boundary is
/// outside): the winding number of the ring about p is not 0.
bool strictlyInside(const Ring& ring, Point p) {
  int winding = 0;
  for (std::size_t i = 0; i < ring.size(); ++i) {
    const Point a = ring[i], b = ring[(i + 1) % ring.size()];
    const int side = orient(a, b, p);
    if (side == 0 && std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
        p.y <= std::max(a.y, b.y))
      return false;  // on the edge
    if (a.y <= p.y) {
      if (b.y > p.y && side > 0) ++winding;
    } else if (b.y <= p.y && side < 0) {
      --winding;
    }
  }
  return winding != 0;
}

/// How many holes of other polygons each polygon lies in (0 for the outermost ones): an
/// island in a hole is painted after that hole.
std::vector<int> islandDepths(const std::vector<Polygon>& polygons) {
  std::vector<int> depth(polygons.size(), 0);
  for (std::size_t i = 0; i < polygons.size(); ++i)
    for (std::size_t j = 0; j < polygons.size(); ++j) {
      if (i == j) continue;
      for (const Ring& hole : polygons[j].holes)
        if (std::any_of(polygons[i].outer.begin(), polygons[i].outer.end(),
                        [&](Point p) { return strictlyInside(hole, p); }))
          ++depth[i];
    }
  return depth;
}

/// A polygon object whose points, added to its position, give the ring's exact values:
/// positioned at the first vertex when that holds for every vertex, else at (0, 0).
TiledObject polygonObject(int id, const Ring& ring) {
  TiledObject o;
  o.id = id;
  o.shape = TiledShape::Polygon;
  const Point origin = ring.front();
  const bool exact = std::all_of(ring.begin(), ring.end(), [&](Point p) {
    const Point d = p - origin;
    return origin.x + d.x == p.x && origin.y + d.y == p.y;
  });
  const Point at = exact ? origin : Point{};
  o.x = at.x;
  o.y = at.y;
  for (const Point& p : ring) o.points.push_back(exact ? p - at : p);
  return o;
}

int tileCount(double extent) {
  const double n = std::ceil(extent);
  return n < 1.0 ? 1 : n > double(std::numeric_limits<int>::max()) ? std::numeric_limits<int>::max() : int(n);
}

}  // namespace

MapDocument documentFromTiled(const TiledMap& map, const std::string& source) { return TiledReader(map, source).read(); }

TiledMap tiledFromDocument(const MapDocument& doc) {
  TiledMap t;
  if (!doc.name.empty()) t.name = doc.name;
  t.units = doc.units;
  double max_x = 0.0, max_y = 0.0;
  for (const Polygon& p : doc.polygons)
    for (const Point& v : p.outer) {
      max_x = std::max(max_x, v.x);
      max_y = std::max(max_y, v.y);
    }
  t.width = tileCount(max_x);
  t.height = tileCount(max_y);
  const std::vector<int> depth = islandDepths(doc.polygons);
  const int deepest = depth.empty() ? 0 : *std::max_element(depth.begin(), depth.end());
  int next_id = 1;
  for (int d = 0; d <= deepest; ++d) {
    const std::string suffix = d == 0 ? "" : " " + std::to_string(d + 1);
    TiledObjectLayer walk, cut;
    walk.name = "walkable" + suffix;
    walk.walkable = true;
    cut.name = "obstacles" + suffix;
    for (std::size_t i = 0; i < doc.polygons.size(); ++i) {
      if (depth[i] != d) continue;
      walk.objects.push_back(polygonObject(next_id++, doc.polygons[i].outer));
      for (const Ring& h : doc.polygons[i].holes) cut.objects.push_back(polygonObject(next_id++, h));
    }
    walk.id = static_cast<int>(t.layers.size()) + 1;
    t.layers.push_back(std::move(walk));
    cut.id = static_cast<int>(t.layers.size()) + 1;
    t.layers.push_back(std::move(cut));
  }
  if (doc.start || doc.goal) {
    TiledObjectLayer markers;
    markers.id = static_cast<int>(t.layers.size()) + 1;
    markers.name = "markers";
    for (const auto& [name, p] : {std::pair{"start", doc.start}, std::pair{"goal", doc.goal}}) {
      if (!p) continue;
      TiledObject o;
      o.id = next_id++;
      o.name = name;
      o.shape = TiledShape::Point;
      o.x = p->x;
      o.y = p->y;
      markers.objects.push_back(std::move(o));
    }
    t.layers.push_back(std::move(markers));
  }
  return t;
}

}  // namespace polypath
