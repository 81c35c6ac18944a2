// breakshot viewer: where the overlays go and where the top view fits the
// table, so that no overlay covers the table. The HUD gets a band across the
// top and the help hint a strip along the bottom. The tip diagram (while
// aiming) goes in the top band right of the HUD where it fits there, so that
// aiming does not move the table; else it and the energy plot (when shown)
// each go in a column on the right or a band along the bottom, whichever way
// leaves the table largest. The top view fits the whole drawn table, rails
// and pockets, into what remains.
// Pure geometry, no GL: the viewer, the renderer and the tests share it.
#ifndef BREAKSHOT_OVERLAY_LAYOUT_H
#define BREAKSHOT_OVERLAY_LAYOUT_H

#include <stdbool.h>

#include <breakshot/table.h>

/// The most lines the HUD shows, and the most characters in a line (hud.c
/// keeps to both): its band is that tall, its panel at most that wide.
#define BS_HUD_MAX_LINES 10
#define BS_HUD_MAX_CHARS 90

/// A rectangle in overlay pixels: origin top-left, y down.
typedef struct bs_rect {
	float x, y, width, height;
} bs_rect;

/// Whether two rectangles share any point of their interiors.
bool bs_rect_overlaps(bs_rect a, bs_rect b);

/// Whether a rectangle reaches into the disc of centre (cx, cy) and radius r.
bool bs_rect_meets_disc(bs_rect rect, float cx, float cy, float radius);

/// The overlays of a width x height window, and the table's frame.
typedef struct bs_overlay_layout {
	int text_pixels;   ///< the font's size (pixels)
	float line_height; ///< at least the font's line height at that size (pixels)
	float char_width;  ///< at least one character's advance (the font is monospaced)
	float margin;      ///< between panels and around them (pixels)
	bs_rect hud;       ///< the most the HUD's panel covers (top-left); the table stays below it
	bs_rect hint;      ///< the strip of the "H: help" hint (bottom)
	bool has_tip;      ///< the tip diagram and power bar are shown (aiming)
	bs_rect tip;       ///< their panel, when has_tip
	bool has_plot;     ///< the energy plot is shown
	bs_rect plot;      ///< its panel, when has_plot
	/// Where the top view fits the drawn table (bs_camera_set_frame).
	bs_rect table;
	/// No overlay reaches into `table`. False when the window is too small
	/// for that to leave the table a quarter of it either way (below about
	/// 1024 x 576 with both panels, or 800 x 480 with the plot): `table` is
	/// then the whole window, and the panels go in its bottom corners, over
	/// it.
	bool keeps_clear;
} bs_overlay_layout;

/// The font size for a window `height` pixels tall: a 56th of it, 13 to 30.
int bs_overlay_text_pixels(int height);

/// Lays out the overlays of a width x height window showing `table`, with the
/// tip diagram when `tip` and the energy plot when `plot`.
void bs_overlay_layout_make(int width, int height, const bs_table_def* table, bool tip, bool plot,
	bs_overlay_layout* dest);

/// The tip diagram in its panel: the centre and the radius of the ball's
/// face (pixels), with the power bar to its right and a caption above and
/// below, all inside layout->tip.
void bs_overlay_tip_diagram(const bs_overlay_layout* layout, float* centre_x, float* centre_y, float* radius);

#endif
