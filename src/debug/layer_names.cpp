// layer_names.cpp: layer keys and layer-list parsing.
#include "polypath/debug/layer_names.hpp"

#include <iterator>

namespace polypath {

namespace {

constexpr std::uint32_t kMapGroup = LayerRegion | LayerEdges | LayerClearanceOutline;
constexpr std::uint32_t kGraphGroup = LayerReflexNodes | LayerLosLinks | LayerStartGoalLinks;
constexpr std::uint32_t kSearchGroup = LayerClosedSet | LayerOpenSet | LayerRelaxed | LayerExpanded;

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

constexpr Layer kSceneOrder[] = {
    LayerRegion,       LayerGridCells,   LayerGridExplored,  LayerGridWaiting,
    LayerNavCorridor, LayerNavTriangles,  LayerNavAdjacency, LayerEdgeNormals,
    LayerVertexNormals, LayerLosLinks,   LayerStartGoalLinks, LayerEdges,       LayerClearanceOutline, LayerNavPortals,
    LayerNavSteerPortals,
    LayerVertices,     LayerReflexNodes, LayerClosedSet,     LayerOpenSet,      LayerRelaxed,
    LayerExpanded,     LayerFunnelSides, LayerPath,          LayerFunnelApex,   LayerStartGoal,
};
static_assert(std::size(kSceneOrder) == 25, "every layer once");

}  // namespace

std::span<const Layer> sceneLayerOrder() { return kSceneOrder; }

const char* layerKey(Layer layer) {
  switch (layer) {
    case LayerRegion: return "region";
    case LayerEdges: return "edges";
    case LayerEdgeNormals: return "edge-normals";
    case LayerVertexNormals: return "vertex-normals";
    case LayerVertices: return "vertices";
    case LayerReflexNodes: return "reflex-nodes";
    case LayerLosLinks: return "los-links";
    case LayerStartGoalLinks: return "start-goal-links";
    case LayerClosedSet: return "closed-set";
    case LayerOpenSet: return "open-set";
    case LayerRelaxed: return "relaxed";
    case LayerExpanded: return "expanded";
    case LayerPath: return "path";
    case LayerStartGoal: return "start-goal";
    case LayerGridCells: return "grid-walls";
    case LayerGridExplored: return "grid-explored";
    case LayerGridWaiting: return "grid-waiting";
    case LayerNavTriangles: return "nav-triangles";
    case LayerNavAdjacency: return "nav-adjacency";
    case LayerNavCorridor: return "nav-corridor";
    case LayerNavPortals: return "nav-portals";
    case LayerFunnelApex: return "funnel-apex";
    case LayerFunnelSides: return "funnel-sides";
    case LayerNavSteerPortals: return "nav-steer-portals";
    case LayerClearanceOutline: return "clearance-outline";
  }
  return "?";
}

std::string layerKeyList() {
  std::string out;
  for (const LayerInfo& info : layerInfos()) out += std::string(out.empty() ? "" : ", ") + layerKey(info.layer);
  return out;
}

bool parseLayerList(std::string_view list, std::uint32_t& mask, std::string& error) {
  std::uint32_t result = 0;
  while (true) {
    const std::size_t comma = list.find(',');
    const std::string_view name = trim(list.substr(0, comma));
    std::uint32_t bits = 0;
    if (name == "all") bits = kAllLayers;
    else if (name == "default") bits = kDefaultLayers;
    else if (name == "map") bits = kMapGroup;
    else if (name == "graph") bits = kGraphGroup;
    else if (name == "search") bits = kSearchGroup;
    else
      for (const LayerInfo& info : layerInfos())
        if (name == layerKey(info.layer)) bits = info.layer;
    if (bits == 0) {
      error = "unknown layer '" + std::string(name) + "' (known: " + layerKeyList() +
              "; groups: all, default, map, graph, search)";
      return false;
    }
    result |= bits;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  mask = result;
  return true;
}

}  // namespace polypath
