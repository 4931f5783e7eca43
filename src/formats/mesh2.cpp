// mesh2.cpp: Polyanya mesh 2 parsing, writing, and conversion to NavMesh and polygons.
#include "polypath/formats/mesh2.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "formats/io_text.hpp"

namespace polypath {

// [SECTION] Parsing

namespace {

/// Whitespace-separated tokens with their line numbers.
class Tokens {
 public:
  Tokens(std::string_view text, std::string source) : text_(text), source_(std::move(source)) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw MeshFileError(source_ + ":" + std::to_string(line_) + ": " + what);
  }
  bool atEnd() {
    skip();
    return pos_ >= text_.size();
  }
  std::string_view next(const char* what) {
    skip();
    if (pos_ >= text_.size()) fail("the file ends where " + std::string(what) + " was expected");
    const std::size_t begin = pos_;
    while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    return text_.substr(begin, pos_ - begin);
  }
  double number(const std::string& what) {
    const std::string_view t = next(what.c_str());
    double v = 0.0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc() || r.ptr != t.data() + t.size() || !std::isfinite(v))
      fail(what + " must be a finite number, got '" + std::string(t) + "'");
    return v;
  }
  long integer(const std::string& what, long lo, long hi) {
    const std::string_view t = next(what.c_str());
    long v = 0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc() || r.ptr != t.data() + t.size())
      fail(what + " must be an integer, got '" + std::string(t) + "'");
    if (v < lo || v > hi)
      fail(what + " is " + std::to_string(v) + ", outside " + std::to_string(lo) + ".." + std::to_string(hi));
    return v;
  }

 private:
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
      if (text_[pos_] == '\n') ++line_;
      ++pos_;
    }
  }
  std::string_view text_;
  std::string source_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

constexpr long kMaxCount = 50'000'000;

}  // namespace

Mesh2 parseMesh2(std::string_view text, const std::string& source) {
  Tokens in(text, source);
  if (in.next("the header \"mesh\"") != "mesh") in.fail("not a mesh file: the first word must be \"mesh\"");
  const long version = in.integer("the version", 0, 1000);
  if (version != 2) in.fail("mesh version " + std::to_string(version) + " is not supported (only version 2)");
  const long nv = in.integer("the vertex count V", 0, kMaxCount);
  const long np = in.integer("the polygon count P", 0, kMaxCount);
  Mesh2 mesh;
  mesh.vertices.reserve(nv);
  for (long i = 0; i < nv; ++i) {
    const std::string what = "vertex " + std::to_string(i);
    const double x = in.number(what + " x");
    const double y = in.number(what + " y");
    mesh.vertices.push_back({x, y});
    const long n = in.integer(what + " neighbour count", 0, np + nv + 16);
    std::vector<int> around;
    for (long k = 0; k < n; ++k) around.push_back(static_cast<int>(in.integer(what + " neighbour polygon", -1, np - 1)));
    mesh.vertex_polygons.push_back(std::move(around));
  }
  for (long i = 0; i < np; ++i) {
    const std::string what = "polygon " + std::to_string(i);
    const long n = in.integer(what + " vertex count", 3, nv);
    std::vector<int> v, p;
    for (long k = 0; k < n; ++k) v.push_back(static_cast<int>(in.integer(what + " vertex index", 0, nv - 1)));
    for (long k = 0; k < n; ++k) p.push_back(static_cast<int>(in.integer(what + " neighbour", -1, np - 1)));
    mesh.polygons.push_back(std::move(v));
    mesh.neighbours.push_back(std::move(p));
  }
  if (!in.atEnd()) in.fail("unexpected content after the " + std::to_string(np) + " polygons");
  return mesh;
}

Mesh2 loadMesh2(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw MeshFileError(file.string() + ": cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return parseMesh2(text.str(), file.string());
}

// [SECTION] Conversions

NavMesh navMeshFromMesh2(const Mesh2& mesh) {
  std::vector<NavMesh::FaceInput> faces;
  faces.reserve(mesh.polygons.size());
  for (const auto& poly : mesh.polygons) faces.push_back({poly, 0});
  return NavMesh(mesh.vertices, std::move(faces));
}

Mesh2 mesh2FromNavMesh(const NavMesh& nav) {
  Mesh2 mesh;
  mesh.vertices = nav.vertices();
  struct Incident {
    double angle;
    int face;
    int corner;
  };
  std::vector<std::vector<Incident>> around(nav.vertices().size());
  for (std::size_t f = 0; f < nav.faces().size(); ++f) {
    const NavMesh::Face& face = nav.faces()[f];
    const std::size_t n = face.v.size();
    std::vector<int> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = face.neighbour[(i + n - 1) % n];  // across v[i-1] -> v[i]
    mesh.polygons.push_back(face.v);
    mesh.neighbours.push_back(std::move(p));
    for (std::size_t i = 0; i < n; ++i) {
      const Point d = face.centre - nav.vertices()[face.v[i]];
      around[face.v[i]].push_back({std::atan2(d.y, d.x), static_cast<int>(f), static_cast<int>(i)});
    }
  }
  for (std::size_t v = 0; v < around.size(); ++v) {
    auto& list = around[v];
    std::sort(list.begin(), list.end(), [](const Incident& a, const Incident& b) { return a.angle < b.angle; });
    std::vector<int> out;
    for (std::size_t k = 0; k < list.size(); ++k) {
      out.push_back(list[k].face);
      // Counter-clockwise from this face, the next one is its neighbour across the edge
      // that leaves v backwards (v[i-1] -> v[i]); otherwise a wall lies between.
      const NavMesh::Face& face = nav.faces()[list[k].face];
      const std::size_t n = face.v.size();
      const int across = face.neighbour[(list[k].corner + n - 1) % n];
      const int following = list[(k + 1) % list.size()].face;
      if (across != following || list.size() == 1) out.push_back(-1);
    }
    mesh.vertex_polygons.push_back(std::move(out));
  }
  return mesh;
}

std::string serializeMesh2(const Mesh2& mesh) {
  std::string s = "mesh\n2\n" + std::to_string(mesh.vertices.size()) + " " + std::to_string(mesh.polygons.size()) + "\n";
  for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
    s += io_text::formatNumber(mesh.vertices[v].x) + " " + io_text::formatNumber(mesh.vertices[v].y) + " ";
    const auto& around = v < mesh.vertex_polygons.size() ? mesh.vertex_polygons[v] : std::vector<int>{};
    s += std::to_string(around.size());
    for (int p : around) s += " " + std::to_string(p);
    s += "\n";
  }
  for (std::size_t p = 0; p < mesh.polygons.size(); ++p) {
    s += std::to_string(mesh.polygons[p].size());
    for (int v : mesh.polygons[p]) s += " " + std::to_string(v);
    for (int q : mesh.neighbours[p]) s += " " + std::to_string(q);
    s += "\n";
  }
  return s;
}

}  // namespace polypath
