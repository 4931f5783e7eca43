// convert_mesh2.cpp: mesh 2 <-> polygon map conversions for the CLI.
#include "cli/convert_mesh2.hpp"

#include <fstream>
#include <iostream>

#include "cli/cli_support.hpp"
#include "polypath/formats/mesh2.hpp"
#include "polypath/geom/navmesh_build.hpp"
#include "polypath/geom/map_validation.hpp"
#include "polypath/geom/mesh_outline.hpp"

namespace polypath::cli {

MapDocument mapFromMeshFile(const std::filesystem::path& mesh_file) {
  MapDocument doc;
  try {
    doc.polygons = polygonsFromMesh2(loadMesh2(mesh_file));
  } catch (const MeshFileError& e) {
    badInput(e.what());
  } catch (const GeometryError& e) {
    badInput(mesh_file.string() + ": " + e.what());
  }
  doc.name = mesh_file.stem().string();
  doc.units = "cells";
  return doc;
}

int convertMeshToMap(const std::filesystem::path& in, const std::filesystem::path& out) {
  const MapDocument doc = mapFromMeshFile(in);
  try {
    saveMap(doc, out);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  std::size_t holes = 0;
  for (const Polygon& p : doc.polygons) holes += p.holes.size();
  std::cout << "wrote " << out.string() << ": " << doc.polygons.size() << " polygons, " << holes << " holes\n";
  return kExitOk;
}

int convertMapToMesh(const std::filesystem::path& in, const std::filesystem::path& out) {
  MapDocument doc;
  try {
    doc = loadMap(in);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  BadInput errors;
  for (const MapProblem& p : validateMap(doc))
    if (p.severity == MapProblem::Severity::Error) errors.lines.push_back(in.string() + ": " + p.describe());
  if (!errors.lines.empty()) throw errors;
  Mesh2 mesh;
  try {
    mesh = mesh2FromNavMesh(buildNavMesh(buildPolygonMap(doc)));
  } catch (const GeometryError& e) {
    badInput(in.string() + ": " + e.what());
  }
  std::ofstream file(out, std::ios::binary | std::ios::trunc);
  file << serializeMesh2(mesh);
  file.close();
  if (!file) badInput(out.string() + ": cannot write the file; check the folder exists and is writable");
  std::cout << "wrote " << out.string() << ": " << mesh.vertices.size() << " vertices, " << mesh.polygons.size()
            << " triangles\n";
  return kExitOk;
}

}  // namespace polypath::cli
