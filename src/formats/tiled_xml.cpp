// tiled_xml.cpp: Tiled's XML map format, .tmx (tiled.hpp), read and written with pugixml.
//
// [SECTION] Reading
// [SECTION] Writing
#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include <pugixml.hpp>

#include "formats/io_text.hpp"
#include "formats/tiled_common.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/tiled.hpp"

namespace polypath {
namespace {

// [SECTION] Reading

/// Reads one .tmx document; every error names the file and the line of the element.
class TmxReader {
 public:
  TmxReader(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  TiledMap read() {
    pugi::xml_document doc;
    const pugi::xml_parse_result r =
        doc.load_buffer(text_.data(), text_.size(), pugi::parse_default | pugi::parse_ws_pcdata_single,
                        pugi::encoding_utf8);
    if (!r)
      fail(static_cast<std::ptrdiff_t>(r.offset),
           std::string("not valid XML: ") + r.description() + "; fix the file's XML syntax");
    const pugi::xml_node root = doc.document_element();
    if (std::string_view(root.name()) != "map")
      fail(root, std::string("the root element is <") + root.name() + ">, not <map>: this is not a Tiled map");
    TiledMap map;
    if (const pugi::xml_attribute v = root.attribute("version")) {
      map.version = v.value();
      if (auto p = tiled_common::versionProblem(map.version)) fail(root, "<map> version: " + *p);
    }
    map.orientation = root.attribute("orientation") ? root.attribute("orientation").value() : "orthogonal";
    if (auto p = tiled_common::orientationProblem(map.orientation)) fail(root, "<map>: " + *p);
    map.infinite = integer(root, "infinite", 0) != 0;
    map.width = integer(root, "width", std::nullopt);
    map.height = integer(root, "height", std::nullopt);
    map.tilewidth = integer(root, "tilewidth", std::nullopt);
    map.tileheight = integer(root, "tileheight", std::nullopt);
    for (const pugi::xml_node p : root.child("properties").children("property")) {
      const std::string name = p.attribute("name").value();
      if (name == "name") map.name = stringProperty(p);
      else if (name == "units") map.units = stringProperty(p);
    }
    layers(root, Point{}, std::nullopt, map);
    return map;
  }

 private:
  [[noreturn]] void fail(std::ptrdiff_t offset, const std::string& what) const {
    std::size_t line = 1;
    for (std::ptrdiff_t i = 0; i < offset && static_cast<std::size_t>(i) < text_.size(); ++i)
      if (text_[static_cast<std::size_t>(i)] == '\n') ++line;
    throw MapFileError(source_, "", source_ + ":" + std::to_string(line) + ": " + what);
  }

  [[noreturn]] void fail(const pugi::xml_node& node, const std::string& what) const { fail(node.offset_debug(), what); }

  std::string line(const pugi::xml_node& node) const {
    std::size_t n = 1;
    const std::ptrdiff_t offset = node.offset_debug();
    for (std::ptrdiff_t i = 0; i < offset && static_cast<std::size_t>(i) < text_.size(); ++i)
      if (text_[static_cast<std::size_t>(i)] == '\n') ++n;
    return "line " + std::to_string(n);
  }

  /// "<object id=3>" style name of an element for messages.
  static std::string element(const pugi::xml_node& node) {
    std::string s = "<" + std::string(node.name());
    if (const pugi::xml_attribute id = node.attribute("id")) s += " id=\"" + std::string(id.value()) + "\"";
    if (const pugi::xml_attribute name = node.attribute("name"); name && node.attribute("id"))
      s += " name=\"" + std::string(name.value()) + "\"";
    return s + ">";
  }

  /// A whole-number attribute; `fallback` when it is absent (an error when there is none).
  int integer(const pugi::xml_node& node, const char* name, std::optional<int> fallback) const {
    const pugi::xml_attribute a = node.attribute(name);
    if (!a) {
      if (fallback) return *fallback;
      fail(node, element(node) + ": missing attribute " + name + " (a whole number)");
    }
    const std::string_view v = a.value();
    int out = 0;
    const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
    if (r.ec != std::errc() || r.ptr != v.data() + v.size())
      fail(node, element(node) + ": attribute " + name + "=\"" + std::string(v) + "\" is not a whole number");
    return out;
  }

  /// A finite number from `text`; `what` says where it is for the message.
  double number(const pugi::xml_node& node, std::string_view text, const std::string& what) const {
    double out = 0.0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
    if (r.ec != std::errc() || r.ptr != text.data() + text.size() || !std::isfinite(out))
      fail(node, element(node) + ": " + what + " \"" + std::string(text) + "\" is not a finite number");
    return out;
  }

  double number(const pugi::xml_node& node, const char* name) const {
    const pugi::xml_attribute a = node.attribute(name);
    return a ? number(node, a.value(), std::string("attribute ") + name) : 0.0;
  }

  std::string stringProperty(const pugi::xml_node& p) const {
    const std::string type = p.attribute("type") ? p.attribute("type").value() : "string";
    if (type != "string")
      fail(p, "property \"" + std::string(p.attribute("name").value()) + "\" has type " + type + "; expected a string");
    return p.attribute("value") ? p.attribute("value").value() : p.text().get();
  }

  /// The "walkable" property among the node's properties, when it has one.
  std::optional<bool> walkable(const pugi::xml_node& node) const {
    for (const pugi::xml_node p : node.child("properties").children("property")) {
      if (std::string_view(p.attribute("name").value()) != "walkable") continue;
      const std::string_view type = p.attribute("type").value(), value = p.attribute("value").value();
      if (type == "bool" && (value == "true" || value == "false")) return value == "true";
      fail(p, element(node) + ": property \"walkable\" must be a bool (type=\"bool\", value \"true\" or \"false\"), got type \"" +
                  std::string(type) + "\" value \"" + std::string(value) + "\"");
    }
    return std::nullopt;
  }

  /// The object layers among `parent`'s children, groups entered with their offsets added.
  void layers(const pugi::xml_node& parent, Point offset, std::optional<bool> walkable_above, TiledMap& map) const {
    for (const pugi::xml_node node : parent.children()) {
      const std::string_view kind = node.name();
      if (kind != "objectgroup" && kind != "group") continue;
      const Point here = offset + Point{number(node, "offsetx"), number(node, "offsety")};
      std::optional<bool> w = walkable(node);
      if (!w) w = walkable_above;
      if (kind == "group") {
        layers(node, here, w, map);
        continue;
      }
      TiledObjectLayer layer;
      layer.id = integer(node, "id", 0);
      layer.name = node.attribute("name").value();
      layer.offset = here;
      layer.walkable = w;
      for (const pugi::xml_node o : node.children("object")) layer.objects.push_back(object(o));
      map.layers.push_back(std::move(layer));
    }
  }

  std::vector<Point> points(const pugi::xml_node& shape, const pugi::xml_node& object) const {
    std::vector<Point> out;
    std::istringstream in(shape.attribute("points").value());
    std::string pair;
    while (in >> pair) {
      const std::size_t comma = pair.find(',');
      if (comma == std::string::npos)
        fail(shape, element(object) + ": <" + shape.name() + "> point \"" + pair + "\" is not \"x,y\"");
      const std::string_view p = pair;
      out.push_back({number(shape, p.substr(0, comma), "point x"), number(shape, p.substr(comma + 1), "point y")});
    }
    if (out.size() < 2)
      fail(shape, element(object) + ": <" + shape.name() + "> needs at least 2 points \"x,y x,y ...\", has " +
                      std::to_string(out.size()));
    return out;
  }

  TiledObject object(const pugi::xml_node& node) const {
    if (const pugi::xml_attribute t = node.attribute("template"))
      fail(node, element(node) + ": " + tiled_common::templateProblem(t.value()));
    TiledObject o;
    o.id = integer(node, "id", 0);
    o.name = node.attribute("name").value();
    o.x = number(node, "x");
    o.y = number(node, "y");
    o.width = number(node, "width");
    o.height = number(node, "height");
    o.rotation = number(node, "rotation");
    o.walkable = walkable(node);
    o.place = line(node);
    if (node.attribute("gid")) o.shape = TiledShape::Tile;
    if (node.child("ellipse")) o.shape = TiledShape::Ellipse;
    if (node.child("point")) o.shape = TiledShape::Point;
    if (node.child("text")) o.shape = TiledShape::Text;
    if (const pugi::xml_node p = node.child("polygon")) {
      o.shape = TiledShape::Polygon;
      o.points = points(p, node);
    }
    if (const pugi::xml_node p = node.child("polyline")) {
      o.shape = TiledShape::Polyline;
      o.points = points(p, node);
    }
    return o;
  }

  std::string_view text_;
  const std::string& source_;
};

// [SECTION] Writing

void setNumber(pugi::xml_node node, const char* name, double v) {
  node.append_attribute(name) = io_text::formatNumber(v).c_str();
}

void property(pugi::xml_node node, const char* name, const char* type, const std::string& value) {
  pugi::xml_node properties = node.child("properties");
  if (!properties) properties = node.prepend_child("properties");
  pugi::xml_node p = properties.append_child("property");
  p.append_attribute("name") = name;
  if (std::string_view(type) != "string") p.append_attribute("type") = type;
  p.append_attribute("value") = value.c_str();
}

std::string pointsText(const std::vector<Point>& points) {
  std::string s;
  for (const Point& p : points)
    s += (s.empty() ? "" : " ") + io_text::formatNumber(p.x) + "," + io_text::formatNumber(p.y);
  return s;
}

void writeObject(pugi::xml_node layer, const TiledObject& o) {
  pugi::xml_node node = layer.append_child("object");
  node.append_attribute("id") = o.id;
  if (!o.name.empty()) node.append_attribute("name") = o.name.c_str();
  setNumber(node, "x", o.x);
  setNumber(node, "y", o.y);
  if (o.width != 0.0 || o.height != 0.0) {
    setNumber(node, "width", o.width);
    setNumber(node, "height", o.height);
  }
  if (o.rotation != 0.0) setNumber(node, "rotation", o.rotation);
  if (o.walkable) property(node, "walkable", "bool", *o.walkable ? "true" : "false");
  switch (o.shape) {
    case TiledShape::Ellipse: node.append_child("ellipse"); break;
    case TiledShape::Point: node.append_child("point"); break;
    case TiledShape::Polygon:
    case TiledShape::Polyline:
      node.append_child(o.shape == TiledShape::Polygon ? "polygon" : "polyline").append_attribute("points") =
          pointsText(o.points).c_str();
      break;
    default: break;  // a rectangle is the default shape; tile and text objects are not written
  }
}

}  // namespace

TiledMap parseTmx(std::string_view text, const std::string& source) { return TmxReader(text, source).read(); }

std::string serializeTmx(const TiledMap& map) {
  pugi::xml_document doc;
  pugi::xml_node root = doc.append_child("map");
  root.append_attribute("version") = map.version.c_str();
  root.append_attribute("orientation") = map.orientation.c_str();
  root.append_attribute("renderorder") = "right-down";
  root.append_attribute("width") = map.width;
  root.append_attribute("height") = map.height;
  root.append_attribute("tilewidth") = map.tilewidth;
  root.append_attribute("tileheight") = map.tileheight;
  root.append_attribute("infinite") = map.infinite ? 1 : 0;
  int next_object = 1;
  for (const TiledObjectLayer& l : map.layers)
    for (const TiledObject& o : l.objects) next_object = std::max(next_object, o.id + 1);
  int next_layer = 1;
  for (const TiledObjectLayer& l : map.layers) next_layer = std::max(next_layer, l.id + 1);
  root.append_attribute("nextlayerid") = next_layer;
  root.append_attribute("nextobjectid") = next_object;
  if (map.name) property(root, "name", "string", *map.name);
  if (map.units) property(root, "units", "string", *map.units);
  for (const TiledObjectLayer& l : map.layers) {
    pugi::xml_node layer = root.append_child("objectgroup");
    layer.append_attribute("id") = l.id;
    layer.append_attribute("name") = l.name.c_str();
    if (l.offset.x != 0.0) setNumber(layer, "offsetx", l.offset.x);
    if (l.offset.y != 0.0) setNumber(layer, "offsety", l.offset.y);
    if (l.walkable) property(layer, "walkable", "bool", *l.walkable ? "true" : "false");
    for (const TiledObject& o : l.objects) writeObject(layer, o);
  }
  std::ostringstream out;
  doc.save(out, " ", pugi::format_default | pugi::format_no_declaration, pugi::encoding_utf8);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + out.str();
}

}  // namespace polypath
