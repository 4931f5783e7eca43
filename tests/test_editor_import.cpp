// The editor's import and export of other tools' map formats (map_formats.hpp): opening
// a non-JSON file imports it as an unsaved document, Save As to such a path and the
// Export menu write the map in that format and leave the document's file alone.
#include "support/editor_test.hpp"

#include "polypath/convert/map_formats.hpp"
#include "polypath/methods/registry.hpp"

namespace {

/// The visibility length from the document's start to its goal.
double visibilityLength(const MapDocument& doc) {
  const PolygonMap map = buildPolygonMap(doc);
  std::unique_ptr<Method> m = methods().create("visibility");
  m->build(map, MethodOptions{});
  const Path p = m->findPath(*doc.start, *doc.goal);
  REQUIRE(p.found);
  return p.length;
}

}  // namespace

TEST_CASE("editor: a mesh file is imported as an unsaved map without a file, exported without moving the file",
          "[editor][import]") {
  TempDir dir("editor-import");
  Scene scene;
  const fs::path seed = dir.write("seed.json", kSeedJson);
  REQUIRE(scene.openFile(seed));
  const double length = visibilityLength(scene.document());
  REQUIRE(length > 0.0);

  // Export: the mesh is written, the document keeps its file and its saved state.
  const fs::path mesh = dir.path / "seed.mesh";
  std::string error;
  REQUIRE(scene.exportFile(mesh, &error));
  CHECK(fs::file_size(mesh) > 0);
  CHECK(scene.file() == seed);
  CHECK_FALSE(scene.dirty());

  // Import: the same walkable region (the union of the mesh's triangles), no file yet,
  // unsaved; the start and goal are not in a mesh.
  Scene other;
  REQUIRE(other.openFile(mesh, &error));
  CHECK_FALSE(other.file().has_value());
  CHECK(other.dirty());
  REQUIRE(other.document().polygons.size() == 1);
  CHECK(other.document().polygons[0].outer.size() == scene.document().polygons[0].outer.size());
  MapDocument imported = other.document();
  imported.start = scene.document().start;
  imported.goal = scene.document().goal;
  CHECK(visibilityLength(imported) == Approx(length).epsilon(1e-12));

  // A format nobody reads: the message lists those that are read; the document stays.
  CHECK_FALSE(other.exportFile(dir.path / "seed.xyz", &error));
  CHECK(error == (dir.path / "seed.xyz").string() + ": polypath writes no '.xyz' maps; it writes " +
                     mapFormatExtensions(true));
}

TEST_CASE("editor: Open imports, Save As to a foreign extension exports, the Export menu lists every writable format",
          "[editor][import]") {
  TempDir dir("editor-import");
  const fs::path seed = dir.write("seed.json", kSeedJson);
  HeadlessEditor ed(withMap(seed.string()));
  UiState& ui = ed.app->ui();
  Scene& scene = ed.app->scene();

  // Save As to level.mesh: exported, the map's own file stays seed.json.
  ed.click("Save As");
  ed.chooseFile(dir.path / "level.mesh");
  ed.frames(1);
  CHECK(fs::exists(dir.path / "level.mesh"));
  CHECK(scene.file() == seed);
  CHECK(ui.status == "Exported " + (dir.path / "level.mesh").string() +
                         " (Polyanya mesh); the map's own file is " + seed.string());

  // Open level.mesh: imported; the path field proposes level.json for Save.
  ed.click("Open");
  ed.chooseFile(dir.path / "level.mesh");
  ed.frames(2);
  CHECK_FALSE(scene.file().has_value());
  CHECK(ui.path_text == (dir.path / "level.json").string());
  CHECK(ui.status == "Imported " + (dir.path / "level.mesh").string() + " (Polyanya mesh); Save writes it as " +
                         (dir.path / "level.json").string());
  ed.click("Save");  // an imported map has no file yet: Save asks where, proposing level.json
  REQUIRE(ui.file_dialog.isOpen());
  CHECK(ui.file_dialog.name() == "level.json");
  ed.frames(1);  // the name field takes the keyboard
  ed.key(SDL_SCANCODE_RETURN);
  ed.frames(1);
  CHECK(scene.file() == dir.path / "level.json");
  CHECK_FALSE(scene.dirty());
  const MapDocument saved = loadMap(dir.path / "level.json");
  REQUIRE(saved.polygons.size() == scene.document().polygons.size());
  CHECK(saved.polygons[0].outer == scene.document().polygons[0].outer);

  // The Export popup has one entry per writable format but polypath JSON.
  ed.click("Export");
  ed.frames(2);
  for (const MapFormat& f : mapFormats()) {
    if (!f.serialize || &f == &mapFormats().front()) continue;
    INFO(f.name);
    CHECK(ui.widget_rects.count("export map " + f.extensions.front().substr(1)) == 1);
  }
  ui.export_name = (dir.path / "out").string();
  ed.frames(1);
  ed.click("export map mesh");
  ed.frames(1);
  CHECK(fs::exists(dir.path / "out.mesh"));
  CHECK(ui.status == "Exported " + (dir.path / "out.mesh").string() + " (Polyanya mesh)");
}

TEST_CASE("editor: the Tiled courtyard (Tiled's own conventions) opens with its obstacles, start, goal and path",
          "[editor][import][tiled]") {
  const fs::path tmx = fs::path(POLYPATH_SOURCE_DIR) / "maps" / "tiled" / "courtyard.tmx";
  HeadlessEditor ed(withMap(tmx));
  Scene& scene = ed.app->scene();
  ed.frames(2);
  CHECK_FALSE(scene.file().has_value());
  CHECK_FALSE(scene.hasErrors());
  REQUIRE(scene.document().polygons.size() == 1);
  CHECK(scene.document().polygons[0].holes.size() == 5);
  CHECK(scene.document().start == Point{40, 40});
  CHECK(scene.document().goal == Point{600, 440});
  // Start -> crate corner (160, 100) -> rock tip (446, 342) -> goal, as tests/test_tiled.cpp derives.
  const double by_hand = std::sqrt(120.0 * 120 + 60 * 60) + std::sqrt(286.0 * 286 + 242 * 242) + std::sqrt(154.0 * 154 + 98 * 98);
  CHECK(scene.stats().path_length == Approx(by_hand).epsilon(1e-12));
  CHECK(ed.app->ui().status == "Imported " + tmx.string() + " (Tiled map (XML)); Save writes it as " +
                                   fs::path(tmx).replace_extension(".json").string());
}
