// fuzz_one.cpp: see fuzz_one.hpp.
#include "fuzz/fuzz_one.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>
#include <vector>

#include "polypath/core/visibility_graph.hpp"
#include "polypath/formats/map_io.hpp"
#include "polypath/geom/map_validation.hpp"

namespace polypath::fuzz {

namespace {

[[noreturn]] void fail(const std::string& what) { throw InvariantError("fuzz invariant: " + what); }

std::string str(Point p) {
  std::ostringstream s;
  s.precision(17);
  s << "(" << p.x << ", " << p.y << ")";
  return s.str();
}

std::string str(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

// FNV-1a over the input: picks which vertices and edges become query points, so the
// choice follows the input and every run of the same input is the same.
std::uint64_t hashOf(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

// A coordinate whose products neither overflow nor underflow: the range in which the
// predicates are documented exact and distances are finite. Maps outside it are still
// run (crashes and sanitizer reports count) but their numeric invariants are not checked.
bool tame(double v) { return v == 0.0 || (std::fabs(v) >= 1e-100 && std::fabs(v) <= 1e100); }
bool tame(Point p) { return tame(p.x) && tame(p.y); }

bool tameDocument(const MapDocument& doc) {
  auto ringTame = [](const Ring& r) { return std::all_of(r.begin(), r.end(), [](Point p) { return tame(p); }); };
  for (const Polygon& poly : doc.polygons) {
    if (!ringTame(poly.outer)) return false;
    for (const Ring& h : poly.holes)
      if (!ringTame(h)) return false;
  }
  if (doc.start && !tame(*doc.start)) return false;
  if (doc.goal && !tame(*doc.goal)) return false;
  return tame(doc.settings.corner_offset) && tame(doc.settings.clearance);
}


bool near(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)}); }

// The invariants of one found or not-found path between s and g.
void checkPath(const PolygonMap& map, const Path& p, Point s, Point g, const char* what) {
  const std::string at = std::string(what) + " " + str(s) + " -> " + str(g) + ": ";
  if (!p.found) {
    if (!p.points.empty()) fail(at + "path not found but has points");
    return;
  }
  if (p.points.empty()) fail(at + "found path has no points");
  if (!(p.points.front() == s)) fail(at + "path starts at " + str(p.points.front()));
  if (!(p.points.back() == g)) fail(at + "path ends at " + str(p.points.back()));
  if (!std::isfinite(p.length)) fail(at + "length " + str(p.length) + " is not finite");
  const double straight = distance(s, g);
  if (p.length + 1e-9 * std::max(1.0, straight) < straight)
    fail(at + "length " + str(p.length) + " is shorter than the straight distance " + str(straight));
  double sum = 0.0;
  for (std::size_t i = 0; i + 1 < p.points.size(); ++i) {
    sum += distance(p.points[i], p.points[i + 1]);
    if (!map.lineOfSight(p.points[i], p.points[i + 1]))
      fail(at + "segment " + std::to_string(i) + " " + str(p.points[i]) + " -> " + str(p.points[i + 1]) +
           " has no line of sight");
  }
  if (!near(sum, p.length)) fail(at + "length " + str(p.length) + " but the segments add up to " + str(sum));
}

class Runner {
 public:
  Runner(const PolygonMap& map, const VisibilityGraph& graph, bool strict, Result& result)
      : map_(map), graph_(graph), strict_(strict), result_(result) {}

  // One query. `must_accept`: start and goal are known walkable, so QueryError is a finding.
  void query(Point s, Point g, bool must_accept) {
    Path astar, dijkstra;
    try {
      astar = findPath(graph_, s, g, {Heuristic::Euclidean});
      dijkstra = findPath(graph_, s, g, {Heuristic::None});
    } catch (const QueryError& e) {
      if (must_accept && strict_) fail("findPath refused " + str(s) + " -> " + str(g) + " of a valid map: " + e.what());
      ++result_.query_errors;
      return;
    }
    ++result_.queries;
    if (astar.found) ++result_.found;
    if (!strict_) return;
    checkPath(map_, astar, s, g, "A*");
    checkPath(map_, dijkstra, s, g, "Dijkstra");
    if (astar.found != dijkstra.found)
      fail("A* and Dijkstra disagree on found for " + str(s) + " -> " + str(g));
    if (astar.found && !near(astar.length, dijkstra.length))
      fail("A* length " + str(astar.length) + " but Dijkstra " + str(dijkstra.length) + " for " + str(s) + " -> " +
           str(g));
    if (map_.lineOfSight(s, g)) {
      // The segment's distinct points: two, or one when start equals goal.
      const std::size_t points = s == g ? 1 : 2;
      if (!astar.found || astar.points.size() != points || astar.length != distance(s, g))
        fail("start " + str(s) + " sees goal " + str(g) + " but the path is not that one segment (found " +
             std::to_string(astar.found) + ", " + std::to_string(astar.points.size()) + " points, length " +
             str(astar.length) + ")");
    }
  }

