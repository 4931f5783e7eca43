// module.cpp: the Python module `polypath` (docs/python.md).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "polypath/methods/registry.hpp"
#include "polypath/version.hpp"
#include "python/errors.hpp"
#include "python/grid_binding.hpp"
#include "python/map_binding.hpp"
#include "python/result.hpp"
#include "python/stepper.hpp"

namespace py = pybind11;

PYBIND11_MODULE(polypath, m) {
  m.doc() =
      "polypath: shortest paths in polygon maps with holes (visibility graph, Polyanya, triangle A*, grids), "
      "and the A* search stepped one expansion at a time. See docs/python.md.";
  m.attr("__version__") = polypath::version();
  polypath::python::bindErrors(m);
  polypath::python::bindResult(m);
  polypath::python::bindStepper(m);
  polypath::python::bindMap(m);
  polypath::python::bindGrid(m);
  m.def(
      "methods",
      [] {
        std::vector<std::string> names;
        for (const polypath::MethodEntry& e : polypath::methods().entries()) names.emplace_back(e.info->name);
        return names;
      },
      "The registered methods' names, in the registry's order: the names Map.path(method=...) takes.");
  m.def(
      "method_info",
      [](const std::string& name) {
        const polypath::MethodInfo& info = *polypath::methods().get(name).info;
        py::dict d;
        d["name"] = std::string(info.name);
        d["label"] = std::string(info.label);
        d["help"] = std::string(info.help);
        d["exact"] = info.exact;
        py::list options;
        for (const polypath::MethodOptionInfo& o : info.options) options.append(std::string(o.name));
        d["options"] = options;
        return d;
      },
      py::arg("name"),
      "A method's facts: name, label, help, exact (returns the Euclidean shortest path at clearance 0) and the "
      "options it reads. Raises MethodError for an unknown name.");
}
