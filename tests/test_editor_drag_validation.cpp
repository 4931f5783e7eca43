// The editor's validation during a drag: incremental (DragValidator) while the gesture
// lasts, validateMap's own problems once it ends.
#ifdef POLYPATH_HAVE_EDITOR

#include <catch2/catch.hpp>

#include <filesystem>

#include "editor/document/scene.hpp"
#include "polypath/geom/map_validation.hpp"

using namespace polypath;
using namespace polypath::editor;

namespace {

std::string texts(const std::vector<MapProblem>& problems) {
  std::string s;
  for (const MapProblem& p : problems) s += p.describe() + "\n";
  return s;
}

}  // namespace

TEST_CASE("a drag is validated from its moved edges and in full when it ends", "[editor][drag]") {
  Scene scene;
  scene.setDocument(loadMap(std::filesystem::path(POLYPATH_SOURCE_DIR) / "maps" / "seed-demo.json"));
  REQUIRE(scene.problems().empty());
  const Handle v4{Handle::Kind::Vertex, 0, -1, 4};  // (6, 8)
  const std::size_t commands = scene.history().size();
  scene.beginGesture();
  // A valid position: no problem, the map and path are current.
  scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, v4, {6.5, 8.5}); });
  CHECK(scene.problems().empty());
  CHECK(scene.mapIsCurrent());
  CHECK(scene.polygonMap()->vertices()[4].position == Point{6.5, 8.5});
  // Through the wall below: edge (24,8)-(6,12) crosses edge (6,10)-(24,10) at (15, 10).
  scene.gestureUpdate([&](MapDocument& d) { return setHandlePosition(d, v4, {6, 12}); });
  INFO(texts(scene.problems()));
  REQUIRE(scene.hasErrors());
  CHECK_FALSE(scene.mapIsCurrent());
  const MapProblem quick = scene.problems().front();
  CHECK(quick.where == "/polygons/0/outer/4");
  CHECK(quick.what.rfind("edges cross at (15, 10): ", 0) == 0);
  CHECK(quick.what.find("checked in full when the drag ends") != std::string::npos);
  // Released there: validateMap's problems, exactly.
  scene.endGesture("Move vertex");
  CHECK(scene.history().size() == commands + 1);
  const std::vector<MapProblem> full = validateMap(scene.document());
  REQUIRE(scene.problems().size() == full.size());
  for (std::size_t i = 0; i < full.size(); ++i) {
    CHECK(scene.problems()[i].where == full[i].where);
    CHECK(scene.problems()[i].what == full[i].what);
  }
  // Undo: valid again, fully validated.
  REQUIRE(scene.undo());
  CHECK(scene.problems().empty());
  CHECK(scene.mapIsCurrent());
}

#endif  // POLYPATH_HAVE_EDITOR
