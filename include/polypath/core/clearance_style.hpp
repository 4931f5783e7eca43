// clearance_style.hpp: how the walkable region is eroded by an agent radius: the join
// style and its precision (settings "clearance_joins", "clearance_segments",
// "clearance_mitre_limit"). Plain data shared by the map format and geom/clearance.hpp.
#pragma once

#include <optional>
#include <string_view>

namespace polypath {

/// How the corners of the eroded walkable region are shaped (see clearance.hpp): the join
/// style of GEOS's buffer around the convex corners of obstacles.
enum class ClearanceJoins {
  Round,  ///< an arc of radius r around the corner, approximated by chords (settings: "round")
  Mitre,  ///< the offset walls extended until they meet, bevelled beyond the mitre limit ("mitre")
};

/// "round" or "mitre".
const char* clearanceJoinsName(ClearanceJoins joins);
/// Reads "round", "mitre" or "miter"; nothing for any other text.
std::optional<ClearanceJoins> parseClearanceJoins(std::string_view text);

/// The largest accepted "clearance_segments".
constexpr int kMaxClearanceSegments = 64;

/// The shape of the eroded region: settings "clearance_joins", "clearance_segments" and
/// "clearance_mitre_limit". The defaults give round joins with 8 chords per quarter circle.
struct ClearanceStyle {
  ClearanceJoins joins = ClearanceJoins::Round;
  /// Round joins: chords per quarter circle, 1 to kMaxClearanceSegments. Every chord spans at
  /// most 90/segments degrees, so it cuts at most r (1 - cos(pi / (4 segments))) (the arc's
  /// sagitta) into the clearance around a corner.
  int segments = 8;
  /// Mitre joins: a mitre reaching farther than this many radii from its corner is bevelled
  /// there (at least 1, so the bevel never comes closer to the corner than the radius).
  double mitre_limit = 5.0;
  friend bool operator==(const ClearanceStyle&, const ClearanceStyle&) = default;
};

}  // namespace polypath
