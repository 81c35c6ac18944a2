// breakshot: what every plot shares: a cairo surface for a PNG or an SVG
// (chosen by the output's extension) written into an output file, and the
// text and ticks of the axes. trace_plot.c draws traces on it,
// ensemble_plot.c an ensemble's heat map and bar chart.
#ifndef BREAKSHOT_PLOT_CANVAS_H
#define BREAKSHOT_PLOT_CANVAS_H

#include <cairo.h>
#include <stdbool.h>
#include <stddef.h>

#include "output_file.h"

typedef enum bs_plot_format {
	BS_PLOT_PNG,
	BS_PLOT_SVG,
} bs_plot_format;

/// The format named by the extension of `path` (".png" or ".svg", any case).
/// Returns false when it is neither.
bool bs_plot_format_of(const char* path, bs_plot_format* dest);

/// Draws a whole image of `width` x `height` pixels.
typedef void (*bs_plot_draw)(cairo_t* cr, int width, int height, void* closure);

/// Draws with `draw` into the output `out` (PNG or SVG by its path's
/// extension; SVG user units are pixels) without committing it. On failure
/// prints one message naming the file, aborts `out` and returns false; a
/// write that failed (a full disk) shows at the commit instead.
bool bs_plot_render(bs_output_file* out, int width, int height, bs_plot_draw draw, void* closure);

/// A "nice" tick step (1, 2 or 5 times a power of ten) giving about `target`
/// ticks over `span`.
double bs_plot_tick_step(double span, int target);

/// A tick's label: `value`, with 0 written as 0 however it was rounded.
void bs_plot_format_tick(char* dest, size_t size, double value, double step);

/// Selects the sans-serif face at `size` (px), bold or not.
void bs_plot_set_font(cairo_t* cr, double size, bool bold);

/// Draws `text` with its anchor at (x, y): align 0 left, 0.5 centre, 1
/// right; the text is vertically centred on y.
void bs_plot_draw_text(cairo_t* cr, const char* text, double x, double y, double align);

/// A colour of the heat scale for a fraction `f` in [0, 1] (clamped):
/// from the cloth's pale green through blue to a dark red, so that an empty
/// cell reads as cloth and a full one stands out. Writes r, g, b in [0, 1].
void bs_plot_heat_colour(double f, double rgb[3]);

#endif
