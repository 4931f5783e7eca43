// random_grid.hpp: a seeded random occupancy grid, traced into polygon maps by tests that
// need lattice maps with pinches and collinear runs.
#pragma once

#include <cstdint>
#include <random>

#include "polypath/core/grid.hpp"

namespace polypath::test {

/// A w x h grid whose cells are blocked with probability `blocked`, the same for one seed.
inline Grid randomGrid(int w, int h, double blocked, std::uint64_t seed) {
  Grid g(w, h);
  std::mt19937_64 rng(seed);
  std::bernoulli_distribution wall(blocked);
  for (auto& c : g.blocked) c = wall(rng) ? 1 : 0;
  return g;
}

}  // namespace polypath::test
