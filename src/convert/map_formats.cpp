// map_formats.cpp: the table of polygon-map formats (map_formats.hpp).
#include "polypath/convert/map_formats.hpp"

#include <algorithm>
#include <cctype>

#include "polypath/convert/tiled_map.hpp"
#include "polypath/formats/geojson.hpp"
#include "polypath/formats/mesh2.hpp"
#include "polypath/formats/tiled.hpp"
#include "polypath/geom/map_validation.hpp"
#include "polypath/geom/mesh_outline.hpp"
#include "polypath/geom/navmesh_build.hpp"

namespace polypath {
namespace {

namespace fs = std::filesystem;

std::string lowerExtension(const fs::path& file) {
  std::string e = file.extension().string();
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return e;
}

/// The valid polygon map of `doc`, for writers that need one; MapFileError naming
/// `target` and the first error otherwise.
PolygonMap validMap(const MapDocument& doc, const std::string& target) {
  for (const MapProblem& p : validateMap(doc))
    if (p.severity == MapProblem::Severity::Error)
      throw MapFileError(target, "", target + ": cannot write an invalid map: " + p.describe());
  try {
    return buildPolygonMap(doc);
  } catch (const Error& e) {
    throw MapFileError(target, "", target + ": " + e.what());
  }
}

MapDocument parseMeshMap(std::string_view text, const std::string& source) {
  MapDocument doc;
  try {
    doc.polygons = polygonsFromMesh2(parseMesh(text, source));
  } catch (const GeometryError& e) {
    throw MapFileError(source, "", source + ": " + e.what());
  }
  doc.name = fs::path(source).stem().string();
  doc.units = "cells";
  return doc;
}

std::string serializeMesh(const MapDocument& doc, const std::string& target) {
  const PolygonMap map = validMap(doc, target);
  try {
    return serializeMesh2(mesh2FromNavMesh(buildNavMesh(map)));
  } catch (const Error& e) {
    throw MapFileError(target, "", target + ": " + e.what());
  }
}

/// GeoJSON read and validated: the first error found by validateMap is refused with the
/// JSON pointer of its place in the GeoJSON (a self-crossing ring names its vertex).
MapDocument parseGeoJsonMap(std::string_view text, const std::string& source) {
  GeoJsonMap m = parseGeoJson(text, source);
  for (const MapProblem& p : validateMap(m.doc)) {
    if (p.severity != MapProblem::Severity::Error) continue;
    std::string pointer = m.pointerOf(p.place);
    if (pointer.empty() && p.where.rfind("/start", 0) == 0) pointer = m.start_pointer;
    if (pointer.empty() && p.where.rfind("/goal", 0) == 0) pointer = m.goal_pointer;
    throw MapFileError(source, pointer, source + ": " + (pointer.empty() ? std::string("top level") : pointer) + ": " + p.what);
  }
  return std::move(m.doc);
}

std::string serializeGeoJsonMap(const MapDocument& doc, const std::string& target) {
  validMap(doc, target);
  return serializeGeoJson(doc);
}

std::vector<MapFormat> makeFormats() {
  std::vector<MapFormat> f;
  f.push_back({"polypath map (JSON)", {".json"}, [](std::string_view t, const std::string& s) { return parseMap(t, s); },
               [](const MapDocument& d, const std::string&) { return serializeMap(d); }});
  f.push_back({"Polyanya mesh", {".mesh"}, parseMeshMap, serializeMesh});
  f.push_back({"Tiled map (XML)", {".tmx"},
               [](std::string_view t, const std::string& s) { return documentFromTiled(parseTmx(t, s), s); },
               [](const MapDocument& d, const std::string& target) {
                 validMap(d, target);
                 return serializeTmx(tiledFromDocument(d));
               }});
  f.push_back({"Tiled map (JSON)", {".tmj"},
               [](std::string_view t, const std::string& s) { return documentFromTiled(parseTmj(t, s), s); },
               [](const MapDocument& d, const std::string& target) {
                 validMap(d, target);
                 return serializeTmj(tiledFromDocument(d));
               }});
  f.push_back({"GeoJSON", {".geojson"}, parseGeoJsonMap, serializeGeoJsonMap});
  return f;
}

}  // namespace

const std::vector<MapFormat>& mapFormats() {
  static const std::vector<MapFormat> formats = makeFormats();
  return formats;
}

const MapFormat* mapFormatFor(const fs::path& file) {
  const std::string e = lowerExtension(file);
  for (const MapFormat& f : mapFormats())
    if (std::find(f.extensions.begin(), f.extensions.end(), e) != f.extensions.end()) return &f;
  return nullptr;
}

std::string mapFormatExtensions(bool writable) {
  std::string out;
  for (const MapFormat& f : mapFormats()) {
    if (writable ? !f.serialize : !f.parse) continue;
    for (const std::string& e : f.extensions) out += (out.empty() ? "" : ", ") + e.substr(1);
  }
  return out;
}

MapDocument importMap(const fs::path& file) {
  const MapFormat* f = mapFormatFor(file);
  if (!f) return loadMap(file);  // an extension no format claims: polypath JSON, as always
  if (!f->parse)
    throw MapFileError(file.string(), "",
                       file.string() + ": polypath reads no '" + file.extension().string() +
                           "' maps; it reads " + mapFormatExtensions(false));
  if (f->extensions.front() == ".json") return loadMap(file);  // keeps loadMap's naming rule
  return f->parse(readMapFile(file), file.string());
}

void exportMap(const MapDocument& doc, const fs::path& file) {
  const MapFormat* f = mapFormatFor(file);
  if (!f || !f->serialize)
    throw MapFileError(file.string(), "",
                       file.string() + ": polypath writes no '" + file.extension().string() +
                           "' maps; it writes " + mapFormatExtensions(true));
  saveTextFileAtomically(f->serialize(doc, file.string()), file);
}

}  // namespace polypath
