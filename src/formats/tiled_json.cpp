// tiled_json.cpp: Tiled's JSON map format, .tmj (tiled.hpp), read and written with
// nlohmann_json.
//
// [SECTION] Reading
// [SECTION] Writing
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "formats/io_text.hpp"
#include "formats/json_duplicates.hpp"
#include "formats/json_syntax.hpp"
#include "formats/json_values.hpp"
#include "formats/tiled_common.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/tiled.hpp"

namespace polypath {
namespace {

using nlohmann::json;
using nlohmann::ordered_json;

// [SECTION] Reading

/// Reads one .tmj document; every error names the file and a JSON pointer.
class TmjReader {
 public:
  explicit TmjReader(const std::string& source) : source_(source) {}

  TiledMap read(const json& root) const {
    if (!root.is_object()) typeError("", "a Tiled map object {\"type\": \"map\", ...}", root);
    if (root.contains("type") && root["type"] != "map")
      fail("/type", "this is not a Tiled map (\"type\" is " + json_syntax::describeValue(root["type"]) +
                        ", expected \"map\")");
    TiledMap map;
    if (root.contains("version")) {
      const json& v = root["version"];
      if (v.is_string()) map.version = v.get<std::string>();
      else if (v.is_number()) map.version = v.dump();
      else typeError("/version", "a version string such as \"1.10\"", v);
      if (auto p = tiled_common::versionProblem(map.version)) fail("/version", *p);
    }
    if (root.contains("orientation")) map.orientation = string(root["orientation"], "/orientation");
    if (auto p = tiled_common::orientationProblem(map.orientation)) fail("/orientation", *p);
    if (root.contains("infinite")) map.infinite = boolean(root["infinite"], "/infinite");
    map.width = integer(root, "", "width");
    map.height = integer(root, "", "height");
    map.tilewidth = integer(root, "", "tilewidth");
    map.tileheight = integer(root, "", "tileheight");
    if (root.contains("properties")) {
      const json& props = root["properties"];
      forEachProperty(props, "/properties", [&](const json& p, const std::string& at) {
        const std::string name = field(p, at, "name", "");
        if (name != "name" && name != "units") return;
        if (field(p, at, "type", "string") != "string" || !p.contains("value") || !p["value"].is_string())
          fail(at, "property \"" + name + "\" must be a string");
        (name == "name" ? map.name : map.units) = p["value"].get<std::string>();
      });
    }
    if (root.contains("layers")) layers(root["layers"], "/layers", Point{}, std::nullopt, map);
    return map;
  }

 private:
  [[noreturn]] void fail(const std::string& pointer, const std::string& what) const {
    throw MapFileError(source_, pointer, source_ + ": " + (pointer.empty() ? std::string("top level") : pointer) + ": " + what);
  }

  [[noreturn]] void typeError(const std::string& pointer, const std::string& expected, const json& got) const {
    fail(pointer, "expected " + expected + ", got " + json_syntax::describeValue(got));
  }

  static std::string child(const std::string& parent, const std::string& key) {
    return json_syntax::childPointer(parent, key);
  }

  std::string string(const json& v, const std::string& at) const {
    if (!v.is_string()) typeError(at, "a string", v);
    return v.get<std::string>();
  }

  /// The string `object[key]`, or `fallback` when the key is absent.
  std::string field(const json& object, const std::string& at, const char* key, const char* fallback) const {
    return object.contains(key) ? string(object[key], child(at, key)) : std::string(fallback);
  }

  bool boolean(const json& v, const std::string& at) const {
    if (!v.is_boolean()) typeError(at, "true or false", v);
    return v.get<bool>();
  }

  double number(const json& object, const std::string& at, const char* key) const {
    if (!object.contains(key)) return 0.0;
    const json& v = object[key];
    if (!v.is_number()) typeError(child(at, key), "a number (pixels)", v);
    const double d = v.get<double>();
    if (!std::isfinite(d)) typeError(child(at, key), "a finite number", v);
    return d;
  }

  int integer(const json& object, const std::string& at, const char* key) const {
    const std::string p = child(at, key);
    if (!object.contains(key)) fail(at.empty() ? "" : at, std::string("missing \"") + key + "\" (a whole number)");
    const json& v = object[key];
    if (!v.is_number_integer() || v.get<std::int64_t>() < -2147483647 || v.get<std::int64_t>() > 2147483647)
      typeError(p, "a whole number", v);
    return static_cast<int>(v.get<std::int64_t>());
  }

