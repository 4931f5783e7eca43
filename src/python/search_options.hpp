// search_options.hpp: the engine's options from Python keywords (heuristic, weight,
// tie_break), shared by Map and Grid.
#pragma once

#include <string>

#include "polypath/core/search.hpp"

namespace polypath::python {

/// SearchOptions from "none" | "euclidean" | "manhattan" | "chebyshev" | "octile", a
/// weight >= 0 (f = g + weight h) and "g" | "none". Raises ValueError naming the keyword.
SearchOptions searchOptions(const std::string& heuristic, double weight, const std::string& tie_break);

}  // namespace polypath::python
