// grid_options.hpp: the grid method's command-line options (--moves, --corner-rule,
// --costs, --heuristic, --weight, --tie-break), shared by `path --method grid`, `scen`
// and `bench heuristics`.
#pragma once

#include <string>

#include "cli/command_line.hpp"
#include "polypath/core/grid.hpp"
#include "polypath/core/search.hpp"

namespace polypath::cli {

/// Grid moves and search settings; the defaults are Moving AI's octile benchmark rules
/// (8 moves, no corner cutting, costs 1 and sqrt 2, octile heuristic, ties to larger g).
struct GridSettings {
  GridOptions grid;
  SearchOptions search{Heuristic::Octile, 1.0, TieBreak::LargerG};
};

/// Declares the options that fill `s` on `cl`: --moves 4|8, --corner-rule
/// no-cut|cut|uniform, --costs exact|textbook, --heuristic NAME, --weight W, --tie-break
/// g|cell (cell: by cell number only; "none" is read the same).
void addGridOptions(CommandLine& cl, GridSettings& s);

/// "8 moves, no-cut, exact costs, octile, weight 1, ties g" for human output.
std::string describe(const GridSettings& s);

}  // namespace polypath::cli