  template <typename F>
  void forEachProperty(const json& props, const std::string& at, F&& f) const {
    if (!props.is_array()) typeError(at, "an array of properties [{\"name\": ..., \"type\": ..., \"value\": ...}]", props);
    for (std::size_t i = 0; i < props.size(); ++i) {
      const std::string p = at + "/" + std::to_string(i);
      if (!props[i].is_object()) typeError(p, "a property {\"name\": ..., \"type\": ..., \"value\": ...}", props[i]);
      f(props[i], p);
    }
  }

  /// The "walkable" property of a layer or object, when it has one.
  std::optional<bool> walkable(const json& node, const std::string& at) const {
    std::optional<bool> out;
    if (!node.contains("properties")) return out;
    forEachProperty(node["properties"], child(at, "properties"), [&](const json& p, const std::string& pat) {
      if (field(p, pat, "name", "") != "walkable") return;
      if (field(p, pat, "type", "") != "bool" || !p.contains("value") || !p["value"].is_boolean())
        fail(pat, "property \"walkable\" must be a bool ({\"name\": \"walkable\", \"type\": \"bool\", \"value\": true})");
      out = p["value"].get<bool>();
    });
    return out;
  }

  void layers(const json& list, const std::string& at, Point offset, std::optional<bool> walkable_above,
              TiledMap& map) const {
    if (!list.is_array()) typeError(at, "an array of layers", list);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const json& l = list[i];
      const std::string p = at + "/" + std::to_string(i);
      if (!l.is_object()) typeError(p, "a layer object", l);
      const std::string type = l.contains("type") ? string(l["type"], child(p, "type")) : "";
      if (type != "objectgroup" && type != "group") continue;
      const Point here = offset + Point{number(l, p, "offsetx"), number(l, p, "offsety")};
      std::optional<bool> w = walkable(l, p);
      if (!w) w = walkable_above;
      if (type == "group") {
        if (l.contains("layers")) layers(l["layers"], child(p, "layers"), here, w, map);
        continue;
      }
      TiledObjectLayer layer;
      layer.id = l.contains("id") ? integer(l, p, "id") : 0;
      if (l.contains("name")) layer.name = string(l["name"], child(p, "name"));
      layer.offset = here;
      layer.walkable = w;
      if (l.contains("objects")) {
        const json& objects = l["objects"];
        const std::string op = child(p, "objects");
        if (!objects.is_array()) typeError(op, "an array of objects", objects);
        for (std::size_t k = 0; k < objects.size(); ++k) layer.objects.push_back(object(objects[k], op + "/" + std::to_string(k)));
      }
      map.layers.push_back(std::move(layer));
    }
  }

  std::vector<Point> points(const json& v, const std::string& at) const {
    if (!v.is_array()) typeError(at, "an array of points [{\"x\": ..., \"y\": ...}, ...]", v);
    std::vector<Point> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
      const std::string p = at + "/" + std::to_string(i);
      if (!v[i].is_object()) typeError(p, "a point {\"x\": ..., \"y\": ...}", v[i]);
      if (!v[i].contains("x") || !v[i].contains("y")) fail(p, "a point needs \"x\" and \"y\"");
      out.push_back({number(v[i], p, "x"), number(v[i], p, "y")});
    }
    if (out.size() < 2) fail(at, "needs at least 2 points, has " + std::to_string(out.size()));
    return out;
  }

  TiledObject object(const json& v, const std::string& at) const {
    if (!v.is_object()) typeError(at, "an object {\"id\": ..., \"x\": ..., \"y\": ...}", v);
    if (v.contains("template")) fail(at, tiled_common::templateProblem(v["template"].is_string() ? v["template"].get<std::string>() : v["template"].dump()));
    TiledObject o;
    o.id = v.contains("id") ? integer(v, at, "id") : 0;
    if (v.contains("name")) o.name = string(v["name"], child(at, "name"));
    o.x = number(v, at, "x");
    o.y = number(v, at, "y");
    o.width = number(v, at, "width");
    o.height = number(v, at, "height");
    o.rotation = number(v, at, "rotation");
    o.walkable = walkable(v, at);
    o.place = at;
    auto flag = [&](const char* key) { return v.contains(key) && boolean(v[key], child(at, key)); };
    if (v.contains("gid")) o.shape = TiledShape::Tile;
    if (flag("ellipse")) o.shape = TiledShape::Ellipse;
    if (flag("point")) o.shape = TiledShape::Point;
    if (v.contains("text")) o.shape = TiledShape::Text;
    if (v.contains("polygon")) {
      o.shape = TiledShape::Polygon;
      o.points = points(v["polygon"], child(at, "polygon"));
    }
    if (v.contains("polyline")) {
      o.shape = TiledShape::Polyline;
      o.points = points(v["polyline"], child(at, "polyline"));
    }
    return o;
  }

