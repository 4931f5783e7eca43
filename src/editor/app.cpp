// app.cpp: window, loop, canvas input, rendering and screenshots.
//
// [SECTION] Image and PNG
// [SECTION] Start and stop
// [SECTION] Events and mouse
// [SECTION] Frame
// [SECTION] Canvas input
// [SECTION] Rendering
#include "editor/app.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "editor/sdl_draw.hpp"
#include "imgui.h"
#include "imgui_impl_sdl.h"
#include "imgui_impl_sdlrenderer.h"
#include "stb_image_write.h"

namespace polypath::editor {

namespace {

constexpr Color kCanvasBackground{20, 22, 28, 255};
constexpr Color kGridColor{255, 255, 255, 16};
constexpr Color kInvalidOutline{235, 80, 80, 255};
constexpr Color kHoverRing{255, 255, 255, 255};
constexpr Color kDragRing{255, 230, 90, 255};
constexpr Color kLabel{210, 215, 225, 255};
constexpr Color kHint{130, 138, 152, 255};

// Index into the mouse arrays (left, right, middle), or -1.
int buttonIndex(Uint8 button) {
  switch (button) {
    case SDL_BUTTON_LEFT: return 0;
    case SDL_BUTTON_RIGHT: return 1;
    case SDL_BUTTON_MIDDLE: return 2;
    default: return -1;
  }
}

// "/polygons/0/outer/3" or "/polygons/0/holes/1/2" (possibly with a trailing "/0"): the vertex.
std::optional<Handle> vertexOfPointer(const std::string& where) {
  int p = -1, h = -1, v = -1;
  if (std::sscanf(where.c_str(), "/polygons/%d/holes/%d/%d", &p, &h, &v) == 3 && p >= 0 && h >= 0 && v >= 0)
    return Handle{Handle::Kind::Vertex, p, h, v};
  if (std::sscanf(where.c_str(), "/polygons/%d/outer/%d", &p, &v) == 2 && p >= 0 && v >= 0)
    return Handle{Handle::Kind::Vertex, p, -1, v};
  return std::nullopt;
}

}  // namespace

// [SECTION] Image and PNG

Color Image::at(int x, int y) const {
  if (x < 0 || y < 0 || x >= width || y >= height) return {0, 0, 0, 0};
  const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
  return {rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]};
}

bool writePng(const Image& image, const std::filesystem::path& file, std::string* error) {
  if (image.width <= 0 || image.height <= 0 ||
      image.rgba.size() != static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4) {
    if (error) *error = "no image to write";
    return false;
  }
  if (!stbi_write_png(file.string().c_str(), image.width, image.height, 4, image.rgba.data(), image.width * 4)) {
    if (error) *error = "cannot write " + file.string() + ": check that the folder exists and is writable";
    return false;
  }
  return true;
}

// [SECTION] Start and stop

App::App(AppOptions options) : options_(std::move(options)) {
  if (options_.screenshot) options_.headless = true;
}

App::~App() {
  if (imgui_started_) {
    ImGui_ImplSDLRenderer_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
  }
  if (renderer_) SDL_DestroyRenderer(renderer_);
  if (window_) SDL_DestroyWindow(window_);
  if (sdl_started_) SDL_Quit();
}

void App::loadInitialDocument() {
  std::optional<std::filesystem::path> file = options_.map;
  if (!file) {
    file = findDefaultMap(executableDir());
    if (!file) {
      load_error_ = std::string("default map ") + kDefaultMapName + " not found next to the executable or in the "
                    "source tree; open a map with the File panel";
      scene_.setDocument(MapDocument{});
      scene_.setFileProblem("default map", load_error_);
      setStatus(ui_, load_error_, true);
      return;
    }
  }
  ui_.path_text = file->string();
  std::string error;
  if (openDocument(scene_, ui_, *file, &error)) return;
  load_error_ = error;
  scene_.setDocument(MapDocument{});  // keeps the file problem openFile recorded
}

