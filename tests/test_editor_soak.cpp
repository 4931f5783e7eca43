// test_editor_soak.cpp: the editor survives random use: seeded random streams of user
// actions (support/headless_editor_soak.hpp) drive the real editor headless; no crash, no
// sanitizer report, no frame over the hang bound, and undoing to the start of every
// episode gives the opening document back byte for byte.
//
// Environment (docs/testing.md): POLYPATH_SOAK_EVENTS actions per seed (default kCiActions,
// a quarter of it in a sanitizer build), POLYPATH_SOAK_SEEDS=N runs seeds 1..N instead of
// kCiSeeds, POLYPATH_SOAK_SEED one seed to replay, POLYPATH_SOAK_FRAME_SECONDS the hang
// bound per frame (default 1 s, 10 s in a sanitizer build).
#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include <algorithm>
#include <array>
#include "support/headless_editor_soak.hpp"

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

/// Actions per seed and the seeds in CI (the plain build; a sanitizer build makes a
/// quarter of the actions). Seed 13 crashed the editor in its first 250 actions (the
/// Compare tab after Discard changes, see the test below).
constexpr int kCiActions = 250;
constexpr std::array<std::uint64_t, 2> kCiSeeds{13, 1};

/// An integer from the environment, or `fallback` when unset or not a number.
long envNumber(const char* name, long fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  return end && *end == '\0' ? n : fallback;
}

/// The soak options for `seed` in `folder`: the repository's polygon maps and lessons.
SoakOptions soakOptions(std::uint64_t seed, int actions, const fs::path& folder) {
  SoakOptions o;
  o.seed = seed;
  o.actions = actions;
  o.folder = folder;
  o.max_frame_seconds = kSanitized ? 10.0 : 1.0;
  if (const char* v = std::getenv("POLYPATH_SOAK_FRAME_SECONDS"); v && *v) o.max_frame_seconds = std::atof(v);
  const fs::path maps = fs::path(POLYPATH_SOURCE_DIR) / "maps";
  for (const char* name : {"seed-demo.json", "maze.json", "room-with-holes.json", "rooms-with-doors.json",
                           "spiral.json", "two-areas.json", "line-of-sight.json"})
    o.maps.push_back(maps / name);
  for (const auto& entry : fs::directory_iterator(maps / "lessons"))
    if (entry.path().extension() == ".json") o.lessons.push_back(entry.path());
  std::sort(o.lessons.begin(), o.lessons.end());
  return o;
}

/// Runs one seed on a fresh editor that opened the seed demo from a temporary folder.
SoakReport soak(std::uint64_t seed, int actions) {
  TempDir dir("soak");
  const std::string start = dir.write("start.json", serializeMap(parseMap(kSeedJson)));
  HeadlessEditor ed(withMap(start));
  return runSoak(ed, soakOptions(seed, actions, dir.path));
}

}  // namespace

TEST_CASE("the editor survives random streams of user actions and undoes each episode to its opening document",
          "[editor][soak]") {
  const int actions = static_cast<int>(envNumber("POLYPATH_SOAK_EVENTS", kSanitized ? kCiActions / 4 : kCiActions));
  std::vector<std::uint64_t> seeds;
  if (const long one = envNumber("POLYPATH_SOAK_SEED", -1); one >= 0)
    seeds.push_back(static_cast<std::uint64_t>(one));
  else if (const long n = envNumber("POLYPATH_SOAK_SEEDS", -1); n >= 0)
    for (long s = 1; s <= n; ++s) seeds.push_back(static_cast<std::uint64_t>(s));
  else
    seeds.assign(kCiSeeds.begin(), kCiSeeds.end());
  for (const std::uint64_t seed : seeds) {
    const SoakReport r = soak(seed, actions);
    INFO(r.failure);
    CHECK(r.failure.empty());
    CHECK(r.actions == actions);
    CHECK(r.episodes >= actions / 150);  // one check per full episode, and one at the end
    WARN("soak seed " << seed << ": " << r.actions << " actions, " << r.frames << " frames, " << r.episodes
                      << " episodes undone to the start (" << r.undone << " commands), slowest frame "
                      << r.slowest_frame * 1000 << " ms during " << r.slowest_action << ", " << r.stalled_frames
                      << " frames held up by the machine");
  }
}

// Soak seed 13 found it: the Compare tab synced in the panels, then "Discard changes"
// replaced the document, and the canvas drew the old searches into the new map's graph
// (a node of the larger maze looked up in the seed demo's graph: a crash).
TEST_CASE("the Compare tab draws the new map's searches after Discard changes replaced a larger map",
          "[editor][soak]") {
  TempDir dir("soak");
  const std::string maze = dir.write("maze.json", serializeMap(loadMap(fs::path(POLYPATH_SOURCE_DIR) / "maps/maze.json")));
  const std::string seed = dir.write("seed.json", serializeMap(parseMap(kSeedJson)));
  HeadlessEditor ed(withMap(maze));
  ed.app->ui().tab_request = PanelTab::Compare;
  ed.frames(2);
  ed.click("cmp End");
  REQUIRE(ed.app->ui().compare.comparison());
  const int maze_expansions = ed.app->ui().compare.comparison()->position();
  CHECK(maze_expansions > 10);
  ed.app->scene().setCornerOffset(0.25);  // unsaved: opening asks first
  ed.app->scene().setCornerOffset(0.0);
  ed.frames(2);
  REQUIRE(ed.app->scene().dirty());
  ed.app->ui().open_request = fs::path(seed);
  ed.frames(2);
  ed.click("Discard changes");  // the document is replaced in the modal, after the panels
  REQUIRE(ed.app->scene().file() == fs::path(seed));
  ed.frames(2);
  REQUIRE(ed.app->ui().compare.comparison());
  const CompareRow astar = ed.app->ui().compare.row(0), dijkstra = ed.app->ui().compare.row(1);
  CHECK(astar.world_length == Approx(kSeedLength).margin(1e-9));
  CHECK(dijkstra.world_length == Approx(kSeedLength).margin(1e-9));
}

#endif  // POLYPATH_HAVE_EDITOR
