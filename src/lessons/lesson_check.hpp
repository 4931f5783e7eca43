// lesson_check.hpp: whether a lesson can play on its map (validation, start and goal,
// node ids), checked before the editor opens it.
#pragma once

#include <string>
#include <vector>

#include "polypath/formats/lesson.hpp"

namespace polypath {

/// What stops a lesson from playing, one line each ("FILE: /settings/start: ..."): map
/// validation errors, a start or goal missing or not walkable (also those set by
/// actions), node ids beyond the visibility graph of the map, and crowd placeholders in
/// captions that do not resolve on a run of the lesson's crowd (lesson_crowd.hpp). Empty
/// when it plays.
std::vector<std::string> checkLesson(const Lesson& lesson);

}  // namespace polypath
