// map_io.cpp: the JSON map format (version 1), loading limits and atomic saving.
//
// [SECTION] Errors, problems, document equality
// [SECTION] Formatting helpers
// [SECTION] Parsing (JSON text -> MapDocument)
// [SECTION] Loading (file -> MapDocument)
// [SECTION] Serializing (MapDocument -> JSON text)
// [SECTION] Atomic saving
// [SECTION] Building
//
// Validation (validateMap) lives in map_validation.cpp.
#include "polypath/formats/map_io.hpp"
#include "formats/json_values.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <tuple>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace polypath {

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;
using json_syntax::childPointer;
using json_syntax::describeValue;
using json_syntax::numberJson;

namespace {

constexpr int kFormatVersion = 1;
constexpr const char* kFormatName = "polypath-map";

}  // namespace

// [SECTION] Errors, problems, document equality

MapFileError::MapFileError(std::string file, std::string pointer, const std::string& what)
    : Error(what, pointer.empty() ? file : file + "#" + pointer), file_(std::move(file)), pointer_(std::move(pointer)) {}

std::string MapProblem::describe() const {
  std::string s = severity == Severity::Error ? "error: " : "warning: ";
  if (!where.empty()) s += where + ": ";
  return s + what;
}

namespace {

bool samePolygon(const Polygon& a, const Polygon& b) { return a.outer == b.outer && a.holes == b.holes; }

const json& extraPolygon(const MapDocument& d, std::size_t i) {
  static const json empty = json::object();
  return i < d.extra_polygons.size() ? d.extra_polygons[i] : empty;
}

}  // namespace

bool operator==(const MapDocument& a, const MapDocument& b) {
  if (a.name != b.name || a.units != b.units || a.start != b.start || a.goal != b.goal) return false;
  if (a.settings.clearance != b.settings.clearance || a.settings.corner_offset != b.settings.corner_offset ||
      a.settings.radii != b.settings.radii || !(a.settings.clearance_style == b.settings.clearance_style))
    return false;
  if (a.extra != b.extra || a.extra_settings != b.extra_settings) return false;
  if (a.polygons.size() != b.polygons.size()) return false;
  for (std::size_t i = 0; i < a.polygons.size(); ++i) {
    if (!samePolygon(a.polygons[i], b.polygons[i])) return false;
    if (extraPolygon(a, i) != extraPolygon(b, i)) return false;
  }
  const std::size_t extras = std::max(a.extra_polygons.size(), b.extra_polygons.size());
  for (std::size_t i = a.polygons.size(); i < extras; ++i)
    if (extraPolygon(a, i) != extraPolygon(b, i)) return false;
  return true;
}

// [SECTION] Formatting helpers

namespace {

// [SECTION] Parsing

// Reads one JSON document into a MapDocument; every error names `source` and a pointer.
class DocumentReader {
 public:
  explicit DocumentReader(const std::string& source) : source_(source) {}

  [[noreturn]] void fail(const std::string& pointer, const std::string& what) const {
    const std::string where = pointer.empty() ? std::string("top level") : pointer;
    throw MapFileError(source_, pointer, source_ + ": " + where + ": " + what);
  }

  [[noreturn]] void typeError(const std::string& pointer, const std::string& expected, const json& got) const {
    fail(pointer, "expected " + expected + ", got " + describeValue(got));
  }

  double number(const json& v, const std::string& pointer, const char* expected) const {
    if (!v.is_number()) typeError(pointer, expected, v);
    const double d = v.get<double>();
    if (!std::isfinite(d))
      fail(pointer, "number " + v.dump() + " is too large for a double; use values below 1.7e308");
    return d;
  }

  std::string string(const json& v, const std::string& pointer) const {
    if (!v.is_string()) typeError(pointer, "a string", v);
    return v.get<std::string>();
  }

  Point point(const json& v, const std::string& pointer) const {
    if (!v.is_array() || v.size() != 2) typeError(pointer, "a point [x, y] (an array of 2 numbers)", v);
    return {number(v[0], childPointer(pointer, std::size_t{0}), "a number (x coordinate)"),
            number(v[1], childPointer(pointer, std::size_t{1}), "a number (y coordinate)")};
  }

  Ring ring(const json& v, const std::string& pointer) const {
    if (!v.is_array()) typeError(pointer, "a ring [[x, y], ...] (an array of points)", v);
    Ring r;
    r.reserve(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) r.push_back(point(v[i], childPointer(pointer, i)));
    return r;
  }

