// geojson.cpp: GeoJSON reading and writing (geojson.hpp).
//
// [SECTION] Reading (JSON value -> MapDocument, every error with its JSON pointer)
// [SECTION] Writing (MapDocument -> FeatureCollection)
#include "polypath/formats/geojson.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "formats/json_values.hpp"

namespace polypath {

using nlohmann::json;
using nlohmann::ordered_json;
using json_syntax::childPointer;
using json_syntax::describeValue;

std::string GeoJsonMap::pointerOf(const RingLocation& place) const {
  if (place.polygon < 0 || static_cast<std::size_t>(place.polygon) >= polygon_pointers.size()) return "";
  std::string p = polygon_pointers[static_cast<std::size_t>(place.polygon)];
  if (place.hole < 0 && place.vertex < 0) return p;
  p += "/" + std::to_string(place.hole < 0 ? 0 : place.hole + 1);
  if (place.vertex >= 0) p += "/" + std::to_string(place.vertex);
  return p;
}

// [SECTION] Reading

namespace {

/// What polypath does with each geometry type it does not read as an area.
std::string unreadGeometry(const std::string& type) {
  if (type == "LineString" || type == "MultiLineString")
    return "a " + type + " is an open line and bounds no area; give walkable areas as Polygon or MultiPolygon, "
                         "and obstacles as their holes (interior rings)";
  if (type == "Point")
    return "a Point is read only as a Feature with the property \"role\": \"start\" or \"goal\"";
  if (type == "MultiPoint") return "a MultiPoint is not read; give the start and goal as Point features with \"role\"";
  return "unknown GeoJSON type \"" + type +
         "\"; polypath reads FeatureCollection, Feature, GeometryCollection, Polygon and MultiPolygon";
}

class GeoJsonReader {
 public:
  explicit GeoJsonReader(const std::string& source) : source_(source) { out_.doc.units = "degrees"; }

