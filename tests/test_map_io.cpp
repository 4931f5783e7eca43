// test_map_io.cpp: the JSON map format, loading limits, atomic saving and validation.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <string>

#include <catch2/catch.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include "polypath/formats/map_io.hpp"
#include "support/temp_dir.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;
namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

using polypath::test::TempDir;

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

TEST_CASE("parseMap defaults: no format, no name, units m, no start or goal", "[io]") {
  const MapDocument doc = parseMap(R"({"version": 1, "polygons": [{"outer": [[0,0],[1,0],[0,1]]}], "start": null})");
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
  const std::string nan = R"({"version": 1, "polygons": [{"outer": [[0,0],[1,0],[1,1],[0,"NaN"]]}]})";
  CHECK(parseErrorOf(nan) ==
        "map.json: /polygons/0/outer/3/1: expected a number (y coordinate), got the string \"NaN\"");
  CHECK(pointerOf(nan) == "/polygons/0/outer/3/1");

  const std::string null_x = R"({"version": 1, "polygons": [{"outer": [[0,0],[1,0],[null,1]]}]})";
  CHECK(parseErrorOf(null_x) == "map.json: /polygons/0/outer/2/0: expected a number (x coordinate), got null");

  CHECK(pointerOf(R"({"version": 1, "polygons": [{"outer": [[0,0],[1,0],[1,1,1]]}]})") == "/polygons/0/outer/2");
  CHECK_THAT(parseErrorOf(R"({"version": 1, "polygons": [{"outer": [[0,0],[1,0],[1,1,1]]}]})"),
             Contains("expected a point [x, y] (an array of 2 numbers), got an array of 3 elements"));
  CHECK(pointerOf(R"({"version": 1, "polygons": [{"outer": [], "holes": [[[0,0],[1,0],true]]}]})") == "/polygons/0/holes/0/2");
  CHECK(pointerOf(R"({"version": 1, "polygons": [{"outer": [], "holes": {}}]})") == "/polygons/0/holes");
  CHECK(pointerOf(R"({"version": 1, "polygons": [{"outer": 5}]})") == "/polygons/0/outer");
  CHECK(pointerOf(R"({"version": 1, "polygons": [[0, 0]]})") == "/polygons/0");
  CHECK(pointerOf(R"({"version": 1, "polygons": {}})") == "/polygons");
  CHECK(parseErrorOf(R"({"version": 1, "polygons": {}})") == "map.json: /polygons: expected an array of polygons, got an object");
  CHECK(pointerOf(R"({"version": 1, "name": 5})") == "/name");
  CHECK(parseErrorOf(R"({"version": 1, "name": 5})") == "map.json: /name: expected a string, got the number 5");
  CHECK(pointerOf(R"({"version": 1, "units": ["m"]})") == "/units");
  CHECK(pointerOf(R"({"version": 1, "start": [1, "2"]})") == "/start/1");
  CHECK(pointerOf(R"({"version": 1, "goal": "here"})") == "/goal");
  CHECK(pointerOf(R"({"version": 1, "settings": {"corner_offset": "1"}})") == "/settings/corner_offset");
  CHECK(pointerOf(R"({"version": 1, "settings": {"clearance": null}})") == "/settings/clearance");
  CHECK(pointerOf(R"({"version": 1, "settings": 0})") == "/settings");
  CHECK(parseErrorOf("[1, 2]") == "map.json: top level: expected a map object {\"format\": \"polypath-map\", ...}, "
                                  "got an array of 2 elements");
}

TEST_CASE("a polygon without an outer ring is refused with its pointer", "[io]") {
  CHECK(pointerOf(R"({"version": 1, "polygons": [{"holes": []}]})") == "/polygons/0");
  CHECK_THAT(parseErrorOf(R"({"version": 1, "polygons": [{"holes": []}]})"), Contains("missing \"outer\""));
}

