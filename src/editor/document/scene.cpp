// scene.cpp: the built part of the Scene: rebuild on edit (validation, PolygonMap,
// VisibilityGraph, query), the stepped search, problems, stats and the drawing order.
// A new search method plugs in here (rebuild(), requery(), draw()); the document part
// (file, edits, undo) is scene_document.cpp.
#include "editor/document/scene.hpp"
#include "editor/canvas/recoloured_draw.hpp"
#include "polypath/geom/map_validation.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace polypath::editor {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

bool startsWith(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

// Problems about the start or the goal stop the query, not the map.
bool isQueryProblem(const MapProblem& p) { return startsWith(p.where, "/start") || startsWith(p.where, "/goal"); }

}  // namespace

RingShape ringShape(const MapDocument& doc) {
  RingShape shape;
  for (const auto& poly : doc.polygons) {
    shape.push_back(poly.outer.size());
    shape.push_back(poly.holes.size());
    for (const auto& h : poly.holes) shape.push_back(h.size());
  }
  return shape;
}

namespace {


bool samePolygons(const std::vector<Polygon>& a, const std::vector<Polygon>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].outer != b[i].outer || a[i].holes != b[i].holes) return false;
  return true;
}

// Draws every line `width` pixels wide: the walls, wider than the search lines on them.
class FixedWidthDraw final : public DebugDraw {
 public:
  FixedWidthDraw(DebugDraw& out, float width) : out_(out), width_(width) {}
  void line(Point a, Point b, Color c, float) override { out_.line(a, b, c, width_); }
  void point(Point p, Color c, float radius) override { out_.point(p, c, radius); }
  void fillRings(const std::vector<const Ring*>& rings, Color c) override { out_.fillRings(rings, c); }
  void text(Point p, std::string_view s, Color c) override { out_.text(p, s, c); }

 private:
  DebugDraw& out_;
  float width_;
};

}  // namespace

Color greyed(Color c) {
  const double l = 0.3 * c.r + 0.59 * c.g + 0.11 * c.b;
  auto mix = [l](std::uint8_t v) { return static_cast<std::uint8_t>(std::lround(0.35 * v + 0.65 * l)); };
  return {mix(c.r), mix(c.g), mix(c.b), static_cast<std::uint8_t>(std::lround(c.a * 0.5))};
}

Scene::Scene() { rebuild(); }
Scene::~Scene() = default;

// [SECTION] Rebuild

void Scene::setSnapToWalkable(bool on) {
  if (on == snap_to_walkable_) return;
  snap_to_walkable_ = on;
  requery(expansionsToReplay());
}


int Scene::expansionsToReplay() const { return stepper_.stepping() && sgraph_ ? search_.state().expandedCount() : 0; }

void Scene::rebuild() {
  const int replay = expansionsToReplay();
  base_problems_.clear();
  const auto v0 = Clock::now();
  try {
    // During a drag only the moved edges are checked (incremental_validation.hpp);
    // validateMap runs when that cannot decide, and again when the drag ends.
    std::optional<std::vector<MapProblem>> quick;
    if (gesture_base_) quick = drag_validator_.check(doc_);
    validated_incrementally_ = quick.has_value();
    if (quick) {
      base_problems_ = std::move(*quick);
    } else {
      base_problems_ = validateMap(doc_);
      drag_validator_.reset(doc_, base_problems_);
    }
  } catch (const std::exception& e) {
    drag_validator_.clear();
    base_problems_.push_back({MapProblem::Severity::Error, "", std::string("validation failed: ") + e.what()});
  }
  validate_ms_ = msSince(v0);
  const bool map_current_before = map_current_;
  const bool map_errors = std::any_of(base_problems_.begin(), base_problems_.end(), [](const MapProblem& p) {
    return p.severity == MapProblem::Severity::Error && !isQueryProblem(p);
  });
  map_current_ = false;
  if (!map_errors) {
    try {
      const auto t0 = Clock::now();
      auto map = std::make_unique<PolygonMap>(buildPolygonMap(doc_));
      VisibilityOptions vo;
      vo.corner_offset = doc_.settings.corner_offset;
      const RingShape shape = ringShape(doc_);
      // The search and query point into the old graph: drop them before it changes.
      search_ = Search{};
      method_view_.dropQuery();
      sgraph_ = nullptr;
      graph_updated_ = false;
      const auto g0 = Clock::now();
      if (graph_ && map_current_before && shape == built_shape_ && vo.corner_offset == built_offset_) {
        // Only vertex positions moved: bring the graph up to date (exactly a rebuild's graph).
        try {
          const VisibilityGraph::UpdateStats us = graph_->update(*map);
          update_tested_ = us.tested;
          graph_updated_ = true;
        } catch (const std::exception&) {
          graph_.reset();  // half updated: rebuild below
        }
      }
      if (!graph_updated_) graph_ = std::make_unique<VisibilityGraph>(*map, vo);
      graph_ms_ = msSince(g0);
      build_ms_ = msSince(t0);
      map_ = std::move(map);
      built_shape_ = shape;
      built_offset_ = vo.corner_offset;
      map_current_ = true;
      rebuildClearance();
      rebuildMethod();
    } catch (const GeometryError& e) {
      base_problems_.push_back({MapProblem::Severity::Error, e.where().describe(), e.what()});
    } catch (const std::exception& e) {
      base_problems_.push_back({MapProblem::Severity::Error, "", std::string("cannot build the map: ") + e.what()});
    }
  }
  requery(replay);
}

