// search_options.cpp: see search_options.hpp.
#include "python/search_options.hpp"

#include <cmath>

#include <pybind11/pybind11.h>

namespace polypath::python {

SearchOptions searchOptions(const std::string& heuristic, double weight, const std::string& tie_break) {
  SearchOptions o;
  if (!parseHeuristic(heuristic, o.heuristic))
    throw pybind11::value_error("heuristic must be none, euclidean, manhattan, chebyshev or octile, not '" +
                                heuristic + "'");
  if (!std::isfinite(weight) || weight < 0.0)
    throw pybind11::value_error("weight must be a finite number >= 0, not " + std::to_string(weight));
  o.weight = weight;
  if (tie_break == "g") o.tie_break = TieBreak::LargerG;
  else if (tie_break == "none") o.tie_break = TieBreak::None;
  else throw pybind11::value_error("tie_break must be 'g' or 'none', not '" + tie_break + "'");
  return o;
}

}  // namespace polypath::python