  void polygon(const json& v, const std::string& pointer, Polygon& out, json& extra) const {
    if (!v.is_object()) typeError(pointer, "a polygon {\"outer\": [...], \"holes\": [...]} (an object)", v);
    if (!v.contains("outer"))
      fail(pointer, "missing \"outer\": a polygon needs its boundary ring, \"outer\": [[x, y], ...]");
    extra = json::object();
    for (const auto& [key, value] : v.items()) {
      const std::string p = childPointer(pointer, key);
      if (key == "outer") {
        out.outer = ring(value, p);
      } else if (key == "holes") {
        if (!value.is_array()) typeError(p, "an array of rings", value);
        for (std::size_t h = 0; h < value.size(); ++h) out.holes.push_back(ring(value[h], childPointer(p, h)));
      } else {
        extra[key] = value;
      }
    }
  }

  void settings(const json& v, const std::string& pointer, MapDocument& doc) const {
    if (!v.is_object()) typeError(pointer, "an object", v);
    for (const auto& [key, value] : v.items()) {
      const std::string p = childPointer(pointer, key);
      if (key == "clearance") doc.settings.clearance = number(value, p, "a number (world units)");
      else if (key == "corner_offset") doc.settings.corner_offset = number(value, p, "a number (world units)");
      else if (key == "radii") doc.settings.radii = radii(value, p);
      else if (key == "clearance_joins") doc.settings.clearance_style.joins = joins(value, p);
      else if (key == "clearance_segments") doc.settings.clearance_style.segments = segments(value, p);
      else if (key == "clearance_mitre_limit")
        doc.settings.clearance_style.mitre_limit = number(value, p, "a number (radii)");
      else doc.extra_settings[key] = value;
    }
  }

  std::vector<double> radii(const json& v, const std::string& pointer) const {
    if (!v.is_array()) typeError(pointer, "an array of agent radii [r, ...] (numbers, world units)", v);
    std::vector<double> out;
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(number(v[i], childPointer(pointer, i), "a number (world units)"));
    return out;
  }

  ClearanceJoins joins(const json& v, const std::string& pointer) const {
    const std::optional<ClearanceJoins> j = v.is_string() ? parseClearanceJoins(v.get<std::string>()) : std::nullopt;
    if (!j) typeError(pointer, "\"round\" or \"mitre\"", v);
    return *j;
  }

  // A whole number that fits an int; its range is checked by validateMap.
  int segments(const json& v, const std::string& pointer) const {
    const char* expected = "a whole number (chords per quarter circle, 1 to 64)";
    if (!v.is_number()) typeError(pointer, expected, v);
    const double d = v.get<double>();
    if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 1e9) typeError(pointer, expected, v);
    return static_cast<int>(d);
  }

  void format(const json& v) const {
    const std::string f = string(v, "/format");
    if (f != kFormatName)
      fail("/format", "this is not a polypath map (\"format\" is \"" + f + "\", expected \"" + kFormatName + "\")");
  }

  void version(const json& v) const {
    if (!v.is_number()) typeError("/version", "a number", v);
    const double d = v.get<double>();
    if (!std::isfinite(d) || d != std::floor(d)) typeError("/version", "a whole number", v);
    const std::string text = v.is_number_float() && std::fabs(d) < 1e15
                                 ? std::to_string(static_cast<long long>(d))
                                 : v.dump();
    if (d > kFormatVersion)
      throw MapFileError(source_, "/version",
                         source_ + ": version " + text + " is newer than this polypath reads (" +
                             std::to_string(kFormatVersion) + "); update polypath");
    if (d < kFormatVersion)
      fail("/version", "version " + text + " does not exist; polypath map files have version " +
                           std::to_string(kFormatVersion));
  }

  /// The document; `has_name` tells whether the file had a "name" key.
  MapDocument document(const json& root, bool& has_name) const {
    if (!root.is_object()) typeError("", "a map object {\"format\": \"polypath-map\", ...}", root);
    // Format and version first: a newer file is refused before its contents are judged.
    if (root.contains("format")) format(root["format"]);
    if (!root.contains("version"))
      fail("", "missing \"version\"; a polypath map file says which format version it is written in: add "
               "\"version\": " + std::to_string(kFormatVersion) + " (next to \"format\": \"" + kFormatName + "\")");
    version(root["version"]);
    has_name = root.contains("name");
    MapDocument doc;
    for (const auto& [key, value] : root.items()) {
      const std::string p = childPointer("", key);
      if (key == "format" || key == "version") {
        continue;
      } else if (key == "name") {
        doc.name = string(value, p);
      } else if (key == "units") {
        doc.units = string(value, p);
      } else if (key == "polygons") {
        if (!value.is_array()) typeError(p, "an array of polygons", value);
        doc.polygons.resize(value.size());
        doc.extra_polygons.resize(value.size());
        for (std::size_t i = 0; i < value.size(); ++i)
          polygon(value[i], childPointer(p, i), doc.polygons[i], doc.extra_polygons[i]);
      } else if (key == "start" || key == "goal") {
        if (value.is_null()) continue;
        (key == "start" ? doc.start : doc.goal) = point(value, p);
      } else if (key == "settings") {
        settings(value, p, doc);
      } else {
        doc.extra[key] = value;
      }
    }
    return doc;
  }

