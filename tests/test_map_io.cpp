// test_map_io.cpp: the JSON map format, loading limits, atomic saving and validation.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include <catch2/catch.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include "io/map_io.hpp"

using namespace polypath;
namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// A fresh folder under the system temp folder, removed with everything in it.
struct TempDir {
  fs::path path;
  TempDir() {
    static int counter = 0;
    path = fs::temp_directory_path() /
           ("polypath-io-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

void writeFile(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
}

std::string readFile(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Names of the files in `dir` that look like leftovers of a save.
std::vector<std::string> tempFilesIn(const fs::path& dir) {
  std::vector<std::string> found;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().find(".tmp-") != std::string::npos) found.push_back(e.path().string());
  return found;
}

// The message of the MapFileError that parseMap throws for `text` (empty if none).
std::string parseErrorOf(const std::string& text, const std::string& source = "map.json") {
  try {
    parseMap(text, source);
  } catch (const MapFileError& e) {
    return e.what();
  }
  return "";
}

std::string pointerOf(const std::string& text) {
  try {
    parseMap(text, "map.json");
  } catch (const MapFileError& e) {
    return e.pointer();
  }
  return "(no error)";
}

// A document with one square 0..10 and a 4..6 square hole, start and goal set.
MapDocument squareWithHole() {
  MapDocument doc;
  doc.name = "square";
  doc.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{4, 4}, {6, 4}, {6, 6}, {4, 6}}}});
  doc.start = Point{1, 1};
  doc.goal = Point{9, 9};
  return doc;
}

const MapProblem* problemAt(const std::vector<MapProblem>& problems, const std::string& where) {
  for (const MapProblem& p : problems)
    if (p.where == where) return &p;
  return nullptr;
}

std::size_t countAt(const std::vector<MapProblem>& problems, const std::string& where) {
  return static_cast<std::size_t>(
      std::count_if(problems.begin(), problems.end(), [&](const MapProblem& p) { return p.where == where; }));
}

bool hasErrors(const std::vector<MapProblem>& problems) {
  return std::any_of(problems.begin(), problems.end(),
                     [](const MapProblem& p) { return p.severity == MapProblem::Severity::Error; });
}

std::string allProblems(const std::vector<MapProblem>& problems) {
  std::string s;
  for (const MapProblem& p : problems) s += p.describe() + "\n";
  return s;
}

const char* kFullMap = R"({
  "format": "polypath-map", "version": 1,
  "name": "Full", "units": "ft",
  "polygons": [
    {"outer": [[0, 0], [20, 0], [20, 10], [0, 10]],
     "holes": [[[2, 2], [4, 2], [4, 4]]],
     "colour": "#ff0000", "tags": ["a", {"b": 1}]},
    {"outer": [[30, 0], [40, 0], [35, 5]]}
  ],
  "start": [1, 1], "goal": [19.5, 9.25],
  "settings": {"clearance": 0, "corner_offset": 0.25, "snap": 0.5},
  "description": "unknown top-level key", "author": {"name": "x", "year": 2024}
})";

}  // namespace

// ---------------------------------------------------------------------------------------
// Parsing and serializing