 private:
  const PolygonMap& map_;
  const VisibilityGraph& graph_;
  bool strict_;
  Result& result_;
};

}  // namespace

const char* stageName(Stage s) {
  switch (s) {
    case Stage::ParseError: return "parse error";
    case Stage::Invalid: return "invalid";
    case Stage::TooLarge: return "too large";
    case Stage::Queried: return "queried";
  }
  return "?";
}

Result runOne(std::string_view text, const Limits& limits) {
  Result result;

  // Load. MapFileError is the documented answer to any bad text.
  MapDocument doc;
  try {
    doc = parseMap(text, "<fuzz>");
  } catch (const MapFileError&) {
    result.stage = Stage::ParseError;
    return result;
  }

  // What is saved reads back the same.
  {
    const std::string saved = serializeMap(doc);
    MapDocument again;
    try {
      again = parseMap(saved, "<fuzz-saved>");
    } catch (const MapFileError& e) {
      fail(std::string("serializeMap wrote a file parseMap refuses: ") + e.what());
    }
    if (!(again == doc)) fail("serializeMap then parseMap changed the document");
  }

  // Validate.
  const std::vector<MapProblem> problems = validateMap(doc);
  const bool invalid = std::any_of(problems.begin(), problems.end(),
                                   [](const MapProblem& p) { return p.severity == MapProblem::Severity::Error; });
  if (invalid) {
    result.stage = Stage::Invalid;
    return result;
  }
  if (ringVertexCount(doc.polygons) > limits.max_vertices) {
    result.stage = Stage::TooLarge;
    return result;
  }

  // Build. A map validateMap accepts must build.
  std::optional<PolygonMap> built;
  try {
    built.emplace(buildPolygonMap(doc));
  } catch (const GeometryError& e) {
    fail(std::string("validateMap accepted a map buildPolygonMap refuses: ") + e.what());
  }
  const PolygonMap& map = *built;
  if (map.vertices().size() > 2 * limits.max_vertices) {  // contact points were inserted
    result.stage = Stage::TooLarge;
    return result;
  }
  const bool strict = tameDocument(doc);

  for (const PolygonMap::Vertex& v : map.vertices())
    if (strict && !map.isWalkable(v.position)) fail("ring vertex " + str(v.position) + " is not walkable");

  const VisibilityGraph graph(map, {doc.settings.corner_offset});
  result.stage = Stage::Queried;
  Runner runner(map, graph, strict, result);

  // The map's own query: validateMap checked that start and goal are walkable.
  if (doc.start && doc.goal) runner.query(*doc.start, *doc.goal, true);

  // Points derived from the input: ring vertices (walkable: must be accepted), edge
  // midpoints (rounded: may fall just outside), and the nearest walkable point to points
  // around the map (must be walkable).
  std::uint64_t h = hashOf(text);
  auto pick = [&](std::size_t n) {
    h = h * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::size_t>((h >> 33) % n);
  };
  const std::vector<PolygonMap::Vertex>& vs = map.vertices();
  struct QueryPoint {
    Point p;
    bool walkable;
  };
  std::vector<QueryPoint> points;
  if (doc.start) points.push_back({*doc.start, true});
  for (int k = 0; k < limits.max_points && !vs.empty(); ++k) {
    const PolygonMap::Vertex& v = vs[pick(vs.size())];
    switch (k % 4) {
      case 0:
      case 1: points.push_back({v.position, true}); break;
      case 2: {
        const Point m = (v.position + vs[v.next].position) * 0.5;
        if (isFinite(m)) points.push_back({m, false});
        break;
      }
      case 3: {
        // A point off the map or inside a hole: outward from the vertex, or around the bounds.
        const PolygonMap::Bounds b = map.bounds();
        const Point outside = (k / 4) % 2 == 0 ? v.position - v.vertex_normal * (1.0 + std::fabs(v.position.x))
                                               : Point{b.min.x - 1.0, (b.min.y + b.max.y) * 0.5};
        if (!isFinite(outside)) break;
        const Point q = map.nearestWalkable(outside);
        if (strict && !map.isWalkable(q))
          fail("nearestWalkable" + str(outside) + " returned " + str(q) + ", which is not walkable");
        points.push_back({q, true});
        break;
      }
    }
  }
  if (doc.goal) points.push_back({*doc.goal, true});
  for (std::size_t i = 0; i + 1 < points.size(); ++i)
    runner.query(points[i].p, points[i + 1].p, points[i].walkable && points[i + 1].walkable);
  return result;
}

}  // namespace polypath::fuzz
