// errors.hpp: polypath's C++ exceptions as Python exceptions. polypath.Error (a subclass
// of Exception) is the base; MapFileError, MeshFileError, LessonError, GeometryError,
// QueryError, ClearanceError and MethodError derive from it as their C++ classes derive
// from polypath::Error (core/error.hpp). str(e) is the C++ what(); e.location its location().
#pragma once

#include <string>

#include <pybind11/pybind11.h>

namespace polypath::python {

/// The Python exception classes, one per C++ class.
enum class ErrorClass { Error, MapFile, MeshFile, Lesson, Geometry, Query, Clearance, Method };

/// Creates the exception classes in module `m` and registers the translator that turns a
/// thrown polypath::Error into the matching Python exception.
void bindErrors(pybind11::module_& m);

/// Throws (as pybind11::error_already_set) the Python exception of `cls` with `message`
/// and `location`, for problems the bindings find themselves (an invalid map asked for a
/// path, a grid cell outside the grid).
[[noreturn]] void raise(ErrorClass cls, const std::string& message, const std::string& location = {});

}  // namespace polypath::python