TEST_CASE("parseMap reads every known field and keeps unknown keys at all three levels", "[io]") {
  const MapDocument doc = parseMap(kFullMap);
  CHECK(doc.name == "Full");
  CHECK(doc.units == "ft");
  REQUIRE(doc.polygons.size() == 2);
  CHECK(doc.polygons[0].outer == Ring{{0, 0}, {20, 0}, {20, 10}, {0, 10}});
  REQUIRE(doc.polygons[0].holes.size() == 1);
  CHECK(doc.polygons[0].holes[0] == Ring{{2, 2}, {4, 2}, {4, 4}});
  CHECK(doc.polygons[1].holes.empty());
  CHECK(doc.start == Point{1, 1});
  CHECK(doc.goal == Point{19.5, 9.25});
  CHECK(doc.settings.clearance == 0.0);
  CHECK(doc.settings.corner_offset == 0.25);
  CHECK(doc.extra == nlohmann::json{{"description", "unknown top-level key"}, {"author", {{"name", "x"}, {"year", 2024}}}});
  CHECK(doc.extra_settings == nlohmann::json{{"snap", 0.5}});
  REQUIRE(doc.extra_polygons.size() == 2);
  CHECK(doc.extra_polygons[0] == nlohmann::json::parse(R"({"colour": "#ff0000", "tags": ["a", {"b": 1}]})"));
  CHECK(doc.extra_polygons[1] == nlohmann::json::object());
}

TEST_CASE("parseMap defaults: no format or version, no name, units m, no start or goal", "[io]") {
  const MapDocument doc = parseMap(R"({"polygons": [{"outer": [[0,0],[1,0],[0,1]]}], "start": null})");
  CHECK(doc.name.empty());
  CHECK(doc.units == "m");
  CHECK_FALSE(doc.start.has_value());
  CHECK_FALSE(doc.goal.has_value());
  CHECK(doc.settings.clearance == 0.0);
  CHECK(doc.settings.corner_offset == 0.0);
  CHECK(doc.extra.empty());
}

TEST_CASE("serialize then parse gives the same document, unknown keys included", "[io]") {
  const MapDocument doc = parseMap(kFullMap);
  const std::string text = serializeMap(doc);
  const MapDocument again = parseMap(text);
  CHECK(again == doc);
  CHECK(serializeMap(again) == text);  // stable: a second save writes the same bytes
  CHECK(again.extra_polygons[0]["tags"][1]["b"] == 1);
}

TEST_CASE("serialized coordinates read back as exactly the same doubles", "[io]") {
  MapDocument doc;
  const Ring ring = {{0.1, 1.0 / 3.0},
                     {1e-300, -0.0},
                     {9007199254740993.0, 123456789.123456789},
                     {-2.5e17, std::nextafter(1.0, 2.0)},
                     {std::numeric_limits<double>::max(), std::numeric_limits<double>::denorm_min()}};
  doc.polygons.push_back({ring, {}});
  doc.start = Point{std::sqrt(2.0), -std::acos(-1.0)};
  doc.settings.corner_offset = 0.1 + 0.2;
  const MapDocument again = parseMap(serializeMap(doc));
  REQUIRE(again.polygons.size() == 1);
  REQUIRE(again.polygons[0].outer.size() == ring.size());
  for (std::size_t i = 0; i < ring.size(); ++i) {
    CHECK(again.polygons[0].outer[i].x == ring[i].x);
    CHECK(again.polygons[0].outer[i].y == ring[i].y);
  }
  CHECK(std::signbit(again.polygons[0].outer[1].y));  // -0.0 keeps its sign
  CHECK(again.start == doc.start);
  CHECK(again.settings.corner_offset == doc.settings.corner_offset);
  CHECK(again == doc);
}

TEST_CASE("a document built in code equals itself after serialize and parse", "[io]") {
  MapDocument doc = squareWithHole();  // no extra_polygons entries at all
  doc.extra["note"] = "kept";
  const MapDocument again = parseMap(serializeMap(doc));
  CHECK(again == doc);
  CHECK(again.extra_polygons.size() == 1);
  doc.name.clear();
  doc.start.reset();
  CHECK(parseMap(serializeMap(doc)) == doc);
}

TEST_CASE("serializeMap writes known keys first in the documented order, then the unknown ones", "[io]") {
  const std::string text = serializeMap(parseMap(kFullMap));
  const std::vector<std::string> keys = {"\"format\"", "\"version\"", "\"name\"",     "\"units\"",  "\"polygons\"",
                                         "\"start\"",  "\"goal\"",    "\"settings\"", "\"author\"", "\"description\""};
  std::size_t previous = 0;
  for (const std::string& k : keys) {
    const std::size_t at = text.find("\n " + k + ": ");
    INFO(k << " in\n" << text);
    REQUIRE(at != std::string::npos);
    CHECK(at >= previous);
    previous = at;
  }
  CHECK_THAT(text, StartsWith("{\n \"format\": \"polypath-map\",\n \"version\": 1,\n \"name\": \"Full\",\n"));
  CHECK_THAT(text, Contains("\n   \"outer\": [\n    [0, 0],\n    [20, 0],"));  // one point per line
  CHECK_THAT(text, Contains("\"settings\": {\n  \"clearance\": 0,\n  \"corner_offset\": 0.25,\n  \"snap\": 0.5\n }"));
  CHECK(text.back() == '\n');
}

TEST_CASE("an unknown key that collides with a known one is not written twice", "[io]") {
  MapDocument doc = squareWithHole();
  doc.extra["name"] = "shadow";
  doc.extra_settings["clearance"] = 7;
  const std::string text = serializeMap(doc);
  const MapDocument again = parseMap(text);
  CHECK(again.name == "square");
  CHECK(again.settings.clearance == 0.0);
  CHECK(text.find("shadow") == std::string::npos);
}

// ---------------------------------------------------------------------------------------
// Parse errors

TEST_CASE("malformed JSON gives FILE:LINE:COLUMN and the parser's detail", "[io]") {
  // The ',' at line 3, column 15 is where the parser stops.
  const std::string text = "{\n \"format\": \"polypath-map\",\n \"polygons\": [,]\n}";
  const std::string msg = parseErrorOf(text, "maps/broken.json");
  CHECK_THAT(msg, StartsWith("maps/broken.json:3:15: not valid JSON: "));
  CHECK_THAT(msg, Contains("unexpected ','"));

  // Premature end: the column one past the last character of line 2.
  CHECK_THAT(parseErrorOf("{\n \"a\": [1, 2"), StartsWith("map.json:2:12: not valid JSON: "));
  CHECK_THAT(parseErrorOf("{\"a\": tru}"), StartsWith("map.json:1:10: not valid JSON: "));
  CHECK_THAT(parseErrorOf(""), StartsWith("map.json:1:1: not valid JSON: "));
  // A raw newline inside a string: reported at the newline itself (line 3, column 5).
  CHECK_THAT(parseErrorOf("{\"a\":\n\n  \"x\ny\"}"), StartsWith("map.json:3:5: not valid JSON: "));
}

TEST_CASE("values of the wrong type name the JSON pointer and the expected type", "[io]") {
  const std::string nan = R"({"polygons": [{"outer": [[0,0],[1,0],[1,1],[0,"NaN"]]}]})";
  CHECK(parseErrorOf(nan) ==
        "map.json: /polygons/0/outer/3/1: expected a number (y coordinate), got the string \"NaN\"");
  CHECK(pointerOf(nan) == "/polygons/0/outer/3/1");

  const std::string null_x = R"({"polygons": [{"outer": [[0,0],[1,0],[null,1]]}]})";
  CHECK(parseErrorOf(null_x) == "map.json: /polygons/0/outer/2/0: expected a number (x coordinate), got null");

  CHECK(pointerOf(R"({"polygons": [{"outer": [[0,0],[1,0],[1,1,1]]}]})") == "/polygons/0/outer/2");
  CHECK_THAT(parseErrorOf(R"({"polygons": [{"outer": [[0,0],[1,0],[1,1,1]]}]})"),
             Contains("expected a point [x, y] (an array of 2 numbers), got an array of 3 elements"));
  CHECK(pointerOf(R"({"polygons": [{"outer": [], "holes": [[[0,0],[1,0],true]]}]})") == "/polygons/0/holes/0/2");
  CHECK(pointerOf(R"({"polygons": [{"outer": [], "holes": {}}]})") == "/polygons/0/holes");
  CHECK(pointerOf(R"({"polygons": [{"outer": 5}]})") == "/polygons/0/outer");
  CHECK(pointerOf(R"({"polygons": [[0, 0]]})") == "/polygons/0");
  CHECK(pointerOf(R"({"polygons": {}})") == "/polygons");
  CHECK(parseErrorOf(R"({"polygons": {}})") == "map.json: /polygons: expected an array of polygons, got an object");
  CHECK(pointerOf(R"({"name": 5})") == "/name");
  CHECK(parseErrorOf(R"({"name": 5})") == "map.json: /name: expected a string, got the number 5");
  CHECK(pointerOf(R"({"units": ["m"]})") == "/units");
  CHECK(pointerOf(R"({"start": [1, "2"]})") == "/start/1");
  CHECK(pointerOf(R"({"goal": "here"})") == "/goal");
  CHECK(pointerOf(R"({"settings": {"corner_offset": "1"}})") == "/settings/corner_offset");
  CHECK(pointerOf(R"({"settings": {"clearance": null}})") == "/settings/clearance");
  CHECK(pointerOf(R"({"settings": 0})") == "/settings");
  CHECK(parseErrorOf("[1, 2]") == "map.json: top level: expected a map object {\"format\": \"polypath-map\", ...}, "
                                  "got an array of 2 elements");
}

TEST_CASE("a polygon without an outer ring is refused with its pointer", "[io]") {
  CHECK(pointerOf(R"({"polygons": [{"holes": []}]})") == "/polygons/0");
  CHECK_THAT(parseErrorOf(R"({"polygons": [{"holes": []}]})"), Contains("missing \"outer\""));
}

TEST_CASE("numbers too large for a double are refused", "[io]") {
  CHECK(parseErrorOf("{\"polygons\": [{\"outer\": [[0,0],\n  [1e400,0],[1,1]]}]}") ==
        "map.json:2:4: number 1e400 is too large for a double; use values below 1.7e308");
  CHECK_THAT(parseErrorOf(R"({"start": [-2e308, 0]})"), StartsWith("map.json:1:12: number -2e308 is too large"));
}

TEST_CASE("a wrong format is refused, a missing one accepted", "[io]") {
  CHECK(parseErrorOf(R"({"format": "geojson", "polygons": []})") ==
        "map.json: /format: this is not a polypath map (\"format\" is \"geojson\", expected \"polypath-map\")");
  CHECK(pointerOf(R"({"format": 1})") == "/format");
  CHECK(parseErrorOf(R"({"version": 1, "polygons": []})").empty());
}

TEST_CASE("a newer version is refused with a clear message and the version must be a whole number", "[io]") {
  CHECK(parseErrorOf(R"({"format": "polypath-map", "version": 2, "polygons": []})", "maps/new.json") ==
        "maps/new.json: version 2 is newer than this polypath reads (1); update polypath");
  // Refused before the rest is judged: a newer file may use shapes this version cannot read.
  CHECK(parseErrorOf(R"({"version": 3, "polygons": {"v3": true}})") ==
        "map.json: version 3 is newer than this polypath reads (1); update polypath");
  CHECK(parseErrorOf(R"({"version": 2.0})") == "map.json: version 2 is newer than this polypath reads (1); update polypath");
  CHECK(pointerOf(R"({"version": "1"})") == "/version");
  CHECK_THAT(parseErrorOf(R"({"version": "1"})"), Contains("expected a number, got the string \"1\""));
  CHECK_THAT(parseErrorOf(R"({"version": 1.5})"), Contains("expected a whole number"));
  CHECK_THAT(parseErrorOf(R"({"version": 0})"), Contains("/version: version 0 does not exist"));
  CHECK(parseErrorOf(R"({"version": 1.0, "polygons": []})").empty());
}

// ---------------------------------------------------------------------------------------
// Loading

TEST_CASE("loadMap reads a file and names an unnamed map after the file", "[io]") {
  TempDir dir;
  writeFile(dir.path / "my-room.json", R"({"polygons": [{"outer": [[0,0],[1,0],[0,1]]}]})");
  CHECK(loadMap(dir.path / "my-room.json").name == "my-room");
  writeFile(dir.path / "named.json", R"({"name": "Kept", "polygons": []})");
  CHECK(loadMap(dir.path / "named.json").name == "Kept");
  writeFile(dir.path / "empty-name.json", R"({"name": "", "polygons": []})");
  CHECK(loadMap(dir.path / "empty-name.json").name.empty());
}

TEST_CASE("loadMap errors name the file and say what to do", "[io]") {
  TempDir dir;
  const auto errorOf = [](const fs::path& file, LoadLimits limits = {}) -> std::string {
    try {
      loadMap(file, limits);
    } catch (const MapFileError& e) {
      CHECK(e.file() == file.string());
      return e.what();
    }
    return "";
  };
  const fs::path missing = dir.path / "missing.json";
  CHECK(errorOf(missing) == missing.string() + ": no such file; check the path");

  CHECK(errorOf(dir.path) == dir.path.string() + ": is a folder, not a map file; give the path of a .json map file");

  writeFile(dir.path / "empty.json", "");
  CHECK_THAT(errorOf(dir.path / "empty.json"), StartsWith((dir.path / "empty.json").string() + ": file is empty; "));

  writeFile(dir.path / "big.json", R"({"polygons": []})");  // 16 bytes
  CHECK(errorOf(dir.path / "big.json", LoadLimits{10}) ==
        (dir.path / "big.json").string() +
            ": file is 16 bytes, more than the limit of 10 bytes; is this really a map file?");
  CHECK(errorOf(dir.path / "big.json", LoadLimits{16}).empty());

  writeFile(dir.path / "broken.json", "{\n  \"polygons\": [\n    {\"outer\": [[0, 0]],}\n  ]\n}\n");
  CHECK_THAT(errorOf(dir.path / "broken.json"), StartsWith((dir.path / "broken.json").string() + ":3:24: not valid JSON"));

  writeFile(dir.path / "typed.json", R"({"polygons": [{"outer": [[0, 0], [1, "x"]]}]})");
  CHECK(errorOf(dir.path / "typed.json") == (dir.path / "typed.json").string() +
                                                ": /polygons/0/outer/1/1: expected a number (y coordinate), got the "
                                                "string \"x\"");
}

// ---------------------------------------------------------------------------------------
// Saving

TEST_CASE("saveMap writes a file that loads back equal and replaces an old one", "[io]") {
  TempDir dir;
  const fs::path file = dir.path / "room.json";
  MapDocument doc = parseMap(kFullMap);
  saveMap(doc, file);
  CHECK(loadMap(file) == doc);
  CHECK(readFile(file) == serializeMap(doc));

  doc.polygons[0].outer[1].x = 21.5;
  saveMap(doc, file);
  CHECK(loadMap(file) == doc);
  CHECK(tempFilesIn(dir.path).empty());
}

TEST_CASE("saveMap keeps the permission bits of the file it replaces", "[io]") {
  TempDir dir;
  const fs::path file = dir.path / "room.json";
  writeFile(file, "old");
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  saveMap(squareWithHole(), file);
  CHECK((fs::status(file).permissions() & fs::perms::all) ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
}

TEST_CASE("saveMap failures leave the old file untouched and no temporary file behind", "[io]") {
  TempDir dir;
  const MapDocument doc = squareWithHole();
  const std::string old_text = "{\"old\": true}\n";

  SECTION("the target is a folder") {
    const fs::path target = dir.path / "folder.json";
    fs::create_directory(target);
    writeFile(target / "inside.txt", "keep");
    try {
      saveMap(doc, target);
      FAIL("saveMap did not throw");
    } catch (const MapFileError& e) {
      CHECK(std::string(e.what()) == target.string() + ": cannot save: it is a folder; choose a file name inside it");
    }
    CHECK(fs::is_directory(target));
    CHECK(readFile(target / "inside.txt") == "keep");
  }

  SECTION("the folder does not exist") {
    const fs::path target = dir.path / "no-such-folder" / "room.json";
    try {
      saveMap(doc, target);
      FAIL("saveMap did not throw");
    } catch (const MapFileError& e) {
      CHECK_THAT(e.what(), StartsWith(target.string() + ": cannot save: cannot create the temporary file "));
      CHECK_THAT(e.what(), Contains("check that the folder exists and is writable"));
    }
    CHECK_FALSE(fs::exists(dir.path / "no-such-folder"));
  }

  SECTION("the temporary file cannot be created (its name is taken by a folder)") {
    const fs::path target = dir.path / "room.json";
    writeFile(target, old_text);
    const fs::path blocker = dir.path / ("room.json.tmp-" + std::to_string(::getpid()));
    fs::create_directory(blocker);
    writeFile(blocker / "x", "x");
    CHECK_THROWS_AS(saveMap(doc, target), MapFileError);
    CHECK(readFile(target) == old_text);
    fs::remove_all(blocker);
  }

  SECTION("the folder is not writable") {
    const fs::path folder = dir.path / "read-only";
    fs::create_directory(folder);
    const fs::path target = folder / "room.json";
    writeFile(target, old_text);
    fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec);
    if (::geteuid() == 0) {
      WARN("running as root: permissions do not stop writes, so this check is skipped");
    } else {
      try {
        saveMap(doc, target);
        FAIL("saveMap did not throw");
      } catch (const MapFileError& e) {
        CHECK_THAT(e.what(), Contains("Permission denied"));
      }
      CHECK(readFile(target) == old_text);
    }
    fs::permissions(folder, fs::perms::owner_all);
    CHECK(tempFilesIn(folder).empty());
  }

  CHECK(tempFilesIn(dir.path).empty());
}

// ---------------------------------------------------------------------------------------
// Validation

TEST_CASE("validateMap accepts a valid map", "[io]") {
  const auto problems = validateMap(squareWithHole());
  CHECK(allProblems(problems).empty());
}

TEST_CASE("MapProblem::describe gives severity, where and what on one line", "[io]") {
  CHECK(MapProblem{MapProblem::Severity::Error, "/polygons/0/outer", "too few"}.describe() ==
        "error: /polygons/0/outer: too few");
  CHECK(MapProblem{MapProblem::Severity::Warning, "", "note"}.describe() == "warning: note");
}

TEST_CASE("validateMap reports a map without polygons", "[io]") {
  const auto problems = validateMap(MapDocument{});
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].where == "/polygons");
  CHECK(problems[0].severity == MapProblem::Severity::Error);
}

