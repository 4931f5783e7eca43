// debug_draw.cpp: layer table and the draw functions.
#include "polypath/debug/debug_draw.hpp"
#include "polypath/debug/palette.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace polypath {

namespace {

// Colours: the dark theme of palette.hpp (checked for colour-vision deficiencies there).
constexpr std::array<LayerInfo, 25> kLayers = {{
    {LayerRegion, "Walkable region", palette::kRegion.dark, "inside an outer ring and outside every hole"},
    {LayerNavCorridor, "Corridor", palette::kNavCorridor.dark, "faces the triangle search passed through, start to goal"},
    {LayerNavTriangles, "Navmesh triangles", palette::kNavTriangles.dark, "faces of the navigation mesh (constrained Delaunay triangles)"},
    {LayerNavAdjacency, "Navmesh adjacency", palette::kNavAdjacency.dark, "neighbouring faces (sharing a whole edge), centre to centre"},
    {LayerGridCells, "Grid walls", palette::kGridWalls.dark, "blocked cells of the grid"},
    {LayerGridExplored, "Explored cells", palette::kGridExplored.dark, "cells the grid search has closed"},
    {LayerGridWaiting, "Waiting cells", palette::kGridWaiting.dark, "cells waiting in the grid search's open set"},
    {LayerEdges, "Edges", palette::kEdges.dark, "ring edges (walls)"},
    {LayerClearanceOutline, "Eroded outline", palette::kClearanceOutline.dark, "clearance > 0: where the agent's centre may go (Search tab, Clearance)"},
    {LayerEdgeNormals, "Edge normals", palette::kEdgeNormals.dark, "inward normal at each edge midpoint"},
    {LayerVertexNormals, "Vertex normals", palette::kVertexNormals.dark, "inward bisector at each vertex"},
    {LayerVertices, "Vertices", palette::kVertices.dark, "every ring vertex"},
    {LayerReflexNodes, "Reflex nodes", palette::kReflexNodes.dark, "concave corners: the graph's nodes"},
    {LayerLosLinks, "Line-of-sight links", palette::kLosLinks.dark, "pairs of nodes that see each other"},
    {LayerStartGoalLinks, "Start/goal links", palette::kStartGoalLinks.dark, "nodes the start and goal see"},
    {LayerClosedSet, "Closed set", palette::kClosedSet.dark, "expanded nodes, with their parent links"},
    {LayerOpenSet, "Open set", palette::kOpenSet.dark, "discovered nodes waiting to be expanded"},
    {LayerRelaxed, "Relaxed arcs", palette::kRelaxed.dark, "arcs examined by the last step"},
    {LayerExpanded, "Expanded node", palette::kExpanded.dark, "the node the last step expanded"},
    {LayerNavPortals, "Portals", palette::kNavPortals.dark, "edges the corridor crosses, in order (left end dot larger)"},
    {LayerNavSteerPortals, "Steer portals", palette::kNavSteerPortals.dark, "the portals an agent steers through (seed 003's portal corridor)"},
    {LayerFunnelSides, "Funnel sides", palette::kFunnelSides.dark, "the funnel's left and right sides from the apex, stepped"},
    {LayerFunnelApex, "Funnel apex", palette::kFunnelApex.dark, "the funnel's apex: the last fixed corner of the path"},
    {LayerPath, "Path", palette::kPath.dark, "the path found"},
    {LayerStartGoal, "Start / goal", palette::kStart.dark, "start (blue) and goal (pink)"},
}};

void drawNode(DebugDraw& dd, Point p, Color c, float radius) { dd.point(p, c, radius); }

}  // namespace

std::span<const LayerInfo> layerInfos() { return kLayers; }

Color layerColor(Layer layer) {
  for (const LayerInfo& info : kLayers)
    if (info.layer == layer) return info.color;
  return {255, 0, 255, 255};
}

void drawClearanceOutline(DebugDraw& dd, const PolygonMap& eroded, std::uint32_t layers) {
  if (!(layers & LayerClearanceOutline)) return;
  const Color c = layerColor(LayerClearanceOutline);
  for (const PolygonMap::Vertex& v : eroded.vertices()) {
    const Point b = eroded.vertices()[v.next].position;
    if (dd.shows(v.position, b)) dd.line(v.position, b, c, 2.0f);
  }
}

void drawMap(DebugDraw& dd, const PolygonMap& map, std::uint32_t layers, const DrawStyle& style) {
  if (layers & LayerRegion) {
    std::vector<const Ring*> rings;
    for (const Polygon& poly : map.polygons()) {
      rings.push_back(&poly.outer);
      for (const Ring& h : poly.holes) rings.push_back(&h);
    }
    dd.fillRings(rings, layerColor(LayerRegion));
  }
  const auto& vs = map.vertices();
  if (layers & (LayerEdgeNormals | LayerVertexNormals)) {
    const double min_edge = style.normal_min_edge;
    auto longEnough = [&](const PolygonMap::Vertex& v) {  // the edge v -> next
      return min_edge <= 0.0 || distance(v.position, vs[v.next].position) >= min_edge;
    };
    // A normal starts on the edge or at the vertex and is normal_length long: when the box
    // around the edge widened by that length misses the view, so do both normals.
    const double reach = std::abs(style.normal_length);
    for (const PolygonMap::Vertex& v : vs) {
      const Point b = vs[v.next].position;
      if (dd.view && !dd.view->meets({std::min(v.position.x, b.x) - reach, std::min(v.position.y, b.y) - reach},
                                     {std::max(v.position.x, b.x) + reach, std::max(v.position.y, b.y) + reach}))
        continue;
      const bool edge_shown = longEnough(v);
      if ((layers & LayerEdgeNormals) && edge_shown) {
        const Point mid = (v.position + b) * 0.5, tip = mid + v.edge_normal * style.normal_length;
        if (dd.shows(mid, tip)) dd.line(mid, tip, layerColor(LayerEdgeNormals), 1.0f);
      }
      if ((layers & LayerVertexNormals) && edge_shown && longEnough(vs[v.prev])) {
        const Point tip = v.position + v.vertex_normal * style.normal_length;
        if (dd.shows(v.position, tip)) dd.line(v.position, tip, layerColor(LayerVertexNormals), 1.0f);
      }
    }
  }
  if (layers & (LayerEdges | LayerVertices))
    for (const PolygonMap::Vertex& v : vs) {
      const Point b = vs[v.next].position;
      if ((layers & LayerEdges) && dd.shows(v.position, b)) dd.line(v.position, b, layerColor(LayerEdges), 2.0f);
      if ((layers & LayerVertices) && dd.shows(v.position)) drawNode(dd, v.position, layerColor(LayerVertices), 2.5f);
    }
}

