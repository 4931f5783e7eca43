// path_clearance.cpp: the agent-clearance part of `polypath path` (see path_clearance.hpp).
#include "cli/path_clearance.hpp"

#include <cmath>
#include <iomanip>

#include "polypath/geom/endpoint.hpp"

namespace polypath::cli {

void addClearanceOptions(CommandLine& cl, ClearanceRequest& out, const std::string& clearance_help) {
  cl.value("--clearance", "R", clearance_help, nonNegativeReader("--clearance", out.radius));
  cl.value("--joins", "round|mitre", "shape of the eroded region around obstacle corners (default: the map's)",
           [&out](const std::string& v) {
             out.joins = parseClearanceJoins(v);
             return out.joins ? std::string() : expects("--joins", "round or mitre", v);
           });
  cl.value("--segments", "N", "round joins: chords per quarter circle, 1 to 64 (default: the map's)",
           [&out](const std::string& v) {
             const std::optional<double> n = parseNumber(v);
             if (!n || *n < 1 || *n > kMaxClearanceSegments || *n != std::floor(*n))
               return expects("--segments", "a whole number from 1 to " + std::to_string(kMaxClearanceSegments), v);
             out.segments = static_cast<int>(*n);
             return std::string();
           });
}

void addVerboseOption(CommandLine& cl, ClearanceRequest& out) {
  cl.flag("--verbose", out.verbose,
          "with a clearance: say on stderr which offsetting engine eroded each area\n"
          "(GEOS, GEOS in the map's frame, Clipper) and why one was refused");
}

ClearanceStyle resolveClearance(ClearanceRequest& request, const MapSettings& settings) {
  if (!request.radius) request.radius = settings.clearance;
  ClearanceStyle style = settings.clearance_style;
  if (request.joins) style.joins = *request.joins;
  if (request.segments) style.segments = *request.segments;
  return style;
}

Point placeEndpoint(const ClearanceLevel& level, const PolygonMap& original, const char* which, Point p,
                    std::optional<Point>& given, bool snap, const std::string& map) {
  const EndpointPlacement e = polypath::placeEndpoint(original, &level, which, p, snap, given);
  switch (e.status) {
    case EndpointStatus::Kept: return e.point;
    case EndpointStatus::Nudged:
    case EndpointStatus::Snapped:
      if (e.status == EndpointStatus::Snapped) printProblem(map + ": " + e.problem + "; snapped to " + formatPoint(e.point));
      if (!given) given = p;
      return e.point;
    case EndpointStatus::NoClearance:
      if (level.map().empty()) badInput(map + ": " + e.problem);  // it says that every area erodes away
      badInput(map + ": " + e.problem + "; move it, or pass --snap to use the nearest point with clearance, " +
               formatPoint(snapToClearance(level, given.value_or(p))));
    default:
      badInput(map + ": " + (e.problem.empty() ? std::string(which) + " " + formatPoint(p) + " cannot be used" : e.problem));
  }
}

void printErosionNotes(const ClearanceLevel& level, const std::string& map, bool verbose) {
  for (const std::string& note : level.eroded().notes()) printProblem(map + ": note: " + note);
  if (verbose)
    for (const std::string& line : level.eroded().engineReport()) printProblem(map + ": " + line);
}

void printClearanceSummary(std::ostream& out, const ClearanceLevel& level) {
  const ErodedRegion& e = level.eroded();
  out << "clearance  " << formatNumber(e.radius) << " (";
  if (e.style.joins == ClearanceJoins::Round)
    out << "round joins, " << e.style.segments << " segments per quarter circle";
  else
    out << "mitre joins, limit " << formatNumber(e.style.mitre_limit);
  out << "; at least " << formatNumber(e.guaranteedClearance()) << " from every wall)\n";
  std::size_t holes = 0;
  for (const Polygon& p : e.polygons) holes += p.holes.size();
  out << "eroded     " << e.polygons.size() << (e.polygons.size() == 1 ? " polygon, " : " polygons, ") << holes
      << (holes == 1 ? " hole, " : " holes, ") << level.map().vertices().size() << " vertices; " << e.dropped.size()
      << " areas dropped, " << e.merged.size() << " hole merges; erosion " << std::fixed << std::setprecision(3)
      << e.erode_ms << " ms\n";
  out.unsetf(std::ios::floatfield);
}

}  // namespace polypath::cli
