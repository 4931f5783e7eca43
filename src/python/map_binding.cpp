// map_binding.cpp: polypath.load_map, polypath.Map and polypath.Problem.
#include "python/map_binding.hpp"

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include "polypath/convert/map_formats.hpp"
#include "python/map_object.hpp"

namespace py = pybind11;

namespace polypath::python {
namespace {

py::object optionalPoint(const std::optional<Point>& p) {
  return p ? py::object(py::make_tuple(p->x, p->y)) : py::object(py::none());
}

py::list ringList(const Ring& ring) {
  py::list out;
  for (const Point& p : ring) out.append(py::make_tuple(p.x, p.y));
  return out;
}

std::optional<Point> optionalArg(const py::object& o, const char* what) {
  if (o.is_none()) return std::nullopt;
  return toPoint(o, what);
}

void bindProblem(py::module_& m) {
  py::class_<MapProblem>(m, "Problem",
                         "One problem validate() found: severity, where (JSON pointer or ring place), what "
                         "(the whole message) and the same place in structured form.")
      .def_property_readonly(
          "severity", [](const MapProblem& p) { return p.severity == MapProblem::Severity::Error ? "error" : "warning"; },
          "'error' or 'warning'.")
      .def_readonly("where", &MapProblem::where, "JSON pointer ('/polygons/0/outer/3') or place ('polygon 0, hole 1').")
      .def_readonly("what", &MapProblem::what, "What is wrong and what to do.")
      .def_readonly("fix", &MapProblem::fix, "The advice alone (the end of `what`), or ''.")
      .def_property_readonly(
          "polygon", [](const MapProblem& p) { return p.place.polygon; }, "Polygon index, -1 when not about a polygon.")
      .def_property_readonly(
          "hole", [](const MapProblem& p) { return p.place.hole; }, "Hole index, -1 for the outer ring or the whole polygon.")
      .def_property_readonly(
          "vertex", [](const MapProblem& p) { return p.place.vertex; }, "Vertex index, -1 for a whole ring or polygon.")
      .def_property_readonly(
          "point", [](const MapProblem& p) { return optionalPoint(p.point); },
          "The point the message names (x, y), or None.")
      .def("__str__", &MapProblem::describe, "The line `polypath validate` prints: 'error: WHERE: WHAT'.")
      .def("__repr__", [](const MapProblem& p) { return "<polypath.Problem " + p.describe() + ">"; });
}

constexpr const char* kQueryArgsDoc =
    "method: a registered method's name (polypath.methods()), or 'NAME:VALUE' to set its first option "
    "('grid:0.5': cells of 0.5); clearance: agent radius in world units (None: the map's setting); "
    "corner_offset: visibility node push off the corners (None: the map's setting); heuristic: none, "
    "euclidean, manhattan, chebyshev or octile (None: octile for grid, else euclidean, as the command "
    "line); weight: f = g + weight h; tie_break: 'g' (larger g first) or 'none'.";

}  // namespace

void bindMap(py::module_& m) {
  bindProblem(m);
  py::class_<MapObject, std::shared_ptr<MapObject>>(m, "Map",
                                                    "A polygon map loaded with load_map(). Graphs and meshes are "
                                                    "built on the first query that needs them and kept.")
      .def_property_readonly("file", &MapObject::file, "The file it was loaded from.")
      .def_property_readonly(
          "name", [](const MapObject& o) { return o.document().name; }, "The map's name.")
      .def_property_readonly(
          "units", [](const MapObject& o) { return o.document().units; }, "The unit of every coordinate.")
      .def_property_readonly(
          "start", [](const MapObject& o) { return optionalPoint(o.document().start); }, "The map's start (x, y) or None.")
      .def_property_readonly(
          "goal", [](const MapObject& o) { return optionalPoint(o.document().goal); }, "The map's goal (x, y) or None.")
      .def_property_readonly(
          "clearance", [](const MapObject& o) { return o.document().settings.clearance; },
          "The agent radius of the map's settings (the default of path()).")
      .def_property_readonly(
          "polygons",
          [](const MapObject& o) {
            py::list out;
            for (const Polygon& p : o.document().polygons) {
              py::list holes;
              for (const Ring& h : p.holes) holes.append(ringList(h));
              py::dict d;
              d["outer"] = ringList(p.outer);
              d["holes"] = holes;
              out.append(d);
            }
            return out;
          },
          "The walkable areas as in the file: [{'outer': [(x, y), ...], 'holes': [[(x, y), ...], ...]}, ...].")
      .def("validate", &MapObject::validate,
           "Every problem `polypath validate` lists, as Problem objects (an empty list for a valid map).")
      .def(
          "path",
          [](MapObject& o, const py::object& start, const py::object& goal, const std::string& method,
             std::optional<double> clearance, std::optional<double> corner_offset, const std::optional<std::string>& heuristic,
             double weight, const std::string& tie_break) {
            const QueryOptions q = o.options(method, clearance, corner_offset, heuristic, weight, tie_break);
            return o.path(o.endpoint(optionalArg(start, "start"), "start"), o.endpoint(optionalArg(goal, "goal"), "goal"), q);
          },
          py::arg("start") = py::none(), py::arg("goal") = py::none(), py::kw_only(), py::arg("method") = "visibility",
          py::arg("clearance") = py::none(), py::arg("corner_offset") = py::none(),
          py::arg("heuristic") = py::none(), py::arg("weight") = 1.0, py::arg("tie_break") = "g",
          (std::string("The path from start to goal (None: the map's own), a Result. ") + kQueryArgsDoc +
           " Raises QueryError for a start or goal that is not walkable or has no clearance, GeometryError "
           "when the map has errors, ClearanceError, MethodError.")
              .c_str())
      .def(
          "paths",
          [](MapObject& o, const py::object& starts, const py::object& goals, const std::string& method,
             std::optional<double> clearance, std::optional<double> corner_offset,
             const std::optional<std::string>& heuristic, double weight, const std::string& tie_break, int threads,
             bool keep_points) {
            const QueryOptions q = o.options(method, clearance, corner_offset, heuristic, weight, tie_break);
            const std::vector<Point> s = toPoints(starts, "starts"), g = toPoints(goals, "goals");
            if (s.size() != g.size())
              throw py::value_error("starts and goals differ in length: " + std::to_string(s.size()) + " and " +
                                    std::to_string(g.size()));
            if (threads < 1) throw py::value_error("threads must be at least 1, not " + std::to_string(threads));
            o.original();  // the map's errors raised here, with the GIL
            const py::gil_scoped_release release;
            return o.paths(s, g, q, threads, keep_points);
          },
          py::arg("starts"), py::arg("goals"), py::kw_only(), py::arg("method") = "visibility",
          py::arg("clearance") = py::none(), py::arg("corner_offset") = py::none(),
          py::arg("heuristic") = py::none(), py::arg("weight") = 1.0, py::arg("tie_break") = "g",
          py::arg("threads") = 1, py::arg("keep_points") = true,
          (std::string("Many queries at once: starts[i] to goals[i] (sequences of (x, y) or (n, 2) arrays), a "
                       "list of Results in the same order, equal to path() one by one. The method is built once "
                       "per call and shared by `threads` workers; the GIL is released meanwhile. A refused "
                       "query (a point outside the map or without clearance) is a Result with found=False and "
                       "its message in `error`, not an exception. keep_points=False leaves points empty. ") +
           kQueryArgsDoc)
              .c_str())
      .def(
          "search",
          [](MapObject& o, const py::object& start, const py::object& goal, const std::string& method,
             std::optional<double> clearance, std::optional<double> corner_offset, const std::optional<std::string>& heuristic,
             double weight, const std::string& tie_break) {
            const QueryOptions q = o.options(method, clearance, corner_offset, heuristic, weight, tie_break);
            return Stepper(o.stepped(o.endpoint(optionalArg(start, "start"), "start"),
                                     o.endpoint(optionalArg(goal, "goal"), "goal"), q),
                           q.search);
          },
          py::arg("start") = py::none(), py::arg("goal") = py::none(), py::kw_only(), py::arg("method") = "visibility",
          py::arg("clearance") = py::none(), py::arg("corner_offset") = py::none(),
          py::arg("heuristic") = py::none(), py::arg("weight") = 1.0, py::arg("tie_break") = "g",
          (std::string("A stepped search (polypath.Search) from start to goal, before its first step; the same "
                       "keywords as path(). ") +
           kQueryArgsDoc)
              .c_str())
      .def("__repr__", [](const MapObject& o) {
        return "<polypath.Map '" + o.document().name + "' from " + o.file() + ", " +
               std::to_string(o.document().polygons.size()) + " polygons>";
      });

  m.def(
      "load_map",
      [](const std::filesystem::path& file) { return std::make_shared<MapObject>(file.string(), importMap(file)); },
      py::arg("file"),
      "Reads a polygon map file (a str or os.PathLike: polypath JSON, or any format `polypath convert` reads, by extension). Raises "
      "MapFileError (or MeshFileError) naming the file, the place and what is wrong. The map is not checked "
      "here: validate() lists its problems.");
}

}  // namespace polypath::python
