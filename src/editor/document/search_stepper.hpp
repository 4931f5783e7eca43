// search_stepper.hpp: the one stepped-search controller of the editor: Step, Run at N
// steps per second, Pause, Reset and Finish over anything that advances by whole steps.
// The main view (Scene), the Compare view and the grid document (GridScene) each hold one
// SearchStepper and hand it their search as a StepTarget on every call; the stepper keeps
// only the play state (stepping, running, speed and the fractional step budget) and never
// a pointer to its target, so the owner stays freely movable and copyable.
//
// [SECTION] StepTarget
// [SECTION] SearchStepper
#pragma once

namespace polypath::editor {

// [SECTION] StepTarget

/// What a SearchStepper advances: one stepped search (or a pair in lockstep). The owner
/// implements it over its own engine; every function is called only when ready() is true.
class StepTarget {
 public:
  virtual ~StepTarget() = default;
  /// True when there is something to step (a query, a comparison, a start and a goal).
  virtual bool ready() const = 0;
  /// True when no step is left (the search found the goal or ran out of nodes).
  virtual bool finished() const = 0;
  /// Makes one step; called only when !finished().
  virtual void stepOnce() = 0;
  /// Makes up to `n` steps, stopping when finished(); n < 0: to the end. The default
  /// calls stepOnce(); override it when the target has a faster way.
  virtual void advance(int n);
  /// Back to zero steps (Reset, and Run on a finished search).
  virtual void restart() = 0;
  /// The stepped view begins (stepping() turns true): a target whose non-stepped view is
  /// not at zero steps (the grid shows the finished search) goes to zero steps here.
  /// Default: nothing.
  virtual void beginStepping() {}
};

// [SECTION] SearchStepper

/// The play state of one stepped search and the rules that move it: whole steps only,
/// Run spends a fractional budget of update() time at stepsPerSecond(), one clamp rule
/// for the speed, Run and Finish stop at the end. Every call taking a StepTarget does
/// nothing when the target is not ready().
class SearchStepper {
 public:
  /// Slowest and fastest Run speed, steps per second (setStepsPerSecond clamps to them).
  static constexpr double kMinStepsPerSecond = 0.1;
  static constexpr double kMaxStepsPerSecond = 1000.0;
  /// Most steps one update() makes, however long the frame was.
  static constexpr int kMaxStepsPerUpdate = 100000;

  /// `steps_per_second`: the initial speed, also taken when a speed that is not finite is
  /// set (clamped like setStepsPerSecond).
  explicit SearchStepper(double steps_per_second = 4.0);

  /// True after Step, Run, Finish or showStepped() until reset() or stop(): the owner
  /// shows the stepped state instead of the finished result.
  bool stepping() const { return stepping_; }
  /// True while Run animates.
  bool running() const { return running_; }
  double stepsPerSecond() const { return steps_per_second_; }
  /// Sets the Run speed, clamped to kMinStepsPerSecond .. kMaxStepsPerSecond; a value
  /// that is not finite sets the initial speed.
  void setStepsPerSecond(double sps);

  /// Exactly one step (none when finished); begins the stepped view. Run stops when the
  /// step finished the search.
  void step(StepTarget& target);
  /// Starts animating (see update()); restarts a finished search; begins the stepped view.
  void run(StepTarget& target);
  /// Stops the animation; the stepped view stays.
  void pause() { running_ = false; }
  /// Back to zero steps and out of the stepped view: stops Run, clears the budget, then
  /// calls target.restart() (with stepping() already false).
  void reset(StepTarget& target);
  /// Runs the search to the end at once; stops Run; begins the stepped view.
  void finish(StepTarget& target);
  /// Advances Run by `seconds` of wall time: adds seconds * stepsPerSecond() to the
  /// budget and makes its whole steps (at most kMaxStepsPerUpdate), keeping the fraction.
  /// Run stops when the search is finished. Returns true when Run was on (the owner
  /// refreshes what it shows); false when not running, not ready or `seconds` is not a
  /// positive finite number.
  bool update(double seconds, StepTarget& target);

  /// The target was moved to some step by other means (a timeline, a replay): show it
  /// stepped, stop Run. The target is not touched.
  void showStepped();
  /// Leaves the stepped view and stops Run without touching the target (the search was
  /// dropped or rebuilt by its owner).
  void stop();

 private:
  void begin(StepTarget& target);  // stepping_ = true, calling target.beginStepping() on entry
  double initial_steps_per_second_;
  double steps_per_second_;
  double budget_ = 0.0;
  bool stepping_ = false;
  bool running_ = false;
};

}  // namespace polypath::editor
