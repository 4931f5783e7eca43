// clipper_offset.cpp: inward offset with Clipper 6.4 (see clipper_offset.hpp).
#include "geom/clipper_offset.hpp"

#include <clipper.hpp>

#include <cmath>
#include <exception>
#include <numbers>
#include <string>

#include "polypath/geom/clearance.hpp"

namespace polypath {

namespace {

// Frame coordinates lie in about [-1, 1]; 2^40 integer steps per frame unit stay far inside
// Clipper's 62-bit range, whose products it takes in 128 bits.
constexpr double kSteps = 1099511627776.0;  // 2^40

ClipperLib::Path toPath(const Ring& ring, const ErosionFrame& frame, bool positive) {
  ClipperLib::Path path;
  path.reserve(ring.size());
  for (const Point& p : ring) {
    const Point f = frame.toFrame(p);
    path.emplace_back(static_cast<ClipperLib::cInt>(std::llround(f.x * kSteps)),
                      static_cast<ClipperLib::cInt>(std::llround(f.y * kSteps)));
  }
  if (ClipperLib::Orientation(path) != positive) ClipperLib::ReversePath(path);
  return path;
}

Ring toRing(const ClipperLib::Path& path, const ErosionFrame& frame) {
  Ring ring;
  ring.reserve(path.size());
  for (const ClipperLib::IntPoint& p : path)
    ring.push_back(frame.toWorld({static_cast<double>(p.X) / kSteps, static_cast<double>(p.Y) / kSteps}));
  return ring;
}

// Outer contours of the tree with their holes; islands inside holes recurse.
void collect(const ClipperLib::PolyNode& node, const ErosionFrame& frame, std::vector<Polygon>& out) {
  for (const ClipperLib::PolyNode* outer : node.Childs) {
    Polygon p;
    p.outer = toRing(outer->Contour, frame);
    for (const ClipperLib::PolyNode* hole : outer->Childs) {
      p.holes.push_back(toRing(hole->Contour, frame));
      collect(*hole, frame, out);
    }
    out.push_back(std::move(p));
  }
}

}  // namespace

std::vector<Polygon> clipperErode(const Polygon& area, double distance, const ClearanceStyle& style,
                                  const ErosionFrame& frame) {
  const double delta = distance / frame.scale * kSteps;  // integer steps
  // Clipper's arc tolerance y gives full-circle chord count pi / acos(1 - y / delta); per
  // quarter circle that is quadrant_segments when y = delta (1 - cos(pi / (4 quadrant_segments))).
  const int quadrant_segments = (3 * style.segments + 1) / 2;
  const double arc_tolerance = delta * (1.0 - std::cos(std::numbers::pi / (4.0 * quadrant_segments)));
  try {
    ClipperLib::ClipperOffset offset(style.mitre_limit, arc_tolerance);
    ClipperLib::Paths paths;
    paths.push_back(toPath(area.outer, frame, true));
    for (const Ring& h : area.holes) paths.push_back(toPath(h, frame, false));
    offset.AddPaths(paths, style.joins == ClearanceJoins::Mitre ? ClipperLib::jtMiter : ClipperLib::jtRound,
                    ClipperLib::etClosedPolygon);
    ClipperLib::PolyTree tree;
    offset.Execute(tree, -delta);
    std::vector<Polygon> out;
    collect(tree, frame, out);
    return out;
  } catch (const std::exception& e) {
    throw ClearanceError(std::string("Clipper failed: ") + e.what());
  }
}

}  // namespace polypath