  GeoJsonMap read(const json& root) {
    object(root, "", "a GeoJSON object {\"type\": \"FeatureCollection\", ...}");
    const std::string type = typeOf(root, "");
    if (type == "FeatureCollection") {
      collection(root);
    } else if (type == "Feature") {
      feature(root, "");
    } else {
      geometry(root, "", json::object());
    }
    if (out_.doc.polygons.empty())
      fail("", "no Polygon or MultiPolygon found; polypath reads walkable areas from them");
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail(const std::string& pointer, const std::string& what) const {
    const std::string where = pointer.empty() ? std::string("top level") : pointer;
    throw MapFileError(source_, pointer, source_ + ": " + where + ": " + what);
  }

  void object(const json& v, const std::string& pointer, const std::string& expected) const {
    if (!v.is_object()) fail(pointer, "expected " + expected + ", got " + describeValue(v));
  }

  const json& member(const json& v, const std::string& pointer, const char* key, const std::string& why) const {
    const auto it = v.find(key);
    if (it == v.end()) fail(pointer, std::string("missing \"") + key + "\": " + why);
    return *it;
  }

  std::string typeOf(const json& v, const std::string& pointer) const {
    const json& t = member(v, pointer, "type",
                           "a GeoJSON object says what it is (\"FeatureCollection\", \"Feature\", \"Polygon\", ...)");
    if (!t.is_string()) fail(childPointer(pointer, "type"), "expected a string, got " + describeValue(t));
    return t.get<std::string>();
  }

  void collection(const json& root) {
    for (const auto& [key, value] : root.items()) {
      if (key == "type" || key == "features" || key == "bbox") continue;
      if (key != "name" && key != "units") {
        out_.doc.extra[key] = value;  // a foreign member, kept
        continue;
      }
      if (!value.is_string()) fail(childPointer("", key), "expected a string, got " + describeValue(value));
      (key == "name" ? out_.doc.name : out_.doc.units) = value.get<std::string>();
    }
    const json& features = member(root, "", "features", "a FeatureCollection lists its features, \"features\": [...]");
    if (!features.is_array()) fail("/features", "expected an array of features, got " + describeValue(features));
    for (std::size_t i = 0; i < features.size(); ++i) {
      const std::string p = childPointer("/features", i);
      object(features[i], p, "a Feature (an object)");
      const std::string type = typeOf(features[i], p);
      if (type != "Feature") fail(childPointer(p, "type"), "expected \"Feature\", got \"" + type + "\"");
      feature(features[i], p);
    }
  }

  void feature(const json& f, const std::string& pointer) {
    const json& g = member(f, pointer, "geometry", "a Feature has a geometry (or null)");
    json properties = json::object();
    if (const auto it = f.find("properties"); it != f.end() && !it->is_null()) {
      object(*it, childPointer(pointer, "properties"), "an object or null");
      properties = *it;
    }
    if (g.is_null()) return;  // an unlocated feature: nothing to read
    const std::string gp = childPointer(pointer, "geometry");
    object(g, gp, "a geometry (an object) or null");
    if (typeOf(g, gp) == "Point") return endpoint(g, gp, properties);
    geometry(g, gp, properties);
  }

  // A Point feature with "role": "start" or "goal".
  void endpoint(const json& g, const std::string& pointer, const json& properties) {
    const auto role = properties.find("role");
    const std::string which = role != properties.end() && role->is_string() ? role->get<std::string>() : "";
    if (which != "start" && which != "goal") fail(pointer, unreadGeometry("Point"));
    std::string& seen = which == "start" ? out_.start_pointer : out_.goal_pointer;
    if (!seen.empty()) fail(pointer, "a second " + which + " point (the first is " + seen + "); keep one");
    seen = pointer;
    const Point p = position(member(g, pointer, "coordinates", "a Point has \"coordinates\": [x, y]"),
                             childPointer(pointer, "coordinates"));
    (which == "start" ? out_.doc.start : out_.doc.goal) = p;
  }

  void geometry(const json& g, const std::string& pointer, const json& properties) {
    const std::string type = typeOf(g, pointer);
    if (type == "GeometryCollection") {
      const json& parts = member(g, pointer, "geometries", "a GeometryCollection lists \"geometries\": [...]");
      const std::string pp = childPointer(pointer, "geometries");
      if (!parts.is_array()) fail(pp, "expected an array of geometries, got " + describeValue(parts));
      for (std::size_t i = 0; i < parts.size(); ++i) {
        object(parts[i], childPointer(pp, i), "a geometry (an object)");
        geometry(parts[i], childPointer(pp, i), properties);
      }
      return;
    }
    if (type != "Polygon" && type != "MultiPolygon") fail(pointer, unreadGeometry(type));
    const json& c = member(g, pointer, "coordinates", "a " + type + " has \"coordinates\": [...]");
    const std::string cp = childPointer(pointer, "coordinates");
    if (!c.is_array()) fail(cp, "expected an array, got " + describeValue(c));
    if (type == "Polygon") return polygon(c, cp, properties);
    for (std::size_t i = 0; i < c.size(); ++i) polygon(c[i], childPointer(cp, i), properties);
  }

  void polygon(const json& rings, const std::string& pointer, const json& properties) {
    if (!rings.is_array() || rings.empty())
      fail(pointer, "expected a polygon's rings [exterior, hole, ...] (an array of at least one ring), got " +
                        describeValue(rings));
    Polygon poly;
    poly.outer = ring(rings[0], childPointer(pointer, std::size_t{0}));
    for (std::size_t h = 1; h < rings.size(); ++h) poly.holes.push_back(ring(rings[h], childPointer(pointer, h)));
    out_.doc.polygons.push_back(std::move(poly));
    out_.doc.extra_polygons.push_back(properties);
    out_.polygon_pointers.push_back(pointer);
  }

  Ring ring(const json& v, const std::string& pointer) const {
    if (!v.is_array()) fail(pointer, "expected a linear ring (an array of positions), got " + describeValue(v));
    if (v.size() < 4)
      fail(pointer, "a linear ring has at least 4 positions (3 corners and the first repeated at the end), got " +
                        std::to_string(v.size()));
    Ring r;
    r.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) r.push_back(position(v[i], childPointer(pointer, i)));
    if (r.front() != r.back())
      fail(pointer, "the ring is not closed: its last position " + std::string("[") + v.back()[0].dump() + ", " +
                        v.back()[1].dump() + "] differs from its first [" + v.front()[0].dump() + ", " +
                        v.front()[1].dump() + "]; repeat the first position at the end (an open line bounds no area)");
    r.pop_back();
    return r;
  }

