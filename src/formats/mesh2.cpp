// mesh2.cpp: Polyanya mesh 2 and mesh 3 parsing (one reader, the version picks the record
// layout), mesh 2 writing, and conversion to NavMesh.
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
    while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_])) &&
           text_.compare(pos_, 2, "//") != 0)
      ++pos_;
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
  /// Most records of at least `record_bytes` characters the rest of the text can hold: a
  /// bound for reserving by a count the file declares (a 300-byte file may claim millions).
  std::size_t recordsLeft(std::size_t record_bytes) const { return (text_.size() - pos_) / record_bytes + 1; }
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
  // Skips whitespace and "//" comments (to the end of their line).
  void skip() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
        continue;
      }
      if (!std::isspace(static_cast<unsigned char>(c))) break;
      if (c == '\n') ++line_;
      ++pos_;
    }
  }
  std::string_view text_;
  std::string source_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

constexpr long kMaxCount = 50'000'000;

/// Mesh 2 vertex records "x y n p[0..n-1]", or mesh 3's "x y".
void readVertices(Tokens& in, Mesh2& mesh, long nv, long np) {
  // A vertex record is at least "x y" and a separator: 4 characters.
  const std::size_t expected = std::min(static_cast<std::size_t>(nv), in.recordsLeft(4));
  mesh.vertices.reserve(expected);
  mesh.vertex_polygons.reserve(expected);
  for (long i = 0; i < nv; ++i) {
    mesh.vertex_polygons.emplace_back();
    const std::string what = "vertex " + std::to_string(mesh.version == 3 ? i + 1 : i);
    const double x = in.number(what + " x");
    const double y = in.number(what + " y");
    mesh.vertices.push_back({x, y});
    if (mesh.version == 3) continue;
    const long n = in.integer(what + " neighbour count", 0, np + nv + 16);
    auto& around = mesh.vertex_polygons[static_cast<std::size_t>(i)];
    for (long k = 0; k < n; ++k) around.push_back(static_cast<int>(in.integer(what + " neighbour polygon", -1, np - 1)));
  }
}

/// Mesh 2 polygon records "n v[0..n-1] p[0..n-1]", or mesh 3's face records
/// "t n v[1..n] p[1..n]" (ids from 1, negative p for constrained edges), stored from 0.
void readPolygons(Tokens& in, Mesh2& mesh, long nv, long np) {
  const bool v3 = mesh.version == 3;
  const long base = v3 ? 1 : 0;  // the file's first id
  std::vector<std::vector<long>> across;  // mesh 3: the file's p[] as written
  for (long i = 0; i < np; ++i) {
    const std::string what = (v3 ? "face " : "polygon ") + std::to_string(i + base);
    mesh.traversable.push_back(!v3 || in.integer(what + " traversable flag", 0, 1) == 1);
    const long n = in.integer(what + " vertex count", 3, nv);
    std::vector<int> v, p;
    std::vector<long> raw;
    for (long k = 0; k < n; ++k) v.push_back(static_cast<int>(in.integer(what + " vertex index", base, nv - 1 + base) - base));
    for (long k = 0; k < n; ++k) {
      if (v3) raw.push_back(in.integer(what + " neighbour", -np, np));
      else p.push_back(static_cast<int>(in.integer(what + " neighbour", -1, np - 1)));
    }
    mesh.polygons.push_back(std::move(v));
    mesh.neighbours.push_back(std::move(p));
    if (v3) across.push_back(std::move(raw));
  }
  // Mesh 3: a positive id is a crossable edge; keep it when the face across is walkable.
  for (std::size_t f = 0; f < across.size(); ++f)
    for (long k : across[f]) {
      const bool crossable = k > 0 && mesh.traversable[static_cast<std::size_t>(k - 1)];
      mesh.neighbours[f].push_back(crossable ? static_cast<int>(k - 1) : -1);
    }
}

}  // namespace

std::size_t Mesh2::traversableCount() const {
  return static_cast<std::size_t>(std::count(traversable.begin(), traversable.end(), true));
}

Mesh2 parseMesh(std::string_view text, const std::string& source) {
  Tokens in(text, source);
  if (in.next("the header \"mesh\"") != "mesh") in.fail("not a mesh file: the first word must be \"mesh\"");
  const long version = in.integer("the version", 0, 1000);
  if (version != 2 && version != 3)
    in.fail("mesh version " + std::to_string(version) + " is not supported (only versions 2 and 3)");
  Mesh2 mesh;
  mesh.version = static_cast<int>(version);
  const long nv = in.integer("the vertex count V", 0, kMaxCount);
  const long np = in.integer(version == 3 ? "the face count F" : "the polygon count P", 0, kMaxCount);
  readVertices(in, mesh, nv, np);
  readPolygons(in, mesh, nv, np);
  if (!in.atEnd())
    in.fail("unexpected content after the " + std::to_string(np) + (version == 3 ? " faces" : " polygons"));
  return mesh;
}

Mesh2 loadMesh(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw MeshFileError(file.string() + ": cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return parseMesh(text.str(), file.string());
}

// [SECTION] Conversions

NavMesh navMeshFromMesh2(const Mesh2& mesh) {
  std::vector<NavMesh::FaceInput> faces;
  faces.reserve(mesh.polygons.size());
  for (std::size_t p = 0; p < mesh.polygons.size(); ++p)
    if (p >= mesh.traversable.size() || mesh.traversable[p]) faces.push_back({mesh.polygons[p], 0});
  return NavMesh(mesh.vertices, std::move(faces));
}

Mesh2 mesh2FromNavMesh(const NavMesh& nav) {
  Mesh2 mesh;
  mesh.vertices = nav.vertices();
  mesh.traversable.assign(nav.faces().size(), true);
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
  if (mesh.traversableCount() != mesh.traversable.size())
    throw std::invalid_argument("serializeMesh2: mesh 2 lists traversable polygons only");
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
