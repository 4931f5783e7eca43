// synthetic_maps.hpp: seeded, deterministic polygon maps of a requested size for the
// benchmark's scaling series (random rooms, random convex obstacles, a comb).
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "polypath/core/polygon_map.hpp"

namespace polypath::reference {

/// The synthetic map families.
enum class Family {
  Rooms,     ///< a square grid of 10 x 10 rooms; walls 1 unit thick with a door of 3 (some walls missing)
  Convex,    ///< a square field with one random convex polygon (5-12 vertices) per 10 x 10 cell
  Comb,      ///< one ring: a corridor 2 units high with slots of width 1 and random depth 3-30 above it
};

/// "rooms", "convex", "comb".
const char* familyName(Family f);
/// Every family, in table order.
std::vector<Family> allFamilies();

/// A map of family f with about `vertices` ring vertices (at least one room, cell or
/// slot), from `seed`. Coordinates are multiples of 1/1024 in world units; rings are
/// simple and do not touch, so the map is valid.
std::vector<Polygon> syntheticMap(Family f, int vertices, std::uint64_t seed);

/// The benchmark's edit: `polygons` with one vertex, uniform over all ring vertices, moved
/// by a twentieth of its shorter incident edge (world units) in a uniformly random
/// direction. The result may be invalid (the caller builds and checks it).
std::vector<Polygon> nudgeVertex(const std::vector<Polygon>& polygons, std::mt19937_64& rng);

}  // namespace polypath::reference
