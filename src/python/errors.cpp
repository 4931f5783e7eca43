// errors.cpp: the Python exception hierarchy and the translator (see errors.hpp).
#include "python/errors.hpp"

#include <array>
#include <exception>

#include "polypath/core/method.hpp"
#include "polypath/core/polygon_map.hpp"
#include "polypath/formats/lesson.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/formats/mesh2.hpp"
#include "polypath/geom/clearance.hpp"

namespace py = pybind11;

namespace polypath::python {
namespace {

struct ClassSpec {
  const char* name;
  const char* doc;
};

constexpr std::array<ClassSpec, 8> kClasses = {{
    {"Error", "Base of every exception polypath raises for input it cannot use. str(e) is the whole message "
              "(where, what is wrong, what to do); e.location is the place alone, '' when the message names none."},
    {"MapFileError", "A map file (or Moving AI grid) that cannot be read. e.file and e.pointer (a JSON pointer, "
                     "or '') say where."},
    {"MeshFileError", "A Polyanya mesh file that cannot be read."},
    {"LessonError", "A lesson file that cannot be read."},
    {"GeometryError", "Rings that do not form a valid map (Map.path on a map validate() finds errors in)."},
    {"QueryError", "A start or goal outside the walkable region, without the clearance asked for, or not a free "
                   "cell of a grid."},
    {"ClearanceError", "A clearance radius or style that cannot erode the map."},
    {"MethodError", "An unknown method name or a method that cannot be built on the map."},
}};

/// The classes, created once by bindErrors and kept for the life of the process (never
/// destroyed: the interpreter may already be gone at exit).
std::array<PyObject*, kClasses.size()>& classes() {
  static std::array<PyObject*, kClasses.size()> c{};
  return c;
}

/// Raises an instance of class `cls` with message and location set, plus `extra`
/// attributes (MapFileError's file and pointer).
void setError(ErrorClass cls, const std::string& message, const std::string& location,
              const py::dict& extra = py::dict()) {
  PyObject* type = classes()[static_cast<std::size_t>(cls)];
  py::object instance = py::reinterpret_borrow<py::object>(type)(message);
  instance.attr("location") = location;
  for (const auto& item : extra) instance.attr(item.first) = item.second;
  PyErr_SetObject(type, instance.ptr());
}

void translate(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (const MapFileError& e) {
    setError(ErrorClass::MapFile, e.what(), e.location(), py::dict(py::arg("file") = e.file(), py::arg("pointer") = e.pointer()));
  } catch (const LessonError& e) {
    setError(ErrorClass::Lesson, e.what(), e.location(), py::dict(py::arg("file") = e.file(), py::arg("pointer") = e.pointer()));
  } catch (const MeshFileError& e) {
    setError(ErrorClass::MeshFile, e.what(), e.location());
  } catch (const GeometryError& e) {
    setError(ErrorClass::Geometry, e.what(), e.location());
  } catch (const QueryError& e) {
    setError(ErrorClass::Query, e.what(), e.location());
  } catch (const ClearanceError& e) {
    setError(ErrorClass::Clearance, e.what(), e.location());
  } catch (const MethodError& e) {
    setError(ErrorClass::Method, e.what(), e.location());
  } catch (const Error& e) {
    setError(ErrorClass::Error, e.what(), e.location());
  }
}

}  // namespace

void bindErrors(py::module_& m) {
  auto& c = classes();
  const std::string module = py::cast<std::string>(m.attr("__name__"));
  for (std::size_t i = 0; i < kClasses.size(); ++i) {
    PyObject* base = i == 0 ? PyExc_Exception : c[0];
    const std::string qualified = module + "." + kClasses[i].name;
    c[i] = PyErr_NewExceptionWithDoc(qualified.c_str(), kClasses[i].doc, base, nullptr);
    if (!c[i]) throw py::error_already_set();
    // The class attribute defaults, so that every instance has them.
    py::handle cls(c[i]);
    if (i == 0) cls.attr("location") = "";
    if (i == static_cast<std::size_t>(ErrorClass::MapFile) || i == static_cast<std::size_t>(ErrorClass::Lesson)) {
      cls.attr("file") = "";
      cls.attr("pointer") = "";
    }
    m.add_object(kClasses[i].name, py::reinterpret_borrow<py::object>(cls));
  }
  py::register_exception_translator(&translate);
}

[[noreturn]] void raise(ErrorClass cls, const std::string& message, const std::string& location) {
  setError(cls, message, location);
  throw py::error_already_set();
}

}  // namespace polypath::python
