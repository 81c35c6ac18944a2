#include "overlay_layout.h"

#include <math.h>
#include <string.h>

#include "table_model.h"

// The panels' sizes in lines and characters of the font. The plot's key,
// "energy (J): total translational rotational", is 43 characters after a
// sixth of the panel for the axis labels; the tip diagram's caption is at
// most "12.00 m/s   elevation 85 deg".
enum { plot_min_chars = 52, plot_min_lines = 12, tip_caption_chars = 28 };

bool bs_rect_overlaps(bs_rect a, bs_rect b) {
	return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

bool bs_rect_meets_disc(bs_rect rect, float cx, float cy, float radius) {
	float nearest_x = fminf(fmaxf(cx, rect.x), rect.x + rect.width);
	float nearest_y = fminf(fmaxf(cy, rect.y), rect.y + rect.height);
	float dx = cx - nearest_x;
	float dy = cy - nearest_y;
	return dx * dx + dy * dy < radius * radius;
}

int bs_overlay_text_pixels(int height) {
	int size = height / 56;
	return size < 13 ? 13 : size > 30 ? 30 : size;
}

static bs_rect rect_of(float left, float top, float right, float bottom) {
	bs_rect rect = {left, top, right - left, bottom - top};
	return rect;
}

// How large the drawn table comes out in `region` (pixels per metre).
static float table_scale(bs_rect region, float fit_width, float fit_height) {
	if (region.width <= 0.0f || region.height <= 0.0f) {
		return 0.0f;
	}
	return fminf(region.width / fit_width, region.height / fit_height);
}

// One arrangement of the panels, and the table's region it leaves.
typedef struct arrangement {
	bs_rect tip, plot, table;
	float scale;
	bool fits;
} arrangement;

// The sizes every arrangement works with (pixels).
typedef struct panel_sizes {
	float top, bottom;             ///< between the HUD's band and the hint's strip
	float margin, line, chars;     ///< chars: a character's width
	float tip_width, tip_height;   ///< the tip diagram's panel
	float plot_width, plot_height; ///< the plot's panel at its smallest
	float fit_width, fit_height;   ///< the drawn table, with the top view's 3 % around it (m)
} panel_sizes;

// The panels in a column on the right (those `in_column`) and a band along
// the bottom left of it (the others): the tip diagram first in either, the
// plot filling what is left of its place.
static arrangement arrange(float w, const panel_sizes* size, bool tip, bool plot, bool tip_in_column,
	bool plot_in_column) {
	arrangement a = {0};
	a.fits = true;
	float column_width = 0.0f;
	if (tip && tip_in_column) {
		column_width = fmaxf(column_width, size->tip_width);
	}
	if (plot && plot_in_column) {
		column_width = fmaxf(column_width, size->plot_width);
	}
	float right = column_width > 0.0f ? w - size->margin - column_width : w;
	float next_top = size->top;
	if (tip && tip_in_column) {
		a.tip = rect_of(right, next_top, w - size->margin, next_top + size->tip_height);
		next_top += size->tip_height + size->margin;
	}
	if (plot && plot_in_column) {
		a.plot = rect_of(right, next_top, w - size->margin, size->bottom - size->margin);
		a.fits = a.fits && a.plot.height >= size->plot_height;
	}
	float band_height = 0.0f;
	if (tip && !tip_in_column) {
		band_height = fmaxf(band_height, size->tip_height);
	}
	if (plot && !plot_in_column) {
		band_height = fmaxf(band_height, size->plot_height);
	}
	float band_top = band_height > 0.0f ? size->bottom - size->margin - band_height : size->bottom;
	float next_left = size->margin;
	if (tip && !tip_in_column) {
		a.tip = rect_of(next_left, band_top, next_left + size->tip_width, band_top + size->tip_height);
		next_left += size->tip_width + size->margin;
	}
	if (plot && !plot_in_column) {
		a.plot = rect_of(next_left, band_top, right - size->margin, size->bottom - size->margin);
		a.fits = a.fits && a.plot.width >= size->plot_width;
	}
	float table_right = column_width > 0.0f ? right - size->margin : w - size->margin;
	float table_bottom = band_height > 0.0f ? band_top - size->margin : size->bottom;
	a.table = rect_of(size->margin, size->top, table_right, table_bottom);
	a.scale = table_scale(a.table, size->fit_width, size->fit_height);
	return a;
}

void bs_overlay_layout_make(int width, int height, const bs_table_def* table, bool tip, bool plot,
	bs_overlay_layout* dest) {
	memset(dest, 0, sizeof *dest);
	float w = (float)width;
	float h = (float)height;
	dest->text_pixels = bs_overlay_text_pixels(height);
	// DejaVu Sans Mono's line is 1.17 of its size and its advance 0.6, each
	// rounded to whole pixels: these bound them at every size from 13 to 30.
	dest->line_height = ceilf(1.2f * (float)dest->text_pixels) + 1.0f;
	dest->char_width = ceilf(0.63f * (float)dest->text_pixels);
	float line = dest->line_height;
	dest->margin = fmaxf(8.0f, 0.5f * line);
	dest->has_tip = tip;
	dest->has_plot = plot;
	// The HUD's panel: 8 pixels in, its lines and 0.6 of a line of padding
	// around them (hud.c).
	float hud_bottom = 8.0f + ((float)BS_HUD_MAX_LINES + 1.2f) * line;
	dest->hud =
		rect_of(0.0f, 0.0f, fminf(w, 8.0f + (float)BS_HUD_MAX_CHARS * dest->char_width + 1.2f * line), hud_bottom);
	dest->hint = rect_of(0.0f, h - 1.6f * line, w, h);

	panel_sizes size;
	size.top = hud_bottom + 0.5f * dest->margin;
	size.bottom = dest->hint.y;
	size.margin = dest->margin;
	size.line = line;
	size.chars = dest->char_width;
	// The tip diagram: the ball's face, the power bar beside it, a caption
	// above and below (cue_marks.c).
	float radius = fmaxf(3.0f * line, 0.085f * h);
	size.tip_width = fmaxf(2.16f * radius + 48.0f, (float)tip_caption_chars * size.chars + 24.0f);
	size.tip_height = 2.0f * radius + 3.4f * line;
	// Right of the HUD, in its band, the tip diagram leaves the table where
	// it was: there when it fits, its face as large as the band allows.
	float band_radius = fminf(radius, 0.5f * (hud_bottom - 8.0f - 3.4f * line));
	float band_tip_width = fmaxf(2.16f * band_radius + 48.0f, (float)tip_caption_chars * size.chars + 24.0f);
	bool tip_in_band = tip && band_radius >= 2.5f * line &&
		w - size.margin - band_tip_width >= dest->hud.x + dest->hud.width + size.margin;
	if (tip_in_band) {
		dest->tip =
			rect_of(w - size.margin - band_tip_width, 8.0f, w - size.margin, 8.0f + 2.0f * band_radius + 3.4f * line);
		tip = false; // placed: the arrangements below are the plot's alone
	}
	size.plot_width = fmaxf((float)plot_min_chars * size.chars, 0.3f * w);
	size.plot_height = fmaxf((float)plot_min_lines * line, 0.3f * h);
	bs_table_bounds bounds = bs_table_model_bounds(table);
	size.fit_width = 1.03f * (float)(bounds.max_x - bounds.min_x);
	size.fit_height = 1.03f * (float)(bounds.max_y - bounds.min_y);

	// Every way of putting each panel in the column or the band; the one
	// that fits and leaves the table largest.
	arrangement best = {0};
	for (int k = 0; k < 4; ++k) {
		bool tip_in_column = (k & 1) != 0;
		bool plot_in_column = (k & 2) != 0;
		if ((!tip && tip_in_column) || (!plot && plot_in_column)) {
			continue;
		}
		arrangement a = arrange(w, &size, tip, plot, tip_in_column, plot_in_column);
		if (a.fits && a.scale > best.scale) {
			best = a;
		}
	}
	// A table smaller than a quarter of the window either way is no view of
	// it: then it takes the whole window, and the panels go in the corners
	// over it, as in the orbit view.
	dest->keeps_clear = best.fits && best.table.width >= 0.25f * w && best.table.height >= 0.25f * h;
	if (dest->keeps_clear) {
		if (tip) {
			dest->tip = best.tip;
		}
		dest->plot = best.plot;
		dest->table = best.table;
		return;
	}
	dest->table = rect_of(0.0f, 0.0f, w, h);
	if (tip) {
		dest->tip = rect_of(size.margin, size.bottom - size.margin - size.tip_height, size.margin + size.tip_width,
			size.bottom - size.margin);
	}
	if (plot) {
		float plot_width = fminf(fmaxf(0.36f * w, size.plot_width), w - 2.0f * size.margin);
		dest->plot = rect_of(w - size.margin - plot_width, 0.58f * h - size.margin, w - size.margin, h - size.margin);
	}
}

void bs_overlay_tip_diagram(const bs_overlay_layout* layout, float* centre_x, float* centre_y, float* radius) {
	const bs_rect* panel = &layout->tip;
	float line = layout->line_height;
	*radius = fmaxf(1.0f, fminf(0.5f * (panel->height - 3.4f * line), (panel->width - 48.0f) / 2.16f));
	*centre_x = panel->x + 12.0f + *radius;
	*centre_y = panel->y + 1.6f * line + *radius;
}
