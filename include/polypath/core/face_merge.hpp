// face_merge.hpp: convex faces merged from a mesh's faces (triangles, usually), the kind
// of mesh Polyanya searches fastest: fewer, larger faces, so a search crosses fewer edges.
#pragma once

#include <vector>

#include "polypath/core/geometry.hpp"
#include "polypath/core/navmesh.hpp"

namespace polypath {

/// Merges neighbouring convex faces into larger convex faces, by the rules of Polyanya's
/// mesh merger (Cui, Harabor and Grastien's meshmerger.cpp, which made the published merged
/// meshes): first each dead end (a face with one neighbour) grows into a neighbour that has
/// at most two, repeatedly, so a corridor ending in a dead end becomes one face; then,
/// greedily, the merge giving the largest face is done first, dead ends never merged, so
/// Polyanya's dead-end pruning keeps cutting them off. Two faces merge across a shared edge
/// when the merged face turns left or runs straight at both ends of that edge (convex;
/// straight corners stay vertices). The greedy removal of shared edges is Hertel and
/// Mehlhorn's (1983); the dead-end rule trades some of its bound on the face count for
/// Polyanya's dead-end pruning.
///
/// `at`: vertex positions (world units). `faces`: each face's vertex ids counter-clockwise.
/// `across`: per face and edge i (v[i] -> v[i+1]) the face across it, or -1; the same size
/// as the face, and symmetric (the face across lists this face across the same edge). Returns
/// the faces in their input slots: the slot of a face that absorbed others holds the merged
/// face's vertex ids, counter-clockwise; the slot of a face merged into another is empty.
/// O(F log F) for F faces of bounded size.
std::vector<std::vector<int>> mergeConvexFaces(const std::vector<Point>& at, std::vector<std::vector<int>> faces,
                                               std::vector<std::vector<int>> across);

/// The mesh with its faces merged as above (faces merge only with neighbours, so each merged
/// face keeps its area id). Vertices are kept as they are. Throws nothing for a valid NavMesh.
NavMesh mergeConvexFaces(const NavMesh& mesh);

}  // namespace polypath
