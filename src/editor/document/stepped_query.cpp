// stepped_query.cpp: SteppedQuery (see stepped_query.hpp): start and goal placed on the
// built map, the query through the chosen method, problems, and the stepped search.
#include "editor/document/stepped_query.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "editor/canvas/camera.hpp"
#include "polypath/geom/endpoint.hpp"
#include "editor/document/document_util.hpp"

namespace polypath::editor {

// [SECTION] Query

void SteppedQuery::drop() {
  search_ = Search{};
  built_->methodView().dropQuery();
  sgraph_ = nullptr;
}

void SteppedQuery::forget() {
  drop();
  last_found_path_ = Path{};
  stepper_.stop();
}

int SteppedQuery::expansionsToReplay() const {
  return stepper_.stepping() && sgraph_ ? search_.state().expandedCount() : 0;
}

void SteppedQuery::setSearchOptions(const SearchOptions& options, const MapDocument& doc) {
  const int replay = expansionsToReplay();
  options_ = options;
  if (!(options_.weight >= 1.0) || !std::isfinite(options_.weight)) options_.weight = 1.0;
  requery(doc, replay);
}

void SteppedQuery::setSnapToWalkable(bool on, const MapDocument& doc) {
  if (on == snap_to_walkable_) return;
  snap_to_walkable_ = on;
  requery(doc, expansionsToReplay());
}

std::optional<Point> SteppedQuery::queryPoint(const std::optional<Point>& p, bool is_start) {
  std::string& problem = is_start ? start_problem_ : goal_problem_;
  std::optional<Point>& snapped = is_start ? snapped_start_ : snapped_goal_;
  problem.clear();
  snapped.reset();
  if (!p) return std::nullopt;
  const std::string name = is_start ? "Start" : "Goal";
  const PolygonMap* map = built_->polygonMap();
  const ClearanceLevel* level = built_->clearanceLevel();
  // Without a built map only the coordinates can be checked: against an empty one.
  const PolygonMap none;
  const EndpointPlacement e = placeEndpoint(map ? *map : none, map ? level : nullptr, is_start ? "start" : "goal", *p,
                                            snap_to_walkable_ && map);
  auto capitalized = [](std::string text) {
    if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
  };
  switch (e.status) {
    case EndpointStatus::Kept:
    case EndpointStatus::Nudged: return e.point;
    case EndpointStatus::Snapped: snapped = e.point; return e.point;
    case EndpointStatus::NotFinite: problem = name + " has a NaN or infinite coordinate"; break;
    case EndpointStatus::TooFar: problem = name + " is too far out (a coordinate beyond 1e100)"; break;
    case EndpointStatus::NotWalkable:
      if (!map) return p;  // nothing built yet: the point waits for a map
      problem = name + " is " + e.location.describe();
      break;
    case EndpointStatus::NoClearance:
    case EndpointStatus::Failed: problem = capitalized(e.problem); break;
  }
  return std::nullopt;
}

void SteppedQuery::requery(const MapDocument& doc, int replay) {
  ++search_generation_;
  drop();
  MethodView& method_view = built_->methodView();
  sstart_ = sgoal_ = kNoNode;
  path_ = Path{};
  stepped_path_ = Path{};
  search_path_ = stepped_search_path_ = Path{};
  query_ms_ = 0.0;
  separate_areas_ = false;
  const std::optional<Point> start = queryPoint(doc.start, true);
  const std::optional<Point> goal = queryPoint(doc.goal, false);
  query_start_ = start && goal ? start : std::nullopt;
  query_goal_ = start && goal ? goal : std::nullopt;
  // Validation's start/goal errors become warnings when snapping fixed the point.
  problems_.clear();
  for (MapProblem p : built_->problems()) {
    const bool start_fixed = snapped_start_ && startsWith(p.where, "/start");
    const bool goal_fixed = snapped_goal_ && startsWith(p.where, "/goal");
    if (start_fixed || goal_fixed) {
      const Point q = start_fixed ? *snapped_start_ : *snapped_goal_;
      char buf[96];
      std::snprintf(buf, sizeof buf, "; snapped to (%.6g, %.6g) for the search", q.x, q.y);
      p.severity = MapProblem::Severity::Warning;
      p.what += buf;
    }
    problems_.push_back(std::move(p));
  }
  // A start or goal moved only for the clearance: say so (validation saw nothing wrong).
  if (built_->clearanceLevel()) {
    for (int i = 0; i < 2; ++i) {
      const std::optional<Point>& s = i == 0 ? snapped_start_ : snapped_goal_;
      const char* where = i == 0 ? "/start" : "/goal";
      const bool reported = std::any_of(problems_.begin(), problems_.end(),
                                        [&](const MapProblem& p) { return startsWith(p.where, where); });
      if (s && !reported) {
        char buf[128];
        std::snprintf(buf, sizeof buf, "%s is closer than the clearance to a wall; snapped to (%.6g, %.6g) for the search",
                      i == 0 ? "Start" : "Goal", s->x, s->y);
        problems_.push_back({MapProblem::Severity::Warning, where, buf});
      }
    }
  }
  const PolygonMap* search_map = built_->searchMap();
  if (method_view.built() && start && goal) {
    try {
      const auto t0 = Clock::now();
      method_view.query(*start, *goal);
      search_path_ = findPath(*method_view.graph(), method_view.startNode(), method_view.goalNode(), options_);
      path_ = method_view.worldPath(search_path_);
      if (const std::string w = method_view.searchWarning(); !w.empty())
        problems_.push_back({MapProblem::Severity::Error, "/method", w});
      sgraph_ = method_view.graph();
      sstart_ = method_view.startNode();
      sgoal_ = method_view.goalNode();
      query_ms_ = msSince(t0);
      if (path_.found) {
        last_found_path_ = path_;
      } else if (search_map) {
        const PointLocation a = search_map->locate(*start), b = search_map->locate(*goal);
        separate_areas_ = a.polygon != b.polygon;
      }
    } catch (const std::exception& e) {
      // validateMap usually reported it already (with the JSON pointer); do not repeat.
      const bool reported = std::any_of(problems_.begin(), problems_.end(), isQueryProblem);
      if (!reported) problems_.push_back({MapProblem::Severity::Error, "query", e.what()});
    }
  } else if (built_->polygonMap() && (!doc.start || !doc.goal)) {
    problems_.push_back({MapProblem::Severity::Warning, !doc.start ? "/start" : "/goal",
                         std::string("the map has no ") + (!doc.start ? "start" : "goal") +
                             "; add one in the Map tab to search"});
  } else if (built_->polygonMap()) {
    // Start or goal unusable: say why unless validation already did.
    for (const std::string* why : {&start_problem_, &goal_problem_}) {
      const bool is_start = why == &start_problem_;
      const bool reported = std::any_of(problems_.begin(), problems_.end(), [&](const MapProblem& p) {
        return startsWith(p.where, is_start ? "/start" : "/goal");
      });
      if (!why->empty() && !reported)
        problems_.push_back({MapProblem::Severity::Error, is_start ? "/start" : "/goal",
                             *why + "; move it into the walkable region"});
    }
  }
  if (sgraph_) {
    search_.init(*sgraph_, sstart_, sgoal_, options_);
    if (stepper_.stepping()) search_.run(replay);
    updateSteppedPath();
  } else {
    stepper_.stop();
  }
}

// [SECTION] Stepped search

// The stepped search as the SearchStepper's target: the engine on the method's graph.
struct SteppedQuery::Steps final : StepTarget {
  explicit Steps(SteppedQuery& q) : query(q) {}
  bool ready() const override { return query.sgraph_ != nullptr; }
  bool finished() const override { return query.search_.state().status() != SearchStatus::Running; }
  void stepOnce() override { query.search_.step(); }
  void advance(int n) override { query.search_.run(n); }
  void restart() override { query.search_.init(*query.sgraph_, query.sstart_, query.sgoal_, query.options_); }
  SteppedQuery& query;
};

void SteppedQuery::step() {
  if (!sgraph_) return;
  Steps target(*this);
  stepper_.step(target);
  updateSteppedPath();
}

void SteppedQuery::startRun() {
  if (!sgraph_) return;
  Steps target(*this);
  stepper_.run(target);
  updateSteppedPath();
}

void SteppedQuery::showSearch(const Search& state) {
  if (!sgraph_) return;
  search_ = state;
  stepper_.showStepped();
  updateSteppedPath();
}

void SteppedQuery::reset() {
  Steps target(*this);
  stepper_.reset(target);
  updateSteppedPath();
}

void SteppedQuery::finish() {
  if (!sgraph_) return;
  Steps target(*this);
  stepper_.finish(target);
  updateSteppedPath();
}

bool SteppedQuery::update(double seconds) {
  Steps target(*this);
  if (!stepper_.update(seconds, target)) return false;
  updateSteppedPath();
  return true;
}

void SteppedQuery::updateSteppedPath() {
  if (sgraph_ && search_.state().status() == SearchStatus::Found)
    stepped_search_path_ = search_.finalize();
  else
    stepped_search_path_ = Path{};
  stepped_path_ = built_->methodView().worldPath(stepped_search_path_);
}

}  // namespace polypath::editor
