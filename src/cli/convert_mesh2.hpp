// convert_mesh2.hpp: conversions between Polyanya mesh 2 files and polypath maps, used by
// `polypath convert` (cmd_convert.cpp) and `polypath bench navmesh`.
#pragma once

#include <filesystem>

#include "polypath/formats/map_io.hpp"

namespace polypath::cli {

/// The walkable region of a mesh 2 file (union of its faces) as a map document named after
/// the file, with no start or goal. Throws BadInput naming the file on a read or GEOS error.
MapDocument mapFromMeshFile(const std::filesystem::path& mesh_file);

/// `polypath convert IN.mesh OUT.json`: writes the mesh's polygon map; prints a summary.
int convertMeshToMap(const std::filesystem::path& in, const std::filesystem::path& out);

/// `polypath convert IN.json OUT.mesh`: triangulates the (valid) map by constrained
/// Delaunay and writes it as mesh 2; prints a summary. Map errors throw BadInput.
int convertMapToMesh(const std::filesystem::path& in, const std::filesystem::path& out);

}  // namespace polypath::cli