TEST_CASE("numbers too large for a double are refused", "[io]") {
  CHECK(parseErrorOf("{\"version\": 1, \"polygons\": [{\"outer\": [[0,0],\n  [1e400,0],[1,1]]}]}") ==
        "map.json:2:4: number 1e400 is too large for a double; use values below 1.7e308");
  CHECK_THAT(parseErrorOf(R"({"version": 1, "start": [-2e308, 0]})"), StartsWith("map.json:1:26: number -2e308 is too large"));
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
  writeFile(dir.path / "my-room.json", R"({"version": 1, "polygons": [{"outer": [[0,0],[1,0],[0,1]]}]})");
  CHECK(loadMap(dir.path / "my-room.json").name == "my-room");
  writeFile(dir.path / "named.json", R"({"version": 1, "name": "Kept", "polygons": []})");
  CHECK(loadMap(dir.path / "named.json").name == "Kept");
  writeFile(dir.path / "empty-name.json", R"({"version": 1, "name": "", "polygons": []})");
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

  writeFile(dir.path / "big.json", R"({"version": 1, "polygons": []})");  // 30 bytes
  CHECK(errorOf(dir.path / "big.json", LoadLimits{10}) ==
        (dir.path / "big.json").string() +
            ": file is 30 bytes, more than the limit of 10 bytes; is this really a map file?");
  CHECK(errorOf(dir.path / "big.json", LoadLimits{30}).empty());

  writeFile(dir.path / "broken.json", "{\n  \"polygons\": [\n    {\"outer\": [[0, 0]],}\n  ]\n}\n");
  CHECK_THAT(errorOf(dir.path / "broken.json"), StartsWith((dir.path / "broken.json").string() + ":3:24: not valid JSON"));

  writeFile(dir.path / "typed.json", R"({"version": 1, "polygons": [{"outer": [[0, 0], [1, "x"]]}]})");
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

TEST_CASE("validateMap reports rings whose lobes wind in opposite directions", "[io]") {
  MapDocument bowtie;  // symmetric: its signed area is zero; the crossing is the problem
  bowtie.polygons.push_back({{{0, 0}, {10, 10}, {10, 0}, {0, 10}}, {}});
  const auto crossing = validateMap(bowtie);
  INFO(allProblems(crossing));
  REQUIRE(crossing.size() == 1);
  CHECK(crossing[0].where == "/polygons/0/outer/0");
  CHECK_THAT(crossing[0].what, StartsWith("the ring crosses itself at (5, 5)"));

  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {4, 2}, {8, 4}, {8, 0}, {4, 2}, {0, 4}}, {}});  // a figure 8, lobes opposite
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].where == "/polygons/0/outer/1");
  CHECK_THAT(problems[0].what, StartsWith("the ring folds over its own area: it touches itself at (4, 2)"));
}

TEST_CASE("validateMap refuses coordinates too large for exact geometry", "[io]") {
  MapDocument doc = squareWithHole();
  doc.polygons[0].outer[1].x = 1e120;
  doc.goal = Point{-1e101, 0};
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problemAt(problems, "/polygons/0/outer/1"));
  CHECK_THAT(problemAt(problems, "/polygons/0/outer/1")->what, Contains("(1e+120, 0) is too far out") &&
                                                                   Contains("scale the map down"));
  REQUIRE(problemAt(problems, "/goal"));
  CHECK_THAT(problemAt(problems, "/goal")->what, Contains("too far out"));
  CHECK(hasErrors(problems));
}

TEST_CASE("validateMap warns about consecutive vertices that almost coincide", "[io]") {
  // Shared case 11: (10, 0) and (10, 1e-9) are kept; loading works, but it is likely a slip.
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {10, 0}, {10, 1e-9}, {10, 10}, {0, 10}}, {{{4, 2}, {6, 2}, {6, 8}, {4, 8}}}});
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].severity == MapProblem::Severity::Warning);
  CHECK(problems[0].where == "/polygons/0/outer/2");
  CHECK_THAT(problems[0].what, Contains("(10, 1e-09) is only 1e-09 from vertex 1 (10, 0)") && Contains("kept"));
  // A short edge that is a sizeable part of a small map is not reported.
  MapDocument small;
  small.polygons.push_back({{{0, 0}, {1e-6, 0}, {1e-6, 1e-6}, {0, 1e-6}}, {}});
  CHECK(allProblems(validateMap(small)).empty());
}

