// initial_endpoints.cpp: --start and --goal on the opened document (see initial_endpoints.hpp).
#include "editor/document/initial_endpoints.hpp"

#include <cmath>

namespace polypath::editor {

namespace {

std::string number(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

// "" or the problem with putting a grid marker at p.
std::string placeOnGrid(GridScene& grid, const char* option, Point p, bool start) {
  const std::string what = std::string(option) + " " + number(p.x) + "," + number(p.y) + ": ";
  if (p.x != std::floor(p.x) || p.y != std::floor(p.y)) return what + "a grid cell needs whole numbers C,R";
  const Grid& g = grid.grid();
  const std::string size = std::to_string(g.width) + " x " + std::to_string(g.height) + " grid";
  if (!(p.x >= 0 && p.y >= 0 && p.x < g.width && p.y < g.height)) return what + "outside the " + size;
  const int x = static_cast<int>(p.x), y = static_cast<int>(p.y);
  if (g.isBlocked(x, y))
    return what + "cell (" + std::to_string(x) + ", " + std::to_string(y) + ") is a wall of the " + size;
  const bool ok = start ? grid.setStart(x, y) : grid.setGoal(x, y);
  return ok ? "" : what + "the cell cannot take the marker";
}

}  // namespace

std::string applyInitialEndpoints(const AppOptions& options, GridScene& grid, Scene& scene) {
  std::string problems;
  auto add = [&](const std::string& p) {
    if (p.empty()) return;
    if (!problems.empty()) problems += "; ";
    problems += p;
  };
  if (grid.active()) {
    if (options.start) add(placeOnGrid(grid, "--start", *options.start, true));
    if (options.goal) add(placeOnGrid(grid, "--goal", *options.goal, false));
    return problems;
  }
  if (options.start) scene.setStart(*options.start);
  if (options.goal) scene.setGoal(*options.goal);
  return problems;
}

}  // namespace polypath::editor
