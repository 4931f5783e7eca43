// builtin.hpp: the factories of the built-in methods, each defined in its own file and
// registered in registry.cpp.
#pragma once

#include <memory>

#include "polypath/core/method.hpp"

namespace polypath {

std::unique_ptr<Method> makeVisibilityMethod();      // visibility_method.cpp
std::unique_ptr<Method> makePolyanyaMethod();        // polyanya_method.cpp
std::unique_ptr<Method> makeTriangleCentreMethod();  // triangle_method.cpp
std::unique_ptr<Method> makeTrianglePortalMethod();  // triangle_method.cpp
std::unique_ptr<Method> makeGridMethod();            // grid_method.cpp

}  // namespace polypath
