// movingai.cpp: Moving AI .map and .scen files, and grid maps as polygon map documents.
#include "polypath/formats/movingai.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "polypath/core/grid_trace.hpp"

namespace polypath {

namespace fs = std::filesystem;

namespace {

/// Splits text into lines (LF or CR LF), keeping 1-based line numbers implicit.
std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    pos = end + 1;
  }
  return lines;
}

[[noreturn]] void fail(const std::string& source, int line, int column, const std::string& what) {
  throw MapFileError(source, "", source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + what);
}

bool parseInt(std::string_view s, int& out) {
  if (s.empty()) return false;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

std::string readWholeFile(const fs::path& file, const char* what) {
  const std::string name = file.string();
  std::error_code ec;
  if (!fs::is_regular_file(file, ec))
    throw MapFileError(name, "", name + ": no such file; give the path of a " + std::string(what));
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) throw MapFileError(name, "", name + ": cannot read the file");
  return text.str();
}

/// Whitespace-separated fields with their 1-based columns.
std::vector<std::pair<std::string_view, int>> fields(std::string_view line) {
  std::vector<std::pair<std::string_view, int>> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.emplace_back(line.substr(start, i - start), static_cast<int>(start) + 1);
  }
  return out;
}

}  // namespace

// [SECTION] Maps

Grid parseMovingAiMap(std::string_view text, const std::string& source) {
  const std::vector<std::string_view> lines = splitLines(text);
  int width = -1, height = -1;
  std::size_t row0 = 0;
  bool saw_map = false;
  for (std::size_t i = 0; i < lines.size() && !saw_map; ++i) {
    const int ln = static_cast<int>(i) + 1;
    const auto f = fields(lines[i]);
    if (f.empty()) continue;
    if (f[0].first == "map" && f.size() == 1) {
      saw_map = true;
      row0 = i + 1;
    } else if (f[0].first == "type") {
      // "type octile": the only type Moving AI uses; others are read the same way.
    } else if (f[0].first == "height" || f[0].first == "width") {
      int v = 0;
      if (f.size() != 2 || !parseInt(f[1].first, v) || v <= 0)
        fail(source, ln, f.size() > 1 ? f[1].second : 1,
             std::string(f[0].first) + " must be followed by one positive whole number");
      (f[0].first == "height" ? height : width) = v;
    } else {
      fail(source, ln, f[0].second,
           "unexpected header line '" + std::string(lines[i]) + "' (expected type, height, width, then map)");
    }
  }
  if (!saw_map) fail(source, static_cast<int>(lines.size()) + 1, 1, "no 'map' line: the header must end with a line 'map'");
  if (height < 0) fail(source, static_cast<int>(row0), 1, "the header has no 'height' line");
  if (width < 0) fail(source, static_cast<int>(row0), 1, "the header has no 'width' line");
  if (static_cast<long long>(width) * height > (1LL << 28))
    fail(source, static_cast<int>(row0), 1, "map of " + std::to_string(width) + " x " + std::to_string(height) +
                                                " cells is larger than the limit of 2^28 cells");
  Grid grid(width, height);
  for (int y = 0; y < height; ++y) {
    const std::size_t li = row0 + static_cast<std::size_t>(y);
    const int ln = static_cast<int>(li) + 1;
    if (li >= lines.size())
      fail(source, ln, 1, "missing row " + std::to_string(y) + ": the header says height " + std::to_string(height));
    const std::string_view row = lines[li];
    for (int x = 0; x < width && x < static_cast<int>(row.size()); ++x) {
      switch (row[x]) {
        case '.': case 'G': case 'S': break;
        case '@': case 'O': case 'T': case 'W': grid.setBlocked(x, y, true); break;
        default:
          fail(source, ln, x + 1, std::string("unknown map character '") + row[x] +
                                      "' in cell (" + std::to_string(x) + ", " + std::to_string(y) +
                                      "); free cells are . G S, blocked cells @ O T W");
      }
    }
    if (static_cast<int>(row.size()) != width)
      fail(source, ln, static_cast<int>(std::min<std::size_t>(row.size(), width)) + 1,
           "row " + std::to_string(y) + " has " + std::to_string(row.size()) + " cells; the header says width " +
               std::to_string(width));
  }
  for (std::size_t li = row0 + height; li < lines.size(); ++li)
    if (!fields(lines[li]).empty())
      fail(source, static_cast<int>(li) + 1, 1, "extra line after the " + std::to_string(height) + " rows of the map");
  return grid;
}

