// test_clearance_settings.cpp: the clearance settings of the map format ("clearance",
// "radii", "clearance_joins", "clearance_segments", "clearance_mitre_limit"): reading,
// writing, errors with their JSON pointer, and validation.
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "polypath/formats/map_io.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;
using Catch::Matchers::Contains;

namespace {

const char* kMapWithRadii = R"({
  "version": 1,
  "polygons": [{"outer": [[0, 0], [10, 0], [10, 10], [0, 10]]}],
  "settings": {"clearance": 0.5, "radii": [0.25, 0.5, 1], "clearance_joins": "mitre",
               "clearance_segments": 4, "clearance_mitre_limit": 2.5, "corner_offset": 0, "fog": true}
})";

// The JSON pointer of the MapFileError parseMap throws for the settings `settings`.
std::string settingsErrorPointer(const std::string& settings) {
  try {
    parseMap(R"({"version": 1, "polygons": [], "settings": )" + settings + "}", "map.json");
  } catch (const MapFileError& e) {
    return e.pointer();
  }
  return "(no error)";
}

std::string settingsErrorText(const std::string& settings) {
  try {
    parseMap(R"({"version": 1, "polygons": [], "settings": )" + settings + "}", "map.json");
  } catch (const MapFileError& e) {
    return e.what();
  }
  return "(no error)";
}

const MapProblem* problemAt(const std::vector<MapProblem>& problems, const std::string& where) {
  for (const MapProblem& p : problems)
    if (p.where == where) return &p;
  return nullptr;
}

}  // namespace

TEST_CASE("settings: radii, joins, segments and mitre limit are read, unknown settings kept", "[io][clearance]") {
  const MapDocument doc = parseMap(kMapWithRadii);
  CHECK(doc.settings.clearance == 0.5);
  CHECK(doc.settings.radii == std::vector<double>{0.25, 0.5, 1});
  CHECK(doc.settings.clearance_style.joins == ClearanceJoins::Mitre);
  CHECK(doc.settings.clearance_style.segments == 4);
  CHECK(doc.settings.clearance_style.mitre_limit == 2.5);
  CHECK(doc.extra_settings == nlohmann::json{{"fog", true}});
  CHECK(parseMap(serializeMap(doc)) == doc);
  // "miter" is read as mitre; absent keys give the defaults.
  CHECK(parseMap(R"({"version": 1, "settings": {"clearance_joins": "miter"}})").settings.clearance_style.joins == ClearanceJoins::Mitre);
  const MapDocument plain = parseMap(R"({"version": 1, "settings": {}})");
  CHECK(plain.settings.radii.empty());
  CHECK(plain.settings.clearance_style == ClearanceStyle{});
  CHECK(plain.settings.clearance_style.joins == ClearanceJoins::Round);
  CHECK(plain.settings.clearance_style.segments == 8);
  CHECK(plain.settings.clearance_style.mitre_limit == 5.0);
}

TEST_CASE("settings: the clearance keys are written after clearance, only when not the defaults", "[io][clearance]") {
  MapDocument doc = parseMap(kMapWithRadii);
  CHECK_THAT(serializeMap(doc), Contains("\"settings\": {\n  \"clearance\": 0.5,\n  \"radii\": [0.25, 0.5, 1],\n"
                                         "  \"clearance_joins\": \"mitre\",\n  \"clearance_segments\": 4,\n"
                                         "  \"clearance_mitre_limit\": 2.5,\n  \"corner_offset\": 0,\n  \"fog\": true\n }"));
  doc.settings.radii.clear();
  doc.settings.clearance_style = {};
  CHECK_THAT(serializeMap(doc),
             Contains("\"settings\": {\n  \"clearance\": 0.5,\n  \"corner_offset\": 0,\n  \"fog\": true\n }"));
  // A document differing only in a clearance setting is a different document.
  MapDocument other = doc;
  other.settings.clearance_style.segments = 9;
  CHECK_FALSE(other == doc);
  other = doc;
  other.settings.radii = {1};
  CHECK_FALSE(other == doc);
}

