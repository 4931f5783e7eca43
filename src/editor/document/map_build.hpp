// map_build.hpp: a whole BuiltMap (validation, PolygonMap, the method's structure) built on
// a worker thread, so that opening a large map draws its outline at once and the window
// stays live while the map is validated and its navigation mesh built. The Scene starts
// one when a newly opened document is large, and installs the result when done.
#pragma once

#include <atomic>
#include <memory>
#include <thread>

#include "editor/document/built_map.hpp"

namespace polypath::editor {

/// One BuiltMap built from a copy of a document on its own thread. GEOS's validation and
/// triangulation cannot be interrupted: destroying a MapBuild waits for the thread (on
/// Aurora, 35,000 vertices, at most about a second).
class MapBuild {
 public:
  /// Starts building `doc` with `method` (the BuiltMap may choose Polyanya for a map whose
  /// visibility graph would take long, as on any opening); graphs estimated above
  /// `background_graph_seconds` are left to the BuiltMap's own graph worker.
  MapBuild(MapDocument doc, const MethodSettings& method, double background_graph_seconds);
  ~MapBuild();
  MapBuild(const MapBuild&) = delete;
  MapBuild& operator=(const MapBuild&) = delete;

  /// True once the thread has finished.
  bool done() const { return done_.load(std::memory_order_acquire); }
  /// After done(): the built map (once), else null.
  std::unique_ptr<BuiltMap> take() { return done() ? std::move(built_) : nullptr; }

 private:
  MapDocument doc_;
  std::unique_ptr<BuiltMap> built_;
  std::atomic<bool> done_{false};
  std::jthread thread_;  // last: started after, joined before, the members above
};

}  // namespace polypath::editor
