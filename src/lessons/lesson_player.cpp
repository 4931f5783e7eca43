// lesson_player.cpp: Next, Back (by replay) and prompts of a lesson.
#include "lessons/lesson_player.hpp"

#include <algorithm>

namespace polypath {

std::optional<LessonSettings> LessonPlayer::compareSettings() const {
  if (!comparing_) return std::nullopt;
  LessonSettings s = settings_;
  for (const SettingChange& c : compare_changes_) c.applyTo(s);
  return s;
}

void LessonPlayer::configure(LessonTarget& target) { target.configure(settings_, compareSettings()); }

void LessonPlayer::perform(const LessonAction& a, LessonTarget& target) {
  switch (a.kind) {
    case LessonAction::Kind::Reset: target.seek(0); break;
    case LessonAction::Kind::Step: target.seek(target.position() + a.count); break;
    case LessonAction::Kind::Back: target.seek(std::max(0, target.position() - a.count)); break;
    case LessonAction::Kind::Seek: target.seek(a.count); break;
    case LessonAction::Kind::Run: target.run(); break;
    case LessonAction::Kind::RunUntil: target.runUntil(a); break;
    case LessonAction::Kind::Set:
      a.change.applyTo(settings_);
      configure(target);
      break;
    case LessonAction::Kind::Compare:
      comparing_ = true;
      compare_changes_.push_back(a.change);
      configure(target);
      break;
    case LessonAction::Kind::CompareOff:
      comparing_ = false;
      compare_changes_.clear();
      configure(target);
      break;
    case LessonAction::Kind::Layers: layers_ = a.layers; target.setLayers(layers_); break;
    case LessonAction::Kind::Show: layers_ |= a.layers; target.setLayers(layers_); break;
    case LessonAction::Kind::Hide: layers_ &= ~a.layers; target.setLayers(layers_); break;
    case LessonAction::Kind::Inspect: target.inspect(a.node); break;
  }
}

void LessonPlayer::goTo(int i, LessonTarget& target) {
  current_ = std::clamp(i, 0, stepCount() - 1);
  settings_ = lesson_->settings;
  comparing_ = false;
  compare_changes_.clear();
  layers_ = settings_.layers;
  configure(target);
  target.setLayers(layers_);
  for (int s = 0; s <= current_; ++s) {
    const LessonStep& ls = lesson_->steps[static_cast<std::size_t>(s)];
    for (const LessonAction& a : ls.actions) perform(a, target);
    // The Step presses the prompts of earlier steps asked for.
    if (s < current_ && ls.prompt_steps > 0) target.seek(target.position() + ls.prompt_steps);
  }
  prompt_remaining_ = step().prompt_steps;
}

bool LessonPlayer::next(LessonTarget& target) {
  if (current_ >= stepCount() - 1) return false;
  // Moving forward needs no replay: make the Step presses the prompt still waits for,
  // then perform the next step's actions on the current state.
  if (prompt_remaining_ > 0) target.seek(target.position() + prompt_remaining_);
  ++current_;
  for (const LessonAction& a : step().actions) perform(a, target);
  prompt_remaining_ = step().prompt_steps;
  return true;
}

bool LessonPlayer::back(LessonTarget& target) {
  if (current_ <= 0) return false;
  goTo(current_ - 1, target);
  return true;
}

bool LessonPlayer::userStepped() {
  if (prompt_remaining_ == 0) return false;
  return --prompt_remaining_ == 0;
}

}  // namespace polypath
