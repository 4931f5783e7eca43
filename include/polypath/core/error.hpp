// error.hpp: the one base class of the exceptions polypath throws for bad input.
#pragma once

#include <stdexcept>
#include <string>

namespace polypath {

/// Base of every exception polypath throws for input it cannot use: a file that cannot be
/// read (MapFileError, MeshFileError, LessonError), rings that do not form a valid map
/// (GeometryError), a start or goal outside the walkable region (QueryError), a radius
/// or style that cannot erode the map (ClearanceError), a method that cannot be built or
/// is unknown (MethodError). The library never aborts on bad input; catch Error to handle
/// all of them.
///
/// what() is the whole message: where, what is wrong and what to do. location() is the
/// place alone, empty when the message names none: a file with a JSON pointer
/// ("maps/a.json#/polygons/0/outer/3"), a file and line ("a.mesh:12"), or a place in the
/// map ("polygon 0, hole 2, vertex 5").
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& what, std::string location = {})
      : std::runtime_error(what), location_(std::move(location)) {}
  /// The place the problem is at, or empty.
  const std::string& location() const { return location_; }

 private:
  std::string location_;
};

}  // namespace polypath
