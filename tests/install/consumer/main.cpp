// Loads a map, validates it and prints the shortest path's length (or the error).
#include <cstdio>

#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/geom/map_validation.hpp"
#include "polypath/version.hpp"

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  try {
    const polypath::MapDocument doc = polypath::loadMap(argv[1]);
    for (const polypath::MapProblem& p : polypath::validateMap(doc)) std::printf("%s\n", p.describe().c_str());
    const polypath::PolygonMap map(doc.polygons);
    const polypath::VisibilityGraph graph(map);
    const polypath::Path path = polypath::findPath(graph, *doc.start, *doc.goal);
    std::printf("polypath %s length %.12f\n", polypath::version(), path.length);
  } catch (const polypath::Error& e) {
    std::printf("error at %s: %s\n", e.location().c_str(), e.what());
    return 1;
  }
}
