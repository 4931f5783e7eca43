// method.hpp: the one interface every search method implements, and the registry that
// names them. The editor (main view, Compare, lessons, debugger), the command line and
// the benchmarks reach the methods only through these two.
//
// [SECTION] Options and facts
// [SECTION] Method
// [SECTION] Registry
//
// After RecastDemo's Sample/SampleTool and Box2D's registered samples: a method is one
// class in one file; one line adds it to the registry (src/methods/registry.cpp for the
// built-in ones, MethodRegistry::add for a program's own). docs/methods.md walks through
// adding one.
//
// A method builds its structure once per map (build), links a start and a goal into it
// per query (query), and hands the one A* engine (search.hpp) a SearchGraph with a start
// and a goal node. findPath() is query + the engine run to the end + worldPath, so a
// stepped search (the editor's Step) and a one-shot query run the same code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "polypath/core/error.hpp"
#include "polypath/core/funnel.hpp"
#include "polypath/core/polygon_map.hpp"
#include "polypath/core/search.hpp"

namespace polypath {

class DebugDraw;
class VisibilityGraph;

// [SECTION] Options and facts

/// Thrown for an unknown method name or a method that cannot be built on a map (for
/// example a navmesh whose triangulation fails, or a grid cell size that gives too many
/// cells). The message names the method and the reason.
class MethodError : public Error {
 public:
  using Error::Error;
};

/// The settings a method may take; each method reads the ones its MethodInfo lists.
struct MethodOptions {
  /// Grid: world units per cell side (> 0 and finite).
  double cell_size = 1.0;
  /// Visibility, when it builds its own graph: push of the graph nodes off the corners
  /// along their bisectors, world units (VisibilityOptions::corner_offset; 0: exact).
  double corner_offset = 0.0;
  /// Polyanya: 0 searches the query itself; N > 0 records the search (so it can be stepped
  /// back and replayed) and stops it after N search nodes (the editor's memory guard).
  std::size_t search_node_limit = 0;
  friend bool operator==(const MethodOptions&, const MethodOptions&) = default;
};

/// One numeric option a method takes, for option lists in the editor and the CLI.
struct MethodOptionInfo {
  std::string_view name;           ///< command-line name without dashes: "cell-size"
  std::string_view label;          ///< editor label: "Cell size"
  std::string_view short_name;     ///< in descriptions, "grid (cell 0.5)": "cell"
  std::string_view help;           ///< one sentence with the unit
  double MethodOptions::*field;    ///< where the value lives
};

/// What a method is, for selectors, tables, help and layer toggles.
struct MethodInfo {
  std::string_view name;         ///< identifier on the command line, in lessons and settings: "visibility"
  std::string_view label;        ///< selector text: "visibility graph"
  std::string_view short_label;  ///< pane titles and tables: "visibility"
  std::string_view help;         ///< one paragraph: what it searches, whether it is exact, its source
  std::uint32_t layers = 0;      ///< the debug layers it draws (polypath::Layer bits, debug_draw.hpp)
  bool exact = false;            ///< returns the Euclidean shortest path (at clearance 0)
  /// build() searches the visibility graph the caller passes (the editor builds and keeps
  /// that graph only while such a method is chosen).
  bool searches_visibility_graph = false;
  std::span<const MethodOptionInfo> options;  ///< the options it reads
};

/// The funnel of a corridor method, stepped one portal at a time after the search (seed
/// 003's triangle A*: Lee and Preparata's funnel over the corridor's portals).
class FunnelStepper {
 public:
  virtual ~FunnelStepper() = default;
  /// Number of funnel steps for the found path `search` (0 when it has none).
  virtual int funnelCount(const Path& search) const = 0;
  /// The funnel step shown: -1 (none: the finished path) or 0 .. funnelCount().
  virtual int funnelPosition() const = 0;
  virtual void setFunnelPosition(int k) = 0;
  /// The funnel state after k steps of `search` (k clamped); null without steps.
  virtual const FunnelState* funnelState(const Path& search, int k) const = 0;
  /// The portals the funnel crosses: (start, start), the corridor's portals, (goal, goal).
  virtual const std::vector<FunnelPortal>& funnelPortals(const Path& search) const = 0;
};

// [SECTION] Method

/// One search method on one map: its built structure, the query linking start and goal
/// into it, and its drawing. Not copyable (queries point into the structure).
///
///   std::unique_ptr<Method> m = methods().create("polyanya");
///   m->build(map, {});
///   Path p = m->findPath(start, goal);
///
/// Errors: build() throws MethodError (or GeometryError for rings it cannot use); query()
/// throws QueryError naming the point that lies outside the structure. After an error the
/// method is not built (build) or has no query (query).
class Method {
 public:
  Method() = default;
  Method(const Method&) = delete;
  Method& operator=(const Method&) = delete;
  virtual ~Method() = default;

  /// The method's facts (the same object the registry lists).
  virtual const MethodInfo& info() const = 0;

