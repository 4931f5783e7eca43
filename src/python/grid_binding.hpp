// grid_binding.hpp: polypath.Grid, a Moving AI grid map searched with the grid method's
// graph (4 or 8 moves, corner rules, octile costs).
#pragma once

#include <pybind11/pybind11.h>

namespace polypath::python {

/// Registers polypath.Grid on `m`.
void bindGrid(pybind11::module_& m);

}  // namespace polypath::python
