// map_binding.hpp: polypath.load_map, polypath.Map (validate, path, paths, search) and
// polypath.Problem.
#pragma once

#include <pybind11/pybind11.h>

namespace polypath::python {

/// Registers Problem, Map and load_map on `m`.
void bindMap(pybind11::module_& m);

}  // namespace polypath::python
