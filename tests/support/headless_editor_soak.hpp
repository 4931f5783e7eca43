// headless_editor_soak.hpp: a soak test driver for the headless editor: a seeded random
// stream of user actions (clicks, drags, wheel, keys and shortcuts, typed text, named
// panel widgets, tool, method and clearance changes, undo and redo, files in a temporary
// folder, lessons, the Compare tab) pushed into the real App as SDL events, with checks
// after every action: no frame over a wall-time bound (a hang), and at the end of every
// episode (before the document is replaced, and at the end) undoing to the start of the
// history gives the opening document back byte for byte and redoing gives back the last.
//
// The stream never types or chooses a path: the file actions open, save and export only
// inside SoakOptions::folder (the path field and the export name are reset to paths in it
// before every action, and random clicks land on the canvas or on named widgets, never on
// a text field that holds a path).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "support/headless_editor.hpp"

namespace polypath::test {

/// What a soak run does.
struct SoakOptions {
  std::uint64_t seed = 1;  ///< seed of the random stream (printed on failure, to replay it)
  int actions = 400;       ///< random actions to make
  /// A frame whose App::frame() takes longer than this (seconds of wall time) fails the run
  /// as a hang, unless the thread used less than half of it in CPU time (then other
  /// processes held the machine: SoakReport::stalled_frames counts those frames).
  double max_frame_seconds = 1.0;
  /// The folder every file action stays in (must exist; maps are copied into it).
  std::filesystem::path folder;
  /// Polygon maps the file actions open (copied into `folder` first, as serializeMap wrote them).
  std::vector<std::filesystem::path> maps;
  /// Lesson files the stream may open (read only; a lesson never becomes the current file).
  std::vector<std::filesystem::path> lessons;
  /// Most actions in one episode: the undo history never reaches kMaxHistory within one.
  int episode_actions = 150;
};

/// What a soak run did and, when it failed, why.
struct SoakReport {
  /// Empty when the run passed; else the seed, the action's index and what it was, and
  /// what went wrong.
  std::string failure;
  int actions = 0;              ///< actions made
  long frames = 0;              ///< App::frame() calls
  int episodes = 0;             ///< undo-to-start checks passed
  std::size_t undone = 0;       ///< commands undone (and redone) by those checks in all
  double slowest_frame = 0.0;   ///< seconds of wall time
  int stalled_frames = 0;       ///< frames over the bound in wall time but not in CPU time
  std::string slowest_action;   ///< the action during which the slowest frame ran
};

/// Runs the random stream on `editor` (already started) and returns what happened. Never
/// throws for an editor failure: a crash is a crash (the sanitizers report it), a hang or
/// a wrong undo is SoakReport::failure.
SoakReport runSoak(HeadlessEditor& editor, const SoakOptions& options);

}  // namespace polypath::test
