// map_build.cpp: MapBuild (see map_build.hpp).
#include "editor/document/map_build.hpp"

namespace polypath::editor {

MapBuild::MapBuild(MapDocument doc, const MethodSettings& method, double background_graph_seconds, bool opening)
    : job_([doc = std::move(doc), method, background_graph_seconds, opening] {
             auto built = std::make_unique<BuiltMap>();
             built->setMethod(method);
             if (!opening) built->keepMethod();
             built->setBackgroundGraphSeconds(background_graph_seconds);
             built->rebuild(doc, false);  // never throws: problems go to the BuiltMap's list
             return built;
           },
           BackgroundJob<BuiltMap>::OnDestroy::Detach) {}

}  // namespace polypath::editor