void Scene::rebuildMethod() {
  const PolygonMap* m = searchMap();
  if (!m || m->empty()) {
    method_view_.clear();
    return;
  }
  try {
    method_view_.build(*m, searchGraph(), method_settings_);
  } catch (const std::exception& e) {
    method_view_.clear();
    base_problems_.push_back({MapProblem::Severity::Error, "/method",
                              std::string("cannot build the ") + describe(method_settings_) + ": " + e.what()});
  }
}

void Scene::setMethod(const MethodSettings& method) {
  if (!validOptions(method)) return;
  if (method == method_settings_) return;
  method_settings_ = method;
  stepper_.stop();
  method_view_.setFunnelPosition(-1);
  rebuild();
}

void Scene::rebuildClearance() {
  const double r = doc_.settings.clearance;
  if (!(r > 0.0)) {
    level_.reset();
    return;
  }
  const auto t0 = Clock::now();
  try {
    const bool same = clearance_set_ && samePolygons(clearance_polygons_, doc_.polygons) &&
                      clearance_style_ == doc_.settings.clearance_style &&
                      clearance_offset_ == doc_.settings.corner_offset;
    if (!same) {
      clearance_set_ = std::make_unique<ClearanceSet>(doc_);
      clearance_polygons_ = doc_.polygons;
      clearance_style_ = doc_.settings.clearance_style;
      clearance_offset_ = doc_.settings.corner_offset;
    }
    level_ = clearance_set_->level(r);
    level_->graph();  // built now, so build_ms counts it
    for (const std::string& note : level_->eroded().notes())
      base_problems_.push_back({MapProblem::Severity::Warning, "/settings/clearance", note});
    if (level_->map().empty())
      base_problems_.push_back({MapProblem::Severity::Error, "/settings/clearance",
                                "every walkable area erodes away at clearance " + std::to_string(r) +
                                    "; lower the clearance"});
  } catch (const std::exception& e) {
    level_.reset();
    clearance_set_.reset();
    base_problems_.push_back({MapProblem::Severity::Error, "/settings/clearance", e.what()});
  }
  build_ms_ += msSince(t0);
}

void Scene::setClearance(double radius) {
  if (!std::isfinite(radius) || radius < 0.0) return;
  edit("Clearance", [&](MapDocument& d) {
    if (d.settings.clearance == radius) return false;
    d.settings.clearance = radius;
    return true;
  }, "clearance");
}

void Scene::setClearanceStyle(const ClearanceStyle& style) {
  edit("Clearance joins", [&](MapDocument& d) {
    if (d.settings.clearance_style == style) return false;
    d.settings.clearance_style = style;
    return true;
  }, "clearance joins");
}

std::optional<Point> Scene::queryPoint(const std::optional<Point>& p, bool is_start) {
  std::string& problem = is_start ? start_problem_ : goal_problem_;
  std::optional<Point>& snapped = is_start ? snapped_start_ : snapped_goal_;
  problem.clear();
  snapped.reset();
  if (!p) return std::nullopt;
  const std::string name = is_start ? "Start" : "Goal";
  if (!isFinite(*p)) {
    problem = name + " has a NaN or infinite coordinate";
    return std::nullopt;
  }
  if (std::abs(p->x) > kFarCoordinate || std::abs(p->y) > kFarCoordinate) {
    problem = name + " is too far out (a coordinate beyond 1e100)";
    return std::nullopt;
  }
  if (!map_) return p;
  if (level_ && !level_->map().empty()) {
    try {
      const ClearancePlacement placement = placeWithClearance(*level_, *map_, *p);
      if (placement.ok) return placement.point;
      if (snap_to_walkable_) {
        snapped = snapToClearance(*level_, *p);
        return snapped;
      }
      problem = clearanceProblem(*level_, *map_, *p, placement, is_start ? "start" : "goal");
      if (!problem.empty()) problem[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(problem[0])));
    } catch (const std::exception& e) {
      problem = name + " cannot be placed with clearance: " + e.what();
    }
    return std::nullopt;
  }
  try {
    const PointLocation loc = map_->locate(*p);
    if (loc.walkable()) return p;
    if (snap_to_walkable_) {
      const Point q = map_->nearestWalkable(*p);
      if (isFinite(q) && map_->isWalkable(q)) {
        snapped = q;
        return q;
      }
    }
    problem = name + " is " + loc.describe();
  } catch (const std::exception& e) {
    problem = name + " cannot be located: " + e.what();
  }
  return std::nullopt;
}

