// built_map.cpp: BuiltMap (see built_map.hpp): validation, PolygonMap, VisibilityGraph
// (built or updated in place), clearance level and the method's structure. A new search
// method plugs in through rebuildMethod() (the registry builds it).
#include "editor/document/built_map.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "editor/document/document_util.hpp"

namespace polypath::editor {

namespace {

bool samePolygons(const std::vector<Polygon>& a, const std::vector<Polygon>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].outer != b[i].outer || a[i].holes != b[i].holes) return false;
  return true;
}

/// The document with no start and goal: what the built structures depend on.
MapDocument withoutEndpoints(const MapDocument& doc) {
  MapDocument d = doc;
  d.start.reset();
  d.goal.reset();
  return d;
}

}  // namespace

// [SECTION] RingShape

RingShape ringShape(const MapDocument& doc) {
  RingShape shape;
  for (const auto& poly : doc.polygons) {
    shape.push_back(poly.outer.size());
    shape.push_back(poly.holes.size());
    for (const auto& h : poly.holes) shape.push_back(h.size());
  }
  return shape;
}

bool isQueryProblem(const MapProblem& p) { return startsWith(p.where, "/start") || startsWith(p.where, "/goal"); }

// [SECTION] BuiltMap

BuiltMap::BuiltMap() = default;
BuiltMap::~BuiltMap() = default;

void BuiltMap::forget() {
  graph_build_.reset();  // cancelled and joined: it borrows map_
  method_view_.clear();
  level_.reset();  // the clearance level holds the old map and graph too
  level_graph_ = false;
  clearance_set_.reset();
  clearance_polygons_.clear();
  graph_.reset();
  map_.reset();
  map_current_ = false;
  built_shape_ = RingShape{};
  drag_validator_.clear();
  problems_.clear();
  notice_.clear();
  fresh_ = true;
}

void BuiltMap::validate(const MapDocument& doc, bool in_gesture) {
  problems_.clear();
  const auto v0 = Clock::now();
  try {
    // During a drag only the moved edges are checked (incremental_validation.hpp);
    // validateMap runs when that cannot decide, and again when the drag ends.
    std::optional<std::vector<MapProblem>> quick;
    if (in_gesture) quick = drag_validator_.check(doc);
    validated_incrementally_ = quick.has_value();
    if (quick) {
      problems_ = std::move(*quick);
    } else {
      problems_ = validateMap(doc);
      drag_validator_.reset(doc, problems_);
    }
  } catch (const std::exception& e) {
    drag_validator_.clear();
    problems_.push_back({MapProblem::Severity::Error, "", std::string("validation failed: ") + e.what()});
  }
  validate_ms_ = msSince(v0);
}

void BuiltMap::rebuild(const MapDocument& doc, bool in_gesture) {
  graph_build_.reset();  // a build on the previous map: cancelled, started again below
  validate(doc, in_gesture);
  validated_count_ = problems_.size();
  const bool map_current_before = map_current_;
  const bool map_errors = std::any_of(problems_.begin(), problems_.end(), [](const MapProblem& p) {
    return p.severity == MapProblem::Severity::Error && !isQueryProblem(p);
  });
  map_current_ = false;
  if (map_errors) return;
  try {
    const auto t0 = Clock::now();
    auto map = std::make_unique<PolygonMap>(buildPolygonMap(doc));
    const VisibilityOptions vo = graphOptions(doc);
    std::optional<double> estimate;  // estimateBuildSeconds samples the map: at most once here
    const auto estimatedSeconds = [&] {
      if (!estimate) estimate = VisibilityGraph::estimateBuildSeconds(*map, vo);
      return *estimate;
    };
    if (fresh_) chooseMethodFor(*map, estimatedSeconds);
    fresh_ = false;
    const RingShape shape = ringShape(doc);
    method_view_.dropQuery();  // the query points into the old graph
    graph_updated_ = false;
    // With a clearance the method searches the eroded map's graph (rebuildClearance).
    const bool wants_graph = needsGraph() && !(doc.settings.clearance > 0.0);
    const auto g0 = Clock::now();
    if (wants_graph && graph_ && map_current_before && shape == built_shape_ && vo.corner_offset == built_offset_) {
      // Only vertex positions moved: bring the graph up to date (exactly a rebuild's graph).
      try {
        const VisibilityGraph::UpdateStats us = graph_->update(*map);
        update_tested_ = us.tested;
        graph_updated_ = true;
      } catch (const std::exception&) {
        graph_.reset();  // half updated: rebuild below
      }
    }
    const bool background = wants_graph && !graph_updated_ &&
                            estimatedSeconds() > background_seconds_;
    if (!graph_updated_) graph_.reset();
    if (wants_graph && !graph_updated_ && !background) graph_ = std::make_unique<VisibilityGraph>(*map, vo);
    graph_ms_ = msSince(g0);
    build_ms_ = msSince(t0);
    map_ = std::move(map);
    if (background) graph_build_ = std::make_unique<GraphBuild>(*map_, vo);
    built_shape_ = shape;
    built_offset_ = vo.corner_offset;
    built_doc_ = withoutEndpoints(doc);
    map_current_ = true;
    rebuildClearance(doc);
    rebuildMethod();
  } catch (const GeometryError& e) {
    problems_.push_back({MapProblem::Severity::Error, e.where().describe(), e.what()});
  } catch (const std::exception& e) {
    problems_.push_back({MapProblem::Severity::Error, "", std::string("cannot build the map: ") + e.what()});
  }
}