Grid loadMovingAiMap(const fs::path& file) {
  return parseMovingAiMap(readWholeFile(file, "Moving AI .map file"), file.string());
}

std::string serializeMovingAiMap(const Grid& grid) {
  std::string out = "type octile\nheight " + std::to_string(grid.height) + "\nwidth " + std::to_string(grid.width) + "\nmap\n";
  out.reserve(out.size() + static_cast<std::size_t>(grid.width + 1) * grid.height);
  for (int y = 0; y < grid.height; ++y) {
    for (int x = 0; x < grid.width; ++x) out += grid.isBlocked(x, y) ? '@' : '.';
    out += '\n';
  }
  return out;
}

void saveMovingAiMap(const Grid& grid, const fs::path& file) { saveTextFileAtomically(serializeMovingAiMap(grid), file); }

// [SECTION] Scenarios

double ScenarioQuery::tolerance() const { return 0.5 * std::pow(10.0, -decimals) + 1e-6 * std::abs(optimal); }

Scenario parseScenario(std::string_view text, const std::string& source) {
  const std::vector<std::string_view> lines = splitLines(text);
  Scenario scen;
  std::size_t i = 0;
  while (i < lines.size() && fields(lines[i]).empty()) ++i;
  {
    const auto f = i < lines.size() ? fields(lines[i]) : decltype(fields({})){};
    if (f.size() != 2 || f[0].first != "version")
      fail(source, static_cast<int>(i) + 1, 1, "a scenario file starts with a line 'version 1'");
    scen.version = std::string(f[1].first);
  }
  for (++i; i < lines.size(); ++i) {
    const int ln = static_cast<int>(i) + 1;
    const auto f = fields(lines[i]);
    if (f.empty()) continue;
    if (f.size() != 9)
      fail(source, ln, 1, "a scenario line has 9 fields (bucket, map, width, height, start x, start y, goal x, goal y, "
                          "length), this one has " + std::to_string(f.size()));
    ScenarioQuery q;
    q.line = ln;
    q.map = std::string(f[1].first);
    int* ints[] = {&q.bucket, nullptr, &q.map_width, &q.map_height, &q.sx, &q.sy, &q.gx, &q.gy};
    for (int k = 0; k < 8; ++k)
      if (ints[k] && !parseInt(f[k].first, *ints[k]))
        fail(source, ln, f[k].second, "field " + std::to_string(k + 1) + " '" + std::string(f[k].first) +
                                          "' is not a whole number");
    const std::string len(f[8].first);
    char* end = nullptr;
    q.optimal = std::strtod(len.c_str(), &end);
    if (end != len.c_str() + len.size() || !std::isfinite(q.optimal))
      fail(source, ln, f[8].second, "the length '" + len + "' is not a number");
    const std::size_t dot = len.find('.');
    q.decimals = dot == std::string::npos ? 0 : static_cast<int>(len.size() - dot - 1);
    scen.queries.push_back(std::move(q));
  }
  return scen;
}

Scenario loadScenario(const fs::path& file) {
  return parseScenario(readWholeFile(file, "Moving AI .scen file"), file.string());
}

// [SECTION] Grid maps as polygon maps

MapDocument gridToMapDocument(const Grid& grid, const std::string& name) {
  MapDocument doc;
  doc.name = name;
  doc.units = "cells";
  doc.polygons = traceGrid(grid);
  return doc;
}

}  // namespace polypath