TEST_CASE("validateMap reports a hole with vertices outside its outer ring", "[io]") {
  MapDocument doc = squareWithHole();
  doc.polygons[0].holes.push_back({{8, 1}, {12, 1}, {12, 3}, {8, 3}});  // vertices 1 and 2 outside
  doc.polygons[0].holes.push_back({{0, 8}, {2, 8}, {1, 10}});            // touches the boundary: a pinch
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problemAt(problems, "/polygons/0/holes/1/1"));
  CHECK(problemAt(problems, "/polygons/0/holes/1/1")->what ==
        "hole vertex (12, 1) lies outside the outer ring of polygon 0 (2 of the hole's 4 vertices do); move the hole "
        "inside its outer ring");
  REQUIRE(problemAt(problems, "/polygons/0/holes/2/0"));
  CHECK(problemAt(problems, "/polygons/0/holes/2/0")->severity == MapProblem::Severity::Warning);
  CHECK_THAT(problemAt(problems, "/polygons/0/holes/2/0")->what,
             Contains("hole 2 touches the outer ring of polygon 0 at (0, 8) and (1, 10): a zero-width pinch"));
  // The hole's edges cross the outer ring's edge x = 10 too: the same problem, not listed again.
  CHECK(countAt(problems, "/polygons/0/outer/1") == 0);
  CHECK(problems.size() == 2);
}

TEST_CASE("validateMap reports a hole whose edges leave the outer ring although its vertices are inside", "[io]") {
  MapDocument doc;
  // The outer ring has a notch down to (5, 5); the hole's top edge y = 6 spans it.
  doc.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {5, 5}, {0, 10}}, {{{2, 6}, {8, 6}, {8, 7}, {2, 7}}}});
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].where == "/polygons/0/holes/0");
  CHECK(problems[0].severity == MapProblem::Severity::Error);
  CHECK_THAT(problems[0].what, Contains("hole 0 is partly outside the outer ring of polygon 0 (for example at (") &&
                                   Contains("move the hole inside its outer ring"));
}

TEST_CASE("validateMap reports a hole entirely outside its outer ring", "[io]") {
  MapDocument doc = squareWithHole();
  doc.polygons[0].holes.push_back({{20, 20}, {22, 20}, {22, 22}});
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].where == "/polygons/0/holes/1/0");
  CHECK_THAT(problems[0].what, Contains("(3 of the hole's 3 vertices do)"));
}

TEST_CASE("validateMap reports a ring that crosses itself, with the crossing point and the edges", "[io]") {
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {10, 10}, {10, 0}, {0, 6}}, {}});  // edge 0-1 crosses edge 2-3
  const auto self = validateMap(doc);
  INFO(allProblems(self));
  REQUIRE(self.size() == 1);
  CHECK(self[0].where == "/polygons/0/outer/0");
  CHECK(self[0].severity == MapProblem::Severity::Error);
  CHECK(self[0].what ==
        "the ring crosses itself at (3.75, 3.75): edge (0, 0)-(10, 10) (vertices 0 and 1) crosses edge "
        "(10, 0)-(0, 6) (vertices 2 and 3); move a vertex so its edges do not cross");

  // Vertex numbers are the file's own, before duplicates are dropped.
  MapDocument dup;
  dup.polygons.push_back({{{0, 0}, {0, 0}, {10, 10}, {10, 0}, {0, 6}}, {}});
  const auto numbered = validateMap(dup);
  INFO(allProblems(numbered));
  REQUIRE(problemAt(numbered, "/polygons/0/outer/0"));
  CHECK_THAT(problemAt(numbered, "/polygons/0/outer/0")->what, Contains("(vertices 0 and 2)") &&
                                                                   Contains("(vertices 3 and 4)"));
}

TEST_CASE("validateMap lists every crossing of a ring, up to 100", "[io]") {
  // The star polygon {23/11}: 230 crossings, no three edges through one point.
  MapDocument doc;
  Ring star;
  for (int i = 0; i < 23; ++i) {
    const double a = 2.0 * std::acos(-1.0) * 11.0 * i / 23.0;
    star.push_back({100.0 * std::cos(a), 100.0 * std::sin(a)});
  }
  doc.polygons.push_back({star, {}});
  const auto problems = validateMap(doc);
  const auto crossings = std::count_if(problems.begin(), problems.end(), [](const MapProblem& p) {
    return p.what.find("crosses itself at") != std::string::npos;
  });
  CHECK(crossings == 100);
  REQUIRE(problemAt(problems, "/polygons"));
  CHECK_THAT(problemAt(problems, "/polygons")->what, Contains("130 more crossing edge pairs not listed"));
}

