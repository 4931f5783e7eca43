// graph_build.hpp: a visibility graph built on a worker thread, so that the editor's
// window keeps drawing, panning and answering menus while a large map's graph is built,
// and shows the build's progress with a Cancel button (as RecastDemo shows its navmesh
// build). The BuiltMap starts one when the graph would take long (estimateBuildSeconds).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "editor/document/background_job.hpp"
#include "polypath/core/build_monitor.hpp"
#include "polypath/core/visibility_graph.hpp"

namespace polypath::editor {

/// Most links a graph built by the editor may have (16 bytes per arc, two arcs a link:
/// about 640 MB). A larger graph stops with BuildTooLarge, and the editor searches with
/// Polyanya instead of running out of memory.
inline constexpr std::size_t kMaxGraphLinks = 20'000'000;

/// One visibility graph build on its own thread. `map` is borrowed: it must outlive the
/// GraphBuild (destroying the GraphBuild cancels the build and waits for the thread,
/// which stops within one block of nodes, a few milliseconds).
class GraphBuild {
 public:
  GraphBuild(const PolygonMap& map, VisibilityOptions options);
  ~GraphBuild();
  GraphBuild(const GraphBuild&) = delete;
  GraphBuild& operator=(const GraphBuild&) = delete;

  /// The map the graph is built on.
  const PolygonMap& map() const { return *map_; }
  /// Fraction of the candidate pairs done, 0 to 1.
  double fraction() const { return monitor_.fraction(); }
  /// True once the thread has finished: built, failed or cancelled.
  bool done() const { return job_.done(); }
  /// Asks the thread to stop; done() follows within a few milliseconds.
  void cancel() { monitor_.cancel(); }
  bool cancelled() const { return monitor_.cancelled(); }
  /// After done(): the graph (once; null when the build failed or was cancelled).
  std::unique_ptr<VisibilityGraph> take() { return job_.take(); }
  /// After done(): why there is no graph ("" when built or cancelled).
  const std::string& error() const { return error_; }
  /// After done(): wall time of the build, milliseconds.
  double milliseconds() const { return ms_; }

 private:
  const PolygonMap* map_;
  BuildMonitor monitor_;
  std::string error_;
  double ms_ = 0.0;
  BackgroundJob<VisibilityGraph> job_;  // last: joined before the members above go
};

}  // namespace polypath::editor
