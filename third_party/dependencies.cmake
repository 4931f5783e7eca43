# CMake glue for the Debian packages polypath uses. No third-party sources live here:
# everything comes from the system (see README.md for the apt-get line).
find_package(PkgConfig REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
# CLI11 (libcli11-dev, header-only): the command line's options, parsing and --help.
find_package(CLI11 2.1 REQUIRED)
# pugixml (libpugixml-dev): Tiled's XML maps (.tmx), private to polypath_formats.
find_package(pugixml REQUIRED)
# GEOS C API (libgeos-dev): validity reasons and locations, relations between rings, for
# map validation in polypath_geom. Debian ships geos.pc (module "geos") since 3.10.
pkg_check_modules(GEOS REQUIRED IMPORTED_TARGET geos>=3.10)
# Clipper 6.4 (libpolyclipping-dev, module "polyclipping"): the second offsetting engine
# that clearance erosion falls back to when GEOS's buffer fails its checks; private to
# polypath_geom.
pkg_check_modules(POLYCLIPPING REQUIRED IMPORTED_TARGET polyclipping)
# std::thread for PathBatch's workers (polypath_methods).
find_package(Threads REQUIRED)

if(POLYPATH_BUILD_TESTS)
  find_package(Catch2 2 REQUIRED)
  list(APPEND CMAKE_MODULE_PATH ${Catch2_DIR})
endif()

if(POLYPATH_BUILD_PYTHON)
  # pybind11-dev, python3-dev: the module is built for the interpreter FindPython picks.
  # Debian's /usr/bin/python3 (where python3-pybind11, python3-pytest and python3-numpy
  # live) is preferred over another python3 earlier on PATH; pass -DPython_EXECUTABLE
  # to choose another.
  if(NOT DEFINED Python_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "Python interpreter the module is built for")
  endif()
  set(PYBIND11_FINDPYTHON ON)
  find_package(Python 3.8 REQUIRED COMPONENTS Interpreter Development.Module)
  find_package(pybind11 2.6 CONFIG REQUIRED)
endif()

if(POLYPATH_BUILD_EDITOR)
  find_package(SDL2 REQUIRED)
  pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
  pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)

  # libimgui-dev ships the SDL platform backend compiled into libimgui.a, but the
  # SDL_Renderer backend only as a source file in its examples folder: compile it here.
  set(IMGUI_SDLRENDERER_CPP /usr/share/doc/libimgui-dev/examples/backends/imgui_impl_sdlrenderer.cpp
      CACHE FILEPATH "imgui_impl_sdlrenderer.cpp shipped by libimgui-dev")
  if(NOT EXISTS ${IMGUI_SDLRENDERER_CPP})
    message(FATAL_ERROR "imgui_impl_sdlrenderer.cpp not found at ${IMGUI_SDLRENDERER_CPP}; install libimgui-dev")
  endif()
  add_library(imgui_sdl STATIC ${IMGUI_SDLRENDERER_CPP})
  target_include_directories(imgui_sdl PUBLIC ${IMGUI_INCLUDEDIR} ${IMGUI_INCLUDEDIR}/backends)
  target_link_libraries(imgui_sdl PUBLIC PkgConfig::IMGUI PkgConfig::STB SDL2::SDL2)
endif()
