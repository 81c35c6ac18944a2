// breakshot viewer: draws one frame of the viewer's state with the table,
// ball, line and text renderers, into whatever framebuffer is bound.
#ifndef BREAKSHOT_RENDERER_H
#define BREAKSHOT_RENDERER_H

#include <stdbool.h>

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
} bs_renderer;

/// Creates the GL resources for the viewer's scene, sized once. The HUD text
/// is `text_pixels` high. False (after printing why) on failure.
bool bs_renderer_init(const bs_viewer* viewer, int text_pixels, bs_renderer* dest);

/// The table, the balls and the event and aim marks.
void bs_renderer_draw_scene(bs_renderer* renderer, const bs_viewer* viewer, int width, int height);

/// The HUD, the plot and the help, over whatever is drawn.
void bs_renderer_draw_overlay(bs_renderer* renderer, const bs_viewer* viewer, const bs_frame_stats* stats, int width,
	int height);

/// The scene, then the overlay.
void bs_renderer_draw(bs_renderer* renderer, const bs_viewer* viewer, const bs_frame_stats* stats, int width,
	int height);

void bs_renderer_free(bs_renderer* renderer);

#endif