  const std::string& source_;
};

// [SECTION] Writing

/// Whole numbers as integers ("32" rather than "32.0"); others as the shortest double that
/// reads back exactly (nlohmann's default); -0.0 keeps its sign.
ordered_json numberJson(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9007199254740992.0 && !(v == 0.0 && std::signbit(v)))
    return static_cast<std::int64_t>(v);
  return v;
}

ordered_json property(const char* name, const char* type, ordered_json value) {
  return ordered_json{{"name", name}, {"type", type}, {"value", std::move(value)}};
}

ordered_json objectJson(const TiledObject& o) {
  ordered_json j = ordered_json::object();
  j["id"] = o.id;
  j["name"] = o.name;
  j["x"] = numberJson(o.x);
  j["y"] = numberJson(o.y);
  j["width"] = numberJson(o.width);
  j["height"] = numberJson(o.height);
  j["rotation"] = numberJson(o.rotation);
  j["visible"] = true;
  if (o.shape == TiledShape::Ellipse) j["ellipse"] = true;
  if (o.shape == TiledShape::Point) j["point"] = true;
  if (o.shape == TiledShape::Polygon || o.shape == TiledShape::Polyline) {
    ordered_json pts = ordered_json::array();
    for (const Point& p : o.points) pts.push_back(ordered_json{{"x", numberJson(p.x)}, {"y", numberJson(p.y)}});
    j[o.shape == TiledShape::Polygon ? "polygon" : "polyline"] = std::move(pts);
  }
  if (o.walkable) j["properties"] = ordered_json::array({property("walkable", "bool", *o.walkable)});
  return j;
}

}  // namespace

TiledMap parseTmj(std::string_view text, const std::string& source) {
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    throw MapFileError(source, "", json_syntax::syntaxError(source, text, e));
  } catch (const json::out_of_range& e) {
    throw MapFileError(source, "", json_syntax::numberError(source, text, e));
  }
  return TmjReader(source).read(root);
}

std::string serializeTmj(const TiledMap& map) {
  ordered_json root = ordered_json::object();
  root["type"] = "map";
  root["version"] = map.version;
  root["orientation"] = map.orientation;
  root["renderorder"] = "right-down";
  root["width"] = map.width;
  root["height"] = map.height;
  root["tilewidth"] = map.tilewidth;
  root["tileheight"] = map.tileheight;
  root["infinite"] = map.infinite;
  int next_object = 1, next_layer = 1;
  ordered_json layers = ordered_json::array();
  for (const TiledObjectLayer& l : map.layers) {
    next_layer = std::max(next_layer, l.id + 1);
    ordered_json layer = ordered_json::object();
    layer["id"] = l.id;
    layer["name"] = l.name;
    layer["type"] = "objectgroup";
    layer["draworder"] = "index";
    layer["visible"] = true;
    layer["opacity"] = 1;
    layer["x"] = 0;
    layer["y"] = 0;
    if (l.offset.x != 0.0) layer["offsetx"] = numberJson(l.offset.x);
    if (l.offset.y != 0.0) layer["offsety"] = numberJson(l.offset.y);
    if (l.walkable) layer["properties"] = ordered_json::array({property("walkable", "bool", *l.walkable)});
    ordered_json objects = ordered_json::array();
    for (const TiledObject& o : l.objects) {
      next_object = std::max(next_object, o.id + 1);
      if (o.shape != TiledShape::Tile && o.shape != TiledShape::Text) objects.push_back(objectJson(o));
    }
    layer["objects"] = std::move(objects);
    layers.push_back(std::move(layer));
  }
  root["layers"] = std::move(layers);
  root["nextlayerid"] = next_layer;
  root["nextobjectid"] = next_object;
  ordered_json props = ordered_json::array();
  if (map.name) props.push_back(property("name", "string", *map.name));
  if (map.units) props.push_back(property("units", "string", *map.units));
  if (!props.empty()) root["properties"] = std::move(props);
  return root.dump(1) + "\n";
}

}  // namespace polypath
