// NavMesh (core): adjacency through shared edges only, point location on faces, edges and
// vertices, triangle A* through the one engine with both node placements, and errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

#include "polypath/core/navmesh.hpp"

using namespace polypath;

namespace {

/// Each point, and each point moved by one ulp along either axis either way: probes on and
/// just off a mesh's vertices.
std::vector<Point> nudgedPoints(const std::vector<Point>& points) {
  std::vector<Point> out;
  for (const Point v : points) {
    const double inf = std::numeric_limits<double>::infinity();
    out.push_back(v);
    out.push_back({std::nextafter(v.x, -inf), v.y});
    out.push_back({std::nextafter(v.x, inf), v.y});
    out.push_back({v.x, std::nextafter(v.y, -inf)});
    out.push_back({v.x, std::nextafter(v.y, inf)});
  }
  return out;
}

/// The square [0,4]^2 cut into 4 triangles around its centre (2,2): vertices 0..3 the
/// corners, 4 the centre.
NavMesh fourTriangles(bool reversed_order = false) {
  std::vector<NavMesh::FaceInput> faces = {{{0, 1, 4}, 0}, {{1, 2, 4}, 0}, {{2, 3, 4}, 0}, {{3, 0, 4}, 0}};
  if (reversed_order) std::reverse(faces.begin(), faces.end());
  return NavMesh({{0, 0}, {4, 0}, {4, 4}, {0, 4}, {2, 2}}, faces);
}

}  // namespace

TEST_CASE("navmesh: neighbours share a whole edge", "[navmesh]") {
  const NavMesh mesh = fourTriangles();
  REQUIRE(mesh.faces().size() == 4);
  CHECK(mesh.portals().size() == 4);  // each spoke (corner, centre) is shared
  CHECK(mesh.area() == 16.0);
  for (const auto& face : mesh.faces()) {
    CHECK(std::count(face.neighbour.begin(), face.neighbour.end(), -1) == 1);  // one wall each
    CHECK(orient(mesh.vertices()[face.v[0]], mesh.vertices()[face.v[1]], mesh.vertices()[face.v[2]]) > 0);
  }
}

TEST_CASE("navmesh: triangles meeting only at a vertex (a pinch) are not neighbours", "[navmesh]") {
  // Two triangles touching at (2,2) only, like a bow tie.
  const NavMesh mesh({{0, 0}, {2, 2}, {0, 4}, {4, 0}, {4, 4}}, {{{0, 1, 2}, 0}, {{1, 3, 4}, 0}});
  CHECK(mesh.portals().empty());
  CHECK(mesh.facesContaining({2, 2}) == std::vector<int>{0, 1});
  const NavMeshPath path = findNavMeshPath(mesh, {0.5, 2}, {3.5, 2}, NodePlacement::Centre);
  CHECK_FALSE(path.found);
  const NavMeshPath portal = findNavMeshPath(mesh, {0.5, 2}, {3.5, 2}, NodePlacement::Portal);
  CHECK_FALSE(portal.found);
}

