// mesh_outline.hpp: the walkable region a Polyanya mesh covers, as polygons with holes.
#pragma once

#include <vector>

#include "polypath/core/polygon_map.hpp"
#include "polypath/formats/mesh2.hpp"

namespace polypath {

/// The walkable region the faces cover, as polygons with holes: the union of the
/// traversable faces (GEOSUnaryUnion_r); mesh 3's non-traversable faces are obstacles and
/// left out. Throws GeometryError when GEOS fails.
std::vector<Polygon> polygonsFromMesh2(const Mesh2& mesh);

}  // namespace polypath
