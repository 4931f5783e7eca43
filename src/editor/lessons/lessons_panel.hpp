// lessons_panel.hpp: the lessons in the editor's window: the Lessons tab (the list of
// lesson files, the steps of the open lesson), the caption strip at the bottom of the
// canvas (title, "step k of n", the caption in large type, the "press Step" prompt,
// Back / Step / Next), Page Up / Page Down as Back / Next, and the camera fit that keeps
// the map clear of the caption strip.
#pragma once

#include <SDL.h>

#include "editor/canvas/camera.hpp"
#include "editor/panels/panels.hpp"

namespace polypath::editor {

/// The Lessons tab: the lesson folder and its lessons (click to open: asks first about
/// unsaved changes), and for the open lesson its steps (click one to go there), Back,
/// Next and Close. Named widgets: "lesson N" (N-th file of the list), "lessons Close".
void lessonsTab(Scene& scene, UiState& ui);

/// Height of the caption strip at the bottom of `canvas` while a lesson is open, pixels:
/// 28% of the canvas height, at least 150 (at most the canvas height).
double lessonCaptionHeight(const ScreenRect& canvas);

/// The camera fitted to `doc` in the part of `canvas` above the caption strip (the
/// camera's viewport is still the whole canvas).
Camera lessonCamera(const MapDocument& doc, const ScreenRect& canvas);

/// Draws the caption strip over the bottom of `canvas` when a lesson is open (its own
/// ImGui window). The caption and the prompt are in the caption font whenever they fit
/// with the notes under them (measured as laid out), else in the panel's type. Named
/// widgets: "lesson Back", "lesson Step", "lesson Next", "lesson caption" (the caption's
/// text), "lesson strip" (the window) and "lesson content end" (a zero-size rectangle
/// under its last line).
void drawLessonCaption(Scene& scene, UiState& ui, const ScreenRect& canvas);

/// Page Down / Page Up (what presentation clickers send): the next / previous lesson
/// step while a lesson is open. True when the key was used.
bool lessonKey(Scene& scene, UiState& ui, SDL_Scancode code);

/// Opens ui.lesson_request (the caller asked about unsaved changes) and clears it;
/// reports on the status line. False when the lesson cannot be opened.
bool openRequestedLesson(Scene& scene, UiState& ui);

}  // namespace polypath::editor
