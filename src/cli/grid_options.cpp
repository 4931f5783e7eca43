// grid_options.cpp: parsing the grid method's options.
#include "cli/grid_options.hpp"

namespace polypath::cli {

std::vector<Option> gridOptions(GridSettings& s) {
  return {
      {"--moves", true,
       [&s](const std::string& v) -> std::string {
         if (v == "4") s.grid.moves = 4;
         else if (v == "8") s.grid.moves = 8;
         else return "--moves expects 4 or 8, got '" + v + "'";
         return "";
       },
       "4|8"},
      {"--corner-rule", true,
       [&s](const std::string& v) -> std::string {
         return parseCornerRule(v, s.grid.corner) ? "" : "--corner-rule expects no-cut, cut or uniform, got '" + v + "'";
       },
       "no-cut|cut|uniform"},
      {"--costs", true,
       [&s](const std::string& v) -> std::string {
         if (v == "exact") s.grid.costs = GridCosts::Exact;
         else if (v == "textbook") s.grid.costs = GridCosts::Textbook;
         else return "--costs expects exact or textbook, got '" + v + "'";
         return "";
       },
       "exact|textbook"},
      heuristicOption(s.search.heuristic),
      {"--weight", true,
       [&s](const std::string& v) -> std::string {
         const auto w = parseNumber(v);
         if (!w || *w < 0) return "--weight expects a number of 0 or more, got '" + v + "'";
         s.search.weight = *w;
         return "";
       },
       "W"},
      {"--tie-break", true,
       [&s](const std::string& v) -> std::string {
         if (v == "g") s.search.tie_break = TieBreak::LargerG;
         else if (v == "cell" || v == "none") s.search.tie_break = TieBreak::None;
         else return "--tie-break expects g or cell, got '" + v + "'";
         return "";
       },
       "g|cell"},
  };
}

std::string describe(const GridSettings& s) {
  return std::to_string(s.grid.moves) + " moves, corner rule " + cornerRuleName(s.grid.corner) + ", " +
         (s.grid.costs == GridCosts::Exact ? "exact" : "textbook") + " costs, heuristic " +
         heuristicName(s.search.heuristic) + ", weight " + formatNumber(s.search.weight) + ", ties " +
         (s.search.tie_break == TieBreak::LargerG ? "g" : "cell");
}

}  // namespace polypath::cli
