// lesson.cpp: lesson files: parsing, action grammar and checks.
#include "polypath/formats/lesson.hpp"
#include "formats/json_syntax.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "polypath/debug/layer_names.hpp"
#include "polypath/core/visibility_graph.hpp"

namespace polypath {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// [SECTION] Settings and actions

void SettingChange::applyTo(LessonSettings& s) const {
  switch (name) {
    case Name::Heuristic: s.search.heuristic = heuristic; break;
    case Name::Weight: s.search.weight = number; break;
    case Name::TieBreak: s.search.tie_break = tie_break; break;
    case Name::Method: s.method = method; break;
    case Name::CornerOffset: s.corner_offset = number; break;
    case Name::Start: s.start = point; break;
    case Name::Goal: s.goal = point; break;
  }
}

Breakpoint LessonAction::breakpoint(NodeId start, NodeId goal) const {
  switch (until) {
    case Breakpoint::Kind::NodeExpanded: return Breakpoint::onExpand(node.resolve(start, goal));
    case Breakpoint::Kind::GoalOpened: return Breakpoint::onGoalOpened();
    case Breakpoint::Kind::FExceeds: return Breakpoint::onFAbove(f);
  }
  return Breakpoint::onGoalOpened();
}

namespace {

constexpr const char* kKnownActions =
    "reset, step [N], back [N], seek N, run, run until expanded NODE, run until goal open, run until f > X, "
    "set heuristic|weight|tie-break|method|corner-offset|start|goal VALUE, layers|show|hide LIST, "
    "compare SETTING VALUE, compare off, inspect NODE";

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::optional<double> number(std::string_view s) {
  double v = 0.0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<int> count(std::string_view s, int min) {
  const std::optional<double> v = number(s);
  if (!v || *v < min || *v > 1e9 || *v != static_cast<double>(static_cast<int>(*v))) return std::nullopt;
  return static_cast<int>(*v);
}

std::optional<LessonNode> node(std::string_view s) {
  if (s == "start") return LessonNode{LessonNode::Kind::Start, kNoNode};
  if (s == "goal") return LessonNode{LessonNode::Kind::Goal, kNoNode};
  const std::optional<int> id = count(s, 0);
  if (!id) return std::nullopt;
  return LessonNode{LessonNode::Kind::Id, *id};
}

/// Parses "NAME VALUE" of set and compare; `allow_points`: start and goal may be set.
bool parseChange(const std::vector<std::string>& w, std::size_t at, bool allow_points, SettingChange& c,
                 std::string& error) {
  if (w.size() != at + 2) {
    error = "'" + w[0] + "' expects a setting and one value, for example '" + w[0] + " heuristic none'";
    return false;
  }
  const std::string& name = w[at];
  const std::string& value = w[at + 1];
  if (name == "heuristic") {
    c.name = SettingChange::Name::Heuristic;
    if (!parseHeuristic(value, c.heuristic)) {
      error = "unknown heuristic '" + value + "' (known: none, euclidean, manhattan, chebyshev, octile)";
      return false;
    }
  } else if (name == "weight" || name == "corner-offset") {
    c.name = name == "weight" ? SettingChange::Name::Weight : SettingChange::Name::CornerOffset;
    const std::optional<double> v = number(value);
    if (!v || *v < 0) {
      error = name + " expects a number >= 0, got '" + value + "'";
      return false;
    }
    c.number = *v;
  } else if (name == "tie-break") {
    c.name = SettingChange::Name::TieBreak;
    if (value == "g") c.tie_break = TieBreak::LargerG;
    else if (value == "none") c.tie_break = TieBreak::None;
    else {
      error = "tie-break expects g or none, got '" + value + "'";
      return false;
    }
  } else if (name == "method") {
    c.name = SettingChange::Name::Method;
    if (std::find(std::begin(kLessonMethods), std::end(kLessonMethods), value) == std::end(kLessonMethods)) {
      error = "unknown method '" + value + "' (known: visibility, navmesh, grid, finley)";
      return false;
    }
    c.method = value;
  } else if (allow_points && (name == "start" || name == "goal")) {
    c.name = name == "start" ? SettingChange::Name::Start : SettingChange::Name::Goal;
    const std::size_t comma = value.find(',');
    const std::optional<double> x = comma == std::string::npos ? std::nullopt : number(value.substr(0, comma));
    const std::optional<double> y = comma == std::string::npos ? std::nullopt : number(value.substr(comma + 1));
    if (!x || !y) {
      error = name + " expects X,Y, got '" + value + "'";
      return false;
    }
    c.point = {*x, *y};
  } else {
    error = "unknown setting '" + name + "' (known: heuristic, weight, tie-break, method, corner-offset" +
            (allow_points ? ", start, goal)" : ")");
    return false;
  }
  return true;
}

}  // namespace

std::optional<LessonAction> parseLessonAction(std::string_view text, std::string& error) {
  const std::vector<std::string> w = words(text);
  LessonAction a;
  a.text = std::string(text);
  auto fail = [&](std::string why) -> std::optional<LessonAction> {
    error = std::move(why);
    return std::nullopt;
  };
  if (w.empty()) return fail("empty action; known: " + std::string(kKnownActions));
  const std::string& verb = w[0];
  if (verb == "reset" && w.size() == 1) {
    a.kind = LessonAction::Kind::Reset;
  } else if ((verb == "step" || verb == "back") && w.size() <= 2) {
    a.kind = verb == "step" ? LessonAction::Kind::Step : LessonAction::Kind::Back;
    if (w.size() == 2) {
      const std::optional<int> n = count(w[1], 1);
      if (!n) return fail(verb + " expects a whole number >= 1, got '" + w[1] + "'");
      a.count = *n;
    }
  } else if (verb == "seek" && w.size() == 2) {
    a.kind = LessonAction::Kind::Seek;
    const std::optional<int> n = count(w[1], 0);
    if (!n) return fail("seek expects a whole number >= 0, got '" + w[1] + "'");
    a.count = *n;
  } else if (verb == "run" && w.size() == 1) {
    a.kind = LessonAction::Kind::Run;
  } else if (verb == "run" && w.size() >= 2 && w[1] == "until") {
    a.kind = LessonAction::Kind::RunUntil;
    if (w.size() == 4 && w[2] == "expanded") {
      const std::optional<LessonNode> n = node(w[3]);
      if (!n) return fail("run until expanded expects start, goal or a node id, got '" + w[3] + "'");
      a.until = Breakpoint::Kind::NodeExpanded;
      a.node = *n;
    } else if (w.size() == 4 && w[2] == "goal" && w[3] == "open") {
      a.until = Breakpoint::Kind::GoalOpened;
    } else if (w.size() == 5 && w[2] == "f" && w[3] == ">") {
      const std::optional<double> f = number(w[4]);
      if (!f) return fail("run until f > expects a number, got '" + w[4] + "'");
      a.until = Breakpoint::Kind::FExceeds;
      a.f = *f;
    } else {
      return fail("run until expects 'expanded NODE', 'goal open' or 'f > X'");
    }
  } else if (verb == "set") {
    a.kind = LessonAction::Kind::Set;
    if (!parseChange(w, 1, true, a.change, error)) return std::nullopt;
  } else if (verb == "compare" && w.size() == 2 && w[1] == "off") {
    a.kind = LessonAction::Kind::CompareOff;
  } else if (verb == "compare") {
    a.kind = LessonAction::Kind::Compare;
    if (!parseChange(w, 1, false, a.change, error)) return std::nullopt;
  } else if ((verb == "layers" || verb == "show" || verb == "hide") && w.size() >= 2) {
    a.kind = verb == "layers" ? LessonAction::Kind::Layers
             : verb == "show" ? LessonAction::Kind::Show
                              : LessonAction::Kind::Hide;
    std::string list;
    for (std::size_t i = 1; i < w.size(); ++i) list += w[i];
    std::string layer_error;
    if (!parseLayerList(list, a.layers, layer_error)) return fail(verb + ": " + layer_error);
  } else if (verb == "inspect" && w.size() == 2) {
    a.kind = LessonAction::Kind::Inspect;
    const std::optional<LessonNode> n = node(w[1]);
    if (!n) return fail("inspect expects start, goal or a node id, got '" + w[1] + "'");
    a.node = *n;
  } else {
    return fail("unknown action '" + std::string(text) + "'; known: " + kKnownActions);
  }
  return a;
}

// [SECTION] Parsing files

LessonError::LessonError(std::string file, std::string pointer, const std::string& what)
    : Error(what, pointer.empty() ? file : file + "#" + pointer), file_(std::move(file)), pointer_(std::move(pointer)) {}

namespace {

/// Reads values with the JSON pointer and the expected type in every error.
struct Reader {
  const std::string& source;
  [[noreturn]] void fail(const std::string& pointer, const std::string& what) const {
    throw LessonError(source, pointer, source + ": " + (pointer.empty() ? "" : pointer + ": ") + what);
  }
  const Json* get(const Json& obj, const char* key) const {
    const auto it = obj.find(key);
    return it == obj.end() || it->is_null() ? nullptr : &*it;
  }
  std::string string(const Json& v, const std::string& pointer) const {
    if (!v.is_string()) fail(pointer, "expected a string, got " + std::string(v.type_name()));
    return v.get<std::string>();
  }
  double num(const Json& v, const std::string& pointer) const {
    if (!v.is_number()) fail(pointer, "expected a number, got " + std::string(v.type_name()));
    return v.get<double>();
  }
  Point point(const Json& v, const std::string& pointer) const {
    if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number())
      fail(pointer, "expected a point [x, y]");
    return {v[0].get<double>(), v[1].get<double>()};
  }
};

LessonCrowd readCrowd(const Reader& rd, const Json& c) {
  if (!c.is_object()) rd.fail("/crowd", "expected an object {\"agents\": N, ...}");
  for (const auto& [key, value] : c.items())
    if (key != "agents" && key != "radius" && key != "speed" && key != "seed" && key != "steps")
      rd.fail("/crowd/" + key, "unknown crowd setting (known: agents, radius, speed, seed, steps)");
  LessonCrowd out;
  auto whole = [&](const char* key, long long lo, long long hi) {
    const std::string pointer = std::string("/crowd/") + key;
    const double v = rd.num(c[key], pointer);
    if (!(v >= static_cast<double>(lo) && v <= static_cast<double>(hi)) || v != std::floor(v))
      rd.fail(pointer, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " +
                           c[key].dump());
    return v;
  };
  auto positive = [&](const char* key) {
    const std::string pointer = std::string("/crowd/") + key;
    const double v = rd.num(c[key], pointer);
    if (!(v > 0.0) || !std::isfinite(v)) rd.fail(pointer, "expected a number above 0, got " + c[key].dump());
    return v;
  };
  if (rd.get(c, "agents")) out.agents = static_cast<int>(whole("agents", 1, 100000));
  if (rd.get(c, "radius")) out.radius = positive("radius");
  if (rd.get(c, "speed")) out.speed = positive("speed");
  if (rd.get(c, "seed")) out.seed = static_cast<std::uint64_t>(whole("seed", 0, 9007199254740992LL));
  if (rd.get(c, "steps")) out.max_steps = static_cast<int>(whole("steps", 0, 10000000));
  return out;
}

void readSettings(const Reader& rd, const Json& s, LessonSettings& out) {
  if (!s.is_object()) rd.fail("/settings", "expected an object");
  static const char* kKnown[] = {"method", "heuristic", "weight", "tie_break", "corner_offset", "start", "goal", "layers"};
  for (const auto& item : s.items()) {
    const std::string& key = item.key();  // a plain reference: clang 14 cannot capture structured bindings
    if (std::find_if(std::begin(kKnown), std::end(kKnown), [&](const char* k) { return key == k; }) == std::end(kKnown))
      rd.fail("/settings/" + key, "unknown setting (known: method, heuristic, weight, tie_break, corner_offset, "
                                  "start, goal, layers)");
  }
  if (const Json* v = rd.get(s, "method")) {
    out.method = rd.string(*v, "/settings/method");
    if (std::find(std::begin(kLessonMethods), std::end(kLessonMethods), out.method) == std::end(kLessonMethods))
      rd.fail("/settings/method", "unknown method '" + out.method + "' (known: visibility, navmesh, grid, finley)");
  }
  if (const Json* v = rd.get(s, "heuristic")) {
    const std::string h = rd.string(*v, "/settings/heuristic");
    if (!parseHeuristic(h, out.search.heuristic))
      rd.fail("/settings/heuristic", "unknown heuristic '" + h + "' (known: none, euclidean, manhattan, chebyshev, octile)");
  }
  if (const Json* v = rd.get(s, "weight")) {
    out.search.weight = rd.num(*v, "/settings/weight");
    if (!(out.search.weight >= 0.0)) rd.fail("/settings/weight", "must be 0 or more");
  }
  if (const Json* v = rd.get(s, "tie_break")) {
    const std::string t = rd.string(*v, "/settings/tie_break");
    if (t == "g") out.search.tie_break = TieBreak::LargerG;
    else if (t == "none") out.search.tie_break = TieBreak::None;
    else rd.fail("/settings/tie_break", "expected \"g\" or \"none\", got '" + t + "'");
  }
  if (const Json* v = rd.get(s, "corner_offset")) {
    out.corner_offset = rd.num(*v, "/settings/corner_offset");
    if (!(out.corner_offset >= 0.0)) rd.fail("/settings/corner_offset", "must be 0 or more");
  }
  if (const Json* v = rd.get(s, "start")) out.start = rd.point(*v, "/settings/start");
  if (const Json* v = rd.get(s, "goal")) out.goal = rd.point(*v, "/settings/goal");
  if (const Json* v = rd.get(s, "layers")) {
    std::string error;
    if (!parseLayerList(rd.string(*v, "/settings/layers"), out.layers, error)) rd.fail("/settings/layers", error);
  }
}

LessonStep readStep(const Reader& rd, const Json& s, const std::string& pointer) {
  if (!s.is_object()) rd.fail(pointer, "expected an object {\"caption\": ..., \"actions\": [...]}");
  LessonStep step;
  const Json* caption = rd.get(s, "caption");
  if (!caption) rd.fail(pointer, "a step needs a \"caption\"");
  step.caption = rd.string(*caption, pointer + "/caption");
  if (rd.get(s, "action") && rd.get(s, "actions")) rd.fail(pointer, "give \"action\" or \"actions\", not both");
  std::vector<std::pair<std::string, std::string>> texts;  // (pointer, text)
  if (const Json* a = rd.get(s, "action")) texts.push_back({pointer + "/action", rd.string(*a, pointer + "/action")});
  if (const Json* as = rd.get(s, "actions")) {
    if (!as->is_array()) rd.fail(pointer + "/actions", "expected an array of action strings");
    for (std::size_t i = 0; i < as->size(); ++i) {
      const std::string p = pointer + "/actions/" + std::to_string(i);
      texts.push_back({p, rd.string((*as)[i], p)});
    }
  }
  for (const auto& [p, text] : texts) {
    std::string error;
    const std::optional<LessonAction> a = parseLessonAction(text, error);
    if (!a) rd.fail(p, error);
    step.actions.push_back(*a);
  }
  if (const Json* pr = rd.get(s, "prompt")) {
    const std::string p = pointer + "/prompt";
    if (!pr->is_object()) rd.fail(p, "expected {\"text\": \"Press Step.\", \"steps\": 1}");
    const Json* text = rd.get(*pr, "text");
    if (!text) rd.fail(p, "a prompt needs a \"text\"");
    step.prompt = rd.string(*text, p + "/text");
    step.prompt_steps = 1;
    if (const Json* n = rd.get(*pr, "steps")) {
      const double v = rd.num(*n, p + "/steps");
      if (!(v >= 0 && v <= 1e6) || v != static_cast<double>(static_cast<int>(v)))
        rd.fail(p + "/steps", "expected a whole number of Step presses, 0 or more");
      step.prompt_steps = static_cast<int>(v);
    }
  }
  if (const Json* st = rd.get(s, "stepping")) {
    if (!st->is_boolean()) rd.fail(pointer + "/stepping", "expected true or false");
    step.stepping = st->get<bool>();
    if (!step.stepping && step.prompt_steps > 0)
      rd.fail(pointer + "/stepping", "a step whose prompt asks for Step presses cannot have \"stepping\": false");
  }
  return step;
}

}  // namespace

Lesson parseLesson(std::string_view text, const std::string& source, const fs::path& base_dir) {
  const Reader rd{source};
  Json j;
  try {
    j = Json::parse(text);
  } catch (const Json::parse_error& e) {
    throw LessonError(source, "", json_syntax::syntaxError(source, text, e));  // FILE:LINE:COLUMN: what
  } catch (const Json::out_of_range& e) {
    throw LessonError(source, "", json_syntax::numberError(source, text, e));
  }
  if (!j.is_object()) rd.fail("", "expected a JSON object {\"format\": \"polypath-lesson\", ...}");
  if (const Json* f = rd.get(j, "format"); !f || rd.string(*f, "/format") != "polypath-lesson")
    rd.fail("/format", "expected \"polypath-lesson\" (is this a lesson file?)");
  if (const Json* v = rd.get(j, "version")) {
    const double version = rd.num(*v, "/version");
    if (version > 1) rd.fail("/version", "version " + v->dump() + " is newer than this polypath reads (1); update polypath");
    if (version != 1) rd.fail("/version", "expected 1");
  }

  Lesson lesson;
  lesson.source = source;
  const Json* title = rd.get(j, "title");
  if (!title) rd.fail("", "a lesson needs a \"title\"");
  lesson.title = rd.string(*title, "/title");
  if (const Json* s = rd.get(j, "summary")) lesson.summary = rd.string(*s, "/summary");

  const Json* map = rd.get(j, "map");
  if (!map) rd.fail("", "a lesson needs a \"map\": a map file name or an inline map object");
  try {
    if (map->is_string()) {
      lesson.map_file = base_dir / map->get<std::string>();
      lesson.map = loadMap(*lesson.map_file);
    } else if (map->is_object()) {
      lesson.map = parseMap(map->dump(), source + " (inline map)");
    } else {
      rd.fail("/map", "expected a map file name or an inline map object, got " + std::string(map->type_name()));
    }
  } catch (const MapFileError& e) {
    rd.fail("/map", e.what());
  }

  lesson.settings.corner_offset = lesson.map.settings.corner_offset;
  lesson.settings.start = lesson.map.start;
  lesson.settings.goal = lesson.map.goal;
  lesson.settings.layers = kDefaultLayers;
  if (const Json* s = rd.get(j, "settings")) readSettings(rd, *s, lesson.settings);

  if (const Json* c = rd.get(j, "crowd")) lesson.crowd = readCrowd(rd, *c);

  const Json* steps = rd.get(j, "steps");
  if (!steps || !steps->is_array() || steps->empty()) rd.fail("/steps", "a lesson needs a non-empty array of steps");
  for (std::size_t i = 0; i < steps->size(); ++i)
    lesson.steps.push_back(readStep(rd, (*steps)[i], "/steps/" + std::to_string(i)));
  return lesson;
}

Lesson loadLesson(const fs::path& file) {
  const std::string name = file.string();
  std::ifstream in(file, std::ios::binary);
  if (!in) throw LessonError(name, "", name + ": cannot open; check the path");
  std::ostringstream text;
  text << in.rdbuf();
  return parseLesson(text.str(), name, file.parent_path());
}

}  // namespace polypath
