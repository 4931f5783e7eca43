// initial_endpoints.hpp: the editor's --start and --goal, applied to the document opened
// at start (a polygon map or a Moving AI grid), so that `--screenshot` can show any query.
#pragma once
#include <string>
#include "editor/app/command_line.hpp"
#include "editor/tilegrid/grid_scene.hpp"
#include "editor/document/scene.hpp"

namespace polypath::editor {

/// Sets options.start and options.goal (when given) on the shown document: on an active
/// grid they are cells C,R (whole numbers, inside the grid, free; GridScene::setStart /
/// setGoal), else world points on the polygon map (Scene::setStart / setGoal, one undoable
/// command each). Returns "" when all went well, else one message per problem, e.g.
/// "--start 3.5,2: a grid cell needs whole numbers C,R" or "--goal 23,10: cell (23, 10) is
/// a wall of the 40 x 24 grid"; a refused point leaves the document's own.
std::string applyInitialEndpoints(const AppOptions& options, GridScene& grid, Scene& scene);

}  // namespace polypath::editor
