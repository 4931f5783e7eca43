// clearance_style.cpp: names of the clearance join styles (see clearance_style.hpp).
#include "polypath/core/clearance_style.hpp"

namespace polypath {

const char* clearanceJoinsName(ClearanceJoins joins) { return joins == ClearanceJoins::Mitre ? "mitre" : "round"; }

std::optional<ClearanceJoins> parseClearanceJoins(std::string_view text) {
  if (text == "round") return ClearanceJoins::Round;
  if (text == "mitre" || text == "miter") return ClearanceJoins::Mitre;
  return std::nullopt;
}

}  // namespace polypath