void drawVisibilityGraph(DebugDraw& dd, const VisibilityGraph& graph, std::uint32_t layers) {
  const auto& nodes = graph.nodes();
  if (layers & LayerLosLinks)
    for (NodeId n = 0; n < static_cast<NodeId>(nodes.size()); ++n)
      for (const Arc& arc : graph.arcs(n))  // each link once, from its lower node (no copy of links())
        if (arc.to > n && dd.shows(nodes[n].position, nodes[arc.to].position))
          dd.line(nodes[n].position, nodes[arc.to].position, layerColor(LayerLosLinks), 1.0f);
  if (layers & LayerReflexNodes)
    for (const auto& node : nodes)
      if (dd.shows(node.position)) drawNode(dd, node.position, layerColor(LayerReflexNodes), 4.0f);
}

void drawQuery(DebugDraw& dd, const VisibilityQuery& query, std::uint32_t layers) {
  const auto& nodes = query.graph().nodes();
  if (layers & LayerStartGoalLinks) {
    const Color c = layerColor(LayerStartGoalLinks);
    for (NodeId n : query.startLinks()) dd.line(query.start(), nodes[n].position, c, 1.0f);
    for (NodeId n : query.goalLinks()) dd.line(query.goal(), nodes[n].position, c, 1.0f);
    if (query.directLink()) dd.line(query.start(), query.goal(), c, 1.0f);
  }
  const Point start = query.start(), goal = query.goal();
  drawStartGoal(dd, &start, &goal, layers);
}

void drawStartGoal(DebugDraw& dd, const Point* start, const Point* goal, std::uint32_t layers) {
  if (!(layers & LayerStartGoal)) return;
  if (start) drawNode(dd, *start, layerColor(LayerStartGoal), 7.0f);
  if (goal) drawNode(dd, *goal, kGoalColor, 7.0f);
}

void drawSearch(DebugDraw& dd, const SearchGraph& graph, const SearchState& state, std::uint32_t layers) {
  if (state.status() == SearchStatus::Idle) return;
  if (layers & LayerClosedSet) {
    const Color c = layerColor(LayerClosedSet);
    for (NodeId n : state.closedSet()) {
      const NodeId parent = state.record(n).parent;
      if (parent == kNoNode) continue;
      const Point a = graph.position(parent), b = graph.position(n);
      if (dd.shows(a, b)) dd.line(a, b, c, 2.0f);
    }
    for (NodeId n : state.closedSet())
      if (const Point p = graph.position(n); dd.shows(p)) drawNode(dd, p, c, 5.5f);
  }
  if (layers & LayerOpenSet) {
    // The parent links, then the rings over them (one run of rings: a target may thin
    // them together where they crowd).
    const Color c = layerColor(LayerOpenSet);
    auto open = [&](std::size_t i) { return state.record(static_cast<NodeId>(i)).status == NodeStatus::Open; };
    for (std::size_t i = 0; i < state.nodeCount(); ++i) {
      if (!open(i)) continue;
      const NodeId n = static_cast<NodeId>(i), parent = state.record(n).parent;
      const Point p = graph.position(n);
      if (parent != kNoNode && dd.shows(graph.position(parent), p)) dd.line(graph.position(parent), p, c, 1.0f);
    }
    for (std::size_t i = 0; i < state.nodeCount(); ++i) {
      if (!open(i)) continue;
      const Point p = graph.position(static_cast<NodeId>(i));
      if (dd.shows(p)) dd.ring(p, c, 5.0f, 2.0f);  // hollow: open, not yet expanded
    }
  }
  if (layers & LayerRelaxed)
    for (const RelaxedArc& arc : state.lastRelaxed())
      dd.line(graph.position(arc.from), graph.position(arc.to), layerColor(LayerRelaxed), arc.improved ? 2.5f : 1.0f);
  if ((layers & LayerExpanded) && state.lastExpanded() != kNoNode)
    drawNode(dd, graph.position(state.lastExpanded()), layerColor(LayerExpanded), 8.0f);
}

void drawPath(DebugDraw& dd, const Path& path, std::uint32_t layers) {
  if (!(layers & LayerPath) || !path.found) return;
  for (std::size_t i = 1; i < path.points.size(); ++i)
    dd.line(path.points[i - 1], path.points[i], layerColor(LayerPath), 4.0f);
}

}  // namespace polypath
