// json_output.cpp: see json_output.hpp.
#include "cli/json_output.hpp"

namespace polypath::cli {

nlohmann::ordered_json pointJson(Point p) { return {p.x, p.y}; }

nlohmann::ordered_json pointsJson(const std::vector<Point>& points) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const Point& p : points) a.push_back(pointJson(p));
  return a;
}

nlohmann::ordered_json pathJson(bool found, double length, const std::vector<Point>& points, int expanded,
                                const char* method) {
  nlohmann::ordered_json out;
  out["found"] = found;
  out["length"] = length;
  out["path"] = pointsJson(points);
  out["expanded"] = expanded;
  out["method"] = method;
  return out;
}

}  // namespace polypath::cli
