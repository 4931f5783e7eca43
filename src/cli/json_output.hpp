// json_output.hpp: the JSON pieces every `polypath path` method prints (DESIGN.md's
// contract: found, length, path, expanded, method), so the methods stay consistent.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "polypath/core/geometry.hpp"

namespace polypath::cli {

/// [x, y] in world units.
nlohmann::ordered_json pointJson(Point p);
/// [[x, y], ...] in world units.
nlohmann::ordered_json pointsJson(const std::vector<Point>& points);
/// The contract's head, in this key order: found, length (world units), path, expanded
/// (nodes closed, goal included), method. Callers add their own keys after it.
nlohmann::ordered_json pathJson(bool found, double length, const std::vector<Point>& points, int expanded,
                                const char* method);

}  // namespace polypath::cli