TEST_CASE("validateMap reports a spike and a ring running back along its own edges", "[io]") {
  MapDocument spike;
  spike.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {5, 10}, {5, 15}, {5, 12}, {0, 10}}, {}});
  const auto s = validateMap(spike);
  INFO(allProblems(s));
  REQUIRE(problemAt(s, "/polygons/0/outer/4"));
  CHECK_THAT(problemAt(s, "/polygons/0/outer/4")->what,
             Contains("turns straight back at vertex (5, 15)") && Contains("zero-width spike"));
  CHECK(hasErrors(s));

  MapDocument fold;  // the top edge doubles back over itself: 10 -> 6, then 2 -> 8
  fold.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {6, 10}, {6, 12}, {2, 12}, {2, 10}, {8, 10}, {8, 11}, {9, 11},
                            {9, 10}, {0, 10}},
                           {}});
  const auto f = validateMap(fold);
  INFO(allProblems(f));
  REQUIRE(problemAt(f, "/polygons/0/outer/2"));
  CHECK_THAT(problemAt(f, "/polygons/0/outer/2")->what,
             Contains("runs along itself: edge (10, 10)-(6, 10) (vertices 2 and 3) overlaps edge (2, 10)-(8, 10)"));
  for (const MapProblem& p : f) CHECK(p.severity == MapProblem::Severity::Error);
}

TEST_CASE("validateMap: a ring touching itself at a point is a pinch, a warning, not an error", "[io]") {
  MapDocument figure8;  // two lobes meeting at (4, 2)
  figure8.polygons.push_back({{{0, 0}, {4, 2}, {8, 0}, {8, 4}, {4, 2}, {0, 4}}, {}});
  const auto a = validateMap(figure8);
  INFO(allProblems(a));
  REQUIRE(a.size() == 1);
  CHECK(a[0].severity == MapProblem::Severity::Warning);
  CHECK(a[0].where == "/polygons/0/outer/1");
  CHECK(a[0].what == "the ring touches itself at (4, 2): a zero-width pinch, paths cannot pass through it");

  MapDocument t_junction;  // vertex (5, 0) lies on the ring's own first edge
  t_junction.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {5, 0}, {0, 10}}, {}});
  const auto b = validateMap(t_junction);
  INFO(allProblems(b));
  REQUIRE(b.size() == 1);
  CHECK(b[0].where == "/polygons/0/outer/3");
  CHECK_FALSE(hasErrors(b));

  MapDocument inverted;  // the ring pinches off a triangle hole at (0, 5)
  inverted.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 5}, {5, 7}, {5, 3}, {0, 5}}, {}});
  const auto c = validateMap(inverted);
  INFO(allProblems(c));
  REQUIRE(c.size() == 1);
  CHECK_THAT(c[0].what, Contains("touches itself at (0, 5)"));
  CHECK_FALSE(hasErrors(c));
}

TEST_CASE("validateMap reports a ring that touches itself and folds over its own area", "[io]") {
  // As the inverted ring above, but the triangle runs the other way: it lies over the square twice.
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 5}, {5, 3}, {5, 7}, {0, 5}}, {}});
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].severity == MapProblem::Severity::Error);
  CHECK(problems[0].where == "/polygons/0/outer/4");
  CHECK_THAT(problems[0].what, Contains("folds over its own area") && Contains("(0, 5)") &&
                                   Contains("GEOS: Self-intersection"));
}

TEST_CASE("validateMap reports overlapping holes and names both", "[io]") {
  MapDocument two = squareWithHole();
  two.polygons[0].holes.push_back({{5, 5}, {7, 5}, {7, 7}, {5, 7}});  // overlaps hole 0 (4..6)
  const auto overlap = validateMap(two);
  INFO(allProblems(overlap));
  REQUIRE(overlap.size() == 1);  // the four edge crossings are the same problem
  CHECK(overlap[0].where == "/polygons/0/holes/1");
  CHECK(overlap[0].what ==
        "hole 1 and hole 0 overlap (for example at (5.5, 5.5)); holes must not overlap: merge them into one hole or move "
        "them apart");

  MapDocument nested = squareWithHole();
  nested.polygons[0].holes.push_back({{4.5, 4.5}, {5.5, 4.5}, {5.5, 5.5}});  // inside hole 0, no crossing
  const auto inside = validateMap(nested);
  INFO(allProblems(inside));
  REQUIRE(inside.size() == 1);
  CHECK(inside[0].where == "/polygons/0/holes/1");
  CHECK_THAT(inside[0].what, StartsWith("hole 1 lies inside hole 0; holes must not overlap"));

  MapDocument covering = squareWithHole();
  covering.polygons[0].holes.push_back({{3, 3}, {7, 3}, {7, 7}, {3, 7}});
  const auto covers = validateMap(covering);
  INFO(allProblems(covers));
  REQUIRE(covers.size() == 1);
  CHECK_THAT(covers[0].what, StartsWith("hole 1 covers hole 0"));
}

