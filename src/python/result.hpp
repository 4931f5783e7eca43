// result.hpp: what a path query returns to Python (polypath.Result), and points as Python
// objects: a numpy array of shape (n, 2) when numpy can be imported, else a list of (x, y)
// tuples (decided at each call, so a program without numpy gets lists).
#pragma once

#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "polypath/core/geometry.hpp"
#include "polypath/core/search.hpp"

namespace polypath::python {

/// One answer: a found flag, the length, the points, the expansions; `error` names why a
/// query of a batch was refused (empty when it ran).
struct Result {
  bool found = false;
  double length = 0.0;        ///< world units (grid: cell units times the cell size); 0 when not found
  std::vector<Point> points;  ///< start ... goal; empty when not found
  int expanded = 0;           ///< nodes the search closed (the goal included)
  std::string method;         ///< the registered method (or "grid" for polypath.Grid)
  std::string error;          ///< paths(): why the query was refused; "" when it ran
};

/// The Result of a finished search on a method's graph, in world units.
Result makeResult(const Path& path, const std::string& method);

/// Points as numpy float64 array of shape (n, 2), or (numpy absent) a list of tuples.
pybind11::object pointsObject(const std::vector<Point>& points);

/// A Python (x, y) pair (any sequence of two numbers, a numpy row included) as a Point.
/// Raises TypeError naming `what` for anything else.
Point toPoint(pybind11::handle object, const char* what);

/// A sequence of (x, y) pairs (a list of tuples, an (n, 2) numpy array) as Points.
std::vector<Point> toPoints(pybind11::handle object, const char* what);

/// Registers polypath.Result on `m`.
void bindResult(pybind11::module_& m);

}  // namespace polypath::python
