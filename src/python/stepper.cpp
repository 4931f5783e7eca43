// stepper.cpp: polypath.Search (see stepper.hpp).
#include "python/stepper.hpp"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace polypath::python {

Stepper::Stepper(std::unique_ptr<SteppedGraph> graph, const SearchOptions& options)
    : graph_(std::move(graph)), options_(options) {
  reset();
}

void Stepper::reset() { search_.init(graph_->graph(), graph_->startNode(), graph_->goalNode(), options_); }

Result Stepper::result() const { return makeResult(graph_->worldPath(search_.finalize()), graph_->methodName()); }

namespace {

const char* nodeStatusName(NodeStatus s) {
  switch (s) {
    case NodeStatus::Open: return "open";
    case NodeStatus::Closed: return "closed";
    case NodeStatus::Unseen: break;
  }
  return "unseen";
}

/// Node n of the search, refusing an id outside the graph's nodes (IndexError).
NodeId checkedNode(const Stepper& s, NodeId n) {
  if (n < 0 || static_cast<std::size_t>(n) >= s.state().nodeCount())
    throw py::index_error("node " + std::to_string(n) + " is not a node of this search (0 .. " +
                          std::to_string(s.state().nodeCount()) + " - 1)");
  return n;
}

py::object nodeOrNone(NodeId n) { return n == kNoNode ? py::object(py::none()) : py::object(py::int_(n)); }

}  // namespace

void bindStepper(py::module_& m) {
  py::class_<Stepper>(m, "Search",
                      "A search advanced one expansion at a time (Map.search, Grid.search): the same A* engine "
                      "as Map.path, with its open and closed sets readable between steps. Node ids index "
                      "the method's graph; position(n) and node(n) describe them.")
      .def(
          "step", [](Stepper& s) { return std::string(statusName(s.step())); },
          "Expands one node: pops the best open node, closes it and, unless it is the goal, relaxes its arcs. "
          "Returns the status after the step: 'running', 'found' or 'no path'. A finished search stays finished.")
      .def(
          "run", [](Stepper& s, int max_steps) { return std::string(statusName(s.run(max_steps))); },
          py::arg("max_steps") = -1, "Steps until the search finishes or max_steps expansions were made (-1: no limit); "
                                     "returns the status.")
      .def("reset", &Stepper::reset, "Starts over: only the start is open.")
      .def_property_readonly(
          "status", [](const Stepper& s) { return std::string(statusName(s.state().status())); },
          "'running', 'found' or 'no path'.")
      .def_property_readonly(
          "done", [](const Stepper& s) { return s.state().status() != SearchStatus::Running; },
          "True once the goal was expanded or the open set ran empty.")
      .def(
          "open_set", [](const Stepper& s) { return s.state().openSet(); },
          "The open nodes' ids, in the order they would leave the open set (f, then the tie-break).")
      .def(
          "closed_set", [](const Stepper& s) { return s.state().closedSet(); },
          "The closed nodes' ids in expansion order.")
      .def_property_readonly(
          "expanded", [](const Stepper& s) { return s.state().expandedCount(); }, "Expansions so far.")
      .def_property_readonly(
          "last_expanded", [](const Stepper& s) { return nodeOrNone(s.state().lastExpanded()); },
          "The node the last step expanded, or None before the first.")
      .def_property_readonly(
          "start_node", [](const Stepper& s) { return s.state().start(); }, "The start's node id.")
      .def_property_readonly(
          "goal_node", [](const Stepper& s) { return s.state().goal(); }, "The goal's node id.")
      .def_property_readonly(
          "method", [](const Stepper& s) { return s.graph().methodName(); }, "The method searched.")
      .def(
          "position",
          [](const Stepper& s, NodeId n) {
            const Point p = s.graph().graph().position(checkedNode(s, n));
            return py::make_tuple(p.x, p.y);
          },
          py::arg("node"), "The node's position (x, y) in world units (grid: the cell centre).")
      .def(
          "positions",
          [](const Stepper& s, const std::vector<NodeId>& nodes) {
            std::vector<Point> points;
            for (NodeId n : nodes) points.push_back(s.graph().graph().position(checkedNode(s, n)));
            return pointsObject(points);
          },
          py::arg("nodes"), "Positions of several nodes, e.g. positions(s.open_set()): a numpy (n, 2) array or a list of tuples.")
      .def(
          "node",
          [](const Stepper& s, NodeId n) {
            const NodeRecord& r = s.state().record(checkedNode(s, n));
            const Point p = s.graph().graph().position(n);
            py::dict d;
            d["g"] = r.g;
            d["h"] = r.h;
            d["f"] = r.f;
            d["parent"] = nodeOrNone(r.parent);
            d["status"] = nodeStatusName(r.status);
            d["expansion"] = r.expansion;
            d["position"] = py::make_tuple(p.x, p.y);
            return d;
          },
          py::arg("node"),
          "The node's record: g (cost from the start), h (heuristic, unweighted), f (g + weight h), parent "
          "(id or None), status ('unseen', 'open', 'closed'), expansion (the step that closed it, or -1), "
          "position.")
      .def("result", &Stepper::result, "The path when the search has found it, else a Result with found=False.")
      .def("__repr__", [](const Stepper& s) {
        return "<polypath.Search " + s.graph().methodName() + " " + statusName(s.state().status()) + ", " +
               std::to_string(s.state().expandedCount()) + " expanded, " +
               std::to_string(s.state().openSet().size()) + " open>";
      });
}

}  // namespace polypath::python