TEST_CASE("validateMap: holes sharing an edge get a warning naming both and where", "[io]") {
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {0, 10}},
                          {{{2, 2}, {5, 2}, {5, 8}, {2, 8}}, {{5, 4}, {8, 4}, {8, 6}, {5, 6}}}});
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].severity == MapProblem::Severity::Warning);
  CHECK(problems[0].where == "/polygons/0/holes/1/0");
  CHECK_THAT(problems[0].what, StartsWith("hole 1 shares an edge with hole 0 from (5, 4) to (5, 6); allowed") &&
                                   Contains("paths cannot pass between them"));
}

TEST_CASE("validateMap: a hole along the outer ring that splits the map is a warning naming hole 0", "[io]") {
  // Shared case 02. The core treats the shared edges as walls (no path), so the map is
  // usable: validation warns instead of refusing it.
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {12, 0}, {12, 10}, {0, 10}}, {{{0, 4}, {12, 4}, {12, 6}, {0, 6}}}});
  doc.start = Point{6, 2};
  doc.goal = Point{6, 8};
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  CHECK_FALSE(hasErrors(problems));
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].where == "/polygons/0/holes/0/3");
  CHECK_THAT(problems[0].what, StartsWith("hole 0 shares edges with the outer ring of polygon 0 from (0, 6) to (0, 4) "
                                          "and from (12, 4) to (12, 6); allowed"));
  CHECK(problems[1].where == "/polygons/0");
  CHECK(problems[1].what == "the holes split polygon 0 into 2 separate walkable areas; no path leads from one to another");
}

TEST_CASE("validateMap: holes touching each other or the outer ring at points are pinches, not errors", "[io]") {
  MapDocument doc;  // hole 0 touches the outer edge at (0, 6) (not an outer vertex); holes 1 and 2 meet at (6, 6)
  doc.polygons.push_back({{{0, 0}, {16, 0}, {16, 12}, {0, 12}},
                          {{{0, 6}, {4, 4}, {4, 8}}, {{5, 9}, {8, 9}, {6, 6}}, {{6, 6}, {9, 6}, {9, 3}}}});
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  CHECK_FALSE(hasErrors(problems));
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].where == "/polygons/0/holes/0/0");
  CHECK(problems[0].what ==
        "hole 0 touches the outer ring of polygon 0 at (0, 6): a zero-width pinch, paths cannot pass through it");
  CHECK(problems[1].where == "/polygons/0/holes/2/0");
  CHECK(problems[1].what == "hole 2 touches hole 1 at (6, 6): a zero-width pinch, paths cannot pass through it");
  for (const MapProblem& p : problems) CHECK(p.severity == MapProblem::Severity::Warning);
}

