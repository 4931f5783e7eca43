// map_build.hpp: a whole BuiltMap (validation, PolygonMap, the method's structure) built on
// a worker thread, so that opening or dragging a large map draws its walls at once and the
// window stays live while the map is validated and its navigation mesh built. The Scene
// starts one when a newly opened document is large or a drag edits a large map, and
// installs the result when done.
#pragma once

#include <memory>

#include "editor/document/background_job.hpp"
#include "editor/document/built_map.hpp"

namespace polypath::editor {

/// One BuiltMap built from a copy of a document on its own thread. GEOS's validation and
/// triangulation cannot be interrupted, so destroying a MapBuild (another document opened,
/// quitting) lets the thread run on and drops its result.
class MapBuild {
 public:
  /// Starts building `doc` with `method`. `opening`: a newly opened document, for which the
  /// BuiltMap may choose Polyanya when the visibility graph would take long (an edited one
  /// keeps `method`). Graphs estimated above `background_graph_seconds` are left to the
  /// BuiltMap's own graph worker.
  MapBuild(MapDocument doc, const MethodSettings& method, double background_graph_seconds, bool opening);

  /// True once the thread has finished.
  bool done() const { return job_.done(); }
  /// After done(): the built map (once), else null.
  std::unique_ptr<BuiltMap> take() { return job_.take(); }

 private:
  BackgroundJob<BuiltMap> job_;
};

}  // namespace polypath::editor