bool App::init(std::string* error) {
  loadInitialDocument();
  if (options_.headless) {
    // The offscreen driver needs no display; the software renderer can be read back.
    setenv("SDL_VIDEODRIVER", "offscreen", 1);
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
  }
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    if (error) *error = std::string("cannot start SDL: ") + SDL_GetError();
    return false;
  }
  sdl_started_ = true;
  window_ = SDL_CreateWindow("polypath-editor", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, options_.width,
                             options_.height, SDL_WINDOW_RESIZABLE);
  if (!window_) {
    if (error) *error = std::string("cannot open a window: ") + SDL_GetError();
    return false;
  }
  if (!options_.headless) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (!renderer_) renderer_ = SDL_CreateRenderer(window_, -1, SDL_RENDERER_SOFTWARE);
  if (!renderer_) {
    if (error) *error = std::string("cannot create a renderer: ") + SDL_GetError();
    return false;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // panels are docked at fixed places; nothing to remember
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  style.WindowBorderSize = 0.0f;
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.12f, 1.0f);
  ImGui_ImplSDL2_InitForSDLRenderer(window_);
  ImGui_ImplSDLRenderer_Init(renderer_);
  imgui_started_ = true;
  SDL_EventState(SDL_DROPFILE, SDL_ENABLE);

  for (int i = 0; i < options_.steps; ++i) scene_.step();
  updateTitle();
  return true;
}

int App::width() const {
  int w = options_.width, h = options_.height;
  if (window_) SDL_GetWindowSize(window_, &w, &h);
  return w;
}

int App::height() const {
  int w = options_.width, h = options_.height;
  if (window_) SDL_GetWindowSize(window_, &w, &h);
  return h;
}

