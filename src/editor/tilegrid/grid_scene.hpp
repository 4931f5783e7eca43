// grid_scene.hpp: the editor's grid document: a Moving AI .map grid, its start and goal
// cells, the grid method's settings, wall strokes with undo/redo, and the grid search
// stepped through the one A* engine (GridGraph + Search), drawn with the grid layers.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>
#include "polypath/debug/debug_draw.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/core/search.hpp"
#include "editor/document/search_stepper.hpp"

namespace polypath::editor {

/// One cell a stroke changed: its index and its blocked value before and after.
struct CellChange {
  int cell = 0;
  std::uint8_t before = 0, after = 0;
};

/// One undoable wall stroke (press, drag, release): the cells it changed, in order.
struct GridStroke {
  std::string label;  ///< "Paint walls (12 cells)", "Erase walls (3 cells)"
  std::vector<CellChange> changes;
};

/// A Moving AI grid open in the editor with its stepped grid search. The search always
/// reflects the current grid, cells and settings: any change restarts it (the steps
/// made so far are replayed while stepping, like the polygon Scene).
class GridScene {
 public:
  /// True once a grid has been opened (the editor then shows the grid, not the polygon map).
  bool active() const { return active_; }
  /// Leaves grid mode (the polygon document is shown again).
  void close() { active_ = false; }
  /// Reads a .map file (parseMovingAiMap). On failure returns false with `error`
  /// ("FILE:LINE:COLUMN: what") and keeps the current grid. Start and goal become the
  /// first and last free cells (row-major); the history is cleared; the grid is clean.
  bool open(const std::filesystem::path& file, std::string* error = nullptr);
  /// Takes `grid` as unsaved work on `file` (a grid the recovery file kept, see
  /// recovery.hpp): opened as open() does, but dirty until saved, with an empty history.
  void recover(Grid grid, std::optional<std::filesystem::path> file);
  /// Writes the grid as a .map file atomically (saveMovingAiMap); the grid is clean after.
  bool save(const std::filesystem::path& file, std::string* error = nullptr);
  const Grid& grid() const { return grid_; }
  const std::optional<std::filesystem::path>& file() const { return file_; }
  /// Increases each time a grid is opened (the editor fits the camera then).
  std::uint64_t generation() const { return generation_; }
  /// The file name without folders, or "untitled grid".
  std::string displayName() const;
  /// True when the grid differs from the file (walls painted since the last open/save).
  bool dirty() const { return position_ != saved_position_; }
  /// Increases with every wall stroke that changed a cell, undo and redo (autosave counts them).
  std::uint64_t editCount() const { return edits_; }

  // Walls ---------------------------------------------------------------------------
  /// Starts a stroke that sets cells blocked (`wall` true) or free.
  void beginStroke(bool wall);
  /// Paints the square brush of `radius` cells (0 = one cell) centred on cell (x, y)
  /// into the open stroke; cells outside the grid, the start and the goal are skipped.
  void paint(int x, int y, int radius = 0);
  /// Ends the stroke: one undoable command when it changed a cell.
  void endStroke();
  bool stroking() const { return stroking_; }
  bool canUndo() const { return position_ > 0; }
  bool canRedo() const { return position_ < strokes_.size(); }
  void undo();
  void redo();
  /// Commands in the history and the position (commands applied).
  const std::vector<GridStroke>& strokes() const { return strokes_; }
  std::size_t position() const { return position_; }

  // Start, goal and settings ------------------------------------------------------------
  int start() const { return start_; }
  int goal() const { return goal_; }
  /// Moves the start (or goal) to free cell (x, y); false (nothing changes) when the
  /// cell is outside the grid or blocked.
  bool setStart(int x, int y);
  bool setGoal(int x, int y);
  const GridOptions& gridOptions() const { return grid_options_; }
  const SearchOptions& searchOptions() const { return search_options_; }
  void setGridOptions(const GridOptions& o);
  void setSearchOptions(const SearchOptions& o);
  bool smoothing() const { return smoothing_; }
  void setSmoothing(bool on);

  // Search ------------------------------------------------------------------------------
  /// One expansion (Search::step()); the canvas then shows the stepped state.
  void step();
  /// Runs the stepped search to its end at once.
  void finish();
  /// Back to before the first expansion (the canvas shows the full result again).
  void reset();
  /// Animates: stepsPerSecond() expansions per second of update() time.
  /// (Restarts a finished search.)
  void run();
  void pause() { stepper_.pause(); }
  /// Stepping from zero expansions: the canvas shows the search before its first step.
  void stepToStart();
  bool running() const { return stepper_.running(); }
  /// Advances Run by `seconds` of wall time (SearchStepper::update).
  void update(double seconds);
  bool stepping() const { return stepper_.stepping(); }
  /// Run speed, steps per second (20 by default; clamped as SearchStepper does).
  double stepsPerSecond() const { return stepper_.stepsPerSecond(); }
  void setStepsPerSecond(double sps) { stepper_.setStepsPerSecond(sps); }
  /// True when there is a search to step (a start and a goal on a non-empty grid).
  bool hasSearch() const { return graph_.has_value(); }
  /// The search the canvas shows (stepped, or run to the end when not stepping).
  const SearchState& state() const { return search_.state(); }
  /// The path of the shown search (found = false while unfinished).
  const Path& path() const { return path_; }
  /// The smoothed path (smoothGridPath) when smoothing is on and a path was found.
  const std::vector<Point>& smoothed() const { return smoothed_; }
  /// The path's length in cells (cost / costPerUnit) and its cost in the chosen costs.
  double pathLength() const;
  /// Moves on the path (path cells - 1); 0 when not found.
  int pathSteps() const { return path_.found ? static_cast<int>(path_.nodes.size()) - 1 : 0; }

  /// Draws cells, explored and waiting cells, the path, the smoothed path and the start
  /// and goal markers, for the layers in `layers`.
  void draw(DebugDraw& dd, std::uint32_t layers) const;

 private:
  void adopt(Grid grid, std::optional<std::filesystem::path> file);  // open()'s and recover()'s common part
  void apply(const GridStroke& s, bool forward);
  void research();  // rebuilds the graph and search; replays the steps made so far
  void restart(int replay);  // ... making `replay` expansions (-1: to the end)
  void finalizePath();       // path_ and smoothed_ of the finished search
  Grid grid_;
  std::optional<std::filesystem::path> file_;
  bool active_ = false;
  int start_ = -1, goal_ = -1;
  GridOptions grid_options_;
  SearchOptions search_options_{Heuristic::Octile, 1.0, TieBreak::LargerG};
  bool smoothing_ = false;
  std::optional<GridGraph> graph_;
  Search search_;
  Path path_;
  std::vector<Point> smoothed_;
  SearchStepper stepper_{20.0};  // Step / Run / Pause / Reset / Finish of search_
  struct Steps;                   // search_ as the stepper's StepTarget (grid_scene.cpp)
  std::vector<GridStroke> strokes_;
  std::size_t position_ = 0, saved_position_ = 0;
  std::uint64_t generation_ = 0;
  std::uint64_t edits_ = 0;
  bool stroking_ = false, stroke_wall_ = true;
  GridStroke stroke_;
};

}  // namespace polypath::editor
