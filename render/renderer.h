// breakshot viewer: draws one frame of the viewer's state with the table,
// ball, line and text renderers, into whatever framebuffer is bound.
#ifndef BREAKSHOT_RENDERER_H
#define BREAKSHOT_RENDERER_H

#include <stdbool.h>

#include "antialias.h"
#include "ball_renderer.h"
#include "font.h"
#include "hud.h"
#include "lines.h"
#include "table_mesh.h"
#include "text.h"
#include "viewer.h"

typedef struct bs_renderer {
	bs_font font;
	bs_text text;
	bs_lines lines;
	bs_table_mesh table;
	bs_ball_renderer balls;
	int* path_keep; ///< scratch: the preview's points drawn (BS_PREVIEW_MAX_POINTS + 1)
} bs_renderer;

/// Creates the GL resources for the viewer's scene, sized once. The HUD text
/// is `text_pixels` high. False (after printing why) on failure.
bool bs_renderer_create(const bs_viewer* viewer, int text_pixels, bs_renderer* dest);

/// What the camera shows at one size, worked out once for a frame and
/// handed to each part of it.
typedef struct bs_scene_view {
	bs_ball_view camera; ///< the matrices and directions the shaders take
	int width;           ///< pixels
	int height;
} bs_scene_view;

void bs_renderer_view(const bs_viewer* viewer, int width, int height, bs_scene_view* dest);

/// The table, the balls and the event and aim marks: bs_renderer_draw_table,
/// bs_renderer_draw_balls and bs_renderer_draw_marks in turn.
void bs_renderer_draw_scene(bs_renderer* renderer, const bs_viewer* viewer, int width, int height);

/// The view the table is drawn for: the window draws the table again only
/// when it changes (bs_antialias_table_ready).
void bs_renderer_table_view(const bs_scene_view* view, bs_table_view* dest);

/// Clears the bound framebuffer and draws the table, with its depth.
void bs_renderer_draw_table(bs_renderer* renderer, const bs_scene_view* view);

/// The screen rectangles the balls on the table cover (their bounding
/// cubes'), the first `capacity` of them into `rects`. Returns how many
/// balls are on the table.
int bs_renderer_ball_rects(const bs_viewer* viewer, const bs_scene_view* view, bs_screen_rect* rects, int capacity);

/// The balls on the table, depth-tested against what is drawn.
void bs_renderer_draw_balls(bs_renderer* renderer, const bs_viewer* viewer, const bs_scene_view* view);

/// The event, preview, aim, cue stick and motion marks over whatever is
/// drawn, without depth (they are antialiased in their own shader).
void bs_renderer_draw_marks(bs_renderer* renderer, const bs_viewer* viewer, const bs_scene_view* view);

/// The HUD, the plot and the help, over whatever is drawn.
void bs_renderer_draw_overlay(bs_renderer* renderer, const bs_viewer* viewer, const bs_hud_stats* stats, int width,
	int height);

/// The scene, then the overlay.
void bs_renderer_draw(bs_renderer* renderer, const bs_viewer* viewer, const bs_hud_stats* stats, int width, int height);

void bs_renderer_destroy(bs_renderer* renderer);

#endif
