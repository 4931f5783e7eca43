// graph_build.cpp: GraphBuild (see graph_build.hpp).
#include "editor/document/graph_build.hpp"

#include <chrono>

namespace polypath::editor {

GraphBuild::GraphBuild(const PolygonMap& map, VisibilityOptions options) : map_(&map) {
  monitor_.setItemLimit(kMaxGraphLinks);
  thread_ = std::jthread([this, options] {
    const auto t0 = std::chrono::steady_clock::now();
    try {
      graph_ = std::make_unique<VisibilityGraph>(*map_, options, &monitor_);
    } catch (const BuildCancelled&) {
      graph_.reset();
    } catch (const std::exception& e) {
      graph_.reset();
      error_ = e.what();
    }
    ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    done_.store(true, std::memory_order_release);
  });
}

GraphBuild::~GraphBuild() {
  monitor_.cancel();
  if (thread_.joinable()) thread_.join();
}

std::unique_ptr<VisibilityGraph> GraphBuild::take() {
  if (!done()) return nullptr;
  return std::move(graph_);
}

}  // namespace polypath::editor
