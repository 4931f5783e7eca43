// map_build.cpp: MapBuild (see map_build.hpp).
#include "editor/document/map_build.hpp"

namespace polypath::editor {

MapBuild::MapBuild(MapDocument doc, const MethodSettings& method, double background_graph_seconds)
    : doc_(std::move(doc)), built_(std::make_unique<BuiltMap>()) {
  built_->setMethod(method);
  built_->setBackgroundGraphSeconds(background_graph_seconds);
  thread_ = std::jthread([this] {
    built_->rebuild(doc_, false);  // never throws: problems go to the BuiltMap's list
    done_.store(true, std::memory_order_release);
  });
}

MapBuild::~MapBuild() {
  if (thread_.joinable()) thread_.join();
}

}  // namespace polypath::editor