int App::run() {
  // Without vsync (software renderer), cap the loop at about 60 frames per second.
  SDL_RendererInfo info{};
  const bool vsync = renderer_ && SDL_GetRendererInfo(renderer_, &info) == 0 &&
                     (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
  while (!ui_.quit) {
    const Uint64 t0 = SDL_GetTicks64();
    frame();
    const Uint64 spent = SDL_GetTicks64() - t0;
    if (!vsync && spent < 16) SDL_Delay(static_cast<Uint32>(16 - spent));
  }
  return 0;
}

int App::runScreenshot() {
  for (int i = 0; i < 3; ++i) frame();  // let ImGui lay the panels out
  Image image;
  frame(&image);
  std::string error;
  if (!options_.screenshot || !writePng(image, *options_.screenshot, &error)) {
    std::fprintf(stderr, "polypath-editor: %s\n", error.empty() ? "no screenshot file given" : error.c_str());
    return 1;
  }
  return load_error_.empty() ? 0 : 2;
}

// [SECTION] Events and mouse

void App::handleEvent(const SDL_Event& e) {
  ImGui_ImplSDL2_ProcessEvent(&e);
  switch (e.type) {
    case SDL_QUIT: ui_.quit_request = true; break;
    case SDL_WINDOWEVENT:
      if (e.window.event == SDL_WINDOWEVENT_CLOSE) ui_.quit_request = true;
      if (e.window.event == SDL_WINDOWEVENT_LEAVE) mouse_inside_ = false;
      break;
    case SDL_MOUSEMOTION:
      mouse_ = {static_cast<double>(e.motion.x), static_cast<double>(e.motion.y)};
      mouse_inside_ = true;
      break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: {
      mouse_ = {static_cast<double>(e.button.x), static_cast<double>(e.button.y)};
      mouse_inside_ = true;
      const int i = buttonIndex(e.button.button);
      if (i < 0) break;
      const bool down = e.type == SDL_MOUSEBUTTONDOWN;
      mouse_down_[i] = down;
      if (down) mouse_pressed_[i] = true;
      break;
    }
    case SDL_KEYDOWN: {
      const bool typing = ImGui::GetIO().WantTextInput;
      const bool ctrl = (e.key.keysym.mod & KMOD_CTRL) != 0;
      if (!typing && !ctrl && e.key.keysym.scancode == SDL_SCANCODE_F) ui_.fit_requested = true;
      if (ctrl && e.key.keysym.scancode == SDL_SCANCODE_S && e.key.repeat == 0) saveDocument(scene_, ui_, false);
      break;
    }
    case SDL_DROPFILE:
      if (e.drop.file) {
        ui_.open_request = std::filesystem::path(e.drop.file);
        SDL_free(e.drop.file);
      }
      break;
    default: break;
  }
}

void App::feedMouseToImGui() {
  // Replaces what the SDL backend read from SDL_GetMouseState: the state the events gave.
  ImGuiIO& io = ImGui::GetIO();
  const bool any_down = mouse_down_[0] || mouse_down_[1] || mouse_down_[2];
  io.MousePos = (mouse_inside_ || any_down) ? ImVec2(static_cast<float>(mouse_.x), static_cast<float>(mouse_.y))
                                            : ImVec2(-FLT_MAX, -FLT_MAX);
  for (int i = 0; i < 3; ++i) {
    // A press and release within one frame still counts as one frame held (a click).
    io.MouseDown[i] = mouse_down_[i] || mouse_pressed_[i];
    mouse_pressed_[i] = false;
  }
}

// [SECTION] Frame

void App::frame(Image* capture) {
  SDL_Event e;
  while (SDL_PollEvent(&e)) handleEvent(e);

  ImGui_ImplSDLRenderer_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  feedMouseToImGui();
  ImGui::NewFrame();

  scene_.update(ImGui::GetIO().DeltaTime);

  const int w = width(), h = height();
  const ScreenRect canvas_rect = canvasRect(w, h);
  const ScreenRect& current = camera_.viewport();
  if (current.x != canvas_rect.x || current.y != canvas_rect.y || current.w != canvas_rect.w ||
      current.h != canvas_rect.h)
    camera_.setViewport(canvas_rect);
  if (scene_.documentGeneration() != fitted_generation_ || ui_.fit_requested) {
    camera_ = initialCamera(scene_.document(), w, h);
    fitted_generation_ = scene_.documentGeneration();
    ui_.fit_requested = false;
  }

  drawPanels(scene_, ui_, w, h);
  canvas();
  updateTitle();
  render(capture);
}

void App::updateTitle() {
  if (!window_) return;
  const std::string title = scene_.displayName() + (scene_.dirty() ? "*" : "") + " - polypath-editor";
  if (title != title_) {
    title_ = title;
    SDL_SetWindowTitle(window_, title_.c_str());
  }
}

// [SECTION] Canvas input

void App::canvas() {
  const ScreenRect r = canvasRect(width(), height());
  ImGui::SetNextWindowPos(ImVec2(static_cast<float>(r.x), static_cast<float>(r.y)), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(static_cast<float>(r.w), static_cast<float>(r.h)), ImGuiCond_Always);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("##canvas", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoNav);
  ImGui::PopStyleVar();
  ImGui::InvisibleButton("canvas", ImVec2(static_cast<float>(r.w), static_cast<float>(r.h)),
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  const bool activated = ImGui::IsItemActivated();
  const ImGuiIO& io = ImGui::GetIO();
  const ScreenPos mouse{io.MousePos.x, io.MousePos.y};
  const Point world = camera_.toWorld(mouse);
  const bool moved = io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f;

  // Left drag moves the start, the goal or a vertex (start and goal first).
  if (activated && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    ui_.dragged = pickHandle(scene_.document(), camera_, mouse);
    if (const auto p = handlePosition(scene_.document(), ui_.dragged)) grab_offset_ = *p - world;
  }
  if (ui_.dragged) {
    if (active && ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
      if (moved) {
        Point target = world + grab_offset_;
        if (ui_.snap && ui_.snap_step > 0)
          target = {std::round(target.x / ui_.snap_step) * ui_.snap_step,
                    std::round(target.y / ui_.snap_step) * ui_.snap_step};
        scene_.moveHandle(ui_.dragged, target);
      }
    } else {
      ui_.dragged = Handle{};
    }
  }
  // Right or middle drag pans; the wheel zooms around the cursor.
  if (active && moved && (ImGui::IsMouseDown(ImGuiMouseButton_Right) || ImGui::IsMouseDown(ImGuiMouseButton_Middle)))
    camera_.pan(io.MouseDelta.x, io.MouseDelta.y);
  if (hovered && io.MouseWheel != 0.0f) camera_.zoomAt(mouse, std::pow(1.2, static_cast<double>(io.MouseWheel)));

  ui_.hovered = (hovered && !ui_.dragged) ? pickHandle(scene_.document(), camera_, mouse) : Handle{};

  // Tooltips: the handle under the mouse, or a searched node (the node inspector).
  const Handle shown = ui_.dragged ? ui_.dragged : ui_.hovered;
  if (shown) {
    if (const auto p = handlePosition(scene_.document(), shown))
      ImGui::SetTooltip("%s\n(%.4g, %.4g)", describeHandle(shown).c_str(), p->x, p->y);
  } else if (hovered && scene_.query()) {
    const VisibilityQuery& q = *scene_.query();
    NodeId best = kNoNode;
    double best_d = kHitRadius;
    for (std::size_t i = 0; i < q.nodeCount(); ++i) {
      const ScreenPos s = camera_.toScreen(q.position(static_cast<NodeId>(i)));
      const double d = std::hypot(s.x - mouse.x, s.y - mouse.y);
      if (d <= best_d) {
        best_d = d;
        best = static_cast<NodeId>(i);
      }
    }
    if (best != kNoNode) {
      const Point p = q.position(best);
      const SearchState* st = scene_.searchState();
      const NodeRecord* rec = st && scene_.stepping() ? &st->record(best) : nullptr;
      if (rec && rec->status != NodeStatus::Unseen)
        ImGui::SetTooltip("node %d (%s) at (%.4g, %.4g)\ng %.4f  h %.4f  f %.4f\nparent %d", best,
                          rec->status == NodeStatus::Open ? "open" : "closed", p.x, p.y, rec->g, rec->h, rec->f,
                          rec->parent);
      else
        ImGui::SetTooltip("node %d at (%.4g, %.4g)", best, p.x, p.y);
    }
  }

  // Text on the canvas margins.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float left = static_cast<float>(r.x + 10), bottom = static_cast<float>(r.y + r.h - 22);
  dl->AddText(ImVec2(left, bottom), IM_COL32(kHint.r, kHint.g, kHint.b, 255),
              "wheel: zoom   right/middle drag: pan   F: fit   left drag: move vertex, start, goal");
  if (hovered && std::isfinite(world.x) && std::isfinite(world.y)) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "x %.3f  y %.3f", world.x, world.y);
    const float tw = ImGui::CalcTextSize(buf).x;
    dl->AddText(ImVec2(static_cast<float>(r.x + r.w) - tw - 10, bottom), IM_COL32(kHint.r, kHint.g, kHint.b, 255),
                buf);
  }
  if (!scene_.mapIsCurrent() && scene_.polygonMap())
    dl->AddText(ImVec2(left, static_cast<float>(r.y + 8)), IM_COL32(255, 120, 110, 255),
                "The edited map is invalid (see Problems): the last valid map is shown, the edit in red.");
  else if (!scene_.polygonMap() && !scene_.document().polygons.empty())
    dl->AddText(ImVec2(left, static_cast<float>(r.y + 8)), IM_COL32(255, 120, 110, 255),
                "The map has errors (see Problems): fix the red vertices in the table or by dragging them.");
  else if (!scene_.polygonMap())
    dl->AddText(ImVec2(left, static_cast<float>(r.y + 8)), IM_COL32(255, 120, 110, 255),
                "No map. Open a map file in the File panel (or drop one on the window).");
  ImGui::End();
}

