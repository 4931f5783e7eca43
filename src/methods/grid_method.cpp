// grid_method.cpp: the map rasterized into square cells (a cell is free when it lies
// wholly in the walkable region), A* with 8 moves and no corner cutting (the textbook
// grid search, Hart, Nilsson and Raphael 1968, on Sturtevant's benchmark conventions).
#include <cstdio>
#include <memory>

#include "methods/builtin.hpp"
#include "methods/method_base.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/debug/debug_draw_grid.hpp"

namespace polypath {
namespace {

const MethodOptionInfo kOptions[] = {
    {.name = "cell-size",
     .label = "Cell size",
     .short_name = "cell",
     .help = "World units per cell side (press Enter). Smaller cells fit the walls better and cost more.",
     .field = &MethodOptions::cell_size},
};

const MethodInfo kInfo{
    .name = "grid",
    .label = "grid",
    .short_label = "grid",
    .help = "The map rasterized into square cells (a cell is free when it lies wholly in the walkable region), "
            "A* with 8 moves and no corner cutting. The path runs through cell centres.",
    // The grid search draws its sets as cells, not as graph nodes and links.
    .layers = kBaseMethodLayers | LayerGridCells | LayerGridExplored | LayerGridWaiting,
    .options = kOptions,
};

class GridMethod final : public GraphMethod {
 public:
  const MethodInfo& info() const override { return kInfo; }

  void build(const PolygonMap& map, const MethodOptions& options, const VisibilityGraph*) override {
    dropQuery();
    graph_.reset();
    grid_.reset();
    cell_size_ = options.cell_size;
    try {
      grid_ = std::make_shared<const Grid>(rasterize(map, options.cell_size));
    } catch (const Error& e) {
      throw MethodError(std::string("grid: ") + e.what());
    }
    graph_ = std::make_shared<const GridGraph>(*grid_);
  }
  bool built() const override { return graph_ != nullptr; }
  std::unique_ptr<Method> share() const override {
    if (!graph_) return nullptr;
    auto copy = std::make_unique<GridMethod>();
    copy->grid_ = grid_;
    copy->graph_ = graph_;
    copy->cell_size_ = cell_size_;
    return copy;
  }

  void query(Point start, Point goal) override {
    dropQuery();
    if (!graph_) return;
    const int s = grid_->locate(start), g = grid_->locate(goal);
    if (s < 0 || g < 0) {
      const Point p = s < 0 ? start : goal;
      char buf[160];
      std::snprintf(buf, sizeof buf, "%s (%.6g, %.6g) lies on no free cell of the grid (cell %.3g); use a smaller cell",
                    s < 0 ? "start" : "goal", p.x, p.y, cell_size_);
      throw QueryError(buf);
    }
    setQuery(graph_.get(), s, g, start, goal);
  }
  void dropQuery() override { clearQuery(); }

  /// The cell path with its length in world units.
  Path tracePath(const Path& search) const override {
    if (!search.found || !graph()) return search;
    Path out = search;
    out.length = search.length / graph_->costPerUnit();
    return out;
  }
  std::string structureSummary() const override {
    if (!grid_) return "not built";
    char buf[96];
    std::snprintf(buf, sizeof buf, "%d x %d cells, %lld free", grid_->width, grid_->height,
                  static_cast<long long>(grid_->freeCount()));
    return buf;
  }

  void drawStructure(DebugDraw& dd, std::uint32_t layers) const override {
    if (grid_) drawGrid(dd, *grid_, layers & LayerGridCells);
  }
  void drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const override {
    if (graph()) drawGridSearch(dd, *grid_, state, layers & (LayerGridExplored | LayerGridWaiting | LayerExpanded));
  }
  void drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const override {
    if (!graph()) return;
    if (search.found) drawGridPath(dd, *grid_, search, {}, layers & LayerPath);
    drawPath(dd, worldPath(search), layers & LayerPath);
  }

 private:
  std::shared_ptr<const Grid> grid_;
  std::shared_ptr<const GridGraph> graph_;  // points into grid_
  double cell_size_ = 1.0;
};

}  // namespace

std::unique_ptr<Method> makeGridMethod() { return std::make_unique<GridMethod>(); }

}  // namespace polypath
