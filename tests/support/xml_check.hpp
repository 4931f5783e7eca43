// xml_check.hpp: a minimal XML well-formedness check for the SVG tests (no dependency):
// one root element, every tag closed in order, attributes quoted and unique, only the
// five predefined entities and numeric character references, no '<' in text.
#pragma once

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace polypath::test {

/// The first well-formedness error of `xml` ("line 3: </g> closes <svg>"), or "" when
/// the document is well formed.
inline std::string xmlProblem(const std::string& xml) {
  std::vector<std::string> open;
  int roots = 0;
  std::size_t i = 0;
  auto line = [&] { return "line " + std::to_string(1 + std::count(xml.begin(), xml.begin() + i, '\n')) + ": "; };
  auto isName = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' || c == '.'; };
  auto entityOk = [&](std::size_t at) {
    const std::size_t semi = xml.find(';', at);
    if (semi == std::string::npos) return false;
    const std::string e = xml.substr(at + 1, semi - at - 1);
    if (e == "amp" || e == "lt" || e == "gt" || e == "quot" || e == "apos") return true;
    if (e.size() > 1 && e[0] == '#') {
      for (std::size_t k = 1; k < e.size(); ++k)
        if (!std::isxdigit(static_cast<unsigned char>(e[k])) && !(k == 1 && e[k] == 'x')) return false;
      return true;
    }
    return false;
  };
  if (xml.rfind("<?xml", 0) == 0) {
    i = xml.find("?>");
    if (i == std::string::npos) return "unterminated XML declaration";
    i += 2;
  }
  while (i < xml.size()) {
    if (xml[i] == '&') {
      if (!entityOk(i)) return line() + "bad entity";
      ++i;
      continue;
    }
    if (xml[i] == '>') return line() + "'>' outside a tag";
    if (xml[i] != '<') {
      if (open.empty() && !std::isspace(static_cast<unsigned char>(xml[i]))) return line() + "text outside the root";
      ++i;
      continue;
    }
    const bool closing = i + 1 < xml.size() && xml[i + 1] == '/';
    std::size_t j = i + (closing ? 2 : 1);
    std::string name;
    while (j < xml.size() && isName(xml[j])) name += xml[j++];
    if (name.empty()) return line() + "tag without a name";
    if (closing) {
      while (j < xml.size() && std::isspace(static_cast<unsigned char>(xml[j]))) ++j;
      if (j >= xml.size() || xml[j] != '>') return line() + "bad closing tag </" + name;
      if (open.empty() || open.back() != name)
        return line() + "</" + name + "> closes " + (open.empty() ? std::string("nothing") : "<" + open.back() + ">");
      open.pop_back();
      i = j + 1;
      continue;
    }
    std::set<std::string> attrs;
    while (true) {
      while (j < xml.size() && std::isspace(static_cast<unsigned char>(xml[j]))) ++j;
      if (j >= xml.size()) return line() + "unterminated tag <" + name;
      if (xml[j] == '>' || (xml[j] == '/' && j + 1 < xml.size() && xml[j + 1] == '>')) break;
      std::string attr;
      while (j < xml.size() && isName(xml[j])) attr += xml[j++];
      if (attr.empty()) return line() + "bad attribute in <" + name;
      if (!attrs.insert(attr).second) return line() + "attribute " + attr + " twice in <" + name;
      if (j + 1 >= xml.size() || xml[j] != '=' || (xml[j + 1] != '"' && xml[j + 1] != '\''))
        return line() + "attribute " + attr + " of <" + name + "> is not quoted";
      const char quote = xml[j + 1];
      std::size_t end = j + 2;
      while (end < xml.size() && xml[end] != quote) {
        if (xml[end] == '<') return line() + "'<' in attribute " + attr;
        if (xml[end] == '&' && !entityOk(end)) return line() + "bad entity in attribute " + attr;
        ++end;
      }
      if (end >= xml.size()) return line() + "unterminated attribute " + attr;
      j = end + 1;
    }
    const bool self_closing = xml[j] == '/';
    if (open.empty()) ++roots;
    if (roots > 1) return line() + "a second root element <" + name + ">";
    if (!self_closing) open.push_back(name);
    i = j + (self_closing ? 2 : 1);
  }
  if (!open.empty()) return "unclosed <" + open.back() + ">";
  if (roots != 1) return "no root element";
  return "";
}

}  // namespace polypath::test
