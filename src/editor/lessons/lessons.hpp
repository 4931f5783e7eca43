// lessons.hpp: lessons (maps/lessons/*.json, io/lesson.hpp) played in the editor: the
// list of lesson files, and a LessonSession that drives the Scene through io's
// LessonPlayer (the editor's LessonTarget) with Next, Back and "press Step" prompts.
//
// [SECTION] Lesson files
// [SECTION] Stepping what the audience sees
// [SECTION] LessonSession
//
// A lesson replaces the document with the lesson's map (no file: Save never writes over
// the lesson's map; Save As keeps an edited copy). Settings a lesson sets (start, goal,
// corner offset) replace the document while it has no unsaved changes; once the user
// edited the map they are applied as undoable edits instead, so nothing the user did is
// lost. The session closes itself when another document is opened.
#pragma once

#include <cstdint>
#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "editor/document/scene.hpp"
#include "polypath/formats/lesson.hpp"
#include "lessons/lesson_player.hpp"
#include "lessons/lesson_check.hpp"

namespace polypath::editor {

struct UiState;

// [SECTION] Lesson files

/// One lesson file of the Lessons tab's list.
struct LessonEntry {
  std::filesystem::path file;
  std::string title;    ///< the lesson's title; the file name when it does not load
  std::string summary;  ///< the lesson's summary (may be empty)
  int steps = 0;        ///< number of lesson steps
  std::string error;    ///< why the file does not load (LessonError message); empty when it does
};

/// The lessons of `folder`: every *.json file, sorted by file name, each loaded for its
/// title and step count; a file that does not load is listed with its error. Empty when
/// the folder cannot be read. Never throws.
std::vector<LessonEntry> listLessons(const std::filesystem::path& folder);

/// The error of a --lesson-step past the end of the --lesson file ("--lesson-step 99:
/// FILE has 5 steps (1..5)"); empty when the step exists or the lesson does not load
/// (the editor then shows the lesson's own error).
std::string lessonStepError(const std::filesystem::path& lesson, int step);

/// The shipped lessons' folder: "lessons" beside the first default map candidate that
/// exists (see defaultMapCandidates); nullopt when there is none.
std::optional<std::filesystem::path> findLessonsFolder(const std::filesystem::path& executable_dir);

// [SECTION] Stepping what the audience sees

/// One Step as the audience sees it: an expansion of the scene's search and, while the
/// Compare tab shows a comparison, one position forward of both its panes (the lesson
/// strip's Step button and the Right arrow). Back (the Left arrow) is stepBackShown.
void stepShown(Scene& scene, UiState& ui);
/// One expansion back of the scene's search and, on the Compare tab, of both panes.
void stepBackShown(Scene& scene, UiState& ui);

// [SECTION] LessonSession

/// The lesson being played, if any, and its place. Lives in UiState (ui.lessons).
class LessonSession {
 public:
  /// Loads `file` (loadLesson, then checkLesson), replaces the document with the
  /// lesson's map and shows lesson step 0. On failure nothing changes, `error` gets the
  /// loader's message (file, JSON pointer, what to do) and false is returned. Does not
  /// ask about unsaved changes: the caller does (ui.lesson_request, drawModals).
  bool open(const std::filesystem::path& file, Scene& scene, UiState& ui, std::string* error = nullptr);
  /// Stops playing; the document and search stay as they are, the layers the user had
  /// before the lesson come back.
  void close(UiState& ui);
  /// True while a lesson is open.
  bool active() const { return lesson_ != nullptr; }
  /// True while the crowd numbers the lesson's captions cite are being measured on a
  /// worker thread (the captions show "..." in their place until then, and the window
  /// keeps drawing: a lesson crowd runs for a second or two).
  bool measuring() const { return crowd_job_.valid(); }

  /// Lesson step i (0-based, clamped), by replay (LessonPlayer::goTo).
  void goTo(int i, Scene& scene, UiState& ui);
  /// The next / previous lesson step; false (no change) at the last / first one.
  bool next(Scene& scene, UiState& ui);
  bool back(Scene& scene, UiState& ui);

  /// Call once per frame after the panels: counts the Step presses (and Right-arrow
  /// steps) the user made since the lesson last moved the search, tells the player, and
  /// moves on to the next lesson step when a prompt is satisfied. While the Compare view
  /// shows the lesson's comparison, a step of its panes counts too (a press that steps
  /// both the search and the panes counts once). Closes the session when another
  /// document was opened.
  void afterFrame(Scene& scene, UiState& ui);

  /// The lesson (null when none is open).
  const Lesson* lesson() const { return lesson_.get(); }
  /// The lesson's file (empty when none is open).
  const std::filesystem::path& file() const { return file_; }
  /// The lesson step shown, 0-based (-1 when none is open).
  int current() const { return player_ ? player_->current() : -1; }
  /// Number of lesson steps (0 when none is open).
  int stepCount() const { return player_ ? player_->stepCount() : 0; }
  /// The step shown (active() must be true).
  const LessonStep& step() const { return player_->step(); }
  /// Step presses the current prompt still waits for (0: none).
  int promptRemaining() const { return player_ ? player_->promptRemaining() : 0; }
  /// Settings of the second search of a comparison ("compare ..." actions), for the
  /// Compare view; nullopt when the lesson is not comparing now.
  std::optional<LessonSettings> compareSettings() const {
    return player_ ? player_->compareSettings() : std::nullopt;
  }
  /// What the editor cannot show of the current step as the lesson asks ("This step
  /// searches with the navmesh method; ..."), one sentence each; empty when all is shown.
  const std::vector<std::string>& notes() const { return notes_; }

  /// Folder the Lessons tab lists (found at the first use; may be changed by the user).
  std::string folder_text;
  /// The list shown in the Lessons tab, loaded from folder_text (listLessons).
  std::vector<LessonEntry> entries;
  /// True once `entries` was loaded for folder_text.
  bool listed = false;

 private:
  void moved(Scene& scene, const UiState& ui);  // remember where the lesson left the search, panes and document
  void updateNotes();
  void takeCrowdNumbers();  // the worker's captions, once it is done

  std::unique_ptr<Lesson> lesson_;
  // The lesson's crowd runs (fillCrowdCaptions on a copy of the lesson): its problems and
  // the copy with the numbers in its captions.
  std::future<std::pair<std::vector<std::string>, Lesson>> crowd_job_;
  // Runs of lessons closed before their numbers came: kept until they end (a future's
  // destructor waits for its thread), so closing a lesson never blocks the frame.
  std::vector<std::future<std::pair<std::vector<std::string>, Lesson>>> abandoned_jobs_;
  std::unique_ptr<LessonPlayer> player_;
  std::filesystem::path file_;
  std::vector<std::string> notes_;
  int lesson_position_ = 0;              // search position after the lesson's last move
  int compare_position_ = 0;             // the Compare view's position after the lesson's last move
  std::uint64_t lesson_generation_ = 0;  // document generation after the lesson's last move
  std::uint32_t user_layers_ = 0;        // the layers before the lesson
};

}  // namespace polypath::editor
