// grid_binding.cpp: polypath.Grid (see grid_binding.hpp). Start and goal are cells,
// (column, row), as `polypath path X.map --method grid --start C,R` takes them.
#include "python/grid_binding.hpp"

#include <filesystem>
#include <memory>

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "polypath/core/grid.hpp"
#include "polypath/formats/movingai.hpp"
#include "python/errors.hpp"
#include "python/search_options.hpp"
#include "python/stepper.hpp"

namespace py = pybind11;

namespace polypath::python {
namespace {

/// A loaded grid and the file it came from.
struct GridObject {
  std::string file;
  Grid grid;
};

/// The grid's graph with a start and a goal cell; keeps the grid alive.
class GridSearchGraph : public SteppedGraph {
 public:
  GridSearchGraph(std::shared_ptr<const GridObject> grid, GridOptions options, int start, int goal)
      : grid_(std::move(grid)), graph_(grid_->grid, options), start_(start), goal_(goal) {}
  const SearchGraph& graph() const override { return graph_; }
  NodeId startNode() const override { return start_; }
  NodeId goalNode() const override { return goal_; }
  /// Node positions are cell centres; the length is the cost in world units.
  Path worldPath(const Path& search) const override {
    Path p = search;
    p.points.clear();
    for (NodeId n : p.nodes) p.points.push_back(graph_.position(n));
    p.length = search.length / graph_.costPerUnit();
    return p;
  }
  std::string methodName() const override { return "grid"; }

 private:
  std::shared_ptr<const GridObject> grid_;
  GridGraph graph_;
  NodeId start_, goal_;
};

/// The cell index of (column, row), refusing one outside the grid or blocked (QueryError
/// worded as `polypath path X.map --method grid` words it).
int cellOf(const GridObject& g, py::handle cell, const char* which) {
  int c = 0, r = 0;
  try {
    const auto pair = py::cast<std::pair<int, int>>(cell);
    c = pair.first;
    r = pair.second;
  } catch (const py::cast_error&) {
    throw py::type_error(std::string(which) + " must be a cell (column, row) of two integers, not " +
                         py::cast<std::string>(py::repr(cell)));
  }
  const std::string where = g.file + ": " + which + " cell (" + std::to_string(c) + ", " + std::to_string(r) + ")";
  if (!g.grid.contains(c, r))
    raise(ErrorClass::Query,
          where + " is outside the " + std::to_string(g.grid.width) + " x " + std::to_string(g.grid.height) + " grid");
  if (g.grid.isBlocked(c, r)) raise(ErrorClass::Query, where + " is blocked");
  return g.grid.index(c, r);
}

GridOptions gridOptions(int moves, const std::string& corner) {
  GridOptions o;
  if (moves != 4 && moves != 8) throw py::value_error("moves must be 4 or 8, not " + std::to_string(moves));
  o.moves = moves;
  if (!parseCornerRule(corner, o.corner))
    throw py::value_error("corner must be 'no-cut', 'cut' or 'uniform', not '" + corner + "'");
  return o;
}

std::unique_ptr<SteppedGraph> gridSearch(const std::shared_ptr<GridObject>& g, const py::object& start,
                                         const py::object& goal, int moves, const std::string& corner) {
  const int s = cellOf(*g, start, "start"), t = cellOf(*g, goal, "goal");
  return std::make_unique<GridSearchGraph>(g, gridOptions(moves, corner), s, t);
}

constexpr const char* kGridArgsDoc =
    "start and goal are cells (column, row); moves: 4 or 8; corner: 'no-cut' (diagonal only past two free "
    "cells, Moving AI's rule), 'cut' or 'uniform'; heuristic: none, euclidean, manhattan, chebyshev or "
    "octile; weight: f = g + weight h; tie_break: 'g' or 'none'.";

}  // namespace

void bindGrid(py::module_& m) {
  py::class_<GridObject, std::shared_ptr<GridObject>>(
      m, "Grid", "A Moving AI grid map (.map): cells free or blocked, searched cell to cell with octile costs.")
      .def(py::init([](const std::filesystem::path& file) {
             return std::make_shared<GridObject>(GridObject{file.string(), loadMovingAiMap(file)});
           }),
           py::arg("file"), "Reads a Moving AI .map file. Raises MapFileError 'FILE:LINE:COLUMN: what is wrong'.")
      .def_property_readonly(
          "file", [](const GridObject& g) { return g.file; }, "The file it was loaded from.")
      .def_property_readonly(
          "width", [](const GridObject& g) { return g.grid.width; }, "Columns.")
      .def_property_readonly(
          "height", [](const GridObject& g) { return g.grid.height; }, "Rows.")
      .def_property_readonly(
          "free_count", [](const GridObject& g) { return g.grid.freeCount(); }, "Number of free cells.")
      .def(
          "blocked", [](const GridObject& g, int x, int y) { return g.grid.isBlocked(x, y); }, py::arg("x"),
          py::arg("y"), "True when cell (column x, row y) is blocked or outside the grid.")
      .def(
          "path",
          [](const std::shared_ptr<GridObject>& g, const py::object& start, const py::object& goal, int moves,
             const std::string& corner, const std::string& heuristic, double weight, const std::string& tie_break) {
            Stepper s(gridSearch(g, start, goal, moves, corner), searchOptions(heuristic, weight, tie_break));
            s.run(-1);
            return s.result();
          },
          py::arg("start"), py::arg("goal"), py::kw_only(), py::arg("moves") = 8, py::arg("corner") = "no-cut",
          py::arg("heuristic") = "octile", py::arg("weight") = 1.0, py::arg("tie_break") = "g",
          (std::string("The shortest path between two cells, a Result: length in cells (octile: straight 1, "
                       "diagonal sqrt 2), points the cell centres. ") +
           kGridArgsDoc + " Raises QueryError for a cell outside the grid or blocked.")
              .c_str())
      .def(
          "search",
          [](const std::shared_ptr<GridObject>& g, const py::object& start, const py::object& goal, int moves,
             const std::string& corner, const std::string& heuristic, double weight, const std::string& tie_break) {
            return Stepper(gridSearch(g, start, goal, moves, corner), searchOptions(heuristic, weight, tie_break));
          },
          py::arg("start"), py::arg("goal"), py::kw_only(), py::arg("moves") = 8, py::arg("corner") = "no-cut",
          py::arg("heuristic") = "octile", py::arg("weight") = 1.0, py::arg("tie_break") = "g",
          (std::string("A stepped search (polypath.Search) between two cells; node ids are cell numbers "
                       "row * width + column. ") +
           kGridArgsDoc)
              .c_str())
      .def("__repr__", [](const GridObject& g) {
        return "<polypath.Grid " + g.file + ", " + std::to_string(g.grid.width) + " x " +
               std::to_string(g.grid.height) + ", " + std::to_string(g.grid.freeCount()) + " free>";
      });
}

}  // namespace polypath::python
