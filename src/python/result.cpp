// result.cpp: polypath.Result and point conversion (see result.hpp).
#include "python/result.hpp"

#include <cstdio>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace polypath::python {

Result makeResult(const Path& path, const std::string& method) {
  Result r;
  r.found = path.found;
  r.length = path.found ? path.length : 0.0;
  r.points = path.points;
  r.expanded = path.expanded;
  r.method = method;
  return r;
}

py::object pointsObject(const std::vector<Point>& points) {
  bool numpy = true;
  try {
    py::module_::import("numpy");
  } catch (const py::error_already_set&) {
    numpy = false;
  }
  if (numpy) {
    py::array_t<double> a({static_cast<py::ssize_t>(points.size()), py::ssize_t{2}});
    auto view = a.mutable_unchecked<2>();
    for (std::size_t i = 0; i < points.size(); ++i) {
      view(static_cast<py::ssize_t>(i), 0) = points[i].x;
      view(static_cast<py::ssize_t>(i), 1) = points[i].y;
    }
    return a;
  }
  py::list list;
  for (const Point& p : points) list.append(py::make_tuple(p.x, p.y));
  return list;
}

Point toPoint(py::handle object, const char* what) {
  if (py::isinstance<py::sequence>(object) && !py::isinstance<py::str>(object)) {
    const py::sequence s = py::reinterpret_borrow<py::sequence>(object);
    if (s.size() == 2) {
      try {
        return {py::cast<double>(s[0]), py::cast<double>(s[1])};
      } catch (const py::cast_error&) {
      }
    }
  }
  throw py::type_error(std::string(what) + " must be a pair of numbers (x, y), not " +
                       py::cast<std::string>(py::repr(object)));
}

std::vector<Point> toPoints(py::handle object, const char* what) {
  std::vector<Point> out;
  if (!py::isinstance<py::sequence>(object) || py::isinstance<py::str>(object))
    throw py::type_error(std::string(what) + " must be a sequence of (x, y) pairs or an (n, 2) array");
  // Each item held as an object while it is read: a numpy row is a new view, freed as
  // soon as nothing holds it.
  const py::sequence sequence = py::reinterpret_borrow<py::sequence>(object);
  out.reserve(sequence.size());
  for (std::size_t i = 0; i < sequence.size(); ++i) {
    const py::object item = sequence[i];
    out.push_back(toPoint(item, what));
  }
  return out;
}

void bindResult(py::module_& m) {
  py::class_<Result>(m, "Result", "The answer to one path query.")
      .def_readonly("found", &Result::found, "True when a path was found.")
      .def_readonly("length", &Result::length, "Path length in world units; 0.0 when not found.")
      .def_property_readonly(
          "points", [](const Result& r) { return pointsObject(r.points); },
          "The path, start to goal: a numpy array of shape (n, 2) when numpy is installed, else a list of "
          "(x, y) tuples; empty when not found.")
      .def_readonly("expanded", &Result::expanded, "Nodes the search expanded (closed), the goal included.")
      .def_readonly("method", &Result::method, "The method that answered.")
      .def_readonly("error", &Result::error, "Map.paths(): why the query was refused; '' when it ran.")
      .def("__bool__", [](const Result& r) { return r.found; })
      .def("__repr__", [](const Result& r) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "<polypath.Result %s found=%s length=%.12g points=%zu expanded=%d",
                      r.method.c_str(), r.found ? "True" : "False", r.length, r.points.size(), r.expanded);
        return std::string(buf) + (r.error.empty() ? "" : " error=" + py::cast<std::string>(py::repr(py::str(r.error)))) + ">";
      });
}

}  // namespace polypath::python
