#include "solve_plot.h"

#include <math.h>
#include <stdio.h>

#include "plot_canvas.h"

#define PLOT_WIDTH 1000
#define PLOT_HEIGHT 640
#define TITLE_SIZE 15.0
#define FONT_SIZE 13.0

typedef struct heat_plot {
	const double* heat;
	const bs_solve_heat_axes* axes;
} heat_plot;

static void draw(cairo_t* cr, int width, int height, void* closure) {
	const heat_plot* plot = closure;
	const bs_solve_heat_axes* a = plot->axes;
	cairo_set_source_rgb(cr, 0.97, 0.97, 0.97);
	cairo_paint(cr);
	char text[256];
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	bs_plot_set_font(cr, TITLE_SIZE, true);
	snprintf(text, sizeof text,
		"Probability of success over aim and stick speed (%d noise samples a cell); best shot %.3f at %.2f m/s",
		a->samples, a->probability, a->best_speed);
	bs_plot_draw_text(cr, text, 24.0, 24.0, 0.0);
	double left = 80.0, top = 56.0, right = width - 140.0, bottom = height - 64.0;
	double cell_w = (right - left) / a->aims, cell_h = (bottom - top) / a->speeds;
	// Cells side by side, without the pale seams that antialiased edges
	// would draw between them; the fastest speed at the top.
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	for (int row = 0; row < a->speeds; ++row) {
		for (int column = 0; column < a->aims; ++column) {
			double rgb[3];
			bs_plot_heat_colour(plot->heat[row * a->aims + column], rgb);
			cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
			cairo_rectangle(cr, left + column * cell_w, bottom - (row + 1) * cell_h, cell_w + 0.5, cell_h + 0.5);
			cairo_fill(cr);
		}
	}
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	cairo_set_line_width(cr, 1.0);
	cairo_rectangle(cr, left, top, right - left, bottom - top);
	cairo_stroke(cr);
	// The best shot: cells are centred on their aim and speed.
	double half = 0.5 * a->aim_span_deg;
	double x_of_best = left + cell_w * (0.5 + (a->aims - 1) * 0.5);
	double speed_step = (a->speed_max - a->speed_min) / (a->speeds - 1);
	double y_of_best = bottom - cell_h * (0.5 + (a->best_speed - a->speed_min) / speed_step);
	cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
	cairo_set_line_width(cr, 2.0);
	cairo_arc(cr, x_of_best, y_of_best, 7.0, 0.0, 2.0 * 3.141592653589793);
	cairo_stroke(cr);
	// Axes: the aim as the offset from the best shot's, the speed as is.
	bs_plot_set_font(cr, FONT_SIZE, false);
	cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
	double step = bs_plot_tick_step(2.0 * half, 8);
	for (double v = ceil(-half / step) * step; v <= half + 1e-9 * step; v += step) {
		double x = left + cell_w * (0.5 + (a->aims - 1) * (v + half) / (2.0 * half));
		bs_plot_format_tick(text, sizeof text, v, step);
		bs_plot_draw_text(cr, text, x, bottom + 14.0, 0.5);
		cairo_move_to(cr, x, bottom);
		cairo_line_to(cr, x, bottom + 5.0);
		cairo_stroke(cr);
	}
	snprintf(text, sizeof text, "aim, degrees from the best shot's %.4f", a->centre_deg);
	bs_plot_draw_text(cr, text, 0.5 * (left + right), bottom + 38.0, 0.5);
	double speed_tick = bs_plot_tick_step(a->speed_max - a->speed_min, 6);
	for (double v = ceil(a->speed_min / speed_tick) * speed_tick; v <= a->speed_max + 1e-9 * speed_tick;
		v += speed_tick) {
		double y = bottom - cell_h * (0.5 + (v - a->speed_min) / speed_step);
		bs_plot_format_tick(text, sizeof text, v, speed_tick);
		bs_plot_draw_text(cr, text, left - 8.0, y, 1.0);
		cairo_move_to(cr, left - 5.0, y);
		cairo_line_to(cr, left, y);
		cairo_stroke(cr);
	}
	cairo_save(cr);
	cairo_translate(cr, 24.0, 0.5 * (top + bottom));
	cairo_rotate(cr, -0.5 * 3.141592653589793);
	bs_plot_draw_text(cr, "stick speed, m/s", 0.0, 0.0, 0.5);
	cairo_restore(cr);
	// The colour bar: probability from 0 to 1.
	double bar_left = right + 40.0;
	for (int k = 0; k < 100; ++k) {
		double rgb[3];
		bs_plot_heat_colour((k + 0.5) / 100.0, rgb);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_rectangle(cr, bar_left, top + (bottom - top) * (1.0 - (k + 1) / 100.0), 18.0, (bottom - top) / 100.0 + 0.5);
		cairo_fill(cr);
	}
	cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
	for (int k = 0; k <= 4; ++k) {
		snprintf(text, sizeof text, "%.2f", k / 4.0);
		bs_plot_draw_text(cr, text, bar_left + 24.0, bottom - (bottom - top) * k / 4.0, 0.0);
	}
	(void)height;
}

bool bs_solve_plot_heat_map(bs_output_file* out, const double* heat, const bs_solve_heat_axes* axes) {
	heat_plot plot = {heat, axes};
	return bs_plot_render(out, PLOT_WIDTH, PLOT_HEIGHT, draw, &plot);
}