TEST_CASE("validateMap warns when pinches split a polygon and refuses holes that cover it", "[io]") {
  MapDocument split;  // a diamond hole touching the left and right edges
  split.polygons.push_back({{{0, 0}, {12, 0}, {12, 10}, {0, 10}}, {{{0, 5}, {6, 3}, {12, 5}, {6, 7}}}});
  const auto s = validateMap(split);
  INFO(allProblems(s));
  CHECK_FALSE(hasErrors(s));
  REQUIRE(problemAt(s, "/polygons/0/holes/0/0"));
  CHECK_THAT(problemAt(s, "/polygons/0/holes/0/0")->what, Contains("at (0, 5) and (12, 5)"));
  REQUIRE(problemAt(s, "/polygons/0"));
  CHECK_THAT(problemAt(s, "/polygons/0")->what, Contains("into 2 separate walkable areas"));

  // Holes touching nothing do not change the count: two squares above the diamond and
  // one below it, and a chain of two holes across the lower part (touching each other and
  // both side walls) that cuts it again: 3 areas.
  MapDocument more = split;
  more.polygons[0].outer = {{0, 0}, {12, 0}, {12, 10}, {0, 10}};
  more.polygons[0].holes.push_back({{2, 8}, {3, 8}, {3, 9}, {2, 9}});
  more.polygons[0].holes.push_back({{8, 8}, {9, 8}, {9, 9}, {8, 9}});
  more.polygons[0].holes.push_back({{5, 2}, {6, 2}, {6, 2.5}});
  more.polygons[0].holes.push_back({{0, 1}, {6, 0.5}, {6, 1.5}});
  more.polygons[0].holes.push_back({{6, 0.5}, {12, 1}, {6, 1.5}});
  const auto m = validateMap(more);
  INFO(allProblems(m));
  CHECK_FALSE(hasErrors(m));
  REQUIRE(problemAt(m, "/polygons/0"));
  CHECK_THAT(problemAt(m, "/polygons/0")->what, Contains("into 3 separate walkable areas"));

  MapDocument covered;
  covered.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{0, 0}, {10, 0}, {10, 10}, {0, 10}}}});
  const auto c = validateMap(covered);
  INFO(allProblems(c));
  REQUIRE(problemAt(c, "/polygons/0"));
  CHECK(problemAt(c, "/polygons/0")->severity == MapProblem::Severity::Error);
  CHECK_THAT(problemAt(c, "/polygons/0")->what, Contains("the holes cover all of polygon 0"));
}

TEST_CASE("validateMap reports overlapping polygons, but not an island inside a hole", "[io]") {
  MapDocument overlap = squareWithHole();
  overlap.polygons.push_back({{{8, 8}, {15, 8}, {15, 15}, {8, 15}}, {}});
  const auto o = validateMap(overlap);
  INFO(allProblems(o));
  REQUIRE(o.size() == 1);  // not the two edge crossings as well
  CHECK(o[0].where == "/polygons/1/outer");
  CHECK(o[0].what == "polygon 1 overlaps polygon 0 (for example at (9, 9)); walkable areas must not overlap: merge them into "
                     "one polygon or move them apart");

  MapDocument contained = squareWithHole();
  contained.polygons.push_back({{{1, 1}, {2, 1}, {2, 2}, {1, 2}}, {}});  // inside polygon 0's walkable area
  REQUIRE(problemAt(validateMap(contained), "/polygons/1/outer"));

  MapDocument island;  // a polygon inside the hole of another: valid
  island.polygons.push_back({{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, {{{2, 2}, {8, 2}, {8, 8}, {2, 8}}}});
  island.polygons.push_back({{{3, 3}, {7, 3}, {7, 7}, {3, 7}}, {}});
  CHECK(allProblems(validateMap(island)).empty());
}

TEST_CASE("validateMap warns that polygons sharing an edge are not connected", "[io]") {
  MapDocument doc;
  doc.polygons.push_back({{{0, 0}, {5, 0}, {5, 5}, {0, 5}}, {}});
  doc.polygons.push_back({{{5, 1}, {10, 1}, {10, 4}, {5, 4}}, {}});
  doc.polygons.push_back({{{10, 4}, {12, 4}, {12, 6}}, {}});  // touches polygon 1 at a point: nothing to say
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].severity == MapProblem::Severity::Warning);
  CHECK(problems[0].where == "/polygons/1/outer/0");
  CHECK_THAT(problems[0].what, StartsWith("polygon 1 shares an edge with polygon 0 from (5, 1) to (5, 4)") &&
                                   Contains("not connected"));
}

TEST_CASE("validateMap lists crossings between rings that no area problem explains", "[io]") {
  MapDocument doc;  // the outer ring crosses itself, so holes are not checked against it as an area
  doc.polygons.push_back({{{0, 0}, {10, 10}, {10, 0}, {0, 6}}, {{{4, 1}, {6, 1}, {6, 8}, {4, 8}}}});
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  CHECK(problemAt(problems, "/polygons/0/outer/0"));  // the ring crosses itself
  const auto rings_cross = std::count_if(problems.begin(), problems.end(), [](const MapProblem& p) {
    return p.what.rfind("rings cross at ", 0) == 0;
  });
  CHECK(rings_cross == 4);
  CHECK_THAT(allProblems(problems), Contains("of /polygons/0/outer crosses edge"));
}

