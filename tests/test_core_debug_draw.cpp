// Draw functions: each layer emits the primitives of its debug data, in its colour.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "polypath/debug/debug_draw.hpp"

using namespace polypath;

namespace {

// Records every primitive, as the DESIGN's "recording (tests)" DebugDraw.
class RecordingDraw final : public DebugDraw {
 public:
  struct Line {
    Point a, b;
    Color c;
  };
  struct Dot {
    Point p;
    Color c;
  };
  std::vector<Line> lines;
  std::vector<Dot> points;
  int fills = 0;
  std::size_t filledRings = 0;
  void line(Point a, Point b, Color c, float) override { lines.push_back({a, b, c}); }
  void point(Point p, Color c, float) override { points.push_back({p, c}); }
  void fillRings(const std::vector<const Ring*>& rings, Color) override {
    ++fills;
    filledRings += rings.size();
  }
  void text(Point, std::string_view, Color) override {}
  std::size_t linesIn(Color c) const {
    return static_cast<std::size_t>(std::count_if(lines.begin(), lines.end(), [&](const Line& l) { return l.c == c; }));
  }
  std::size_t pointsIn(Color c) const {
    return static_cast<std::size_t>(std::count_if(points.begin(), points.end(), [&](const Dot& d) { return d.c == c; }));
  }
};

PolygonMap seedDemo() {
  return PolygonMap({{{{3, 15}, {3, 3}, {24, 3}, {24, 8}, {6, 8}, {6, 10}, {24, 10}, {24, 24}, {15, 24}, {15, 17}, {21, 17}, {21, 15}},
                      {{{8, 18}, {10, 18}, {10, 20}, {8, 20}}}}});
}

}  // namespace

TEST_CASE("layer table: every layer once, distinct colours for the search layers", "[debug_draw]") {
  std::uint32_t seen = 0;
  for (const LayerInfo& info : layerInfos()) {
    CHECK((seen & info.layer) == 0);
    seen |= info.layer;
    CHECK(std::string(info.name).size() > 0);
  }
  CHECK(seen == kAllLayers);
  const std::vector<Layer> mustDiffer = {LayerReflexNodes, LayerPath, LayerClosedSet, LayerOpenSet, LayerRelaxed, LayerExpanded};
  for (std::size_t i = 0; i < mustDiffer.size(); ++i)
    for (std::size_t j = i + 1; j < mustDiffer.size(); ++j) CHECK_FALSE(layerColor(mustDiffer[i]) == layerColor(mustDiffer[j]));
}

TEST_CASE("drawMap emits one fill, one edge and two normals per vertex", "[debug_draw]") {
  const PolygonMap map = seedDemo();
  RecordingDraw dd;
  drawMap(dd, map, LayerRegion | LayerEdges | LayerEdgeNormals | LayerVertexNormals, {2.0});
  CHECK(dd.fills == 1);
  CHECK(dd.filledRings == 2);
  CHECK(dd.linesIn(layerColor(LayerEdges)) == 16);
  CHECK(dd.linesIn(layerColor(LayerEdgeNormals)) == 16);
  CHECK(dd.linesIn(layerColor(LayerVertexNormals)) == 16);
  for (const auto& l : dd.lines)
    if (l.c == layerColor(LayerVertexNormals)) CHECK(distance(l.a, l.b) == Approx(2.0));
  RecordingDraw none;
  drawMap(none, map, 0);
  CHECK(none.lines.empty());
  CHECK(none.fills == 0);
}

TEST_CASE("drawMap leaves out the normals of edges shorter than normal_min_edge (level of detail)", "[debug_draw]") {
  const PolygonMap map = seedDemo();
  RecordingDraw dd;
  DrawStyle style;
  style.normal_length = 2.0;
  style.normal_min_edge = 6.0;
  drawMap(dd, map, LayerEdges | LayerEdgeNormals | LayerVertexNormals, style);
  CHECK(dd.linesIn(layerColor(LayerEdges)) == 16);  // every wall stays
  // Outer edges of 12, 21, 18, 18, 14, 9, 7, 6 and 18 units; those of 5, 2, 2 and the
  // hole's four of 2 are too short.
  CHECK(dd.linesIn(layerColor(LayerEdgeNormals)) == 9);
  // Corners (3,15), (3,3), (24,10), (24,24), (15,24) and (15,17): both edges 6 or longer.
  CHECK(dd.linesIn(layerColor(LayerVertexNormals)) == 6);
  for (const auto& l : dd.lines)
    if (l.c == layerColor(LayerVertexNormals)) CHECK((l.a == Point{24, 3}) == false);
}

