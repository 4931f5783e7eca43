// stepper.hpp: polypath.Search, a search advanced one expansion at a time for notebooks:
// the core's engine (polypath::Search, core/search.hpp) on a method's graph or a grid,
// with its open and closed sets readable between steps.
#pragma once

#include <memory>
#include <string>

#include <pybind11/pybind11.h>

#include "polypath/core/search.hpp"
#include "python/result.hpp"

namespace polypath::python {

/// A graph with a start and a goal linked in, as a stepped search needs it, owning what
/// the graph points into.
class SteppedGraph {
 public:
  virtual ~SteppedGraph() = default;
  virtual const SearchGraph& graph() const = 0;
  virtual NodeId startNode() const = 0;
  virtual NodeId goalNode() const = 0;
  /// The path a search result stands for, in world units (Method::worldPath).
  virtual Path worldPath(const Path& search) const = 0;
  /// The method's registered name ("grid" for polypath.Grid).
  virtual std::string methodName() const = 0;
};

/// polypath::Search on a SteppedGraph with fixed options; init() on construction and reset().
class Stepper {
 public:
  Stepper(std::unique_ptr<SteppedGraph> graph, const SearchOptions& options);
  /// One expansion (Search::step); returns the status after it.
  SearchStatus step() { return search_.step(); }
  /// Steps until done or `max_steps` expansions (-1: no limit).
  SearchStatus run(int max_steps) { return search_.run(max_steps); }
  /// Back to the state after init: only the start open.
  void reset();
  const SearchState& state() const { return search_.state(); }
  const SteppedGraph& graph() const { return *graph_; }
  /// The path when found (world units), else found = false; valid at any step.
  Result result() const;

 private:
  std::unique_ptr<SteppedGraph> graph_;
  SearchOptions options_;
  Search search_;
};

/// Registers polypath.Search on `m`.
void bindStepper(pybind11::module_& m);

}  // namespace polypath::python
