// lesson_player.hpp: plays a lesson (io/lesson.hpp) step by step with Next and Back,
// driving whatever shows the search (the editor) through a small target interface.
//
// [SECTION] LessonTarget (what a lesson drives)
// [SECTION] LessonPlayer
//
// Back is replay: going to lesson step i configures the target with the lesson's
// settings and performs the actions of steps 0 .. i in order, with the Step presses the
// prompts of steps 0 .. i-1 asked for, so every step looks the same however it was
// reached (searches are deterministic). Next completes the current prompt first (makes
// the presses still missing), then performs the next step's actions; Step presses the
// audience makes beyond a prompt stay.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "polypath/formats/lesson.hpp"

namespace polypath {

// [SECTION] LessonTarget

/// What a lesson drives. The editor implements it over its scene; tests over a
/// SearchTimeline.
class LessonTarget {
 public:
  virtual ~LessonTarget() = default;
  /// New settings: the search (the left side) uses `settings`; when `compare` is set a
  /// second search with those settings is shown side by side, stepped together. The
  /// searches restart at position 0.
  virtual void configure(const LessonSettings& settings, const std::optional<LessonSettings>& compare) = 0;
  /// To position k (expansions) of the search(es); k is clamped by the target.
  virtual void seek(int k) = 0;
  /// The current position (expansions made).
  virtual int position() const = 0;
  /// To the end of the search(es).
  virtual void run() = 0;
  /// Forward until the breakpoint of `action` (a RunUntil action) fires or the search ends.
  virtual void runUntil(const LessonAction& action) = 0;
  /// Shows exactly these debug-draw layers.
  virtual void setLayers(std::uint32_t layers) = 0;
  /// Selects a node in the node inspector.
  virtual void inspect(const LessonNode& node) = 0;
};

// [SECTION] LessonPlayer

/// Steps through a lesson. Holds a reference to the lesson, which must outlive it.
class LessonPlayer {
 public:
  explicit LessonPlayer(const Lesson& lesson) : lesson_(&lesson) {}

  /// Number of lesson steps.
  int stepCount() const { return static_cast<int>(lesson_->steps.size()); }
  /// The lesson step shown, or -1 before start() / goTo().
  int current() const { return current_; }
  /// The step shown (current() must be >= 0).
  const LessonStep& step() const { return lesson_->steps[static_cast<std::size_t>(current_)]; }

  /// Goes to lesson step i (clamped to 0 .. stepCount()-1) by replay: configures the
  /// target with the lesson's settings and layers, then performs the actions of steps
  /// 0 .. i and the Step presses of the prompts before i. Resets the prompt count.
  void goTo(int i, LessonTarget& target);
  /// goTo(0).
  void start(LessonTarget& target) { goTo(0, target); }
  /// The next lesson step (after completing the current prompt); false (no change) at
  /// the last one.
  bool next(LessonTarget& target);
  /// The previous lesson step; false (no change) at the first one.
  bool back(LessonTarget& target);

  /// Settings of the search now (after the actions so far).
  const LessonSettings& settings() const { return settings_; }
  /// Settings of the second search when comparing: settings() with every "compare"
  /// change applied in order; nullopt when not comparing.
  std::optional<LessonSettings> compareSettings() const;
  /// Layers shown now.
  std::uint32_t layers() const { return layers_; }

  /// Step presses the current prompt still waits for (0: none or satisfied).
  int promptRemaining() const { return prompt_remaining_; }
  /// Tells the player the audience pressed Step (the target already stepped). Returns
  /// true when this press satisfied the prompt: the editor may move to the next step.
  bool userStepped();

 private:
  void perform(const LessonAction& action, LessonTarget& target);
  void configure(LessonTarget& target);

  const Lesson* lesson_;
  int current_ = -1;
  LessonSettings settings_;
  bool comparing_ = false;
  std::vector<SettingChange> compare_changes_;
  std::uint32_t layers_ = 0;
  int prompt_remaining_ = 0;
};

}  // namespace polypath
