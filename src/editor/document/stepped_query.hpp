// stepped_query.hpp: the query part of the Scene: the start and goal placed on the built
// map (snapped to the walkable region or placed with clearance when asked), findPath's
// result through the chosen method, and the stepped search of the same query, played by
// the editor's one SearchStepper (search_stepper.hpp). It reads the BuiltMap and links
// its query into the BuiltMap's MethodView.
//
// [SECTION] SteppedQuery
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "editor/document/built_map.hpp"
#include "editor/document/search_stepper.hpp"
#include "polypath/core/search.hpp"

namespace polypath::editor {

// [SECTION] SteppedQuery

/// The query of one document on one BuiltMap, its result and its stepped search. Not
/// copyable: the search points into the BuiltMap's method graph.
class SteppedQuery {
 public:
  /// `built` must outlive the query.
  explicit SteppedQuery(BuiltMap& built) : built_(&built) {}
  /// Queries `built` from now on (the Scene installed a map built on a worker thread).
  /// Call drop() first: the old query points into the old map.
  void rebind(BuiltMap& built) { built_ = &built; }
  SteppedQuery(const SteppedQuery&) = delete;
  SteppedQuery& operator=(const SteppedQuery&) = delete;

  // The query ------------------------------------------------------------------------

  /// Redoes the query for `doc` on the built map (and the problems: the BuiltMap's,
  /// adjusted for snapping, plus the query's); while stepping, replays `replay`
  /// expansions on the new search. Leaves the stepped view when there is no query.
  void requery(const MapDocument& doc, int replay);
  /// Drops the search and the method's query: call before the BuiltMap rebuilds.
  void drop();
  /// drop(), forgets the last path found and leaves the stepped view (a new document).
  void forget();
  /// The expansions a rebuild should replay: the stepped search's while stepping, else 0.
  int expansionsToReplay() const;

  /// Heuristic, weight (below 1 or not finite: 1) and tie-break; redoes the query for
  /// `doc`, replaying the steps made.
  const SearchOptions& searchOptions() const { return options_; }
  void setSearchOptions(const SearchOptions& options, const MapDocument& doc);
  /// Snapping a start or goal outside the walkable region to the nearest walkable point;
  /// redoes the query for `doc` when it changes.
  bool snapToWalkable() const { return snap_to_walkable_; }
  void setSnapToWalkable(bool on, const MapDocument& doc);

  /// True when there is a query to search (start and goal usable, a method built).
  bool hasQuery() const { return sgraph_ != nullptr; }
  const std::optional<Point>& snappedStart() const { return snapped_start_; }
  const std::optional<Point>& snappedGoal() const { return snapped_goal_; }
  const std::string& startProblem() const { return start_problem_; }
  const std::string& goalProblem() const { return goal_problem_; }
  bool separateAreas() const { return separate_areas_; }
  const std::optional<Point>& queryStart() const { return query_start_; }
  const std::optional<Point>& queryGoal() const { return query_goal_; }
  /// The BuiltMap's problems adjusted for snapping, plus the query's.
  const std::vector<MapProblem>& problems() const { return problems_; }
  /// Milliseconds of the last query (VisibilityQuery + findPath).
  double queryMs() const { return query_ms_; }

  // Results ------------------------------------------------------------------------------

  /// findPath's result (world points).
  const Path& resultPath() const { return path_; }
  /// The result, or while stepping the stepped search's path once it found the goal.
  const Path& shownPath() const { return stepper_.stepping() ? stepped_path_ : path_; }
  /// As shownPath(), as the engine returned it (nodes of the searched graph).
  const Path& shownSearchPath() const { return stepper_.stepping() ? stepped_search_path_ : search_path_; }
  /// The last path found for this document (stays when an edit stops the query).
  const Path& lastFoundPath() const { return last_found_path_; }

  // Stepped search (SearchStepper) ------------------------------------------------------------

  /// Step, Run, Pause, Reset and Finish of the stepped search (see Scene). They do nothing
  /// without a query, except pause() and reset().
  void step();
  void startRun();
  void pause() { stepper_.pause(); }
  void reset();
  void finish();
  /// Advances Run; false when nothing ran (not running, no query, no time).
  bool update(double seconds);
  /// Shows `state` (a copy of the stepped search, same graph) as the stepped view; stops Run.
  void showSearch(const Search& state);
  /// Leaves the stepped view and stops Run (the method changed).
  void stopStepping() { stepper_.stop(); }
  bool stepping() const { return stepper_.stepping(); }
  bool running() const { return stepper_.running(); }
  double stepsPerSecond() const { return stepper_.stepsPerSecond(); }
  void setStepsPerSecond(double sps) { stepper_.setStepsPerSecond(sps); }

  /// The stepped search's state and engine; null without a query.
  const SearchState* searchState() const { return sgraph_ ? &search_.state() : nullptr; }
  const Search* search() const { return sgraph_ ? &search_ : nullptr; }
  /// Incremented whenever the query is redone.
  std::uint64_t searchGeneration() const { return search_generation_; }

 private:
  struct Steps;  // search_ as the stepper's StepTarget (stepped_query.cpp)
  // Sets start_problem_ / goal_problem_ and the snapped points; returns the point the
  // query uses (nullopt: none usable).
  std::optional<Point> queryPoint(const std::optional<Point>& p, bool is_start);
  void updateSteppedPath();

  BuiltMap* built_;
  SearchOptions options_;
  // The graph the stepped search runs on (the method view's), its start and goal.
  const SearchGraph* sgraph_ = nullptr;
  NodeId sstart_ = kNoNode, sgoal_ = kNoNode;
  Search search_;
  SearchStepper stepper_{4.0};  // Step / Run / Pause / Reset / Finish of search_
  std::uint64_t search_generation_ = 0;
  Path path_, stepped_path_, last_found_path_;
  Path search_path_, stepped_search_path_;  // engine results (before MethodView::worldPath)
  std::optional<Point> query_start_, query_goal_;
  bool snap_to_walkable_ = false;
  std::optional<Point> snapped_start_, snapped_goal_;
  std::string start_problem_, goal_problem_;
  bool separate_areas_ = false;
  std::vector<MapProblem> problems_;
  double query_ms_ = 0.0;
};

}  // namespace polypath::editor
