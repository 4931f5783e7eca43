// editor_test.hpp: the common opening of the editor's headless test files: Catch2, the
// standard headers they share, the editor's App, Scene and command line, the headless
// driver (SDL offscreen), temporary folders, and the names they use unqualified
// (fs = std::filesystem, polypath, polypath::editor, polypath::test). Test files only.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "polypath/debug/debug_draw.hpp"
#include "editor/app/app.hpp"
#include "editor/app/command_line.hpp"
#include "editor/document/scene.hpp"
#include "polypath/formats/map_io.hpp"
#include "support/headless_editor.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace polypath;
using namespace polypath::editor;
using namespace polypath::test;
