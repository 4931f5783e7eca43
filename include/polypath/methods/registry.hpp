// registry.hpp: the registry of polypath's search methods (method.hpp's interface):
// visibility, polyanya, centre, portal and grid, plus any a program adds.
#pragma once

#include <string>
#include <string_view>

#include "polypath/core/method.hpp"

namespace polypath {

/// The methods polypath knows: the built-in ones in selector order (visibility, polyanya,
/// centre, portal, grid), then those a program added with methods().add(factory), which
/// the editor, lessons and command line then offer like the built-in ones.
MethodRegistry& methods();

/// A method and its options, as the editor, lessons and compare keep them.
struct MethodSettings {
  std::string name = "visibility";  ///< a registered method's name
  MethodOptions options;
  friend bool operator==(const MethodSettings&, const MethodSettings&) = default;
};

/// Reads "NAME" or "NAME:VALUE" (VALUE sets the method's first option, e.g. "grid:0.5" a
/// grid of 0.5-unit cells; it must be a finite number > 0). Returns false for an unknown
/// name, a method without options given a value, or a bad value.
bool parseMethodSettings(std::string_view text, MethodSettings& out);
/// The method's label with its options: "visibility graph", "grid (cell 0.5)".
std::string describe(const MethodSettings& settings);
/// The registered facts of settings.name (MethodError when unknown).
const MethodInfo& methodInfo(const MethodSettings& settings);
/// True when every option the method reads is finite and > 0.
bool validOptions(const MethodSettings& settings);

}  // namespace polypath