// [SECTION] Rendering

void App::drawGrid(SdlDebugDraw& dd) const {
  // Lines every 1, 2 or 5 times a power of ten world units, at least 28 pixels apart.
  const double min_step = 28.0 / camera_.scale();
  const double base = std::pow(10.0, std::floor(std::log10(min_step)));
  double step = base;
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (base * m >= min_step) {
      step = base * m;
      break;
    }
  const ScreenRect& v = camera_.viewport();
  const Point a = camera_.toWorld({v.x, v.y}), b = camera_.toWorld({v.x + v.w, v.y + v.h});
  if (!std::isfinite(step) || step <= 0 || (b.x - a.x) / step > 2000 || (b.y - a.y) / step > 2000) return;
  for (double x = std::ceil(a.x / step) * step; x <= b.x; x += step) dd.line({x, a.y}, {x, b.y}, kGridColor, 1.0f);
  for (double y = std::ceil(a.y / step) * step; y <= b.y; y += step) dd.line({a.x, y}, {b.x, y}, kGridColor, 1.0f);
}

void App::drawOverlays(SdlDebugDraw& dd) const {
  const MapDocument& doc = scene_.document();
  // The edited rings when they are not what is built (the map is invalid).
  if (!scene_.mapIsCurrent()) {
    for (const Polygon& poly : doc.polygons) {
      for (int r = -1; r < static_cast<int>(poly.holes.size()); ++r) {
        const Ring& ring = r < 0 ? poly.outer : poly.holes[static_cast<std::size_t>(r)];
        for (std::size_t i = 0; i < ring.size(); ++i) {
          dd.line(ring[i], ring[(i + 1) % ring.size()], kInvalidOutline, 1.5f);
          dd.point(ring[i], kInvalidOutline, 2.5f);
        }
      }
    }
  }
  for (const MapProblem& p : scene_.problems())
    if (const auto h = vertexOfPointer(p.where))
      if (const auto pos = handlePosition(doc, *h)) dd.circle(*pos, kInvalidOutline, 10.0f, 2.0f);
  // Node numbers while stepping, to match the open set table.
  if (ui_.show_node_ids && scene_.stepping() && scene_.query() && scene_.searchState()) {
    const VisibilityQuery& q = *scene_.query();
    const SearchState& st = *scene_.searchState();
    const double off = 7.0 / camera_.scale();
    for (std::size_t i = 0; i < q.graph().nodes().size(); ++i) {
      const NodeId n = static_cast<NodeId>(i);
      if (st.record(n).status == NodeStatus::Unseen) continue;
      dd.text(q.position(n) + Point{off, off * 0.3}, std::to_string(n), kLabel);
    }
  }
  if (ui_.hovered)
    if (const auto p = handlePosition(doc, ui_.hovered)) dd.circle(*p, kHoverRing, static_cast<float>(kHitRadius) + 1, 1.5f);
  if (ui_.dragged)
    if (const auto p = handlePosition(doc, ui_.dragged)) dd.circle(*p, kDragRing, static_cast<float>(kHitRadius) + 1, 2.0f);
}

