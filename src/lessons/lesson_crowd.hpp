// lesson_crowd.hpp: the crowd numbers in lesson captions. A caption cites a field of the
// lesson's crowd run as "{crowd.STEER.FIELD}" (STEER funnel or portals, FIELD a field of
// `polypath crowd --json`: "{crowd.portals.time_all}"); the lesson's "crowd" settings are
// run on its map from the start to the goal (as `polypath crowd` runs them) and the
// placeholder replaced by the measured value, so the numbers in the text cannot drift from
// the code.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "polypath/crowd/crowd.hpp"
#include "polypath/formats/lesson.hpp"

namespace polypath {

/// One "{crowd.STEER.FIELD}" in a caption.
struct CrowdPlaceholder {
  std::size_t offset = 0, size = 0;  ///< where in the caption, the braces included
  std::string steer, field;          ///< as written
};

/// The placeholders of a caption, in order. A "{crowd." without a closing brace or not of
/// the form STEER.FIELD is returned with empty steer and field (checkLesson reports it).
std::vector<CrowdPlaceholder> findCrowdPlaceholders(std::string_view caption);

/// The crowd configuration of a lesson's "crowd" settings on its map and start and goal,
/// steered by `steer`: what `polypath crowd MAP --agents N --radius R --speed V --seed S
/// --steps K --steer STEER` runs (arrival within 2 radii).
crowd::CrowdConfig lessonCrowdConfig(const Lesson& lesson, crowd::Steer steer);

/// A number as captions show it: whole numbers without a point, others to 4 significant
/// digits ("41.3", "0.9871"); null as "-".
std::string captionNumber(const nlohmann::ordered_json& value);

/// Replaces every placeholder in the lesson's captions by its run's value, running each
/// steering mode cited once. Returns the problems, one line each, naming the lesson file
/// and the caption's JSON pointer ("FILE: /steps/2/caption: '{crowd.portal.time_all}':
/// unknown steering 'portal' (known: funnel, portals)"); the captions are then unchanged.
std::vector<std::string> fillCrowdCaptions(Lesson& lesson);

}  // namespace polypath