TEST_CASE("navmesh: faces of different areas never connect", "[navmesh]") {
  const NavMesh mesh({{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {{{0, 1, 2}, 0}, {{0, 2, 3}, 1}});
  CHECK(mesh.portals().empty());
  CHECK_FALSE(findNavMeshPath(mesh, {3, 1}, {1, 3}, NodePlacement::Centre).found);
}

TEST_CASE("navmesh: point location on faces, internal edges and vertices", "[navmesh]") {
  const NavMesh mesh = fourTriangles();
  CHECK(mesh.facesContaining({2, 1}) == std::vector<int>{0});
  CHECK(mesh.facesContaining({1, 1}) == std::vector<int>{0, 3});   // on the spoke (0,0)-(2,2)
  CHECK(mesh.facesContaining({2, 2}) == std::vector<int>{0, 1, 2, 3});  // the centre vertex
  CHECK(mesh.facesContaining({4, 4}) == std::vector<int>{1, 2});   // a corner
  CHECK(mesh.facesContaining({2, 0}) == std::vector<int>{0});      // on a wall
  CHECK(mesh.facesContaining({5, 1}).empty());
  CHECK(mesh.facesContaining({4.0000001, 2}).empty());
}

TEST_CASE("navmesh: point location in a face of many corners matches a scan of its edges", "[navmesh]") {
  // Convex faces of 8 to 40 corners, as merged meshes have, with straight angles: extra
  // vertices on some edges, corner 0 among them in half of the faces. Probes: every corner,
  // nudged by one ulp each way, edge midpoints, points on each edge's line beyond its ends
  // (outside the face, or on a straight run of its boundary) and a lattice over and around
  // the face.
  for (int n = 8; n <= 40; n += 4)
    for (int straight_first = 0; straight_first < 2; ++straight_first) {
      std::vector<Point> ring;
      for (int k = 0; k < n; ++k) {
        const double a = 2.0 * M_PI * k / n;
        ring.push_back({2.0 * std::round(1000.0 + 850.0 * std::cos(a)), 2.0 * std::round(1000.0 + 500.0 * std::sin(a))});  // even: exact midpoints
      }
      std::vector<Point> vertices;  // ring with the midpoint of every third edge inserted
      for (int k = 0; k < n; ++k) {
        vertices.push_back(ring[k]);
        if (k % 3 == 0) vertices.push_back((ring[k] + ring[(k + 1) % n]) * 0.5);
      }
      if (straight_first) std::rotate(vertices.begin(), vertices.begin() + 1, vertices.end());  // a midpoint first
      std::vector<int> idx(vertices.size());
      for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int>(i);
      const NavMesh mesh(vertices, {{idx, 0}});
      REQUIRE(mesh.faces()[0].v.size() >= 8);
      auto oracle = [&](Point p) {
        const std::vector<int>& v = mesh.faces()[0].v;
        for (std::size_t k = 0; k < v.size(); ++k)
          if (orient(mesh.vertices()[v[k]], mesh.vertices()[v[(k + 1) % v.size()]], p) < 0) return false;
        return true;
      };
      std::vector<Point> probes = nudgedPoints(vertices);
      for (std::size_t k = 0; k < vertices.size(); ++k) {
        const Point a = vertices[k], b = vertices[(k + 1) % vertices.size()];
        probes.push_back((a + b) * 0.5);
        // On the edge's line, outside the face: where a straight angle at corner 0 puts a
        // point behind it on the line of its two rays.
        for (const double t : {0.25, 1.0, 3.0}) {
          probes.push_back(a + (a - b) * t);
          probes.push_back(b + (b - a) * t);
        }
      }
      for (int j = -2; j <= 42; ++j)
        for (int i = -2; i <= 42; ++i) probes.push_back({i * 100.0 + 7.0, j * 100.0 + 3.0});
      int inside = 0, outside = 0;
      for (const Point p : probes) {
        INFO("corners " << vertices.size() << ", probe " << p.x << "," << p.y);
        const bool expected = oracle(p);
        REQUIRE(mesh.faceContains(0, p) == expected);
        REQUIRE(mesh.facesContaining(p).size() == (expected ? 1u : 0u));
        (expected ? inside : outside)++;
      }
      CHECK(inside > 300);
      CHECK(outside > 300);
    }
}

TEST_CASE("navmesh: point location into a reused vector matches a scan of every face", "[navmesh]") {
  // A jittered 6 x 6 grid of vertices, each cell cut into two triangles, so faces are not
  // axis-aligned and bounding boxes overlap. Probes: every vertex, every edge midpoint, the
  // vertices nudged by one ulp each way, and a 0.05 lattice over and around the mesh. The
  // oracle scans every face with its own orientation tests (no grid, no bounding boxes).
  std::vector<Point> vertices;
  for (int j = 0; j < 6; ++j)
    for (int i = 0; i < 6; ++i) vertices.push_back({i + 0.1 * ((i * 7 + j * 3) % 5), j + 0.1 * ((i * 3 + j * 5) % 4)});
  std::vector<NavMesh::FaceInput> faces;
  for (int j = 0; j < 5; ++j)
    for (int i = 0; i < 5; ++i) {
      const int a = j * 6 + i, b = a + 1, c = a + 7, d = a + 6;
      faces.push_back({{a, b, c}, 0});
      faces.push_back({{a, c, d}, 0});
    }
  const NavMesh mesh(vertices, faces);
  auto oracle = [&](Point p) {
    std::vector<int> in;
    for (int f = 0; f < static_cast<int>(mesh.faces().size()); ++f) {
      const std::vector<int>& v = mesh.faces()[f].v;
      bool inside = true;
      for (std::size_t k = 0; k < v.size(); ++k)
        inside = inside && orient(mesh.vertices()[v[k]], mesh.vertices()[v[(k + 1) % v.size()]], p) >= 0;
      if (inside) in.push_back(f);
    }
    return in;
  };
  std::vector<Point> probes = nudgedPoints(vertices);
  for (const NavMesh::Face& face : mesh.faces())
    for (std::size_t k = 0; k < face.v.size(); ++k)
      probes.push_back((mesh.vertices()[face.v[k]] + mesh.vertices()[face.v[(k + 1) % face.v.size()]]) * 0.5);
  for (int j = -10; j <= 130; ++j)
    for (int i = -10; i <= 130; ++i) probes.push_back({i * 0.05, j * 0.05});
  std::vector<int> out = {99, 98};  // stale contents: the overload clears them
  std::size_t on_boundary = 0, outside = 0;
  for (const Point p : probes) {
    const std::vector<int> expected = oracle(p);
    mesh.facesContaining(p, out);
    INFO("probe " << p.x << "," << p.y);
    REQUIRE(out == expected);
    REQUIRE(mesh.facesContaining(p) == expected);
    on_boundary += expected.size() >= 2;
    outside += expected.empty();
  }
  CHECK(on_boundary > 100);  // the probes do exercise shared edges and vertices
  CHECK(outside > 100);      // and points off the mesh
}

TEST_CASE("navmesh: a start on an edge or vertex gives the same path whichever face is first", "[navmesh]") {
  // The square is convex: every query is the straight segment, with both placements, for
  // starts inside, on a spoke, on the centre vertex and on a corner, and with the faces
  // listed in reverse order (so a different face would be "the" containing one).
  for (const Point start : {Point{2, 1}, Point{1, 1}, Point{2, 2}, Point{4, 4}, Point{0, 2}}) {
    for (const Point goal : {Point{0.5, 3.5}, Point{3, 2}, Point{2, 2}, Point{0, 0}}) {
      for (NodePlacement placement : {NodePlacement::Centre, NodePlacement::Portal}) {
        const NavMeshPath a = findNavMeshPath(fourTriangles(false), start, goal, placement);
        const NavMeshPath b = findNavMeshPath(fourTriangles(true), start, goal, placement);
        INFO("start " << start.x << "," << start.y << " goal " << goal.x << "," << goal.y << " "
                      << nodePlacementName(placement));
        REQUIRE(a.found);
        REQUIRE(b.found);
        CHECK(a.points == b.points);
        CHECK(a.length == distance(start, goal));
        CHECK(a.points.size() == (start == goal ? 1u : 2u));
      }
    }
  }
}

TEST_CASE("navmesh: the search graph links start and goal into every containing face", "[navmesh]") {
  const NavMesh mesh = fourTriangles();
  const NavMeshQuery centre(mesh, {2, 2}, {2, 1}, NodePlacement::Centre);
  CHECK(centre.nodeCount() == 6);
  CHECK(centre.startFaces() == std::vector<int>{0, 1, 2, 3});
  std::vector<Arc> arcs;
  centre.neighbours(centre.startNode(), arcs);
  CHECK(arcs.size() == 4);
  const NavMeshQuery portal(mesh, {2, 1}, {2, 3}, NodePlacement::Portal);
  CHECK(portal.nodeCount() == 6);
  arcs.clear();
  portal.neighbours(portal.startNode(), arcs);
  CHECK(arcs.size() == 2);  // face 0's two portals
  CHECK(portal.position(0) == mesh.portals()[0].midpoint);
  const Path p = findPath(portal, portal.startNode(), portal.goalNode());
  REQUIRE(p.found);
  CHECK(portal.corridor(p).front() == 0);
  CHECK(portal.corridor(p).back() == 2);
}

TEST_CASE("navmesh: the corridor's portals are oriented left and right of the walker", "[navmesh]") {
  const NavMesh mesh = fourTriangles();
  // From face 0 (bottom) to face 1 (right): the shared edge is (4,0)-(2,2); walking out of
  // face 0 towards the right face, (4,0) is on the right and (2,2) on the left (y-up).
  const std::vector<FunnelPortal> portals = corridorPortals(mesh, {0, 1}, {2, 0.5}, {3.5, 2});
  REQUIRE(portals.size() == 3);
  CHECK(portals[1].left == Point{2, 2});
  CHECK(portals[1].right == Point{4, 0});
}

TEST_CASE("navmesh: bad faces are refused naming the face", "[navmesh]") {
  const std::vector<Point> v = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 2}};
  CHECK_THROWS_WITH(NavMesh(v, {{{0, 1, 7}, 0}}), Catch::Contains("face 0") && Catch::Contains("out of range"));
  CHECK_THROWS_WITH(NavMesh(v, {{{0, 1}, 0}}), Catch::Contains("at least 3"));
  CHECK_THROWS_WITH(NavMesh(v, {{{0, 3, 4}, 0}}), Catch::Contains("zero area"));
  CHECK_THROWS_WITH(NavMesh(v, {{{0, 1, 2}, 0}, {{0, 1, 3}, 0}}), Catch::Contains("face 1"));
  CHECK_THROWS_WITH(NavMesh({{0, 0}, {4, 0}, {1, 1}, {0, 4}}, {{{0, 1, 2, 3}, 0}}), Catch::Contains("not convex"));
  CHECK_THROWS_AS(NavMeshQuery(fourTriangles(), {5, 5}, {1, 1}, NodePlacement::Centre), QueryError);
}

TEST_CASE("navmesh: node placement names", "[navmesh]") {
  NodePlacement p = NodePlacement::Portal;
  CHECK(parseNodePlacement("centre", p));
  CHECK(p == NodePlacement::Centre);
  CHECK(parseNodePlacement("portal", p));
  CHECK(p == NodePlacement::Portal);
  CHECK_FALSE(parseNodePlacement("vertex", p));
  CHECK(std::string(nodePlacementName(NodePlacement::Centre)) == "centre");
}
