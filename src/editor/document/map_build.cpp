// map_build.cpp: MapBuild (see map_build.hpp).
#include "editor/document/map_build.hpp"

namespace polypath::editor {

MapBuild::MapBuild(MapDocument doc, const MethodSettings& method, double background_graph_seconds)
    : job_([doc = std::move(doc), method, background_graph_seconds] {
             auto built = std::make_unique<BuiltMap>();
             built->setMethod(method);
             built->setBackgroundGraphSeconds(background_graph_seconds);
             built->rebuild(doc, false);  // never throws: problems go to the BuiltMap's list
             return built;
           },
           BackgroundJob<BuiltMap>::OnDestroy::Detach) {}

}  // namespace polypath::editor
