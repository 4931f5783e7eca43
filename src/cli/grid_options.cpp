// grid_options.cpp: parsing the grid method's options.
#include "cli/grid_options.hpp"

namespace polypath::cli {

void addGridOptions(CommandLine& cl, GridSettings& s) {
  cl.value("--moves", "4|8", "neighbours (default 8)", [&s](const std::string& v) {
    if (v == "4") s.grid.moves = 4;
    else if (v == "8") s.grid.moves = 8;
    else return expects("--moves", "4 or 8", v);
    return std::string();
  });
  cl.value("--corner-rule", "RULE",
           "no-cut (default: diagonal only between two free side cells),\n"
           "cut (one free side cell is enough), uniform (every diagonal,\n"
           "costing a straight step)",
           [&s](const std::string& v) {
             return parseCornerRule(v, s.grid.corner) ? std::string()
                                                      : expects("--corner-rule", "no-cut, cut or uniform", v);
           });
  cl.value("--costs", "exact|textbook", "1 and sqrt 2 per cell (default), or 100 and 142", [&s](const std::string& v) {
    if (v == "exact") s.grid.costs = GridCosts::Exact;
    else if (v == "textbook") s.grid.costs = GridCosts::Textbook;
    else return expects("--costs", "exact or textbook", v);
    return std::string();
  });
  cl.value("--heuristic", "NAME", "none, manhattan, euclidean, chebyshev, octile (default)",
           heuristicReader(s.search.heuristic));
  cl.value("--weight", "W", "f = g + W h, W >= 0 (default 1)", [&s](const std::string& v) {
    const auto w = parseNumber(v);
    if (!w || *w < 0) return expects("--weight", "a number of 0 or more", v);
    s.search.weight = *w;
    return std::string();
  });
  cl.value("--tie-break", "g|cell", "among equal f: larger g first (default), or cell number",
           [&s](const std::string& v) {
             if (v == "g") s.search.tie_break = TieBreak::LargerG;
             else if (v == "cell" || v == "none") s.search.tie_break = TieBreak::None;
             else return expects("--tie-break", "g or cell", v);
             return std::string();
           });
}

std::string describe(const GridSettings& s) {
  return std::to_string(s.grid.moves) + " moves, corner rule " + cornerRuleName(s.grid.corner) + ", " +
         (s.grid.costs == GridCosts::Exact ? "exact" : "textbook") + " costs, heuristic " +
         heuristicName(s.search.heuristic) + ", weight " + formatNumber(s.search.weight) + ", ties " +
         (s.search.tie_break == TieBreak::LargerG ? "g" : "cell");
}

}  // namespace polypath::cli