TEST_CASE("validateMap reports every ring with fewer than 3 distinct vertices", "[io]") {
  MapDocument doc = squareWithHole();
  doc.polygons[0].holes.push_back({{1, 1}, {2, 2}, {2, 2}});
  doc.polygons.push_back({{{20, 20}, {21, 20}}, {}});
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problemAt(problems, "/polygons/0/holes/1"));
  CHECK_THAT(problemAt(problems, "/polygons/0/holes/1")->what, Contains("fewer than 3 distinct vertices (2)"));
  REQUIRE(problemAt(problems, "/polygons/1/outer"));
  CHECK(problemAt(problems, "/polygons/1/outer")->severity == MapProblem::Severity::Error);
}

TEST_CASE("validateMap reports NaN and infinite coordinates by vertex", "[io]") {
  MapDocument doc = squareWithHole();
  doc.polygons[0].outer[2].x = std::nan("");
  doc.polygons[0].holes[0][1].y = -HUGE_VAL;
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problemAt(problems, "/polygons/0/outer/2"));
  CHECK_THAT(problemAt(problems, "/polygons/0/outer/2")->what, Contains("NaN or infinite"));
  REQUIRE(problemAt(problems, "/polygons/0/holes/0/1"));
  CHECK(problemAt(problems, "/polygons/0/holes/0/1")->severity == MapProblem::Severity::Error);
}

