// compare_view.cpp: CompareView: two MethodViews on the scene's map and a core
// SearchComparison over their graphs; presets, table rows, drawing.
#include "editor/compare/compare_view.hpp"
#include "editor/document/built_map.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace polypath::editor {

// [SECTION] CompareSetup

std::string describe(const CompareSetup& s) {
  std::string out = describe(s.method);
  out += s.options.heuristic == Heuristic::None ? ", Dijkstra" : ", A*";
  if (s.options.weight != 1.0) {
    char buf[32];
    std::snprintf(buf, sizeof buf, " weight %.3g", s.options.weight);
    out += buf;
  }
  return out;
}

bool parseComparePreset(const std::string& name, ComparePreset& out) {
  const std::pair<const char*, ComparePreset> names[] = {{"astar-dijkstra", ComparePreset::AStarVsDijkstra},
                                                         {"weight", ComparePreset::Weight1VsWeight18},
                                                         {"visibility-navmesh", ComparePreset::VisibilityVsNavmesh},
                                                         {"navmesh-grid", ComparePreset::NavmeshVsGrid},
                                                         {"triangle-polyanya", ComparePreset::TriangleVsPolyanya}};
  for (const auto& n : names)
    if (name == n.first) {
      out = n.second;
      return true;
    }
  return false;
}

void applyPreset(std::array<CompareSetup, 2>& setups, ComparePreset preset, const SearchOptions& base) {
  for (CompareSetup& s : setups) {
    s.options = base;
    s.options.weight = 1.0;
    if (s.options.heuristic == Heuristic::None) s.options.heuristic = Heuristic::Euclidean;
    s.method = MethodSettings{};
  }
  switch (preset) {
    case ComparePreset::AStarVsDijkstra: setups[1].options.heuristic = Heuristic::None; break;
    case ComparePreset::Weight1VsWeight18: setups[1].options.weight = 1.8; break;
    case ComparePreset::VisibilityVsNavmesh: setups[1].method.name = "polyanya"; break;
    case ComparePreset::NavmeshVsGrid:
      setups[0].method.name = "polyanya";
      setups[1].method.name = "grid";
      break;
    case ComparePreset::TriangleVsPolyanya:
      setups[0].method.name = "centre";
      setups[1].method.name = "polyanya";
      break;
  }
}

Color overlayTint(Color c) {
  auto lift = [](std::uint8_t v) { return static_cast<std::uint8_t>(std::min(255, v + 40)); };
  return {lift(c.b), lift(c.g), lift(c.r), c.a};
}

// [SECTION] CompareView

CompareView::CompareView() {
  for (auto& v : views_) v = std::make_unique<MethodView>();
  applyPreset(setups, ComparePreset::AStarVsDijkstra, SearchOptions{});
}

CompareView::~CompareView() = default;

void CompareView::sync(const Scene& scene) {
  if (built_ && built_scene_ == &scene && built_generation_ == scene.searchGeneration() && built_setups_ == setups)
    return;
  const int keep = comparison_ ? comparison_->position() : 0;
  comparison_.reset();
  error_.clear();
  built_ = true;
  built_scene_ = &scene;
  built_generation_ = scene.searchGeneration();
  built_setups_ = setups;
  const PolygonMap* map = scene.searchMap();
  if (!map || map->empty() || !scene.queryStart() || !scene.queryGoal()) {
    error_ = "No search to compare: the map needs a valid region, a start and a goal.";
    return;
  }
  CompareSide sides[2];
  for (int i = 0; i < 2; ++i) {
    MethodView& v = *views_[static_cast<std::size_t>(i)];
    const CompareSetup& s = setups[static_cast<std::size_t>(i)];
    // A side on the visibility graph uses the scene's. Without one (the scene searches
    // with another method), building it here would freeze the window for as long as the
    // editor refused to when it opened the map: say so instead.
    const MethodEntry* entry = methods().find(s.method.name);
    if (entry && entry->info->searches_visibility_graph && !scene.searchGraph()) {
      const std::string side = std::string(i == 0 ? "Left" : "Right") + " side (" + describe(s) + "): ";
      if (scene.buildingGraph()) {
        v.clear();
        error_ = side + "the visibility graph is being built on a worker thread; compare when it is done.";
        return;
      }
      const double seconds = VisibilityGraph::estimateBuildSeconds(*map, graphOptions(scene.document()));
      if (seconds > kInteractiveGraphSeconds) {
        v.clear();
        error_ = side + std::to_string(map->reflexCorners().size()) +
                 " reflex corners, the visibility graph would take about " +
                 std::to_string(static_cast<long long>(std::ceil(seconds))) +
                 " s to build. Choose the visibility graph in the Search tab to build it on a worker thread,"
                 " then compare.";
        return;
      }
    }
    try {
      v.build(*map, scene.searchGraph(), s.method);
      v.query(*scene.queryStart(), *scene.queryGoal());
    } catch (const std::exception& e) {
      v.clear();
      error_ = std::string(i == 0 ? "Left" : "Right") + " side (" + describe(s) + "): " + e.what();
      return;
    }
    sides[i].label = describe(s);
    sides[i].graph = v.graph();
    sides[i].start = v.startNode();
    sides[i].goal = v.goalNode();
    sides[i].options = s.options;
  }
  try {
    comparison_.emplace(sides[0], sides[1]);
    comparison_->seek(keep);
  } catch (const std::exception& e) {
    comparison_.reset();
    error_ = std::string("cannot compare: ") + e.what();
  }
}

CompareRow CompareView::row(int i) const {
  CompareRow r;
  if (!comparison_) return r;
  r.stats = comparison_->stats(i);
  const MethodView& v = view(i);
  const Path world = v.worldPath(comparison_->side(i).finalPath());
  r.world_length = world.found ? world.length : 0.0;
  r.structure = v.structureSummary();
  return r;
}

// The comparison's common position as the stepper's target.
struct CompareView::Steps final : StepTarget {
  explicit Steps(CompareView& v) : view(v) {}
  bool ready() const override { return view.comparison_.has_value(); }
  bool finished() const override { return view.comparison_->position() >= view.comparison_->count(); }
  void stepOnce() override { view.comparison_->forward(); }
  void advance(int n) override {
    if (n < 0)
      view.comparison_->toEnd();
    else
      view.comparison_->seek(view.comparison_->position() + n);
  }
  void restart() override { view.comparison_->reset(); }
  CompareView& view;
};

void CompareView::step() {
  Steps target(*this);
  stepper_.step(target);
}

void CompareView::run() {
  Steps target(*this);
  stepper_.run(target);
}

void CompareView::reset() {
  Steps target(*this);
  stepper_.reset(target);
}

void CompareView::finish() {
  Steps target(*this);
  stepper_.finish(target);
}

void CompareView::update(double seconds) {
  Steps target(*this);
  stepper_.update(seconds, target);
}

void CompareView::draw(DebugDraw& dd, int i, std::uint32_t layers) const {
  if (!comparison_) return;
  const MethodView& v = view(i);
  if (const MethodEntry* method = methods().find(v.settings().name)) layers &= method->info->layers;
  // The visibility graph's links and nodes are the scene's; the structure is drawn thin under the search.
  v.drawStructure(dd, layers & ~static_cast<std::uint32_t>(LayerLosLinks | LayerReflexNodes));
  const SearchTimeline& t = comparison_->side(i);
  v.drawSearch(dd, t.state(), layers);
  const Path now = t.path();  // found once this side's search expanded the goal
  if (now.found) v.drawResult(dd, now, layers & ~static_cast<std::uint32_t>(LayerFunnelApex | LayerFunnelSides));
}

}  // namespace polypath::editor
