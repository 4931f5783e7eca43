// Crowd numbers in lesson captions (lessons/lesson_crowd.hpp): placeholders filled from a
// run of the lesson's crowd, equal to `polypath crowd --json`, and checked by checkLesson.
#include <catch2/catch.hpp>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "lessons/lesson_check.hpp"
#include "lessons/lesson_crowd.hpp"
#include "support/run_cli.hpp"

using namespace polypath;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

const fs::path kLesson = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "lessons" / "crowd-doorways.json";
const fs::path kMaps = fs::path(POLYPATH_SOURCE_DIR) / "maps";

// A lesson on the doorways map with a crowd of 6 and the given captions.
std::string lessonText(const std::vector<std::string>& captions, bool crowd = true) {
  nlohmann::json j = {{"format", "polypath-lesson"}, {"version", 1}, {"title", "t"}, {"map", "crowd-doorways.json"}};
  if (crowd) j["crowd"] = {{"agents", 6}, {"steps", 2000}};
  for (const std::string& c : captions) j["steps"].push_back({{"caption", c}});
  return j.dump();
}

}  // namespace

TEST_CASE("lesson crowd: placeholders are found with their steering and field", "[lessons][crowd]") {
  const auto p = findCrowdPlaceholders("took {crowd.portals.time_all} s, {crowd.funnel.arrived}; {crowd.x} {crowd.funnel.time");
  REQUIRE(p.size() == 4);
  CHECK(p[0].offset == 5);
  CHECK(p[0].size == 24);
  CHECK(p[0].steer == "portals");
  CHECK(p[0].field == "time_all");
  CHECK(p[1].steer == "funnel");
  CHECK(p[1].field == "arrived");
  CHECK(p[2].steer.empty());  // no field
  CHECK(p[3].steer.empty());  // no closing brace
  CHECK(findCrowdPlaceholders("{crowd} {x.y} plain").empty());
  CHECK(captionNumber(nlohmann::ordered_json(60)) == "60");
  CHECK(captionNumber(nlohmann::ordered_json(41.300000000000004)) == "41.3");
  CHECK(captionNumber(nlohmann::ordered_json(1.0123456)) == "1.012");
  CHECK(captionNumber(nlohmann::ordered_json(nullptr)) == "-");
}

TEST_CASE("lesson crowd: the shipped lesson's numbers are those of polypath crowd --json", "[lessons][crowd]") {
  Lesson lesson = loadLesson(kLesson);
  REQUIRE(lesson.crowd);
  CHECK(lesson.crowd->agents == 60);
  const std::vector<std::string> before{lesson.steps[2].caption, lesson.steps[3].caption};
  REQUIRE(fillCrowdCaptions(lesson).empty());
  for (const LessonStep& s : lesson.steps) CHECK(s.caption.find("{crowd.") == std::string::npos);
  for (const char* steer : {"funnel", "portals"}) {
    INFO(steer);
    const test::RunResult r = test::runCli({"crowd", (kMaps / "crowd-doorways.json").string(), "--agents", "60",
                                            "--radius", "0.4", "--speed", "1", "--seed", "1", "--steps", "5000",
                                            "--steer", steer, "--json"});
    REQUIRE(r.exit_code == 0);
    const nlohmann::ordered_json j = nlohmann::ordered_json::parse(r.out);
    const std::string& caption = lesson.steps[std::string(steer) == "funnel" ? 2 : 3].caption;
    for (const char* field : {"agents", "time_all", "time_mean", "density_max", "length_ratio_mean"}) {
      INFO(field << " = " << captionNumber(j[field]));
      CHECK(caption.find(captionNumber(j[field])) != std::string::npos);
    }
  }
  CHECK(lesson.steps[2].caption != before[0]);
}

TEST_CASE("lesson crowd: checkLesson reports placeholders that do not resolve, with the caption's pointer", "[lessons][crowd]") {
  const Lesson good = parseLesson(lessonText({"all by {crowd.portals.time_all} s", "{crowd.funnel.arrived} arrived"}),
                                  "good.json", kMaps);
  CHECK(checkLesson(good).empty());
  Lesson filled = good;
  REQUIRE(fillCrowdCaptions(filled).empty());
  CHECK(filled.steps[1].caption == "6 arrived");

  const Lesson bad = parseLesson(lessonText({"ok", "{crowd.portal.time_all}", "{crowd.funnel.speed}", "{crowd.funnel}"}),
                                 "bad.json", kMaps);
  const std::vector<std::string> problems = checkLesson(bad);
  REQUIRE(problems.size() == 3);
  CHECK_THAT(problems[0], Contains("bad.json: /steps/1/caption: '{crowd.portal.time_all}': unknown steering 'portal'"));
  CHECK_THAT(problems[1], Contains("/steps/2/caption: '{crowd.funnel.speed}': unknown field 'speed' (known: agents, arrived"));
  CHECK_THAT(problems[2], Contains("/steps/3/caption: '{crowd.funnel}': expected {crowd.STEER.FIELD}"));
  Lesson unchanged = bad;
  CHECK(fillCrowdCaptions(unchanged).size() == 3);
  CHECK(unchanged.steps[2].caption == "{crowd.funnel.speed}");  // left as written

  const Lesson none = parseLesson(lessonText({"{crowd.funnel.arrived}"}, false), "none.json", kMaps);
  const std::vector<std::string> p2 = checkLesson(none);
  REQUIRE(p2.size() == 1);
  CHECK_THAT(p2[0], Contains("none.json: /steps/0/caption: '{crowd.funnel.arrived}': the lesson has no \"crowd\" settings"));

  // A crowd that cannot run (a radius that erodes the map) is a problem, not a crash.
  nlohmann::json j = nlohmann::json::parse(lessonText({"{crowd.funnel.arrived}"}));
  j["crowd"]["radius"] = 50;
  const std::vector<std::string> p3 = checkLesson(parseLesson(j.dump(), "wide.json", kMaps));
  REQUIRE(p3.size() == 1);
  CHECK_THAT(p3[0], Contains("the crowd run failed") && Contains("erodes the whole walkable region"));
}

TEST_CASE("lesson crowd: bad crowd settings name the key", "[lessons][crowd]") {
  nlohmann::json j = nlohmann::json::parse(lessonText({"x"}));
  j["crowd"]["agent"] = 3;
  CHECK_THROWS_WITH(parseLesson(j.dump(), "k.json", kMaps), Contains("k.json: /crowd/agent: unknown crowd setting"));
  j = nlohmann::json::parse(lessonText({"x"}));
  j["crowd"]["agents"] = 2.5;
  CHECK_THROWS_WITH(parseLesson(j.dump(), "k.json", kMaps),
                    Contains("/crowd/agents: expected a whole number from 1 to 100000, got 2.5"));
  j["crowd"] = {{"radius", -1}};
  CHECK_THROWS_WITH(parseLesson(j.dump(), "k.json", kMaps), Contains("/crowd/radius: expected a number above 0, got -1"));
  j["crowd"] = 3;
  CHECK_THROWS_WITH(parseLesson(j.dump(), "k.json", kMaps), Contains("/crowd: expected an object"));
}