TEST_CASE("validateMap warns about duplicate and closing vertices, which loading drops", "[io]") {
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {10, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 0}}, {{{4, 2}, {6, 2}, {6, 8}, {4, 8}, {4, 2}}}});
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 3);
  CHECK(problems[0].where == "/polygons/0/outer/2");
  CHECK_THAT(problems[0].what, Contains("repeats vertex 1") && Contains("dropped on load"));
  CHECK(problems[1].where == "/polygons/0/outer/5");
  CHECK_THAT(problems[1].what, Contains("repeats the first") && Contains("dropped on load"));
  CHECK(problems[2].where == "/polygons/0/holes/0/4");
  CHECK_FALSE(hasErrors(problems));
  for (const MapProblem& p : problems) CHECK(p.severity == MapProblem::Severity::Warning);
}

TEST_CASE("validateMap reports rings with zero area", "[io]") {
  MapDocument doc = squareWithHole();
  doc.polygons[0].holes.push_back({{1, 8}, {2, 8}, {3, 8}});            // collinear
  doc.polygons.push_back({{{20, 0}, {22, 2}, {24, 4}, {22, 2}}, {}});  // a spike back and forth
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problemAt(problems, "/polygons/0/holes/1"));
  CHECK(problemAt(problems, "/polygons/0/holes/1")->what ==
        "ring has zero area (its vertices lie on one line); move them apart or delete the ring");
  REQUIRE(problemAt(problems, "/polygons/1/outer"));
  CHECK_THAT(problemAt(problems, "/polygons/1/outer")->what, Contains("zero area"));
  CHECK(problems.size() == 2);
}

