// compare_view.hpp: the editor's Compare view: two methods or two settings on
// the scene's map, start and goal, searched in lockstep by core's SearchComparison and
// drawn side by side (two viewports) or overlaid, with a table of expansions, path length
// and time.
//
// [SECTION] CompareSetup
// [SECTION] CompareView
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "polypath/debug/search_compare.hpp"
#include "editor/document/scene.hpp"
#include "editor/document/scene_method.hpp"
#include "editor/document/search_stepper.hpp"

namespace polypath::editor {

// [SECTION] CompareSetup

/// What one side searches: a method (with its cell size) and the A* settings.
struct CompareSetup {
  MethodSettings method;
  SearchOptions options;
  friend bool operator==(const CompareSetup& a, const CompareSetup& b) {
    return a.method == b.method && a.options.heuristic == b.options.heuristic &&
           a.options.weight == b.options.weight && a.options.tie_break == b.options.tie_break;
  }
};
/// "visibility graph, A*", "grid (cell 0.5), Dijkstra", "Polyanya, weight 1.8".
std::string describe(const CompareSetup& s);

/// One row of the table: core's CompareStats with the length in world units (for triangle
/// A* the funnel path's length, for the grid its cell path's).
struct CompareRow {
  CompareStats stats;
  double world_length = 0.0;  ///< world units, 0 without a path
  std::string structure;      ///< the side's method structure in numbers
};

/// Ready-made comparisons for the panel's buttons.
enum class ComparePreset { AStarVsDijkstra, Weight1VsWeight18, VisibilityVsNavmesh, NavmeshVsGrid, TriangleVsPolyanya };
/// Parses "astar-dijkstra", "weight", "visibility-navmesh", "navmesh-grid",
/// "triangle-polyanya"; false if unknown.
bool parseComparePreset(const std::string& name, ComparePreset& out);
/// Sets both sides for a preset (the scene's options as the base).
void applyPreset(std::array<CompareSetup, 2>& setups, ComparePreset preset, const SearchOptions& base);

// [SECTION] CompareView

/// The two sides and their comparison. sync() rebuilds whatever the scene or the setups
/// changed since the last call, keeping the common position when it can.
class CompareView {
 public:
  CompareView();
  ~CompareView();
  CompareView(const CompareView&) = delete;
  CompareView& operator=(const CompareView&) = delete;

  std::array<CompareSetup, 2> setups;  ///< left (0) and right (1)
  bool overlaid = false;               ///< one viewport, side 1 tinted, instead of two

  /// Brings the comparison up to date with the scene (its search map, start, goal: redone
  /// when Scene::searchGeneration() changed) and the setups. Build or query failures go to
  /// error(); the comparison is then absent. Never throws.
  void sync(const Scene& scene);
  /// The comparison; null when there is none (no query, or a side failed).
  SearchComparison* comparison() { return comparison_ ? &*comparison_ : nullptr; }
  const SearchComparison* comparison() const { return comparison_ ? &*comparison_ : nullptr; }
  /// Why there is no comparison ("right side: cannot build the grid (cell 0.01): ...").
  const std::string& error() const { return error_; }
  /// Side i's method view (structure and query).
  const MethodView& view(int i) const { return *views_[static_cast<std::size_t>(i)]; }
  /// Table row i at the current position.
  CompareRow row(int i) const;

  // Stepping both sides together (SearchStepper; Back and the position slider are the
  // comparison's own seek()) ----------------------------------------------------------

  /// One position forward on both sides.
  void step();
  /// Run: both sides advance together at stepsPerSecond() (from 0 when at the end).
  void run();
  /// Stops Run.
  void pause() { stepper_.pause(); }
  /// Stops Run and moves both sides to position 0.
  void reset();
  /// Stops Run and moves both sides to the end.
  void finish();
  /// True while Run animates.
  bool running() const { return stepper_.running(); }
  /// Run speed, steps per second (8 by default; clamped as SearchStepper does).
  double stepsPerSecond() const { return stepper_.stepsPerSecond(); }
  void setStepsPerSecond(double sps) { stepper_.setStepsPerSecond(sps); }
  /// Advances Run by `seconds` of wall time.
  void update(double seconds);

  /// Draws side i at the common position: the method's structure, the search state, and
  /// the side's path (world units) once its search has found it. The map itself and the
  /// markers are the caller's.
  void draw(DebugDraw& dd, int i, std::uint32_t layers) const;

 private:
  std::array<std::unique_ptr<MethodView>, 2> views_;
  std::optional<SearchComparison> comparison_;
  std::array<CompareSetup, 2> built_setups_;
  std::uint64_t built_generation_ = 0;
  const void* built_scene_ = nullptr;
  bool built_ = false;
  std::string error_;
  SearchStepper stepper_{8.0};  // Run / Pause of the common position
  struct Steps;                 // the comparison as the stepper's StepTarget
};

/// Tints colours for the overlaid second side (red and blue swapped, a little lighter),
/// so the two sides' sets and paths tell apart.
Color overlayTint(Color c);

}  // namespace polypath::editor