void App::render(Image* capture) {
  SDL_RenderSetClipRect(renderer_, nullptr);
  SDL_SetRenderDrawBlendMode(renderer_, SDL_BLENDMODE_NONE);
  SDL_SetRenderDrawColor(renderer_, kCanvasBackground.r, kCanvasBackground.g, kCanvasBackground.b, 255);
  SDL_RenderClear(renderer_);
  {
    SdlDebugDraw dd(renderer_, camera_, ImGui::GetBackgroundDrawList());
    DrawStyle style;
    style.normal_length = 18.0 / camera_.scale();
    scene_.draw(dd, ui_.layers & LayerRegion, style);
    if (ui_.show_grid) drawGrid(dd);
    scene_.draw(dd, ui_.layers & ~static_cast<std::uint32_t>(LayerRegion), style);
    drawOverlays(dd);
    dd.flush();
  }
  ImGui::Render();
  ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
  if (capture) {
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(renderer_, &w, &h);
    capture->width = w;
    capture->height = h;
    capture->rgba.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0);
    if (SDL_RenderReadPixels(renderer_, nullptr, SDL_PIXELFORMAT_RGBA32, capture->rgba.data(), w * 4) != 0) {
      capture->width = capture->height = 0;
      capture->rgba.clear();
    }
  }
  SDL_RenderPresent(renderer_);
}

}  // namespace polypath::editor
