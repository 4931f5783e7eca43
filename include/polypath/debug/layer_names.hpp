// layer_names.hpp: short command-line and file names for the debug-draw layers
// ("path", "open-set"...), and parsing of comma-separated layer lists, for
// `polypath svg --layers` and lesson files.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "polypath/debug/debug_draw.hpp"

namespace polypath {

/// The short name of a layer: region, edges, edge-normals, vertex-normals, vertices,
/// reflex-nodes, los-links, start-goal-links, closed-set, open-set, relaxed, expanded,
/// path, start-goal.
const char* layerKey(Layer layer);

/// Parses a comma-separated list of layer keys (see layerKey) and the group names
/// "all", "default" (kDefaultLayers), "map" (region, edges), "graph" (reflex-nodes,
/// los-links, start-goal-links) and "search" (closed-set, open-set, relaxed, expanded)
/// into a mask. Spaces around names are ignored. On an unknown or empty name returns
/// false and sets `error` to "unknown layer 'x' (known: region, edges, ...)".
bool parseLayerList(std::string_view list, std::uint32_t& mask, std::string& error);

/// The back-to-front order a whole scene is drawn in (as the editor's canvas does):
/// region, normals, line-of-sight and start/goal links, then the walls (edges) over the
/// links that run along them, vertices, the nodes and search layers, then the funnel and
/// the path over them (as RecastDemo draws the path last), and the start and goal
/// markers last, never hidden.
std::span<const Layer> sceneLayerOrder();

/// Every layer key, comma separated, in drawing order (for help texts and errors).
std::string layerKeyList();

}  // namespace polypath