bool BuiltMap::onlyEndpointsMoved(const MapDocument& doc) const {
  if (!map_current_ || !map_ || graph_build_) return false;
  // A method that failed to build (or fell back) is built again by a full rebuild.
  if (std::any_of(problems_.begin(), problems_.end(), [](const MapProblem& p) { return p.where == "/method"; }))
    return false;
  // The polygons first, before any copy: a moved vertex differs at once.
  return samePolygons(doc.polygons, built_doc_.polygons) && withoutEndpoints(doc) == built_doc_;
}

void BuiltMap::moveEndpoints(const MapDocument& doc) {
  // In a rebuild's order: validation's problems end with the start's and goal's, and the
  // clearance and method problems follow them.
  const auto validated = problems_.begin() + static_cast<std::ptrdiff_t>(validated_count_);
  const auto kept = std::remove_if(problems_.begin(), validated, isQueryProblem);
  std::vector<MapProblem> moved;
  for (const auto& [which, p] : {std::pair{"start", doc.start}, std::pair{"goal", doc.goal}})
    if (std::optional<MapProblem> problem = endpointProblem(which, p, map_.get())) moved.push_back(std::move(*problem));
  const std::size_t at = static_cast<std::size_t>(kept - problems_.begin());
  problems_.erase(kept, validated);
  problems_.insert(problems_.begin() + static_cast<std::ptrdiff_t>(at), moved.begin(), moved.end());
  validated_count_ = at + moved.size();
}

VisibilityOptions graphOptions(const MapDocument& doc) {
  VisibilityOptions vo;
  vo.corner_offset = doc.settings.corner_offset;
  return vo;
}

bool BuiltMap::needsGraph() const {
  const MethodEntry* entry = methods().find(method_settings_.name);
  return entry && entry->info->searches_visibility_graph;
}

void BuiltMap::chooseMethodFor(const PolygonMap& map, const std::function<double()>& seconds) {
  if (!needsGraph()) return;
  if (map.corners().size() > kInteractiveGraphVertices) {
    fallBackToPolyanya(std::to_string(map.corners().size()) +
                       " vertices: too many to keep a visibility graph up to date while dragging");
    return;
  }
  const double s = seconds();
  if (s <= kInteractiveGraphSeconds) return;
  char buf[256];
  std::snprintf(buf, sizeof buf, "%zu reflex corners: a visibility graph would take about %.0f s",
                map.reflexCorners().size(), std::ceil(s));
  fallBackToPolyanya(buf);
}

void BuiltMap::fallBackToPolyanya(const std::string& why) {
  method_settings_ = MethodSettings{"polyanya", method_settings_.options};
  notice_ = why + ", so Polyanya (exact) searches.";
}

bool BuiltMap::pollGraphBuild() {
  if (!graph_build_ || !graph_build_->done()) return false;
  std::unique_ptr<VisibilityGraph> graph = graph_build_->take();
  const bool cancelled = graph_build_->cancelled();
  const std::string error = graph_build_->error();
  graph_ms_ = graph_build_->milliseconds();
  graph_build_.reset();
  if (cancelled) {  // Cancel is honoured even when the worker finished meanwhile
    fallBackToPolyanya("The visibility graph build was cancelled");
  } else if (graph) {
    graph_ = std::move(graph);
    build_ms_ += graph_ms_;
  } else {
    problems_.push_back({MapProblem::Severity::Error, "/method", "cannot build the visibility graph: " + error});
    fallBackToPolyanya("The visibility graph could not be built");
  }
  rebuildMethod();
  return true;
}

void BuiltMap::rebuildMethod() {
  const PolygonMap* m = searchMap();
  if (!m || m->empty() || graph_build_) {  // while the worker builds, the method waits for its graph
    method_view_.clear();
    return;
  }
  try {
    method_view_.build(*m, searchGraph(), method_settings_);
  } catch (const std::exception& e) {
    method_view_.clear();
    problems_.push_back({MapProblem::Severity::Error, "/method",
                         std::string("cannot build the ") + describe(method_settings_) + ": " + e.what()});
  }
}

bool BuiltMap::setMethod(const MethodSettings& method) {
  if (!validOptions(method)) return false;
  if (method == method_settings_) return false;
  method_settings_ = method;
  notice_.clear();
  method_view_.setFunnelPosition(-1);
  return true;
}

void BuiltMap::rebuildClearance(const MapDocument& doc) {
  const double r = doc.settings.clearance;
  if (!(r > 0.0)) {
    level_.reset();
    level_graph_ = false;
    return;
  }
  const auto t0 = Clock::now();
  try {
    const bool same = clearance_set_ && samePolygons(clearance_polygons_, doc.polygons) &&
                      clearance_style_ == doc.settings.clearance_style &&
                      clearance_offset_ == doc.settings.corner_offset;
    if (!same) {
      clearance_set_ = std::make_unique<ClearanceSet>(doc);
      clearance_polygons_ = doc.polygons;
      clearance_style_ = doc.settings.clearance_style;
      clearance_offset_ = doc.settings.corner_offset;
    }
    level_ = clearance_set_->level(r);
    level_graph_ = needsGraph();
    if (level_graph_) level_->graph();  // built now, so build_ms counts it
    for (const std::string& note : level_->eroded().notes())
      problems_.push_back({MapProblem::Severity::Warning, "/settings/clearance", note});
    if (level_->map().empty())
      problems_.push_back({MapProblem::Severity::Error, "/settings/clearance",
                           "every walkable area erodes away at clearance " + std::to_string(r) +
                               "; lower the clearance"});
  } catch (const std::exception& e) {
    level_.reset();
    level_graph_ = false;
    clearance_set_.reset();
    problems_.push_back({MapProblem::Severity::Error, "/settings/clearance", e.what()});
  }
  build_ms_ += msSince(t0);
}

}  // namespace polypath::editor
