// scene.cpp: document, rebuild on edit, stepped search, drawing order.
#include "editor/scene.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace polypath::editor {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

bool startsWith(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

// Problems about the start or the goal stop the query, not the map.
bool isQueryProblem(const MapProblem& p) { return startsWith(p.where, "/start") || startsWith(p.where, "/goal"); }

// A problem with a file: named by the file unless the message already names it.
MapProblem fileProblem(const std::filesystem::path& file, const std::string& message) {
  const std::string name = file.string();
  return {MapProblem::Severity::Error, message.find(name) == std::string::npos ? name : std::string(), message};
}

}  // namespace

Scene::Scene() { rebuild(); }
Scene::~Scene() = default;

// [SECTION] Document

void Scene::setDocument(MapDocument doc, std::optional<std::filesystem::path> file) {
  // Forget everything built for the previous document before building the new one, so
  // an invalid new document never shows the old map.
  search_ = Search{};
  query_.reset();
  graph_.reset();
  map_.reset();
  doc_ = std::move(doc);
  file_ = std::move(file);
  dirty_ = false;
  stepping_ = running_ = false;
  ++generation_;
  rebuild();
}

bool Scene::openFile(const std::filesystem::path& file, std::string* error) {
  try {
    MapDocument doc = loadMap(file);
    setDocument(std::move(doc), file);
    file_problem_.reset();
    return true;
  } catch (const std::exception& e) {
    file_problem_ = fileProblem(file, e.what());
    if (error) *error = e.what();
    return false;
  }
}

bool Scene::saveFile(const std::filesystem::path& file, std::string* error) {
  try {
    saveMap(doc_, file);
    file_ = file;
    dirty_ = false;
    file_problem_.reset();
    return true;
  } catch (const std::exception& e) {
    file_problem_ = fileProblem(file, e.what());
    if (error) *error = e.what();
    return false;
  }
}

void Scene::setFileProblem(const std::string& where, const std::string& message) {
  if (message.empty())
    file_problem_.reset();
  else
    file_problem_ = MapProblem{MapProblem::Severity::Error, where, message};
}

std::string Scene::displayName() const {
  if (!doc_.name.empty()) return doc_.name;
  if (file_) return file_->filename().string();
  return "untitled";
}

// [SECTION] Edits

bool Scene::moveHandle(const Handle& handle, Point p) {
  if (!setHandlePosition(doc_, handle, p)) return false;
  documentChanged();
  return true;
}

void Scene::setCornerOffset(double offset) {
  doc_.settings.corner_offset = offset;
  documentChanged();
}

void Scene::setStart(std::optional<Point> p) {
  doc_.start = p;
  documentChanged();
}

void Scene::setGoal(std::optional<Point> p) {
  doc_.goal = p;
  documentChanged();
}

void Scene::documentChanged() {
  dirty_ = true;
  rebuild();
}

// [SECTION] Rebuild

int Scene::expansionsToReplay() const { return stepping_ && query_ ? search_.state().expandedCount() : 0; }

void Scene::rebuild() {
  const int replay = expansionsToReplay();
  problems_.clear();
  try {
    problems_ = validateMap(doc_);
  } catch (const std::exception& e) {
    problems_.push_back({MapProblem::Severity::Error, "", std::string("validation failed: ") + e.what()});
  }
  const bool map_errors = std::any_of(problems_.begin(), problems_.end(), [](const MapProblem& p) {
    return p.severity == MapProblem::Severity::Error && !isQueryProblem(p);
  });
  map_current_ = false;
  if (!map_errors) {
    try {
      const auto t0 = Clock::now();
      auto map = std::make_unique<PolygonMap>(buildPolygonMap(doc_));
      VisibilityOptions vo;
      vo.corner_offset = doc_.settings.corner_offset;
      auto graph = std::make_unique<VisibilityGraph>(*map, vo);
      build_ms_ = msSince(t0);
      // The search and query point into the old graph: drop them before it.
      search_ = Search{};
      query_.reset();
      graph_ = std::move(graph);
      map_ = std::move(map);
      map_current_ = true;
    } catch (const GeometryError& e) {
      problems_.push_back({MapProblem::Severity::Error, e.where().describe(), e.what()});
    } catch (const std::exception& e) {
      problems_.push_back({MapProblem::Severity::Error, "", std::string("cannot build the map: ") + e.what()});
    }
  }
  requery(replay);
}