TEST_CASE("validateMap reports a hole with vertices outside its outer ring", "[io]") {
  MapDocument doc = squareWithHole();
  doc.polygons[0].holes.push_back({{8, 1}, {12, 1}, {12, 3}, {8, 3}});  // vertices 1 and 2 outside
  doc.polygons[0].holes.push_back({{0, 8}, {2, 8}, {1, 10}});            // touches the boundary: fine
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problemAt(problems, "/polygons/0/holes/1/1"));
  CHECK(problemAt(problems, "/polygons/0/holes/1/1")->what ==
        "hole vertex (12, 1) lies outside the outer ring of polygon 0 (2 of the hole's 4 vertices do); move the hole "
        "inside its outer ring");
  CHECK(countAt(problems, "/polygons/0/holes/2/0") == 0);
  CHECK(countAt(problems, "/polygons/0/holes/2/2") == 0);
  // The hole's edges also cross the outer ring's edge x = 10 (twice).
  CHECK(countAt(problems, "/polygons/0/outer/1") == 2);
}

TEST_CASE("validateMap reports crossing edges within a ring and between rings", "[io]") {
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {10, 10}, {10, 0}, {0, 6}}, {}});  // edge 0-1 crosses edge 2-3
  const auto self = validateMap(doc);
  INFO(allProblems(self));
  REQUIRE(self.size() == 1);
  CHECK(self[0].where == "/polygons/0/outer/0");
  CHECK(self[0].what ==
        "the ring crosses itself: edge (0, 0)-(10, 10) (vertices 0 and 1 of /polygons/0/outer) crosses edge "
        "(10, 0)-(0, 6) (vertices 2 and 3 of /polygons/0/outer); move a vertex so that the edges do not cross");

  MapDocument two = squareWithHole();
  two.polygons[0].holes.push_back({{5, 5}, {7, 5}, {7, 7}, {5, 7}});  // overlaps hole 0
  const auto between = validateMap(two);
  INFO(allProblems(between));
  REQUIRE(countAt(between, "/polygons/0/holes/0/1") == 1);  // edge (6,4)-(6,6) crosses (5,5)-(7,5)
  REQUIRE(countAt(between, "/polygons/0/holes/0/2") == 1);  // edge (6,6)-(4,6) crosses (5,7)-(5,5)
  CHECK_THAT(problemAt(between, "/polygons/0/holes/0/1")->what, StartsWith("rings cross: "));

  MapDocument overlap = squareWithHole();
  overlap.polygons.push_back({{{8, 8}, {15, 8}, {15, 15}, {8, 15}}, {}});  // overlaps polygon 0
  const auto polygons = validateMap(overlap);
  INFO(allProblems(polygons));
  CHECK(countAt(polygons, "/polygons/0/outer/1") == 1);
  CHECK(countAt(polygons, "/polygons/0/outer/2") == 1);
}