TEST_CASE("drawVisibilityGraph and drawQuery emit nodes, links, start and goal links", "[debug_draw]") {
  const PolygonMap map = seedDemo();
  const VisibilityGraph graph(map);
  const VisibilityQuery query(graph, {15, 6}, {18, 22});
  RecordingDraw dd;
  drawVisibilityGraph(dd, graph, kAllLayers);
  drawQuery(dd, query, kAllLayers);
  CHECK(dd.pointsIn(layerColor(LayerReflexNodes)) == graph.nodes().size());
  CHECK(dd.linesIn(layerColor(LayerLosLinks)) == graph.links().size());
  CHECK(dd.linesIn(layerColor(LayerStartGoalLinks)) == query.startLinks().size() + query.goalLinks().size());
  CHECK(dd.pointsIn(layerColor(LayerStartGoal)) == 1);  // the start; the goal has its own colour
  CHECK(dd.points.back().p == Point{18, 22});
}

TEST_CASE("drawSearch shows the closed set, open set, relaxed arcs and expanded node of a step", "[debug_draw]") {
  const PolygonMap map = seedDemo();
  const VisibilityGraph graph(map);
  const VisibilityQuery query(graph, {15, 6}, {18, 22});
  Search search;
  search.init(query, query.startNode(), query.goalNode());
  search.step();
  search.step();
  RecordingDraw dd;
  drawSearch(dd, query, search.state(), kAllLayers);
  CHECK(dd.pointsIn(layerColor(LayerClosedSet)) == 2);
  CHECK(dd.pointsIn(layerColor(LayerOpenSet)) == search.state().openSet().size());
  CHECK(dd.linesIn(layerColor(LayerRelaxed)) == search.state().lastRelaxed().size());
  REQUIRE(dd.pointsIn(layerColor(LayerExpanded)) == 1);
  search.run();
  RecordingDraw pathDraw;
  const Path path = search.finalize();
  drawPath(pathDraw, path, LayerPath);
  CHECK(pathDraw.linesIn(layerColor(LayerPath)) == path.points.size() - 1);
}

TEST_CASE("with a view set drawMap and drawVisibilityGraph draw only what meets it, without one everything",
          "[debug_draw]") {
  const PolygonMap map = seedDemo();
  const VisibilityGraph graph(map);
  const std::uint32_t map_layers = LayerRegion | LayerEdges | LayerVertices | LayerEdgeNormals | LayerVertexNormals;
  const auto drawBoth = [&](RecordingDraw& dd) {
    drawMap(dd, map, map_layers, {1.0});
    drawVisibilityGraph(dd, graph, LayerLosLinks | LayerReflexNodes);
  };
  RecordingDraw all;
  drawBoth(all);
  CHECK(all.linesIn(layerColor(LayerEdges)) == 16);
  CHECK(all.linesIn(layerColor(LayerLosLinks)) == graph.links().size());

  const ViewBox view{{7, 17}, {11, 21}};  // around the hole (8..10, 18..20), clear of the outer ring
  RecordingDraw in;
  in.view = view;
  drawBoth(in);
  CHECK(in.fills == 1);  // the region is one fill: the target clips it
  // The hole's four walls and corners, which are also the only reflex nodes in the view.
  CHECK(in.linesIn(layerColor(LayerEdges)) == 4);
  CHECK(in.pointsIn(layerColor(LayerVertices)) == 4);
  CHECK(in.pointsIn(layerColor(LayerReflexNodes)) == 4);
  // Independently: the ring edges of the polygons as given, and the graph's link list.
  std::size_t walls = 0, links = 0;
  for (const Polygon& poly : map.polygons()) {
    std::vector<const Ring*> rings{&poly.outer};
    for (const Ring& h : poly.holes) rings.push_back(&h);
    for (const Ring* r : rings)
      for (std::size_t i = 0; i < r->size(); ++i) walls += view.meets((*r)[i], (*r)[(i + 1) % r->size()]) ? 1 : 0;
  }
  for (const VisibilityGraph::Link& l : graph.links())
    links += view.meets(graph.nodes()[l.a].position, graph.nodes()[l.b].position) ? 1 : 0;
  CHECK(in.linesIn(layerColor(LayerEdges)) == walls);
  CHECK(in.linesIn(layerColor(LayerLosLinks)) == links);
  CHECK(links > 0);
  CHECK(links < graph.links().size());
  // The same primitives as the whole drawing's that meet the view, in the same order.
  std::vector<RecordingDraw::Line> kept;
  for (const RecordingDraw::Line& l : all.lines)
    if (view.meets(l.a, l.b)) kept.push_back(l);
  REQUIRE(in.lines.size() == kept.size());
  for (std::size_t i = 0; i < kept.size(); ++i) {
    CHECK(in.lines[i].a == kept[i].a);
    CHECK(in.lines[i].b == kept[i].b);
  }
}
