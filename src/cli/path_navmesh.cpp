// path_navmesh.cpp: `polypath path MAP --method navmesh [--node-placement centre|portal]
// [--corridor]`: Polyanya (exact, the default) or triangle A* and the funnel on the map's
// constrained Delaunay navmesh.
#include "cli/path_navmesh.hpp"

#include <chrono>
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/cli_support.hpp"
#include "cli/json_output.hpp"
#include "polypath/core/funnel.hpp"
#include "polypath/core/navmesh.hpp"
#include "polypath/core/polyanya.hpp"
#include "polypath/geom/navmesh_build.hpp"

namespace polypath::cli {
namespace {

void printJson(const NavMeshPath& path, const NavmeshPathRequest& r, NodePlacement placement) {
  nlohmann::ordered_json out = pathJson(path.found, path.length, path.points, path.search.expanded, "navmesh");
  out["search"] = "triangle";
  out["node_placement"] = nodePlacementName(placement);
  if (r.snapped) {
    out["start"] = pointJson(r.start);
    out["goal"] = pointJson(r.goal);
  }
  if (r.corridor) {
    nlohmann::ordered_json c;
    nlohmann::ordered_json portals = nlohmann::ordered_json::array();
    if (path.found) {
      const PortalCorridor pc = portalCorridor(path.portals);
      for (const FunnelPortal& p : pc.portals) portals.push_back({pointJson(p.left), pointJson(p.right)});
    }
    c["start"] = pointJson(r.start);
    c["goal"] = pointJson(r.goal);
    c["portals"] = std::move(portals);
    c["faces"] = path.corridor.size();
    out["corridor"] = std::move(c);
  }
  std::cout << out.dump() << '\n';
}

void printHuman(const NavMeshPath& path, const NavmeshPathRequest& r, const NavMesh& mesh, NodePlacement placement,
                double build_ms, double query_ms) {
  std::ostream& out = std::cout;
  out << "map        " << r.map_file << "\n";
  out << "method     navmesh (node placement " << nodePlacementName(placement) << ", heuristic "
      << heuristicName(r.search.heuristic) << ", weight " << formatNumber(r.search.weight) << ")\n";
  out << "start      " << formatPoint(r.start) << "\ngoal       " << formatPoint(r.goal) << "\n";
  out << "found      " << (path.found ? "yes" : "no") << "\n";
  if (path.found) {
    out << "length     " << formatNumber(path.length) << " " << r.units << "\n";
    out << "path       " << path.points.size() << " points\n";
    for (const Point& p : path.points) out << "             " << formatPoint(p) << "\n";
    out << "corridor   " << path.corridor.size() << " faces, " << path.portals.size() - 2 << " portals\n";
    if (r.corridor) {
      const PortalCorridor pc = portalCorridor(path.portals);
      out << "steer      " << pc.portals.size() << " portals (seed 003's channel test)\n";
      for (const FunnelPortal& p : pc.portals)
        out << "             left " << formatPoint(p.left) << " right " << formatPoint(p.right) << "\n";
    }
  }
  out << "expanded   " << path.search.expanded << "\n";
  out << "mesh       " << mesh.faces().size() << " triangles, " << mesh.portals().size() << " portals\n";
  out << "time       build " << std::fixed << std::setprecision(3) << build_ms << " ms, query " << query_ms << " ms\n";
  out.unsetf(std::ios::floatfield);
}

void printExact(const PolyanyaPath& path, const NavmeshPathRequest& r, const NavMesh& mesh, double build_ms,
                double query_ms) {
  if (r.json) {
    nlohmann::ordered_json out = pathJson(path.found, path.length, path.points, path.search.expanded, "navmesh");
    out["search"] = "exact";
    if (r.snapped) {
      out["start"] = pointJson(r.start);
      out["goal"] = pointJson(r.goal);
    }
    std::cout << out.dump() << '\n';
    return;
  }
  std::ostream& out = std::cout;
  out << "map        " << r.map_file << "\n";
  out << "method     navmesh (exact: Polyanya, heuristic " << heuristicName(r.search.heuristic) << ", weight "
      << formatNumber(r.search.weight) << ")\n";
  out << "start      " << formatPoint(r.start) << "\ngoal       " << formatPoint(r.goal) << "\n";
  out << "found      " << (path.found ? "yes" : "no") << "\n";
  if (path.found) {
    out << "length     " << formatNumber(path.length) << " " << r.units << "\n";
    out << "path       " << path.points.size() << " points\n";
    for (const Point& p : path.points) out << "             " << formatPoint(p) << "\n";
  }
  out << "expanded   " << path.search.expanded << "\n";
  out << "mesh       " << mesh.faces().size() << " triangles, " << mesh.portals().size() << " portals\n";
  out << "time       build " << std::fixed << std::setprecision(3) << build_ms << " ms, query " << query_ms << " ms\n";
  out.unsetf(std::ios::floatfield);
}

}  // namespace

NavMesh buildMethodNavMesh(const PolygonMap& map, const std::string& map_file) {
  try {
    return buildNavMesh(map);
  } catch (const GeometryError& e) {
    badInput(map_file + ": cannot build the navigation mesh: " + e.what());
  }
}

int runPathNavmesh(const NavmeshPathRequest& r, const PolygonMap& map) {
  const bool exact = r.node_placement.empty();
  NodePlacement placement = NodePlacement::Centre;
  if (!exact && !parseNodePlacement(r.node_placement.c_str(), placement))
    badInput("--node-placement expects centre or portal, got '" + r.node_placement + "'");
  const auto t0 = std::chrono::steady_clock::now();
  const NavMesh mesh = buildMethodNavMesh(map, r.map_file);
  const double build_ms = millisecondsSince(t0);
  if (exact) {
    const auto t1 = std::chrono::steady_clock::now();
    const PolyanyaMesh pmesh(mesh);
    PolyanyaPath path;
    try {
      path = findPolyanyaPath(pmesh, r.start, r.goal, r.search);
    } catch (const QueryError& e) {
      badInput(r.map_file + ": " + e.what());
    }
    printExact(path, r, mesh, build_ms, millisecondsSince(t1));
    return kExitOk;
  }
  const auto t1 = std::chrono::steady_clock::now();
  NavMeshPath path;
  try {
    path = findNavMeshPath(mesh, r.start, r.goal, placement, r.search);
  } catch (const QueryError& e) {
    badInput(r.map_file + ": " + e.what());
  }
  const double query_ms = millisecondsSince(t1);
  if (r.json) printJson(path, r, placement);
  else printHuman(path, r, mesh, placement, build_ms, query_ms);
  return kExitOk;
}

}  // namespace polypath::cli
