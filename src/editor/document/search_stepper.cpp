// search_stepper.cpp: SearchStepper (see search_stepper.hpp).
#include "editor/document/search_stepper.hpp"

#include <algorithm>
#include <cmath>

namespace polypath::editor {

namespace {

double clampSpeed(double sps) {
  return std::clamp(sps, SearchStepper::kMinStepsPerSecond, SearchStepper::kMaxStepsPerSecond);
}

}  // namespace

// [SECTION] StepTarget

void StepTarget::advance(int n) {
  for (int i = 0; (n < 0 || i < n) && !finished(); ++i) stepOnce();
}

// [SECTION] SearchStepper

SearchStepper::SearchStepper(double steps_per_second)
    : initial_steps_per_second_(std::isfinite(steps_per_second) ? clampSpeed(steps_per_second) : 4.0),
      steps_per_second_(initial_steps_per_second_) {}

void SearchStepper::setStepsPerSecond(double sps) {
  steps_per_second_ = std::isfinite(sps) ? clampSpeed(sps) : initial_steps_per_second_;
}

void SearchStepper::begin(StepTarget& target) {
  if (stepping_) return;
  stepping_ = true;
  target.beginStepping();
}

void SearchStepper::step(StepTarget& target) {
  if (!target.ready()) return;
  begin(target);
  if (!target.finished()) target.stepOnce();
  if (target.finished()) running_ = false;
}

void SearchStepper::run(StepTarget& target) {
  if (!target.ready()) return;
  begin(target);
  if (target.finished()) target.restart();
  running_ = true;
  budget_ = 0.0;
}

void SearchStepper::reset(StepTarget& target) {
  stepping_ = running_ = false;
  budget_ = 0.0;
  if (target.ready()) target.restart();
}

void SearchStepper::finish(StepTarget& target) {
  if (!target.ready()) return;
  begin(target);
  running_ = false;
  target.advance(-1);
}

bool SearchStepper::update(double seconds, StepTarget& target) {
  if (!running_ || !target.ready()) return false;
  if (!(seconds > 0) || !std::isfinite(seconds)) return false;
  budget_ += seconds * steps_per_second_;
  const int n = static_cast<int>(std::min(budget_, static_cast<double>(kMaxStepsPerUpdate)));
  budget_ -= n;
  if (n > 0) target.advance(n);
  if (target.finished()) running_ = false;
  return true;
}

void SearchStepper::showStepped() {
  stepping_ = true;
  running_ = false;
}

void SearchStepper::stop() {
  stepping_ = running_ = false;
  budget_ = 0.0;
}

}  // namespace polypath::editor
