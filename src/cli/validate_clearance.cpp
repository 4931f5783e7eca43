// validate_clearance.cpp: start and goal against the map's clearance settings (see
// validate_clearance.hpp).
#include "cli/validate_clearance.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "polypath/geom/clearance.hpp"

namespace polypath::cli {

std::vector<MapProblem> clearanceEndpointProblems(const MapDocument& doc, const std::vector<MapProblem>& problems) {
  using Severity = MapProblem::Severity;
  const auto hasErrorAt = [&problems](const char* where) {
    return std::any_of(problems.begin(), problems.end(), [where](const MapProblem& p) {
      return p.severity == Severity::Error && (where ? p.where == where : p.where != "/start" && p.where != "/goal");
    });
  };
  std::vector<MapProblem> out;
  if (hasErrorAt(nullptr)) return out;  // the map itself is not valid: nothing to erode
  struct Radius {
    double r;
    std::string setting;
    Severity severity;
  };
  std::vector<Radius> radii;
  if (doc.settings.clearance > 0.0) radii.push_back({doc.settings.clearance, "/settings/clearance", Severity::Error});
  for (std::size_t i = 0; i < doc.settings.radii.size(); ++i) {
    const double r = doc.settings.radii[i];
    if (r > 0.0 && r != doc.settings.clearance)
      radii.push_back({r, "/settings/radii/" + std::to_string(i), Severity::Warning});
  }
  struct Endpoint {
    const char* which;
    const char* where;
    std::optional<Point> p;
  };
  std::vector<Endpoint> endpoints;
  for (const Endpoint& e : {Endpoint{"start", "/start", doc.start}, Endpoint{"goal", "/goal", doc.goal}})
    if (e.p && !hasErrorAt(e.where)) endpoints.push_back(e);
  if (radii.empty() || endpoints.empty()) return out;

  ClearanceSet set(doc, 1);
  for (const Radius& radius : radii) {
    std::shared_ptr<const ClearanceLevel> level;
    try {
      level = set.level(radius.r);
    } catch (const ClearanceError& e) {
      out.push_back({Severity::Error, radius.setting, e.what()});
      continue;
    }
    for (const Endpoint& e : endpoints) {
      const ClearancePlacement placement = placeWithClearance(*level, set.original(), *e.p);
      if (placement.ok) continue;
      const std::string fix = radius.severity == Severity::Error
                                  ? "; move it, or lower the clearance (polypath path refuses it)"
                                  : "; an agent of this radius cannot start or end there";
      out.push_back({radius.severity, e.where,
                     clearanceProblem(*level, set.original(), *e.p, placement, e.which) + " (" + radius.setting + ")" +
                         fix});
    }
  }
  return out;
}

}  // namespace polypath::cli