void Scene::requery(int replay) {
  ++search_generation_;
  search_ = Search{};
  method_view_.dropQuery();
  sgraph_ = nullptr;
  sstart_ = sgoal_ = kNoNode;
  path_ = Path{};
  stepped_path_ = Path{};
  search_path_ = stepped_search_path_ = Path{};
  query_ms_ = 0.0;
  separate_areas_ = false;
  const std::optional<Point> start = queryPoint(doc_.start, true);
  const std::optional<Point> goal = queryPoint(doc_.goal, false);
  query_start_ = start && goal ? start : std::nullopt;
  query_goal_ = start && goal ? goal : std::nullopt;
  // Validation's start/goal errors become warnings when snapping fixed the point.
  problems_.clear();
  for (MapProblem p : base_problems_) {
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
  if (level_) {
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
  const VisibilityGraph* graph = searchGraph();
  const PolygonMap* search_map = searchMap();
  if (method_view_.built() && start && goal) {
    try {
      const auto t0 = Clock::now();
      method_view_.query(*start, *goal);
      search_path_ = findPath(*method_view_.graph(), method_view_.startNode(), method_view_.goalNode(), options_);
      path_ = method_view_.worldPath(search_path_);
      if (const std::string w = method_view_.searchWarning(); !w.empty())
        problems_.push_back({MapProblem::Severity::Error, "/method", w});
      sgraph_ = method_view_.graph();
      sstart_ = method_view_.startNode();
      sgoal_ = method_view_.goalNode();
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
  } else if (graph_ && (!doc_.start || !doc_.goal)) {
    problems_.push_back({MapProblem::Severity::Warning, !doc_.start ? "/start" : "/goal",
                         std::string("the map has no ") + (!doc_.start ? "start" : "goal") +
                             "; add one in the Map tab to search"});
  } else if (graph_) {
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
  updateStats();
}

// [SECTION] Search

void Scene::setSearchOptions(const SearchOptions& options) {
  const int replay = expansionsToReplay();
  options_ = options;
  if (!(options_.weight >= 1.0) || !std::isfinite(options_.weight)) options_.weight = 1.0;
  requery(replay);
}

// The stepped search as the SearchStepper's target: the engine on the query's graph.
struct Scene::Steps final : StepTarget {
  explicit Steps(Scene& s) : scene(s) {}
  bool ready() const override { return scene.sgraph_ != nullptr; }
  bool finished() const override { return scene.search_.state().status() != SearchStatus::Running; }
  void stepOnce() override { scene.search_.step(); }
  void advance(int n) override { scene.search_.run(n); }
  void restart() override { scene.search_.init(*scene.sgraph_, scene.sstart_, scene.sgoal_, scene.options_); }
  Scene& scene;
};

void Scene::step() {
  if (!sgraph_) return;
  Steps target(*this);
  stepper_.step(target);
  updateSteppedPath();
  updateStats();
}

void Scene::startRun() {
  if (!sgraph_) return;
  Steps target(*this);
  stepper_.run(target);
  updateSteppedPath();
  updateStats();
}

void Scene::pause() { stepper_.pause(); }

void Scene::showSearch(const Search& state) {
  if (!sgraph_) return;
  search_ = state;
  stepper_.showStepped();
  updateSteppedPath();
  updateStats();
}

void Scene::reset() {
  Steps target(*this);
  stepper_.reset(target);
  updateSteppedPath();
  updateStats();
}

void Scene::finish() {
  if (!sgraph_) return;
  Steps target(*this);
  stepper_.finish(target);
  updateSteppedPath();
  updateStats();
}

void Scene::update(double seconds) {
  Steps target(*this);
  if (!stepper_.update(seconds, target)) return;
  updateSteppedPath();
  updateStats();
}

void Scene::setStepsPerSecond(double sps) { stepper_.setStepsPerSecond(sps); }

void Scene::updateSteppedPath() {
  if (sgraph_ && search_.state().status() == SearchStatus::Found)
    stepped_search_path_ = search_.finalize();
  else
    stepped_search_path_ = Path{};
  stepped_path_ = method_view_.worldPath(stepped_search_path_);
}

const Path& Scene::shownPath() const { return stepper_.stepping() ? stepped_path_ : path_; }

// [SECTION] Problems and stats

std::vector<MapProblem> Scene::problems() const {
  std::vector<MapProblem> all;
  if (file_problem_) all.push_back(*file_problem_);
  all.insert(all.end(), problems_.begin(), problems_.end());
  return all;
}

bool Scene::hasErrors() const {
  if (file_problem_) return true;
  return std::any_of(problems_.begin(), problems_.end(),
                     [](const MapProblem& p) { return p.severity == MapProblem::Severity::Error; });
}

void Scene::updateStats() {
  SceneStats s;
  if (map_) s.vertices = map_->vertices().size();
  if (const VisibilityGraph* g = searchGraph()) {
    s.reflex_nodes = g->nodes().size();
    s.links = g->linkCount();
  }
  s.validate_ms = validate_ms_;
  s.build_ms = build_ms_;
  s.graph_ms = graph_ms_;
  s.query_ms = query_ms_;
  s.graph_updated = graph_updated_;
  s.update_tested = update_tested_;
  const Path& shown = shownPath();
  s.path_found = shown.found;
  s.path_length = shown.found ? shown.length : 0.0;
  s.method = method_settings_.name;
  if (method_view_.built()) {
    s.structure = method_view_.structureSummary();
    s.build_ms += method_view_.buildMs();
  }
  if (sgraph_) {
    if (stepper_.stepping()) {
      s.expansions = search_.state().expandedCount();
      s.status = search_.state().status();
    } else {
      s.expansions = path_.expanded;
      s.status = path_.found ? SearchStatus::Found : SearchStatus::NoPath;
    }
  }
  stats_ = s;
}

// [SECTION] Drawing

void Scene::draw(DebugDraw& out, std::uint32_t layers, const DrawStyle& style) const {
  RecolouredDraw grey(out, greyed);  // stale data (the last valid map or path) in grey
  DebugDraw& dd = map_current_ ? out : grey;  // the last valid map, when the edit broke it
  FixedWidthDraw walls(dd, kWallWidth);
  if (map_) drawMap(dd, *map_, layers & (LayerRegion | LayerEdgeNormals | LayerVertexNormals), style);
  if (const MethodEntry* method = methods().find(method_settings_.name)) layers &= method->info->layers;
  // Graph links and triangles under the walls; graph nodes over the result, under the search.
  method_view_.drawStructure(dd, layers & ~LayerReflexNodes);
  method_view_.drawEndpoints(dd, layers & LayerStartGoalLinks);
  if (map_) {
    drawMap(walls, *map_, layers & LayerEdges, style);
    drawMap(dd, *map_, layers & LayerVertices, style);
  }
  if (level_) drawClearanceOutline(dd, level_->map(), layers);  // where the agent's centre may go
  // The result: the corridor and portals here, the funnel and path over the search layers.
  constexpr std::uint32_t kOnTop = LayerFunnelSides | LayerPath | LayerFunnelApex;
  if (sgraph_) method_view_.drawResult(dd, shownSearchPath(), layers & ~kOnTop);
  method_view_.drawStructure(dd, layers & LayerReflexNodes);
  if (sgraph_ && stepper_.stepping()) method_view_.drawSearch(dd, search_.state(), layers);
  // The path over the search layers (as RecastDemo draws it last), then the markers.
  if (sgraph_)
    method_view_.drawResult(dd, shownSearchPath(), layers & kOnTop);
  else
    drawPath(grey, last_found_path_, layers & LayerPath);  // the previous result
  drawMarkers(out, layers);
}

void Scene::drawMarkers(DebugDraw& dd, std::uint32_t layers) const {
  if (!(layers & LayerStartGoal)) return;
  const Color colours[2] = {layerColor(LayerStartGoal), kGoalColor};
  const std::optional<Point>* snapped[2] = {&snapped_start_, &snapped_goal_};
  const std::optional<Point>* placed[2] = {&doc_.start, &doc_.goal};
  for (int i = 0; i < 2; ++i) {
    if (*snapped[i]) {
      // Where the query really starts / ends: a small disc (the App draws the dashes).
      dd.point(**snapped[i], kMarkerInk, 5.5f);
      dd.point(**snapped[i], colours[i], 4.0f);
    }
  }
  for (int i = 0; i < 2; ++i) {
    if (!*placed[i] || !isFinite(**placed[i])) continue;
    dd.point(**placed[i], kMarkerInk, kMarkerRadius + kMarkerOutline);
    dd.point(**placed[i], colours[i], kMarkerRadius);
  }
}

}  // namespace polypath::editor
