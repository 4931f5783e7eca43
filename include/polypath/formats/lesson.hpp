// lesson.hpp: lesson files (maps/lessons/*.json): a scripted demo of a search for
// teaching, which the editor plays with Next and Back: a map, settings, and steps each
// with a caption, actions ("step 3", "run", "set heuristic none"...) and an optional
// "press Step" prompt.
//
// [SECTION] File format
// [SECTION] Lesson data
// [SECTION] Actions
// [SECTION] Load and check
//
// [SECTION] File format (version 1)
//
//   {
//     "format": "polypath-lesson", "version": 1,
//     "title": "A* against Dijkstra",
//     "summary": "one paragraph shown before the first step",       (optional)
//     "map": "../maze.json",          a map file, relative to the lesson file,
//            or { "polygons": [...], ... }  an inline map (the map format, DESIGN.md)
//     "settings": {                                                  (optional, each key too)
//       "method": "visibility",       visibility, navmesh, grid or finley
//       "heuristic": "euclidean", "weight": 1, "tie_break": "g",
//       "corner_offset": 0,           world units (default: the map's)
//       "start": [x, y], "goal": [x, y],   (default: the map's)
//       "layers": "default"           a layer list (core/layer_names.hpp)
//     },
//     "crowd": { "agents": 60, "radius": 0.4, "speed": 1, "seed": 1, "steps": 5000 }
//                                    (optional, each key too) the crowd run captions cite:
//                                    "{crowd.STEER.FIELD}" in a caption (STEER funnel or
//                                    portals, FIELD a field of `polypath crowd --json`) is
//                                    replaced by that field of the run from the map's start
//                                    to its goal (lessons/lesson_crowd.hpp)
//     "steps": [
//       { "caption": "What the audience reads.",
//         "actions": ["reset", "step 1"],       or "action": "run"   (optional)
//         "prompt": { "text": "Press Step three times.", "steps": 3 } (optional)
//         "stepping": false     Step changes nothing here (a finished search)  (optional) }
//     ]
//   }
//
// Actions, one per string (words separated by spaces):
//   reset                      back to the start of the search (position 0)
//   step [N]                   N expansions forward (default 1)
//   back [N]                   N expansions back (default 1)
//   seek N                     to the state after N expansions
//   run                        to the end of the search
//   run until expanded NODE    NODE: start, goal or a node id of the graph
//   run until goal open        until the goal enters the open set
//   run until f > X
//   set heuristic NAME | set weight W | set tie-break g|none | set method NAME |
//   set corner-offset D | set start X,Y | set goal X,Y
//   layers LIST | show LIST | hide LIST      set, add or remove drawn layers
//   compare SETTING VALUE      show a second search side by side: the current settings
//                              with SETTING (heuristic, weight, tie-break, method,
//                              corner-offset) changed; repeated: more changes
//   compare off                back to one search
//   inspect NODE               select NODE in the node inspector
// A prompt asks the audience to press Step `steps` times; the editor moves on to the
// next lesson step once they have (or when Next is pressed).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "polypath/core/error.hpp"
#include "polypath/debug/breakpoints.hpp"
#include "polypath/core/search.hpp"
#include "polypath/formats/map_io.hpp"

