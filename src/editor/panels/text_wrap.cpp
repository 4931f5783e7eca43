// text_wrap.cpp: wrapping at spaces only (see text_wrap.hpp).
#include "editor/panels/text_wrap.hpp"

#include <cfloat>

#include "imgui.h"

namespace polypath::editor {

std::string wrapAtSpaces(const ImFont* font, float size, std::string_view text, float width) {
  std::string out(text);
  if (!font || !(width > 0.0f)) return out;
  auto wide = [&](std::size_t from, std::size_t to) {
    return const_cast<ImFont*>(font)->CalcTextSizeA(size, FLT_MAX, 0.0f, out.data() + from, out.data() + to).x;
  };
  std::size_t line_start = 0;
  std::size_t last_space = std::string::npos;  // the last space of the current line
  for (std::size_t i = 0; i <= out.size(); ++i) {
    const bool end = i == out.size();
    if (end || out[i] == ' ' || out[i] == '\n') {
      // The word ending at i: does the line still fit with it?
      if (wide(line_start, i) > width && last_space != std::string::npos) {
        out[last_space] = '\n';
        line_start = last_space + 1;
      }
      if (end) break;
      if (out[i] == '\n') {
        line_start = i + 1;
        last_space = std::string::npos;
      } else {
        last_space = i;
      }
    }
  }
  return out;
}

}  // namespace polypath::editor
