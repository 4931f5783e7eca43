// method.cpp: Method::findPath and the MethodRegistry (see method.hpp).
#include "polypath/core/method.hpp"

#include <algorithm>

namespace polypath {

Path Method::findPath(Point start, Point goal, const SearchOptions& options) {
  Path path;
  findPath(start, goal, path, options);
  return path;
}

void Method::findPath(Point start, Point goal, Path& out, const SearchOptions& options) {
  if (!built()) throw MethodError("the " + std::string(info().name) + " method is not built: call build() first");
  query(start, goal);
  search_.setRecording(false);  // no step of it is shown
  search_.init(*graph(), startNode(), goalNode(), options, ArcChecks::WhenPopped);
  search_.run();
  search_.finalize(out);
  tracePathInPlace(out);
  if (out.found) canonicalizePolyline(out.points);
}

Path Method::worldPath(const Path& search) const {
  Path path = tracePath(search);
  if (path.found) canonicalizePolyline(path.points);
  return path;
}

void MethodRegistry::add(MethodFactory factory) {
  if (!factory) throw MethodError("a method needs a factory");
  const MethodInfo& info = factory()->info();
  if (info.name.empty()) throw MethodError("a method needs a name");
  if (find(info.name)) throw MethodError("a method called '" + std::string(info.name) + "' is registered already");
  entries_.push_back({&info, factory});
}

bool MethodRegistry::remove(std::string_view name) {
  const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const MethodEntry& e) { return e.info->name == name; });
  if (it == entries_.end()) return false;
  entries_.erase(it);
  return true;
}

const MethodEntry* MethodRegistry::find(std::string_view name) const {
  for (const MethodEntry& e : entries_)
    if (e.info->name == name) return &e;
  return nullptr;
}

const MethodEntry& MethodRegistry::get(std::string_view name) const {
  if (const MethodEntry* e = find(name)) return *e;
  throw MethodError("unknown method '" + std::string(name) + "' (one of: " + names() + ")");
}

std::string MethodRegistry::names(std::string_view separator) const {
  std::string out;
  for (const MethodEntry& e : entries_) {
    if (!out.empty()) out += separator;
    out += e.info->name;
  }
  return out;
}

}  // namespace polypath
