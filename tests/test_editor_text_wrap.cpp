// test_editor_text_wrap.cpp: captions break at spaces only (a measured value such as
// 1.989 never splits after its point, as Dear ImGui's own wrapping would), and every
// line fits the width unless it is a single word.
#ifdef POLYPATH_HAVE_EDITOR

#include "support/editor_test.hpp"

#include <cfloat>
#include <sstream>

#include "editor/panels/text_wrap.hpp"
#include "imgui.h"

TEST_CASE("wrapAtSpaces breaks at spaces only and keeps lines within the width", "[editor][text]") {
  HeadlessEditor ed{AppOptions{}};
  ed.frames(1);
  ImFont* font = ImGui::GetFont();
  REQUIRE(font);
  const float size = 26.0f;
  const std::string text =
      "Through the narrow door the funnel mode took 1.989 times the straight-line length, the portals 1.204; "
      "see step 3.";
  const float whole = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str()).x;
  int breaks_seen = 0;
  for (float width = 40.0f; width <= whole + 10.0f; width += 7.0f) {
    const std::string out = wrapAtSpaces(font, size, text, width);
    REQUIRE(out.size() == text.size());  // spaces became newlines, nothing else changed
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (out[i] == text[i]) continue;
      CHECK(text[i] == ' ');
      CHECK(out[i] == '\n');
      ++breaks_seen;
    }
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
      const float w = font->CalcTextSizeA(size, FLT_MAX, 0.0f, line.c_str()).x;
      if (line.find(' ') != std::string::npos) CHECK(w <= width);  // a single word may be wider
    }
    CHECK(out.find("1.\n") == std::string::npos);
  }
  CHECK(breaks_seen > 0);
  CHECK(wrapAtSpaces(font, size, text, whole + 1.0f) == text);  // fits: unchanged
  CHECK(wrapAtSpaces(nullptr, size, text, 10.0f) == text);
  CHECK(wrapAtSpaces(font, size, "a\nb c", 1.0f) == "a\nb\nc");
}

#endif
