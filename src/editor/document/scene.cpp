// scene.cpp: the Scene facade: wires the Document, the BuiltMap and the SteppedQuery
// (every document change rebuilds the map, then redoes the query), the stepped search's
// controls, problems, stats and the drawing order.
#include "editor/document/scene.hpp"
#include "editor/canvas/recoloured_draw.hpp"

#include <algorithm>
#include <chrono>
#include <thread>
#include <cmath>
#include <utility>

namespace polypath::editor {

namespace {

// Draws every line `width` pixels wide: the walls, wider than the search lines on them.
class FixedWidthDraw final : public DebugDraw {
 public:
  FixedWidthDraw(DebugDraw& out, float width) : out_(out), width_(width) { cullLike(out); }
  void line(Point a, Point b, Color c, float) override { out_.line(a, b, c, width_); }
  void point(Point p, Color c, float radius) override { out_.point(p, c, radius); }
  void ring(Point p, Color c, float radius, float width) override { out_.ring(p, c, radius, width); }
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

Scene::Scene() : doc_([this](DocumentChange change) { documentChanged(change); }) { rebuild(); }
Scene::~Scene() = default;

// [SECTION] Document

void Scene::setDocument(MapDocument doc, std::optional<std::filesystem::path> file, bool dirty) {
  doc_.setDocument(std::move(doc), std::move(file), dirty);
}

bool Scene::openFile(const std::filesystem::path& file, std::string* error) { return doc_.openFile(file, error); }

bool Scene::saveFile(const std::filesystem::path& file, std::string* error) { return doc_.saveFile(file, error); }
bool Scene::exportFile(const std::filesystem::path& file, std::string* error) { return doc_.exportFile(file, error); }

void Scene::setFileProblem(const std::string& where, const std::string& message) {
  doc_.setFileProblem(where, message);
}

void Scene::documentChanged(DocumentChange change) {
  switch (change) {
    case DocumentChange::Replaced:
      // Forget everything built for the previous document before building the new one,
      // so an invalid new document never shows the old map.
      query_.forget();
      built_->forget();
      map_build_.reset();  // a build of the previous document: no longer wanted
      opening_ = false;
      opening_method_.reset();
      if (ringVertexCount(doc_.document().polygons) > background_open_vertices_) {
        opening_ = true;
        startMapBuild();  // a large map: its outline now, the rest from the worker
        query_.requery(doc_.document(), 0);  // nothing built yet: no problems either
        updateStats();
        break;
      }
      rebuild();
      break;
    case DocumentChange::Edited:
      if (!map_build_ && built_->onlyEndpointsMoved(doc_.document())) {
        // Only the start or goal moved: the built map stands and the query is redone on it
        // (on a large map a rebuild would lag the drag by the whole build).
        built_->moveEndpoints(doc_.document());
        query_.requery(doc_.document(), query_.expansionsToReplay());
        updateStats();
        break;
      }
      rebuild();
      break;
    case DocumentChange::GestureEnded:
      if (built_->validatedIncrementally()) rebuild();  // the full validateMap, with its messages
      break;
  }
}

// [SECTION] Rebuild

void Scene::startMapBuild() {
  map_build_.reset();  // its thread runs on and its result is dropped
  map_build_method_ = built_->method();
  map_build_ = std::make_unique<MapBuild>(doc_.document(), map_build_method_, background_graph_seconds_, opening_);
  map_build_pending_ = false;
}

void Scene::rebuild() {
  // Still opening, or a drag on a large map (rebuilding its navigation mesh takes longer
  // than a frame): the worker builds the document while the window goes on showing the
  // last built map under the document's walls. One build at a time: an edit made while one
  // runs is built when it ends, from the document as it is then. A method on the visibility
  // graph stays here: its drags update the graph in place (VisibilityGraph::update).
  const bool large_drag = doc_.inGesture() && !built_->needsGraph() &&
                          ringVertexCount(doc_.document().polygons) > background_open_vertices_;
  if (map_build_ || large_drag) {
    map_build_pending_ = map_build_ != nullptr;
    if (!map_build_) {
      startMapBuild();
    } else if (map_build_->done()) {
      pollBuilds();  // installs it, builds the document as it is now and redoes the query
      return;
    }
    // On the last built map meanwhile (while opening there is none: no search, no problems).
    query_.requery(doc_.document(), built_->polygonMap() ? query_.expansionsToReplay() : 0);
    updateStats();
    return;
  }
  const int replay = query_.expansionsToReplay();
  query_.drop();  // the search and query point into the graph about to change
  built_->rebuild(doc_.document(), doc_.inGesture());
  query_.requery(doc_.document(), replay);
  updateStats();
}

bool Scene::pollBuilds() {
  if (map_build_ && map_build_->done()) {
    std::unique_ptr<BuiltMap> built = map_build_->take();
    map_build_.reset();
    const MethodSettings wanted = built_->method();
    if (!built->polygonMap() && built_->polygonMap()) {
      built_->adoptFailedBuild(*built);  // the edit broke the map: the last valid one stays, greyed
    } else {
      if (built->notice().empty() && built->method() == built_->method()) built->keepNotice(built_->notice());
      query_.forget();
      built_ = std::move(built);
      query_.rebind(*built_);
      if (built_->polygonMap()) opening_ = false;
    }
    const std::optional<MethodSettings> chosen = opening_ ? std::nullopt : std::exchange(opening_method_, std::nullopt);
    if (map_build_pending_) {  // edited meanwhile: build the document as it is now
      if (chosen)
        built_->setMethod(*chosen);  // chosen while opening: the opened map may have switched it
      else if (wanted != map_build_method_)
        built_->setMethod(wanted);  // the user chose another method meanwhile
      startMapBuild();
    } else if (chosen && built_->setMethod(*chosen)) {  // chosen while opening: the opened map switched it
      query_.drop();
      built_->rebuild(doc_.document(), false);
    }
    query_.requery(doc_.document(), 0);
    updateStats();
    return true;
  }
  if (!built_->pollGraphBuild()) return false;
  query_.drop();
  query_.requery(doc_.document(), 0);
  updateStats();
  return true;
}

void Scene::waitForBuilds() {
  while (map_build_ || built_->buildingGraph()) {
    if (!pollBuilds()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

void Scene::setMethod(const MethodSettings& method) {
  // Chosen while a large map opens (--method): kept even where the opened map would
  // otherwise switch to Polyanya (BuiltMap::chooseMethodFor), applied when it is installed.
  if (map_build_ && opening_) opening_method_ = method;
  if (!built_->setMethod(method)) return;
  query_.stopStepping();
  rebuild();
}

void Scene::setSnapToWalkable(bool on) {
  query_.setSnapToWalkable(on, doc_.document());
  updateStats();
}

// [SECTION] Search

void Scene::setSearchOptions(const SearchOptions& options) {
  query_.setSearchOptions(options, doc_.document());
  updateStats();
}

void Scene::step() {
  if (!query_.hasQuery()) return;
  query_.step();
  updateStats();
}

void Scene::startRun() {
  if (!query_.hasQuery()) return;
  query_.startRun();
  updateStats();
}

void Scene::showSearch(const Search& state) {
  if (!query_.hasQuery()) return;
  query_.showSearch(state);
  updateStats();
}

void Scene::reset() {
  query_.reset();
  updateStats();
}

void Scene::finish() {
  if (!query_.hasQuery()) return;
  query_.finish();
  updateStats();
}

void Scene::update(double seconds) {
  if (query_.update(seconds)) updateStats();
}

// [SECTION] Problems and stats

std::vector<MapProblem> Scene::problems() const {
  std::vector<MapProblem> all;
  if (doc_.fileProblem()) all.push_back(*doc_.fileProblem());
  const std::vector<MapProblem>& rest = query_.problems();
  all.insert(all.end(), rest.begin(), rest.end());
  return all;
}

bool Scene::hasErrors() const {
  if (doc_.fileProblem()) return true;
  const std::vector<MapProblem>& rest = query_.problems();
  return std::any_of(rest.begin(), rest.end(),
                     [](const MapProblem& p) { return p.severity == MapProblem::Severity::Error; });
}

void Scene::updateStats() {
  SceneStats s;
  if (const PolygonMap* m = built_->polygonMap()) s.vertices = m->vertices().size();
  if (const VisibilityGraph* g = searchGraph()) {
    s.reflex_nodes = g->nodes().size();
    s.links = g->linkCount();
  }
  s.validate_ms = built_->validateMs();
  s.build_ms = built_->buildMs();
  s.graph_ms = built_->graphMs();
  s.query_ms = query_.queryMs();
  s.graph_updated = built_->graphUpdated();
  s.update_tested = built_->updateTested();
  const Path& shown = shownPath();
  s.path_found = shown.found;
  s.path_length = shown.found ? shown.length : 0.0;
  s.method = built_->method().name;
  const MethodView& view = built_->methodView();
  if (view.built()) {
    s.structure = view.structureSummary();
    s.build_ms += view.buildMs();
  }
  if (const SearchState* state = query_.searchState()) {
    if (query_.stepping()) {
      s.expansions = state->expandedCount();
      s.status = state->status();
    } else {
      const Path& result = query_.resultPath();
      s.expansions = result.expanded;
      s.status = result.found ? SearchStatus::Found : SearchStatus::NoPath;
    }
  }
  stats_ = s;
}

// [SECTION] Drawing

void Scene::draw(DebugDraw& out, std::uint32_t layers, const DrawStyle& style) const {
  RecolouredDraw grey(out, greyed);  // stale data (the last valid map or path) in grey
  DebugDraw& dd = built_->mapIsCurrent() ? out : grey;  // the last valid map, when the edit broke it
  FixedWidthDraw walls(dd, kWallWidth);
  const PolygonMap* map = built_->polygonMap();
  const MethodView& view = built_->methodView();
  const bool has_query = query_.hasQuery();
  if (map) drawMap(dd, *map, layers & (LayerRegion | LayerEdgeNormals | LayerVertexNormals), style);
  if (const MethodEntry* method = methods().find(built_->method().name)) layers &= method->info->layers;
  // Graph links and triangles under the walls; graph nodes over the result, under the search.
  view.drawStructure(dd, layers & ~LayerReflexNodes);
  view.drawEndpoints(dd, layers & LayerStartGoalLinks);
  if (map_build_ && (layers & LayerEdges)) {
    // Built on the worker (opening, or a drag on a large map): the document's walls, as
    // edited, over the last built map.
    auto outline = [&](const Ring& r) {
      for (std::size_t i = 0; i < r.size(); ++i) walls.line(r[i], r[(i + 1) % r.size()], layerColor(LayerEdges), 1.0f);
    };
    for (const Polygon& poly : doc_.document().polygons) {
      outline(poly.outer);
      for (const Ring& h : poly.holes) outline(h);
    }
  } else if (map) {
    drawMap(walls, *map, layers & LayerEdges, style);
  }
  if (map && !map_build_) drawMap(dd, *map, layers & LayerVertices, style);  // else the old map's, not the document's
  if (const ClearanceLevel* level = built_->clearanceLevel())
    drawClearanceOutline(dd, level->map(), layers);  // where the agent's centre may go
  // The result: the corridor and portals here, the funnel and path over the search layers.
  constexpr std::uint32_t kOnTop = LayerFunnelSides | LayerPath | LayerFunnelApex;
  if (has_query) view.drawResult(dd, shownSearchPath(), layers & ~kOnTop);
  view.drawStructure(dd, layers & LayerReflexNodes);
  if (has_query && query_.stepping()) view.drawSearch(dd, *query_.searchState(), layers);
  // The path over the search layers (as RecastDemo draws it last), then the markers.
  if (has_query)
    view.drawResult(dd, shownSearchPath(), layers & kOnTop);
  else
    drawPath(grey, query_.lastFoundPath(), layers & LayerPath);  // the previous result
  drawMarkers(out, layers);
}

void Scene::drawMarkers(DebugDraw& dd, std::uint32_t layers) const {
  if (!(layers & LayerStartGoal)) return;
  const Color colours[2] = {layerColor(LayerStartGoal), kGoalColor};
  const std::optional<Point>* snapped[2] = {&query_.snappedStart(), &query_.snappedGoal()};
  const std::optional<Point>* placed[2] = {&doc_.document().start, &doc_.document().goal};
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