 private:
  const std::string& source_;
};

MapDocument parseDocument(std::string_view text, const std::string& source, bool& has_name) {
  return DocumentReader(source).document(json_syntax::parseMapJson(text, source), has_name);
}

}  // namespace

MapDocument parseMap(std::string_view text, const std::string& source) {
  bool has_name = false;
  return parseDocument(text, source, has_name);
}

// [SECTION] Loading

std::string readMapFile(const fs::path& file, const LoadLimits& limits) {
  const std::string name = file.string();
  auto fail = [&](const std::string& what) -> MapFileError { return MapFileError(name, "", name + ": " + what); };

  std::error_code ec;
  const fs::file_status st = fs::status(file, ec);
  if (ec || !fs::exists(st)) {
    if (ec && ec != std::errc::no_such_file_or_directory) throw fail("cannot read: " + ec.message());
    throw fail("no such file; check the path");
  }
  if (fs::is_directory(st)) throw fail("is a folder, not a map file; give the path of a .json map file");
  if (!fs::is_regular_file(st)) throw fail("is not a regular file; give the path of a .json map file");
  const std::uintmax_t size = fs::file_size(file, ec);
  if (ec) throw fail("cannot read: " + ec.message());
  auto tooLarge = [&](std::uintmax_t bytes) {
    return fail("file is " + std::to_string(bytes) + " bytes, more than the limit of " +
                std::to_string(limits.max_bytes) + " bytes; is this really a map file?");
  };
  if (size > limits.max_bytes) throw tooLarge(size);
  if (size == 0) throw fail("file is empty; a map file holds a JSON object such as {\"format\": \"polypath-map\", "
                            "\"version\": 1, \"polygons\": [...]}");

  std::ifstream in(file, std::ios::binary);
  if (!in) throw fail(std::string("cannot open: ") + std::strerror(errno));
  std::string text;
  std::array<char, 65536> buf{};
  while (in) {  // the file may have grown since its size was checked: read at most the limit + 1
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    text.append(buf.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > limits.max_bytes) throw tooLarge(text.size());
  }
  if (in.bad()) throw fail(std::string("cannot read: ") + std::strerror(errno));
  if (text.empty()) throw fail("file is empty");
  return text;
}

MapDocument loadMap(const fs::path& file, const LoadLimits& limits) {
  const std::string text = readMapFile(file, limits);
  const std::string name = file.string();
  bool has_name = false;
  MapDocument doc = parseDocument(text, name, has_name);
  if (!has_name) doc.name = file.stem().string();  // an explicit "" stays empty
  return doc;
}

// [SECTION] Serializing

namespace {

ordered_json pointJson(Point p) { return ordered_json::array({numberJson(p.x), numberJson(p.y)}); }

ordered_json ringJson(const Ring& r) {
  ordered_json a = ordered_json::array();
  for (const Point& p : r) a.push_back(pointJson(p));
  return a;
}

// Adds the keys of `extra` that `out` does not have yet (known keys win).
void appendExtras(ordered_json& out, const json& extra) {
  if (!extra.is_object()) return;
  for (const auto& [key, value] : extra.items())
    if (!out.contains(key)) out[key] = ordered_json(value);
}

}  // namespace

