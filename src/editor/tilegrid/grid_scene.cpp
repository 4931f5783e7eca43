// grid_scene.cpp: the editor's grid document, wall strokes and stepped grid search.
#include "editor/tilegrid/grid_scene.hpp"

#include <algorithm>
#include <stdexcept>
#include "polypath/debug/debug_draw_grid.hpp"
#include "polypath/core/grid_smoothing.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/movingai.hpp"

namespace polypath::editor {

bool GridScene::open(const std::filesystem::path& file, std::string* error) {
  Grid g;
  try {
    g = loadMovingAiMap(file);
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
  adopt(std::move(g), file);
  return true;
}

void GridScene::recover(Grid grid, std::optional<std::filesystem::path> file) {
  adopt(std::move(grid), std::move(file));
  saved_position_ = static_cast<std::size_t>(-1);  // no state of the history is the file's
}

void GridScene::adopt(Grid grid, std::optional<std::filesystem::path> file) {
  grid_ = std::move(grid);
  file_ = std::move(file);
  active_ = true;
  ++generation_;
  start_ = goal_ = -1;
  for (int i = 0; i < static_cast<int>(grid_.blocked.size()); ++i)
    if (!grid_.blocked[i]) {
      if (start_ < 0) start_ = i;
      goal_ = i;
    }
  strokes_.clear();
  position_ = saved_position_ = 0;
  stroking_ = false;
  stepper_.stop();
  research();
}

bool GridScene::save(const std::filesystem::path& file, std::string* error) {
  try {
    saveMovingAiMap(grid_, file);
  } catch (const std::exception& e) {
    if (error) *error = e.what();
    return false;
  }
  file_ = file;
  saved_position_ = position_;
  return true;
}

std::string GridScene::displayName() const {
  return file_ ? file_->filename().string() : std::string("untitled grid");
}

// Walls -------------------------------------------------------------------------------

void GridScene::beginStroke(bool wall) {
  stroking_ = true;
  stroke_wall_ = wall;
  stroke_ = GridStroke{};
}

void GridScene::paint(int x, int y, int radius) {
  if (!stroking_) return;
  bool changed = false;
  for (int cy = y - radius; cy <= y + radius; ++cy)
    for (int cx = x - radius; cx <= x + radius; ++cx) {
      if (!grid_.contains(cx, cy)) continue;
      const int c = grid_.index(cx, cy);
      if (c == start_ || c == goal_) continue;
      const std::uint8_t now = grid_.blocked[c], want = stroke_wall_ ? 1 : 0;
      if (now == want) continue;
      stroke_.changes.push_back({c, now, want});
      grid_.blocked[c] = want;
      changed = true;
    }
  if (changed) research();
}

void GridScene::endStroke() {
  if (!stroking_) return;
  stroking_ = false;
  if (stroke_.changes.empty()) return;
  stroke_.label = std::string(stroke_wall_ ? "Paint walls (" : "Erase walls (") +
                  std::to_string(stroke_.changes.size()) + (stroke_.changes.size() == 1 ? " cell)" : " cells)");
  strokes_.resize(position_);
  if (saved_position_ > position_) saved_position_ = static_cast<std::size_t>(-1);  // the saved state is gone
  strokes_.push_back(std::move(stroke_));
  position_ = strokes_.size();
  ++edits_;
}

void GridScene::apply(const GridStroke& s, bool forward) {
  for (const CellChange& c : s.changes) grid_.blocked[c.cell] = forward ? c.after : c.before;
  research();
}

void GridScene::undo() {
  if (stroking_ || !canUndo()) return;
  apply(strokes_[--position_], false);
  ++edits_;
}

void GridScene::redo() {
  if (stroking_ || !canRedo()) return;
  apply(strokes_[position_++], true);
  ++edits_;
}

// Start, goal and settings ---------------------------------------------------------------

bool GridScene::setStart(int x, int y) {
  if (grid_.isBlocked(x, y)) return false;
  start_ = grid_.index(x, y);
  research();
  return true;
}

bool GridScene::setGoal(int x, int y) {
  if (grid_.isBlocked(x, y)) return false;
  goal_ = grid_.index(x, y);
  research();
  return true;
}

void GridScene::setGridOptions(const GridOptions& o) {
  grid_options_ = o;
  research();
}

void GridScene::setSearchOptions(const SearchOptions& o) {
  search_options_ = o;
  research();
}

void GridScene::setSmoothing(bool on) {
  smoothing_ = on;
  research();
}

// Search --------------------------------------------------------------------------------

// The grid search as the SearchStepper's target. Out of the stepped view the grid shows
// the finished search, so the stepped view begins (and Reset ends) by restarting it.
struct GridScene::Steps final : StepTarget {
  explicit Steps(GridScene& g) : grid(g) {}
  bool ready() const override { return grid.graph_.has_value(); }
  bool finished() const override { return grid.search_.state().status() != SearchStatus::Running; }
  void stepOnce() override {
    grid.search_.step();
    if (finished()) grid.finalizePath();
  }
  void advance(int n) override {
    grid.search_.run(n);
    if (finished()) grid.finalizePath();
  }
  // Zero expansions while stepping; the finished search otherwise (after Reset).
  void restart() override { grid.restart(grid.stepper_.stepping() ? 0 : -1); }
  void beginStepping() override { grid.restart(0); }
  GridScene& grid;
};

void GridScene::research() { restart(stepper_.stepping() ? search_.state().expandedCount() : -1); }

void GridScene::restart(int replay) {
  graph_.reset();
  path_ = Path{};
  smoothed_.clear();
  search_ = Search{};
  if (start_ < 0 || goal_ < 0 || grid_.blocked.empty()) return;
  graph_.emplace(grid_, grid_options_);
  search_.init(*graph_, start_, goal_, search_options_);
  search_.run(replay);
  if (search_.state().status() != SearchStatus::Running) finalizePath();
}

void GridScene::finalizePath() {
  path_ = search_.finalize();
  smoothed_.clear();
  if (smoothing_ && path_.found) smoothed_ = smoothGridPath(grid_, path_);
}

void GridScene::step() {
  Steps target(*this);
  stepper_.step(target);
}

void GridScene::finish() {
  Steps target(*this);
  stepper_.finish(target);
}

void GridScene::run() {
  Steps target(*this);
  stepper_.run(target);
}

void GridScene::stepToStart() {
  stepper_.showStepped();
  restart(0);
}

void GridScene::reset() {
  Steps target(*this);
  stepper_.reset(target);
}

void GridScene::update(double seconds) {
  Steps target(*this);
  stepper_.update(seconds, target);
}

double GridScene::pathLength() const {
  return graph_ && path_.found ? path_.length / graph_->costPerUnit() : 0.0;
}

void GridScene::draw(DebugDraw& dd, std::uint32_t layers) const {
  drawGrid(dd, grid_, layers);
  if (graph_) drawGridSearch(dd, grid_, search_.state(), layers);
  if (path_.found) drawGridPath(dd, grid_, path_, smoothed_, layers);
  if (layers & LayerStartGoal) {
    const float r = 3.0f;
    if (start_ >= 0) dd.point(grid_.cellCenter(start_ % grid_.width, start_ / grid_.width), layerColor(LayerStartGoal), r + 5);
    if (goal_ >= 0) dd.point(grid_.cellCenter(goal_ % grid_.width, goal_ / grid_.width), kGoalColor, r + 5);
    const Color text{255, 255, 255, 255};
    if (start_ >= 0) dd.text(grid_.cellCenter(start_ % grid_.width, start_ / grid_.width), "S", text);
    if (goal_ >= 0) dd.text(grid_.cellCenter(goal_ % grid_.width, goal_ / grid_.width), "G", text);
  }
}

}  // namespace polypath::editor