TEST_CASE("validateMap does not report rings that only touch", "[io]") {
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {0, 10}},
                          {{{2, 2}, {4, 2}, {4, 4}}, {{4, 4}, {6, 4}, {6, 6}}, {{6, 6}, {10, 5}, {8, 8}}}});
  CHECK(allProblems(validateMap(doc)).empty());
}

TEST_CASE("validateMap reports a start or goal that is not walkable, and where it is", "[io]") {
  MapDocument doc = squareWithHole();
  doc.start = Point{5, 5};
  doc.goal = Point{12, 3};
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].where == "/start");
  CHECK(problems[0].what ==
        "start (5, 5) is not walkable: it is inside hole 0 of polygon 0; move it into the walkable region");
  CHECK(problems[1].where == "/goal");
  CHECK_THAT(problems[1].what, Contains("goal (12, 3) is not walkable: it is outside every polygon"));

  doc.start = Point{4, 5};  // on the hole's edge: walkable (closed region)
  doc.goal = Point{10, 10};
  CHECK(allProblems(validateMap(doc)).empty());
  doc.start.reset();
  doc.goal.reset();
  CHECK(allProblems(validateMap(doc)).empty());
  doc.goal = Point{std::nan(""), 0};
  REQUIRE(problemAt(validateMap(doc), "/goal"));
}