std::string serializeMap(const MapDocument& doc) {
  ordered_json root = ordered_json::object();
  root["format"] = kFormatName;
  root["version"] = kFormatVersion;
  if (!doc.name.empty()) root["name"] = doc.name;
  root["units"] = doc.units;
  ordered_json polygons = ordered_json::array();
  for (std::size_t i = 0; i < doc.polygons.size(); ++i) {
    ordered_json p = ordered_json::object();
    p["outer"] = ringJson(doc.polygons[i].outer);
    ordered_json holes = ordered_json::array();
    for (const Ring& h : doc.polygons[i].holes) holes.push_back(ringJson(h));
    p["holes"] = std::move(holes);
    appendExtras(p, extraPolygon(doc, i));
    polygons.push_back(std::move(p));
  }
  root["polygons"] = std::move(polygons);
  if (doc.start) root["start"] = pointJson(*doc.start);
  if (doc.goal) root["goal"] = pointJson(*doc.goal);
  ordered_json settings = ordered_json::object();
  settings["clearance"] = numberJson(doc.settings.clearance);
  const MapSettings defaults;
  if (!doc.settings.radii.empty()) {
    ordered_json radii = ordered_json::array();
    for (double r : doc.settings.radii) radii.push_back(numberJson(r));
    settings["radii"] = std::move(radii);
  }
  const ClearanceStyle& style = doc.settings.clearance_style;
  if (style.joins != defaults.clearance_style.joins) settings["clearance_joins"] = clearanceJoinsName(style.joins);
  if (style.segments != defaults.clearance_style.segments) settings["clearance_segments"] = style.segments;
  if (style.mitre_limit != defaults.clearance_style.mitre_limit)
    settings["clearance_mitre_limit"] = numberJson(style.mitre_limit);
  settings["corner_offset"] = numberJson(doc.settings.corner_offset);
  appendExtras(settings, doc.extra_settings);
  root["settings"] = std::move(settings);
  appendExtras(root, doc.extra);

  return json_syntax::prettyJson(root);
}

// [SECTION] Atomic saving

namespace {

// Closes a descriptor and removes a temporary file unless released.
struct TempFile {
  fs::path path;
  int fd = -1;
  bool keep = false;
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    if (!keep && !path.empty()) ::unlink(path.c_str());
  }
};

bool writeAll(int fd, const std::string& text) {
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

// Makes the rename durable; failures here do not undo a completed save.
void syncFolder(const fs::path& folder) {
  const int dfd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) return;
  ::fsync(dfd);
  ::close(dfd);
}

}  // namespace

void saveMap(const MapDocument& doc, const fs::path& file) { saveTextFileAtomically(serializeMap(doc), file); }

void saveTextFileAtomically(const std::string& text, const fs::path& file) {
  const std::string name = file.string();
  auto fail = [&](const std::string& what) {
    return MapFileError(name, "", name + ": cannot save: " + what);
  };
  if (!file.has_filename()) throw fail("not a file name; give a path such as maps/room.json");

  std::error_code ec;
  fs::path target = file;
  if (fs::is_symlink(fs::symlink_status(file, ec))) {
    const fs::path resolved = fs::weakly_canonical(file, ec);
    if (!ec) target = resolved;
  }
  const fs::file_status st = fs::status(target, ec);
  if (fs::is_directory(st)) throw fail("it is a folder; choose a file name inside it");
  if (fs::exists(st) && !fs::is_regular_file(st)) throw fail("it exists and is not a regular file; choose another name");

  const fs::path folder = target.parent_path();
  TempFile tmp;
  const fs::path tmp_path = folder / (target.filename().string() + ".tmp-" + std::to_string(::getpid()));
  const std::string tmp_name = tmp_path.string();
  for (int attempt = 0; attempt < 2 && tmp.fd < 0; ++attempt) {
    tmp.fd = ::open(tmp_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (tmp.fd < 0 && errno == EEXIST && attempt == 0) ::unlink(tmp_path.c_str());  // left by a crash
    else if (tmp.fd < 0) break;
  }
  if (tmp.fd < 0) {
    const std::string why = std::strerror(errno);
    throw fail("cannot create the temporary file " + tmp_name + " (" + why +
               "); check that the folder exists and is writable");
  }
  tmp.path = tmp_path;
  struct stat old {};
  if (fs::exists(st) && ::stat(target.c_str(), &old) == 0) ::fchmod(tmp.fd, old.st_mode & 07777);

  if (!writeAll(tmp.fd, text) || ::fsync(tmp.fd) != 0) {
    const std::string why = std::strerror(errno);
    throw fail("cannot write " + tmp_name + " (" + why + "); check free disk space");
  }
  const int fd = tmp.fd;
  tmp.fd = -1;
  if (::close(fd) != 0) {
    const std::string why = std::strerror(errno);
    throw fail("cannot write " + tmp_name + " (" + why + "); check free disk space");
  }
  fs::rename(tmp_path, target, ec);
  if (ec) throw fail("cannot replace the file (" + ec.message() + "); check that the folder is writable");
  tmp.keep = true;
  syncFolder(folder);
}

// [SECTION] Building

PolygonMap buildPolygonMap(const MapDocument& doc) { return PolygonMap(doc.polygons); }

}  // namespace polypath