namespace polypath {

// [SECTION] Lesson data

/// The search methods a lesson may name (the same as `polypath path --method`).
inline constexpr std::string_view kLessonMethods[] = {"visibility", "navmesh", "grid", "finley"};

/// A node named in a lesson: the start, the goal, or a node id of the graph.
struct LessonNode {
  enum class Kind { Start, Goal, Id };
  Kind kind = Kind::Start;
  NodeId id = kNoNode;  ///< for Id
  /// The node id in a search graph whose start and goal have these ids.
  NodeId resolve(NodeId start, NodeId goal) const { return kind == Kind::Start ? start : kind == Kind::Goal ? goal : id; }
};

/// Search settings of a lesson (or of the second side of a comparison).
struct LessonSettings {
  std::string method = "visibility";
  SearchOptions search;
  double corner_offset = 0.0;  ///< world units
  std::optional<Point> start, goal;
  std::uint32_t layers = 0;    ///< debug-draw layer mask
};

/// One setting change: "set heuristic none", "compare weight 1.8".
struct SettingChange {
  enum class Name { Heuristic, Weight, TieBreak, Method, CornerOffset, Start, Goal };
  Name name = Name::Heuristic;
  Heuristic heuristic = Heuristic::Euclidean;
  TieBreak tie_break = TieBreak::LargerG;
  double number = 0.0;  ///< weight or corner offset
  Point point;          ///< start or goal
  std::string method;
  /// Applies the change to `s`.
  void applyTo(LessonSettings& s) const;
};

// [SECTION] Actions

/// One parsed action (see the file comment for the grammar).
struct LessonAction {
  enum class Kind { Reset, Step, Back, Seek, Run, RunUntil, Set, Layers, Show, Hide, Compare, CompareOff, Inspect };
  Kind kind = Kind::Reset;
  std::string text;         ///< the action as written
  int count = 1;            ///< Step, Back: expansions; Seek: position
  /// RunUntil: the condition (node = kNoNode for NodeExpanded: see `node`).
  Breakpoint::Kind until = Breakpoint::Kind::NodeExpanded;
  double f = 0.0;           ///< RunUntil f > X
  LessonNode node;          ///< RunUntil expanded NODE, Inspect NODE
  SettingChange change;     ///< Set, Compare
  std::uint32_t layers = 0; ///< Layers, Show, Hide
  /// The breakpoint of a RunUntil action in a graph with these start and goal ids.
  Breakpoint breakpoint(NodeId start, NodeId goal) const;
};

/// Parses one action. Returns nullopt and sets `error` ("unknown action 'jump'; known:
/// ...", "step expects a whole number >= 1, got 'x'") when it is not valid.
std::optional<LessonAction> parseLessonAction(std::string_view text, std::string& error);

/// One step of a lesson.
struct LessonStep {
  std::string caption;
  std::vector<LessonAction> actions;
  std::string prompt;     ///< "Press Step three times."; empty: no prompt
  int prompt_steps = 0;   ///< Step presses the prompt waits for (0: none)
  /// False ("stepping": false) when pressing Step changes nothing the step talks about
  /// (a finished search, a picture of the map): the lesson says so, and the test that
  /// every other step's picture changes on Step skips it. A step with a prompt steps.
  bool stepping = true;
};

/// The crowd run a lesson's captions cite (the "crowd" key): agents from around the map's
/// start to its goal, arriving within 2 radii, as `polypath crowd` runs them.
struct LessonCrowd {
  int agents = 30;            ///< 1 to 100000
  double radius = 0.4;        ///< world units, > 0
  double speed = 1.0;         ///< world units per second, > 0
  std::uint64_t seed = 1;
  int max_steps = 5000;       ///< the "steps" key: the run stops after this many time steps
};

/// A whole lesson, its map loaded.
struct Lesson {
  std::string source;   ///< the lesson file (or "<memory>")
  std::string title;
  std::string summary;
  std::optional<std::filesystem::path> map_file;  ///< the map's file; none for an inline map
  MapDocument map;
  LessonSettings settings;  ///< with the map's start, goal and corner offset filled in
  std::vector<LessonStep> steps;
  std::optional<LessonCrowd> crowd;  ///< the "crowd" key; none: captions cite no crowd run
};

// [SECTION] Load and check

/// A lesson that cannot be read: the message names the file, the JSON pointer of the
/// offending value (for example /steps/2/actions/0) and what to do.
class LessonError : public Error {
 public:
  /// `what` is the whole message (it names the file); `pointer` the JSON pointer of the
  /// offending value, empty when the problem is the file as a whole.
  LessonError(std::string file, std::string pointer, const std::string& what);
  /// The lesson file (or "<memory>").
  const std::string& file() const { return file_; }
  /// The JSON pointer of the offending value ("/steps/2/actions/0"), or empty.
  const std::string& pointer() const { return pointer_; }

 private:
  std::string file_, pointer_;
};

/// Parses lesson JSON text; a map file is looked up relative to `base_dir`. Throws
/// LessonError for malformed JSON, a wrong format or newer version, missing or mistyped
/// keys, unknown methods, layers or actions, and a map that cannot be loaded.
Lesson parseLesson(std::string_view text, const std::string& source = "<memory>",
                   const std::filesystem::path& base_dir = ".");
/// Reads and parses a lesson file (maps are relative to the file's folder).
Lesson loadLesson(const std::filesystem::path& file);

}  // namespace polypath
