// polyanya_method.cpp: Polyanya (Cui, Harabor and Grastien, "Compromise-free Pathfinding
// on a Navigation Mesh", IJCAI 2017) on the constrained Delaunay triangles merged into
// convex polygons (as Polyanya's own merged meshes). Exact.
#include <cstdio>
#include <memory>

#include "methods/builtin.hpp"
#include "methods/method_base.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/debug/debug_draw_polyanya.hpp"
#include "polypath/debug/recorded_graph.hpp"

namespace polypath {
namespace {

const MethodInfo kInfo{
    .name = "polyanya",
    .label = "navmesh exact (Polyanya)",
    .short_label = "Polyanya",
    .help = "Polyanya (Cui, Harabor, Grastien 2017) on the constrained Delaunay triangles merged into convex "
            "polygons: searches intervals of face edges seen from a root corner. Exact: the same length as the "
            "visibility graph.",
    // Polyanya draws its closed and open intervals and their roots, no relaxed arcs.
    .layers = kBaseMethodLayers | LayerClosedSet | LayerOpenSet | LayerNavTriangles | LayerNavAdjacency |
              LayerReflexNodes,
    .exact = true,
    .options = {},
};

class PolyanyaMethod final : public NavMeshMethod {
 public:
  const MethodInfo& info() const override { return kInfo; }

  void query(Point start, Point goal) override {
    dropQuery();
    if (!pmesh_) return;
    if (spare_) {  // the last query's: its node array and pruning table are reused
      spare_->reset(start, goal);
      query_ = std::move(spare_);
    } else {
      query_ = std::make_unique<PolyanyaQuery>(*pmesh_, start, goal);
    }
    const std::size_t limit = options().search_node_limit;
    if (limit > 0) recorded_ = std::make_unique<RecordedGraph>(*query_, limit);
    const SearchGraph* g = recorded_ ? static_cast<const SearchGraph*>(recorded_.get()) : query_.get();
    setQuery(g, PolyanyaQuery::startNode(), PolyanyaQuery::goalNode(), start, goal);
  }
  void dropQuery() override {
    clearQuery();
    recorded_.reset();
    if (query_) spare_ = std::move(query_);
  }
  std::unique_ptr<Method> share() const override {
    if (!pmesh_) return nullptr;
    auto copy = std::make_unique<PolyanyaMethod>();
    copy->shareMesh(*this);
    copy->pmesh_ = pmesh_;
    return copy;
  }

  /// Polyanya's turning points (the search nodes' roots).
  Path tracePath(const Path& search) const override {
    if (!search.found || !query_) return search;
    Path out = search;
    out.points = query_->pathPoints(search);
    return out;
  }
  std::string searchWarning() const override {
    if (!recorded_ || !recorded_->truncated()) return {};
    char buf[160];
    std::snprintf(buf, sizeof buf, "Polyanya stopped after %zu search nodes without reaching the goal (the limit)",
                  options().search_node_limit);
    return buf;
  }
  void drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const override {
    if (query_)
      drawPolyanya(dd, *query_, state, layers & (LayerClosedSet | LayerOpenSet | LayerExpanded | LayerReflexNodes));
  }

 protected:
  bool mergedFaces() const override { return true; }
  void buildSearch(const NavMesh& mesh) override {
    spare_.reset();  // it points into the mesh about to go
    pmesh_.reset();
    pmesh_ = std::make_shared<const PolyanyaMesh>(mesh);
  }

 private:
  std::shared_ptr<const PolyanyaMesh> pmesh_;  // points into the (shared) NavMesh
  std::unique_ptr<PolyanyaQuery> query_;
  std::unique_ptr<PolyanyaQuery> spare_;  // a dropped query on pmesh_, kept for the next one
  std::unique_ptr<RecordedGraph> recorded_;
};

}  // namespace

std::unique_ptr<Method> makePolyanyaMethod() { return std::make_unique<PolyanyaMethod>(); }

}  // namespace polypath