void Scene::requery(int replay) {
  search_ = Search{};
  query_.reset();
  path_ = Path{};
  stepped_path_ = Path{};
  query_ms_ = 0.0;
  if (graph_ && doc_.start && doc_.goal) {
    try {
      const auto t0 = Clock::now();
      auto query = std::make_unique<VisibilityQuery>(*graph_, *doc_.start, *doc_.goal);
      path_ = findPath(*query, query->startNode(), query->goalNode(), options_);
      query_ms_ = msSince(t0);
      query_ = std::move(query);
    } catch (const std::exception& e) {
      // validateMap usually reported it already (with the JSON pointer); do not repeat.
      const bool reported = std::any_of(problems_.begin(), problems_.end(), isQueryProblem);
      if (!reported) problems_.push_back({MapProblem::Severity::Error, "query", e.what()});
    }
  } else if (graph_ && (!doc_.start || !doc_.goal)) {
    problems_.push_back({MapProblem::Severity::Warning, !doc_.start ? "/start" : "/goal",
                         std::string("the map has no ") + (!doc_.start ? "start" : "goal") +
                             "; add one in the Map panel to search"});
  }
  if (query_) {
    search_.init(*query_, query_->startNode(), query_->goalNode(), options_);
    if (stepping_) search_.run(replay);
    updateSteppedPath();
  } else {
    stepping_ = running_ = false;
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

void Scene::step() {
  if (!query_) return;
  stepping_ = true;
  if (search_.state().status() == SearchStatus::Running) search_.step();
  updateSteppedPath();
  updateStats();
}

void Scene::startRun() {
  if (!query_) return;
  const SearchStatus s = search_.state().status();
  if (s == SearchStatus::Found || s == SearchStatus::NoPath)
    search_.init(*query_, query_->startNode(), query_->goalNode(), options_);
  stepping_ = true;
  running_ = true;
  step_budget_ = 0.0;
  updateSteppedPath();
  updateStats();
}

void Scene::pause() { running_ = false; }

void Scene::reset() {
  running_ = false;
  stepping_ = false;
  step_budget_ = 0.0;
  if (query_) search_.init(*query_, query_->startNode(), query_->goalNode(), options_);
  updateSteppedPath();
  updateStats();
}

void Scene::finish() {
  if (!query_) return;
  stepping_ = true;
  running_ = false;
  search_.run();
  updateSteppedPath();
  updateStats();
}

void Scene::update(double seconds) {
  if (!running_ || !query_) return;
  if (!(seconds > 0) || !std::isfinite(seconds)) return;
  step_budget_ += seconds * steps_per_second_;
  int n = static_cast<int>(std::min(step_budget_, 100000.0));
  step_budget_ -= n;
  while (n-- > 0 && search_.state().status() == SearchStatus::Running) search_.step();
  if (search_.state().status() != SearchStatus::Running) running_ = false;
  updateSteppedPath();
  updateStats();
}

void Scene::setStepsPerSecond(double sps) {
  steps_per_second_ = std::isfinite(sps) ? std::clamp(sps, 0.1, 1000.0) : 4.0;
}

void Scene::updateSteppedPath() {
  if (query_ && search_.state().status() == SearchStatus::Found)
    stepped_path_ = search_.finalize();
  else
    stepped_path_ = Path{};
}

const Path& Scene::shownPath() const { return stepping_ ? stepped_path_ : path_; }

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
  if (graph_) {
    s.reflex_nodes = graph_->nodes().size();
    s.links = graph_->links().size();
  }
  s.build_ms = build_ms_;
  s.query_ms = query_ms_;
  const Path& shown = shownPath();
  s.path_found = shown.found;
  s.path_length = shown.found ? shown.length : 0.0;
  if (query_) {
    if (stepping_) {
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

void Scene::draw(DebugDraw& dd, std::uint32_t layers, const DrawStyle& style) const {
  if (map_)
    drawMap(dd, *map_, layers & (LayerRegion | LayerEdgeNormals | LayerVertexNormals | LayerEdges | LayerVertices),
            style);
  if (graph_) drawVisibilityGraph(dd, *graph_, layers & LayerLosLinks);
  if (query_) drawQuery(dd, *query_, layers & LayerStartGoalLinks);
  drawPath(dd, shownPath(), layers & LayerPath);
  if (graph_) drawVisibilityGraph(dd, *graph_, layers & LayerReflexNodes);
  if (query_) {
    drawQuery(dd, *query_, layers & LayerStartGoal);
  } else {
    // No query (start or goal not walkable): still show where they are, so they can be
    // dragged back.
    drawStartGoal(dd, doc_.start ? &*doc_.start : nullptr, doc_.goal ? &*doc_.goal : nullptr, layers);
  }
  if (query_ && stepping_) {
    // One call per layer so each set is drawn over the previous one.
    for (Layer l : {LayerClosedSet, LayerOpenSet, LayerRelaxed, LayerExpanded})
      if (layers & l) drawSearch(dd, *query_, search_.state(), l);
  }
}

}  // namespace polypath::editor