  /// Builds the structure on `map` (world units); drops any query. `graph`, when given, is
  /// the visibility graph of `map` that the caller keeps (and updates in place on drags);
  /// a method that searches it borrows it (it must outlive the method's use), else builds
  /// its own. Other methods ignore it.
  virtual void build(const PolygonMap& map, const MethodOptions& options, const VisibilityGraph* graph = nullptr) = 0;
  /// True after a successful build().
  virtual bool built() const = 0;
  /// Links start and goal (world units) into the structure; replaces the previous query.
  /// Does nothing when not built.
  virtual void query(Point start, Point goal) = 0;
  /// Forgets the query; the structure stays.
  virtual void dropQuery() = 0;
  /// A new method over this one's built structure (shared, read-only; it stays alive while
  /// either method does) with its own empty query state, so that several threads can query
  /// one structure at once, one method each. Null when not built, or when the method does
  /// not share its structure (then build another one: PathBatch does). A borrowed
  /// visibility graph stays borrowed by the copy.
  virtual std::unique_ptr<Method> share() const { return nullptr; }

  /// The graph the engine searches; null without a query. Valid until the next build or query.
  virtual const SearchGraph* graph() const = 0;
  virtual NodeId startNode() const = 0;
  virtual NodeId goalNode() const = 0;
  /// The path a search result on graph() stands for, in world units: tracePath's points in
  /// canonical form (canonicalPolyline: no repeated points, no point where the path runs
  /// straight; start and goal bit for bit) and its length; `expanded` and `nodes` are kept
  /// (nodes name every graph node of the search path, so there may be more nodes than points).
  /// A result without a path is returned as it is. Every caller (findPath, the editor, the
  /// command line, the bindings) gets its world path here.
  Path worldPath(const Path& search) const;

  /// The structure in numbers for stats lines: "412 triangles, 530 portals".
  virtual std::string structureSummary() const = 0;
  /// Not empty when the last search was cut short (Polyanya's search_node_limit).
  virtual std::string searchWarning() const { return {}; }
  /// The funnel stepper of a corridor method, else null.
  virtual FunnelStepper* funnel() { return nullptr; }
  const FunnelStepper* funnel() const { return const_cast<Method*>(this)->funnel(); }

  /// Draws the structure (graph links and nodes, triangles, cells) on the given layers.
  virtual void drawStructure(DebugDraw& dd, std::uint32_t layers) const = 0;
  /// Draws the links of start and goal into the structure (LayerStartGoalLinks), if any.
  virtual void drawEndpoints(DebugDraw& dd, std::uint32_t layers) const = 0;
  /// Draws a search state on graph(): closed and open sets, relaxed arcs, expanded node.
  virtual void drawSearch(DebugDraw& dd, const SearchState& state, std::uint32_t layers) const = 0;
  /// Draws a result on graph(): corridor and portals where the method has them, the path.
  virtual void drawResult(DebugDraw& dd, const Path& search, std::uint32_t layers) const = 0;

  /// One-shot query: query(start, goal), the engine run to the end on graph() (deferred
  /// arcs checked when popped, as polypath::findPath does), worldPath. Throws MethodError
  /// when not built, QueryError as query() does.
  Path findPath(Point start, Point goal, const SearchOptions& options = {});
  /// The same answer written into `out`, whose vectors keep their memory. The method keeps
  /// one Search for these queries (its records expire by generation): once warm, a query
  /// through a method whose query and trace reuse their memory (visibility) allocates
  /// nothing.
  void findPath(Point start, Point goal, Path& out, const SearchOptions& options = {});

 protected:
  /// The method's own world path for a search result on graph(), in world units (points
  /// start ... goal and length; `expanded` and `nodes` kept), before worldPath puts its
  /// points in canonical form: the search path's node positions, Polyanya's turning points,
  /// the funnel path. A result without a path is returned as it is.
  virtual Path tracePath(const Path& search) const = 0;
  /// tracePath() written over `path`. The default copies through tracePath(); a method
  /// whose tracePath() keeps the search's points overrides it to do nothing.
  virtual void tracePathInPlace(Path& path) const { path = tracePath(path); }

 private:
  Search search_;  // findPath's engine, reused
};

// [SECTION] Registry

/// Makes a new, unbuilt method.
using MethodFactory = std::unique_ptr<Method> (*)();

/// A registered method: its facts and its factory.
struct MethodEntry {
  const MethodInfo* info = nullptr;
  MethodFactory create = nullptr;
};

/// The methods by name, in the order they were added (the editor's selector order).
class MethodRegistry {
 public:
  /// Adds the method `factory` makes (its info() gives the name). Throws MethodError when
  /// the name is empty or taken.
  void add(MethodFactory factory);
  /// Removes the method `name`; false when there is none.
  bool remove(std::string_view name);
  /// Every method, in order.
  std::span<const MethodEntry> entries() const { return entries_; }
  /// The method called `name`, or null.
  const MethodEntry* find(std::string_view name) const;
  /// The method called `name`; throws MethodError "unknown method 'x' (one of: ...)".
  const MethodEntry& get(std::string_view name) const;
  /// A new method called `name` (get's error when unknown).
  std::unique_ptr<Method> create(std::string_view name) const { return get(name).create(); }
  /// The names joined by `separator`: "visibility, polyanya, ...".
  std::string names(std::string_view separator = ", ") const;

 private:
  std::vector<MethodEntry> entries_;
};

}  // namespace polypath
