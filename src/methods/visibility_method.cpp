// visibility_method.cpp: A* over the visibility graph of reflex vertices, start and goal
// linked in per query (Lozano-Perez and Wesley 1979; the reflex-vertex graph as in
// Oh and Leong's and the seed article's). Exact.
#include <memory>

#include "methods/builtin.hpp"
#include "methods/method_base.hpp"
#include "polypath/core/visibility_graph.hpp"

namespace polypath {
namespace {

const MethodInfo kInfo{
    .name = "visibility",
    .label = "visibility graph",
    .short_label = "visibility",
    .help = "A* over the reflex corners that see each other, with start and goal linked in. Exact.",
    .layers = kBaseMethodLayers | kGraphSearchLayers | LayerReflexNodes | LayerLosLinks | LayerStartGoalLinks,
    .exact = true,
    .searches_visibility_graph = true,
    .options = {},
};

class VisibilityMethod final : public GraphMethod {
 public:
  const MethodInfo& info() const override { return kInfo; }

  void build(const PolygonMap& map, const MethodOptions& options, const VisibilityGraph* graph) override {
    dropQuery();
    spare_.reset();  // it links into the graph about to go
    own_.reset();
    graph_ = graph;
    if (!graph_) {
      own_ = std::make_shared<const VisibilityGraph>(map, VisibilityOptions{options.corner_offset});
      graph_ = own_.get();
    }
  }
  bool built() const override { return graph_ != nullptr; }
  std::unique_ptr<Method> share() const override {
    if (!graph_) return nullptr;
    auto copy = std::make_unique<VisibilityMethod>();
    copy->graph_ = graph_;
    copy->own_ = own_;
    return copy;
  }

  void query(Point start, Point goal) override {
    dropQuery();
    if (!graph_) return;
    if (spare_) {  // the last query's memory is reused
      spare_->reset(start, goal);
      query_ = std::move(spare_);
    } else {
      query_ = std::make_unique<VisibilityQuery>(*graph_, start, goal);
    }
    setQuery(query_.get(), query_->startNode(), query_->goalNode(), start, goal);
  }
  void dropQuery() override {
    clearQuery();
    if (query_) spare_ = std::move(query_);
  }

  std::string structureSummary() const override {
    if (!graph_) return "not built";
    return std::to_string(graph_->nodes().size()) + " nodes, " + std::to_string(graph_->linkCount()) + " links";
  }

  void drawStructure(DebugDraw& dd, std::uint32_t layers) const override {
    if (graph_) drawVisibilityGraph(dd, *graph_, layers & (LayerLosLinks | LayerReflexNodes));
  }
  void drawEndpoints(DebugDraw& dd, std::uint32_t layers) const override {
    if (query_) drawQuery(dd, *query_, layers);
  }

 protected:
  /// The search path is the world path (GraphMethod::tracePath): nothing to write.
  void tracePathInPlace(Path&) const override {}

 private:
  const VisibilityGraph* graph_ = nullptr;
  std::shared_ptr<const VisibilityGraph> own_;  // null when the graph is borrowed
  std::unique_ptr<VisibilityQuery> query_;
  std::unique_ptr<VisibilityQuery> spare_;  // a dropped query on graph_, kept for the next one
};

}  // namespace

std::unique_ptr<Method> makeVisibilityMethod() { return std::make_unique<VisibilityMethod>(); }

}  // namespace polypath