TEST_CASE("validateMap reports a start or goal that is not walkable, and where it is", "[io]") {
  MapDocument doc = squareWithHole();
  doc.start = Point{5, 5};
  doc.goal = Point{12, 3};
  const auto problems = validateMap(doc);
  INFO(allProblems(problems));
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].where == "/start");
  CHECK_THAT(problems[0].what, StartsWith("start (5, 5) is not walkable: it is inside hole 0 of polygon 0; move it "
                                          "into the walkable region (the nearest walkable point is ("));
  CHECK(problems[1].where == "/goal");
  CHECK(problems[1].what == "goal (12, 3) is not walkable: it is outside every polygon; move it into the walkable "
                            "region (the nearest walkable point is (10, 3))");

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
  CHECK(problemAt(problems, "/settings/clearance")->what == "clearance is inf; give a finite number (world units)");
  doc.settings.clearance = -0.5;
  CHECK(problemAt(validateMap(doc), "/settings/clearance")->what == "clearance is -0.5; it must be 0 or more (world units)");
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

TEST_CASE("every map in maps/ validates without any problem", "[io]") {
  const fs::path dir = fs::path(POLYPATH_SOURCE_DIR) / "maps";
  REQUIRE(fs::is_directory(dir));
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".json") continue;
    INFO(e.path().string());
    CHECK(allProblems(validateMap(loadMap(e.path()))).empty());
  }
}

TEST_CASE("every shared case validates as its expect field says", "[io]") {
  const fs::path dir = fs::path(POLYPATH_SHARED_DIR) / "cases";
  if (!fs::is_directory(dir)) {
    WARN("skipped: " << dir << " is absent");
    return;
  }
  // Errors expected (where), and warnings expected (where); every other case: no problem.
  const std::map<std::string, std::vector<std::string>> errors = {
      {"31-goal-outside-clamp.json", {"/goal"}},
      {"32-start-inside-hole.json", {"/start"}},
  };
  const std::map<std::string, std::vector<std::string>> warnings = {
      {"02-hole-splits-map.json", {"/polygons/0/holes/0/3", "/polygons/0"}},
      {"04-hole-vertex-on-outer-edge.json", {"/polygons/0/holes/0/0"}},
      {"05-holes-touch-at-vertex.json", {"/polygons/0/holes/1/0"}},
      {"10-duplicate-and-closing-vertices.json", {"/polygons/0/outer/2", "/polygons/0/outer/5", "/polygons/0/holes/0/4"}},
      {"11-near-duplicate-vertices.json", {"/polygons/0/outer/2"}},
      {"23-grid-diagonal-squeeze-only-exit.json",
       {"/polygons/0/holes/0/2", "/polygons/0/holes/1/0", "/polygons/0/holes/1/3", "/polygons/0"}},
  };
  std::size_t seen = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".json") continue;
    const std::string name = e.path().filename().string();
    INFO(name);
    const auto problems = validateMap(loadMap(e.path()));
    INFO(allProblems(problems));
    std::vector<std::string> got_errors, got_warnings;
    for (const MapProblem& p : problems)
      (p.severity == MapProblem::Severity::Error ? got_errors : got_warnings).push_back(p.where);
    const auto expected = [](const auto& table, const std::string& key) {
      const auto it = table.find(key);
      return it == table.end() ? std::vector<std::string>{} : it->second;
    };
    CHECK(got_errors == expected(errors, name));
    CHECK(got_warnings == expected(warnings, name));
    ++seen;
  }
  CHECK(seen >= 20);
}

TEST_CASE("validateMap names the hole a start is in for shared case 32 and the nearest point for case 31", "[io]") {
  const fs::path dir = fs::path(POLYPATH_SHARED_DIR) / "cases";
  if (!fs::exists(dir / "31-goal-outside-clamp.json") || !fs::exists(dir / "32-start-inside-hole.json")) {
    WARN("skipped: shared cases absent");
    return;
  }
  const auto goal = validateMap(loadMap(dir / "31-goal-outside-clamp.json"));
  REQUIRE(goal.size() == 1);
  CHECK(goal[0].what == "goal (8, 6) is not walkable: it is outside every polygon; move it into the walkable region "
                        "(the nearest walkable point is (8, 4))");
  const auto start = validateMap(loadMap(dir / "32-start-inside-hole.json"));
  REQUIRE(start.size() == 1);
  CHECK_THAT(start[0].what, StartsWith("start (5, 5) is not walkable: it is inside hole 0 of polygon 0"));
}
