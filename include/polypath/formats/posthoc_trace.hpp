// posthoc_trace.hpp: the events of one A* search as a search trace for Posthoc, the
// search-trace visualiser of Monash University's pathfinding group (ShortestPathLab,
// https://posthoc.pathfinding.ai), so a polypath search can be replayed and compared
// there with traces of other planners.
//
// [SECTION] Trace format
// [SECTION] Writing a trace
//
// Format (Posthoc search trace, as in its example traces, version "1.0.5"): one object
// {"version", "render", "events"}. Each event has a "type", the node "id", and for
// search events the parent "pId" (null for the start), the node's "x", "y" (world
// units), "f" and "g". Types used here:
//   source, destination   the start and goal nodes, first
//   generating            a node enters the open set for the first time (start included)
//   updating              an open node gets a lower g (new parent)
//   expanding             a node leaves the open set (one per expansion of the engine)
//   closing               after its arcs were relaxed (the goal is closed at once)
//   end                   the search finished: on the goal when found, else on the
//                         last node expanded (or the start), with "found": false
// "render" draws every event as a circle at (x, y), coloured by type, in the "main" view.
#pragma once

#include <nlohmann/json.hpp>

#include "polypath/core/search.hpp"

namespace polypath {

// [SECTION] Trace format

/// The "version" written.
inline constexpr const char* kPosthocTraceVersion = "1.0.5";

/// Options for the trace.
struct PosthocOptions {
  bool render = true;        ///< write the "render" block (circles coloured by event type)
  double node_radius = 0.0;  ///< circle radius in world units; 0: 1/100 of the graph's extent
};

// [SECTION] Writing a trace

/// Runs A* (the one engine, Search) from start to goal on `graph` with `options` and
/// records its events. The trace has exactly one "expanding" event per expansion, in
/// the engine's order, and each event's pId is the node's parent at that moment.
nlohmann::ordered_json posthocTrace(const SearchGraph& graph, NodeId start, NodeId goal,
                                    const SearchOptions& options = {}, const PosthocOptions& trace_options = {});

}  // namespace polypath