TEST_CASE("validateMap reports negative or non-finite settings", "[io]") {
  MapDocument doc = squareWithHole();
  doc.settings.corner_offset = -1;
  doc.settings.clearance = HUGE_VAL;
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problemAt(problems, "/settings/corner_offset"));
  CHECK(problemAt(problems, "/settings/corner_offset")->what == "corner_offset is -1; it must be 0 or more (world units)");
  REQUIRE(problemAt(problems, "/settings/clearance"));
}

TEST_CASE("validateMap lists every problem, not only the first", "[io]") {
  MapDocument doc = squareWithHole();
  doc.polygons[0].outer.push_back({0, 0});              // warning: closing vertex
  doc.polygons[0].holes.push_back({{1, 1}, {1, 1}});    // error: too few vertices
  doc.polygons.push_back({{{20, 0}, {30, 10}, {30, 0}, {20, 6}}, {}});  // error: crossing
  doc.start = Point{5, 5};                              // not checked: the map cannot be built
  doc.settings.clearance = -2;                          // error
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  CHECK(problemAt(problems, "/polygons/0/outer/4"));
  CHECK(problemAt(problems, "/polygons/0/holes/1/1"));  // warning: duplicate vertex
  CHECK(problemAt(problems, "/polygons/0/holes/1"));
  CHECK(problemAt(problems, "/polygons/1/outer/0"));
  CHECK(problemAt(problems, "/settings/clearance"));
  CHECK(problems.size() == 5);
}

TEST_CASE("buildPolygonMap builds the document's polygons", "[io]") {
  const PolygonMap map = buildPolygonMap(squareWithHole());
  CHECK(map.polygons().size() == 1);
  CHECK(map.locate({5, 5}).kind == PointLocation::Kind::InHole);
  MapDocument bad;
  bad.polygons.push_back({{{0, 0}, {1, 1}}, {}});
  CHECK_THROWS_AS(buildPolygonMap(bad), GeometryError);
}

TEST_CASE("every shared case file and every map in maps/ loads and survives a round trip", "[io]") {
  std::vector<fs::path> files;
  for (const fs::path& dir : {fs::path(POLYPATH_SOURCE_DIR) / "maps", fs::path(POLYPATH_SHARED_DIR) / "cases"}) {
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".json") files.push_back(e.path());
  }
  if (files.empty()) WARN("no maps/ or ../shared/cases folder: nothing to check");
  for (const fs::path& file : files) {
    INFO(file.string());
    const MapDocument doc = loadMap(file);
    CHECK(parseMap(serializeMap(doc)) == doc);
  }
}