  Point position(const json& v, const std::string& pointer) const {
    if (!v.is_array() || v.size() < 2 || v.size() > 3)
      fail(pointer, "expected a position [x, y] (or [x, y, z]), got " + describeValue(v));
    double xy[3] = {0, 0, 0};
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_number()) fail(childPointer(pointer, i), "expected a number, got " + describeValue(v[i]));
      xy[i] = v[i].get<double>();
      if (!std::isfinite(xy[i]))
        fail(childPointer(pointer, i), "number " + v[i].dump() + " is too large for a double; use values below 1.7e308");
    }
    return {xy[0], xy[1]};
  }

  const std::string& source_;
  GeoJsonMap out_;
};

}  // namespace

GeoJsonMap parseGeoJson(std::string_view text, const std::string& source) {
  return GeoJsonReader(source).read(json_syntax::parseMapJson(text, source));
}

// [SECTION] Writing

namespace {

/// Twice the signed area, positive when counter-clockwise with y up (RFC 7946's frame).
double twiceSignedArea(const Ring& r) {
  double a = 0.0;
  for (std::size_t i = 1; i + 1 < r.size(); ++i) a += cross(r[i] - r[0], r[i + 1] - r[0]);
  return a;
}

/// The ring closed, counter-clockwise when `ccw`, clockwise otherwise (kept as given when
/// its area is zero); reversal keeps the first vertex first.
ordered_json ringJson(const Ring& r, bool ccw) {
  Ring out = r;
  const double a = twiceSignedArea(r);
  if ((ccw && a < 0.0) || (!ccw && a > 0.0)) std::reverse(out.begin() + 1, out.end());
  if (!out.empty()) out.push_back(out.front());
  ordered_json a_json = ordered_json::array();
  for (const Point& p : out) a_json.push_back(ordered_json::array({json_syntax::numberJson(p.x), json_syntax::numberJson(p.y)}));
  return a_json;
}

ordered_json featureJson(ordered_json properties, ordered_json geometry) {
  ordered_json f = ordered_json::object();
  f["type"] = "Feature";
  f["properties"] = std::move(properties);
  f["geometry"] = std::move(geometry);
  return f;
}

}  // namespace

std::string serializeGeoJson(const MapDocument& doc) {
  ordered_json root = ordered_json::object();
  root["type"] = "FeatureCollection";
  if (!doc.name.empty()) root["name"] = doc.name;
  root["units"] = doc.units;
  ordered_json features = ordered_json::array();
  for (std::size_t i = 0; i < doc.polygons.size(); ++i) {
    const Polygon& poly = doc.polygons[i];
    ordered_json rings = ordered_json::array({ringJson(poly.outer, true)});
    for (const Ring& h : poly.holes) rings.push_back(ringJson(h, false));
    ordered_json geometry = ordered_json::object();
    geometry["type"] = "Polygon";
    geometry["coordinates"] = std::move(rings);
    ordered_json properties = ordered_json::object();
    if (i < doc.extra_polygons.size() && doc.extra_polygons[i].is_object())
      for (const auto& [key, value] : doc.extra_polygons[i].items()) properties[key] = ordered_json(value);
    features.push_back(featureJson(std::move(properties), std::move(geometry)));
  }
  for (const auto& [role, p] : {std::pair{"start", doc.start}, std::pair{"goal", doc.goal}}) {
    if (!p) continue;
    ordered_json geometry = ordered_json::object();
    geometry["type"] = "Point";
    geometry["coordinates"] = ordered_json::array({json_syntax::numberJson(p->x), json_syntax::numberJson(p->y)});
    features.push_back(featureJson(ordered_json{{"role", role}}, std::move(geometry)));
  }
  root["features"] = std::move(features);
  for (const auto& [key, value] : doc.extra.items())
    if (!root.contains(key) && key != "bbox") root[key] = ordered_json(value);
  return json_syntax::prettyJson(root);
}

}  // namespace polypath