TEST_CASE("settings: wrongly typed clearance settings name their JSON pointer", "[io][clearance]") {
  CHECK(settingsErrorPointer(R"({"radii": 1})") == "/settings/radii");
  CHECK(settingsErrorPointer(R"({"radii": [0.5, "1"]})") == "/settings/radii/1");
  CHECK(settingsErrorPointer(R"({"clearance_joins": "bevel"})") == "/settings/clearance_joins");
  CHECK(settingsErrorPointer(R"({"clearance_joins": 1})") == "/settings/clearance_joins");
  CHECK(settingsErrorPointer(R"({"clearance_segments": 2.5})") == "/settings/clearance_segments");
  CHECK(settingsErrorPointer(R"({"clearance_segments": 1e300})") == "/settings/clearance_segments");
  CHECK(settingsErrorPointer(R"({"clearance_mitre_limit": "2"})") == "/settings/clearance_mitre_limit");
  CHECK(settingsErrorText(R"({"clearance_joins": "bevel"})") ==
        "map.json: /settings/clearance_joins: expected \"round\" or \"mitre\", got the string \"bevel\"");
  CHECK(settingsErrorText(R"({"radii": [0.5, "1"]})") ==
        "map.json: /settings/radii/1: expected a number (world units), got the string \"1\"");
  CHECK(settingsErrorText(R"({"clearance_segments": 2.5})") ==
        "map.json: /settings/clearance_segments: expected a whole number (chords per quarter circle, 1 to 64), got "
        "the number 2.5");
}

TEST_CASE("settings: validateMap reports negative radii, segments out of range and a mitre limit below 1", "[io][clearance]") {
  MapDocument doc = parseMap(kMapWithRadii);
  CHECK(validateMap(doc).empty());
  doc.settings.radii = {0.5, -1, HUGE_VAL};
  doc.settings.clearance_style.segments = 0;
  doc.settings.clearance_style.mitre_limit = 0.5;
  const std::vector<MapProblem> problems = validateMap(doc);
  CHECK(problems.size() == 4);
  REQUIRE(problemAt(problems, "/settings/radii/1"));
  CHECK(problemAt(problems, "/settings/radii/1")->what == "radius is -1; it must be 0 or more (world units)");
  REQUIRE(problemAt(problems, "/settings/radii/2"));
  CHECK(problemAt(problems, "/settings/radii/2")->what == "radius is inf; give a finite number (world units)");
  REQUIRE(problemAt(problems, "/settings/clearance_segments"));
  CHECK(problemAt(problems, "/settings/clearance_segments")->what ==
        "clearance_segments is 0; give 1 to 64 chords per quarter circle");
  REQUIRE(problemAt(problems, "/settings/clearance_mitre_limit"));
  CHECK(problemAt(problems, "/settings/clearance_mitre_limit")->what ==
        "clearance_mitre_limit is 0.5; give a number of radii, 1 or more (a smaller limit would bevel corners closer "
        "than the radius)");
  for (const MapProblem& p : problems) CHECK(p.severity == MapProblem::Severity::Error);
  doc.settings.clearance_style.segments = 65;
  CHECK(problemAt(validateMap(doc), "/settings/clearance_segments"));
  doc.settings.clearance_style.segments = 64;
  CHECK_FALSE(problemAt(validateMap(doc), "/settings/clearance_segments"));
}

TEST_CASE("settings: joins names read and write both ways", "[io][clearance]") {
  CHECK(std::string(clearanceJoinsName(ClearanceJoins::Round)) == "round");
  CHECK(std::string(clearanceJoinsName(ClearanceJoins::Mitre)) == "mitre");
  CHECK(parseClearanceJoins("round") == ClearanceJoins::Round);
  CHECK(parseClearanceJoins("mitre") == ClearanceJoins::Mitre);
  CHECK(parseClearanceJoins("miter") == ClearanceJoins::Mitre);
  CHECK_FALSE(parseClearanceJoins("Round"));
  CHECK_FALSE(parseClearanceJoins(""));
}
