// registry.cpp: the built-in methods, one registration line each, and the method
// settings text (see registry.hpp).
#include "polypath/methods/registry.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "methods/builtin.hpp"

namespace polypath {

MethodRegistry& methods() {
  static MethodRegistry registry = [] {
    MethodRegistry r;
    r.add(makeVisibilityMethod);
    r.add(makePolyanyaMethod);
    r.add(makeTriangleCentreMethod);
    r.add(makeTrianglePortalMethod);
    r.add(makeGridMethod);
    return r;
  }();
  return registry;
}

const MethodInfo& methodInfo(const MethodSettings& settings) { return *methods().get(settings.name).info; }

bool parseMethodSettings(std::string_view text, MethodSettings& out) {
  const std::size_t colon = text.find(':');
  const MethodEntry* e = methods().find(text.substr(0, colon));
  if (!e) return false;
  MethodSettings s;
  s.name = std::string(e->info->name);
  if (colon != std::string_view::npos) {
    if (e->info->options.empty()) return false;
    const std::string_view v = text.substr(colon + 1);
    double value = 0.0;
    const auto r = std::from_chars(v.data(), v.data() + v.size(), value);
    if (r.ec != std::errc() || r.ptr != v.data() + v.size() || !(value > 0.0) || !std::isfinite(value)) return false;
    s.options.*(e->info->options.front().field) = value;
  }
  out = s;
  return true;
}

std::string describe(const MethodSettings& settings) {
  const MethodEntry* e = methods().find(settings.name);
  if (!e) return settings.name;
  std::string text(e->info->label);
  for (const MethodOptionInfo& o : e->info->options) {
    char buf[64];
    std::snprintf(buf, sizeof buf, " (%s %.3g)", o.short_name.data(), settings.options.*(o.field));
    text += buf;
  }
  return text;
}

bool validOptions(const MethodSettings& settings) {
  const MethodEntry* e = methods().find(settings.name);
  if (!e) return false;
  for (const MethodOptionInfo& o : e->info->options) {
    const double v = settings.options.*(o.field);
    if (!(v > 0.0) || !std::isfinite(v)) return false;
  }
  return true;
}

}  // namespace polypath
