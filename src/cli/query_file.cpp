// query_file.cpp: loadQueryFile (see query_file.hpp).
#include "cli/query_file.hpp"

#include <fstream>
#include <sstream>

#include "cli/cli_support.hpp"
#include "polypath/formats/movingai.hpp"

namespace polypath::cli {
namespace {

/// Whitespace-separated fields of a line.
std::vector<std::string> fieldsOf(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

/// The tolerance of an optimum printed as `text` (ScenarioQuery's rule).
double toleranceOf(const std::string& text, double value) {
  ScenarioQuery q;
  q.optimal = value;
  const std::size_t dot = text.find('.');
  const std::size_t end = text.find_first_of("eE");
  if (dot != std::string::npos) q.decimals = static_cast<int>((end == std::string::npos ? text.size() : end) - dot - 1);
  return q.tolerance();
}

QueryFile loadScenarioFile(const std::string& file, ScenarioPoints points) {
  Scenario scen;
  try {
    scen = loadScenario(file);
  } catch (const MapFileError& e) {
    badInput(e.what());
  }
  QueryFile out;
  out.kind = OptimumKind::Octile;
  const double shift = points == ScenarioPoints::Centre ? 0.5 : 0.0;
  for (const ScenarioQuery& q : scen.queries) {
    out.queries.push_back({{q.sx + shift, q.sy + shift}, {q.gx + shift, q.gy + shift}});
    out.optimum.push_back(q.optimal);
    out.tolerance.push_back(q.tolerance());
  }
  return out;
}

}  // namespace

const char* optimumKindName(OptimumKind kind) {
  switch (kind) {
    case OptimumKind::Euclidean: return "euclidean";
    case OptimumKind::Octile: return "octile";
    default: return "none";
  }
}

QueryFile loadQueryFile(const std::string& file, ScenarioPoints points) {
  std::ifstream in(file);
  if (!in) badInput(file + ": cannot read it");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  if (in.bad()) badInput(file + ": cannot read it");
  for (const std::string& line : lines) {
    const std::vector<std::string> f = fieldsOf(line);
    if (f.empty()) continue;
    if (f[0] == "version") return loadScenarioFile(file, points);
    break;
  }

  QueryFile out;
  std::size_t columns = 0;  // 4 or 5, fixed by the first query line
  bool first = true;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string where = file + ":" + std::to_string(i + 1) + ": ";
    const std::vector<std::string> f = fieldsOf(lines[i]);
    if (f.empty() || f[0][0] == '#') continue;
    const bool header = first && f.size() >= 4 && f[0] == "sx" && f[1] == "sy" && f[2] == "gx" && f[3] == "gy" &&
                        (f.size() == 4 || (f.size() == 5 && f[4] == "length"));
    first = false;
    if (header) continue;
    if (f.size() != 4 && f.size() != 5)
      badInput(where + "a query line is 'sx sy gx gy' or 'sx sy gx gy length', got " + std::to_string(f.size()) +
               " fields");
    if (columns == 0) columns = f.size();
    if (f.size() != columns)
      badInput(where + "every query line has " + std::to_string(columns) + " fields (as the first), got " +
               std::to_string(f.size()));
    double v[5];
    for (std::size_t k = 0; k < f.size(); ++k) {
      const std::optional<double> n = parseNumber(f[k]);
      if (!n) badInput(where + "field " + std::to_string(k + 1) + " is not a finite number: '" + f[k] + "'");
      v[k] = *n;
    }
    out.queries.push_back({{v[0], v[1]}, {v[2], v[3]}});
    if (columns == 5) {
      if (v[4] < 0) badInput(where + "the optimum (field 5) is negative: '" + f[4] + "'");
      out.optimum.push_back(v[4]);
      out.tolerance.push_back(toleranceOf(f[4], v[4]));
    }
  }
  out.kind = columns == 5 ? OptimumKind::Euclidean : OptimumKind::None;
  return out;
}

}  // namespace polypath::cli
