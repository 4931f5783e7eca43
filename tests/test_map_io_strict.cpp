// test_map_io_strict.cpp: what the map reader refuses that JSON itself allows: a map
// without "version", and a key given twice in one object (nlohmann keeps the last one
// silently). Every map the project ships still loads.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "polypath/formats/map_io.hpp"
#include "support/loaded_map.hpp"
#include "support/temp_dir.hpp"

using namespace polypath;
namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using polypath::test::jsonFilesIn;

namespace {

/// The MapFileError of parsing `text` as "map.json" (what() and pointer()); empty when it parses.
std::pair<std::string, std::string> refusal(const std::string& text) {
  try {
    parseMap(text, "map.json");
  } catch (const MapFileError& e) {
    return {e.what(), e.pointer()};
  }
  return {};
}

}  // namespace

TEST_CASE("map reader: a map without \"version\" is refused, naming the file and what to add", "[io]") {
  const std::string expected =
      "map.json: top level: missing \"version\"; a polypath map file says which format version it is written in: "
      "add \"version\": 1 (next to \"format\": \"polypath-map\")";
  CHECK(refusal(R"({"polygons": [{"outer": [[0,0],[1,0],[0,1]]}]})").first == expected);
  CHECK(refusal(R"({"format": "polypath-map", "polygons": []})").first == expected);
  CHECK(refusal(R"({"format": "polypath-map", "version": 1, "polygons": []})").first.empty());
  // A wrong format is still named first (it is not a polypath map at all).
  CHECK_THAT(refusal(R"({"format": "geojson"})").first, Contains("this is not a polypath map"));

  // Through loadMap the message names the file as given.
  test::TempDir dir("strict-version");
  const fs::path file = dir.path / "old.json";
  dir.write("old.json", R"({"polygons": []})");
  try {
    loadMap(file);
    FAIL("loaded a map without version");
  } catch (const MapFileError& e) {
    CHECK(std::string(e.what()) == file.string() + expected.substr(std::string("map.json").size()));
    CHECK(e.file() == file.string());
  }
}

TEST_CASE("map reader: a key given twice in one object is refused with its JSON pointer", "[io]") {
  const std::string head = R"({"format": "polypath-map", "version": 1, )";
  const std::string square = R"({"outer": [[0,0],[4,0],[4,4],[0,4]]})";
  struct Case {
    std::string text, pointer, key;
  };
  const std::vector<Case> cases = {
      {head + R"("polygons": [)" + square + R"(], "start": [1,1], "goal": [3,3], "start": [2,2]})", "/start", "start"},
      {head + R"("polygons": [)" + square + R"(, {"outer": [[5,0],[6,0],[6,1]], "holes": [], "outer": []}]})",
       "/polygons/1/outer", "outer"},
      {head + R"("polygons": [], "settings": {"clearance": 1, "corner_offset": 0, "clearance": 2}})",
       "/settings/clearance", "clearance"},
      {R"({"version": 1, "format": "polypath-map", "version": 2, "polygons": []})", "/version", "version"},
      // Unknown keys too (they are kept on save: which one would be?), with RFC 6901 escapes.
      {head + R"("polygons": [], "notes": [{"a": 1}, {"b": 1, "a/b~": 1, "a/b~": 2}]})", "/notes/1/a~1b~0", "a/b~"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const auto [what, pointer] = refusal(c.text);
    CHECK(pointer == c.pointer);
    CHECK(what == "map.json: " + c.pointer + ": \"" + c.key +
                      "\" is given twice in the same object; only one can count, so remove the other");
  }
  // The same key in different objects is not a duplicate.
  CHECK(refusal(head + R"("polygons": [)" + square + "," + R"({"outer": [[5,0],[6,0],[6,1]]}], "notes": {"outer": 1}})")
            .first.empty());
}

TEST_CASE("map reader: every map the project ships has a version and no duplicate key", "[io]") {
  const fs::path source = POLYPATH_SOURCE_DIR;
  std::vector<fs::path> maps = jsonFilesIn(source / "maps");
  for (const fs::path& f : jsonFilesIn(source / "tests" / "fuzz" / "crashes")) maps.push_back(f);
  for (const fs::path& f : jsonFilesIn(source / "tests" / "fuzz" / "corpus"))
    // bad-* are meant to be refused; fuzz-* (kept by a fuzz run for their coverage) may be too
    if (f.filename().string().rfind("bad-", 0) != 0 && f.filename().string().rfind("fuzz-", 0) != 0) maps.push_back(f);
  for (const fs::path& f : jsonFilesIn(fs::path(POLYPATH_SHARED_DIR) / "cases")) maps.push_back(f);
  CHECK(maps.size() >= 30);
  for (const fs::path& f : maps) {
    INFO(f.string());
    CHECK_NOTHROW(loadMap(f));
  }
}
