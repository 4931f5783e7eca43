// query_setup.cpp: query options and map loading for svg and trace.
#include "cli/query_setup.hpp"

namespace polypath::cli {

const char* const kQueryOptionsHelp =
    "  --start X,Y            start point (default: the map's \"start\")\n"
    "  --goal X,Y             goal point (default: the map's \"goal\")\n"
    "  --corner-offset D      push graph nodes D world units off the corners (default: the map's)\n"
    "  --heuristic NAME       none, euclidean (default), manhattan, chebyshev, octile\n"
    "  --weight W             f = g + W h, W >= 0 (default 1)\n"
    "  --tie-break g|none     among equal f: larger g first (default), or node id only\n";

std::vector<Option> queryOptions(QueryRequest& r) {
  return {
      pointOption("--start", r.start),
      pointOption("--goal", r.goal),
      nonNegativeOption("--corner-offset", r.corner_offset),
      heuristicOption(r.search.heuristic),
      nonNegativeOption("--weight", r.weight),
      tieBreakOption(r.search.tie_break),
  };
}

std::unique_ptr<LoadedQuery> loadQuery(QueryRequest& r, bool need_query) {
  auto q = std::make_unique<LoadedQuery>();
  try {
    q->doc = loadMap(r.map);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  if (r.weight) r.search.weight = *r.weight;
  if (!r.start) r.start = q->doc.start;
  if (!r.goal) r.goal = q->doc.goal;
  if (need_query) {
    std::vector<std::string> missing;
    if (!r.start) missing.push_back(r.map + ": the map has no start; pass --start X,Y");
    if (!r.goal) missing.push_back(r.map + ": the map has no goal; pass --goal X,Y");
    if (!missing.empty()) throw BadInput{missing};
  }
  if (q->doc.settings.clearance != 0.0)
    badInput(r.map + ": the map sets clearance " + formatNumber(q->doc.settings.clearance) +
             ", which is not implemented yet");
  if (!r.corner_offset) r.corner_offset = q->doc.settings.corner_offset;

  MapDocument checked = q->doc;
  checked.start = r.start;
  checked.goal = r.goal;
  checked.settings.corner_offset = *r.corner_offset;
  BadInput errors;
  for (const MapProblem& p : validateMap(checked)) {
    if (p.severity == MapProblem::Severity::Warning) printProblem(r.map + ": " + p.describe());
    else errors.lines.push_back(r.map + ": " + p.describe());
  }
  if (!errors.lines.empty()) throw errors;

  try {
    q->map = buildPolygonMap(q->doc);
  } catch (const GeometryError& e) {  // validateMap reports these first; kept as a safety net
    badInput(r.map + ": " + e.what());
  }
  q->graph = std::make_unique<VisibilityGraph>(q->map, VisibilityOptions{*r.corner_offset});
  if (r.start && r.goal) {
    q->start = *r.start;
    q->goal = *r.goal;
    try {
      q->query = std::make_unique<VisibilityQuery>(*q->graph, q->start, q->goal);
    } catch (const QueryError& e) {
      badInput(r.map + ": " + e.what());
    }
  }
  return q;
}

}  // namespace polypath::cli
