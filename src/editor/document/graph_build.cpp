// graph_build.cpp: GraphBuild (see graph_build.hpp).
#include "editor/document/graph_build.hpp"

#include <chrono>

namespace polypath::editor {

GraphBuild::GraphBuild(const PolygonMap& map, VisibilityOptions options)
    : map_(&map), job_([this, options]() -> std::unique_ptr<VisibilityGraph> {
        monitor_.setItemLimit(kMaxGraphLinks);
        const auto t0 = std::chrono::steady_clock::now();
        std::unique_ptr<VisibilityGraph> graph;
        try {
          graph = std::make_unique<VisibilityGraph>(*map_, options, &monitor_);
        } catch (const BuildCancelled&) {
        } catch (const std::exception& e) {
          error_ = e.what();
        }
        ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        return graph;
      }) {}

GraphBuild::~GraphBuild() { monitor_.cancel(); }  // then job_ joins the thread

}  // namespace polypath::editor
