#include "trace_plot.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "output_file.h"
#include "plot_canvas.h"
#include "trace_compare.h"
#include <breakshot/vec2.h>

/// Trace colours (RGB): a blue and an orange that stay apart for most
/// colour-blind readers.
static const double trace_colours[BS_PLOT_MAX_TRACES][3] = {{0.0, 0.45, 0.70}, {0.90, 0.50, 0.0}};

/// Line widths (px): the first trace wider, so two equal traces show both.
static const double trace_widths[BS_PLOT_MAX_TRACES] = {3.0, 1.5};

#define FONT_SIZE 13.0
#define TITLE_SIZE 15.0
#define TICK_TARGET 6
#define EVENT_TICK 10.0 ///< height of an event marker (px)

/// A rectangle in device pixels and the data range it shows.
typedef struct panel {
	double left, top, width, height; ///< px
	double t0, t1;                   ///< time range (s)
	double v0, v1;                   ///< value range
} panel;

static double panel_x(const panel* p, double t) {
	return p->left + (t - p->t0) / (p->t1 - p->t0) * p->width;
}

static double panel_y(const panel* p, double v) {
	return p->top + p->height - (v - p->v0) / (p->v1 - p->v0) * p->height;
}

// Widens [lo, hi] so a flat or nearly flat curve sits in the middle of a
// readable range instead of magnifying rounding noise, then pads by 5%.
static void widen_range(double* lo, double* hi) {
	double magnitude = fmax(fabs(*lo), fabs(*hi));
	double span = *hi - *lo;
	if (!(span > 1e-9 * magnitude) || span == 0.0) {
		double centre = 0.5 * (*lo + *hi);
		double half = magnitude > 0.0 ? 0.05 * magnitude : 1.0;
		*lo = centre - half;
		*hi = centre + half;
		return;
	}
	*lo -= 0.05 * span;
	*hi += 0.05 * span;
}

static void draw_axes(cairo_t* cr, const panel* p, const char* y_title, bool time_title) {
	cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
	cairo_rectangle(cr, p->left, p->top, p->width, p->height);
	cairo_fill(cr);
	bs_plot_set_font(cr, FONT_SIZE, false);
	char label[64];
	double v_step = bs_plot_tick_step(p->v1 - p->v0, TICK_TARGET);
	for (double v = ceil(p->v0 / v_step) * v_step; v <= p->v1; v += v_step) {
		double y = round(panel_y(p, v)) + 0.5;
		cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
		cairo_set_line_width(cr, 1.0);
		cairo_move_to(cr, p->left, y);
		cairo_line_to(cr, p->left + p->width, y);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		bs_plot_format_tick(label, sizeof label, v, v_step);
		bs_plot_draw_text(cr, label, p->left - 8.0, y, 1.0);
	}
	double t_step = bs_plot_tick_step(p->t1 - p->t0, TICK_TARGET + 2);
	for (double t = ceil(p->t0 / t_step) * t_step; t <= p->t1; t += t_step) {
		double x = round(panel_x(p, t)) + 0.5;
		cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
		cairo_move_to(cr, x, p->top);
		cairo_line_to(cr, x, p->top + p->height);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		bs_plot_format_tick(label, sizeof label, t, t_step);
		bs_plot_draw_text(cr, label, x, p->top + p->height + 14.0, 0.5);
	}
	cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
	cairo_set_line_width(cr, 1.0);
	cairo_rectangle(cr, p->left + 0.5, p->top + 0.5, p->width - 1.0, p->height - 1.0);
	cairo_stroke(cr);
	if (time_title) {
		bs_plot_draw_text(cr, "time (s)", p->left + 0.5 * p->width, p->top + p->height + 36.0, 0.5);
	}
	cairo_save(cr);
	cairo_translate(cr, p->left - 70.0, p->top + 0.5 * p->height);
	cairo_rotate(cr, -0.5 * BS_PI);
	bs_plot_draw_text(cr, y_title, 0.0, 0.0, 0.5);
	cairo_restore(cr);
}

// The trace as the step function it is: each value holds until the next row.
static void draw_steps(cairo_t* cr, const panel* p, const bs_trace_data* trace, bs_quantity quantity) {
	const bs_trace_row* rows = trace->rows;
	double value = bs_quantity_value(&rows[0], quantity);
	cairo_move_to(cr, panel_x(p, rows[0].time), panel_y(p, value));
	for (int64_t k = 1; k < trace->count; ++k) {
		double x = panel_x(p, rows[k].time);
		cairo_line_to(cr, x, panel_y(p, value));
		value = bs_quantity_value(&rows[k], quantity);
		cairo_line_to(cr, x, panel_y(p, value));
	}
	cairo_stroke(cr);
}

static void draw_event_ticks(cairo_t* cr, const panel* p, const bs_trace_data* trace, int slot) {
	double bottom = p->top + p->height - 1.0 - slot * (EVENT_TICK + 2.0);
	cairo_set_line_width(cr, 2.0);
	for (int64_t k = 0; k < trace->count; ++k) {
		if (bs_trace_row_is_event(&trace->rows[k])) {
			double x = round(panel_x(p, trace->rows[k].time)) + 0.5;
			cairo_move_to(cr, x, bottom);
			cairo_line_to(cr, x, bottom - EVENT_TICK);
		}
	}
	cairo_stroke(cr);
}

static void set_dash(cairo_t* cr, bs_quantity quantity) {
	static const double dashed[] = {9.0, 5.0};
	static const double dotted[] = {2.0, 4.0};
	if (quantity == BS_QUANTITY_MOMENTUM_X) {
		cairo_set_dash(cr, dashed, 2, 0.0);
	} else if (quantity == BS_QUANTITY_MOMENTUM_Y) {
		cairo_set_dash(cr, dotted, 2, 0.0);
	} else {
		cairo_set_dash(cr, NULL, 0, 0.0);
	}
}

static void draw_series(cairo_t* cr, const panel* p, const bs_plot_trace* traces, int trace_count,
	const bs_quantity* quantities, int quantity_count) {
	cairo_save(cr);
	cairo_rectangle(cr, p->left, p->top, p->width, p->height);
	cairo_clip(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	for (int i = 0; i < trace_count; ++i) {
		const double* rgb = trace_colours[i];
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_set_line_width(cr, trace_widths[i]);
		for (int q = 0; q < quantity_count; ++q) {
			set_dash(cr, quantities[q]);
			draw_steps(cr, p, traces[i].data, quantities[q]);
		}
		cairo_set_dash(cr, NULL, 0, 0.0);
		draw_event_ticks(cr, p, traces[i].data, i);
	}
	cairo_restore(cr);
}

static void value_range(const bs_plot_trace* traces, int trace_count, const bs_quantity* quantities,
	int quantity_count, double* lo, double* hi) {
	*lo = INFINITY;
	*hi = -INFINITY;
	for (int i = 0; i < trace_count; ++i) {
		const bs_trace_data* trace = traces[i].data;
		for (int64_t k = 0; k < trace->count; ++k) {
			for (int q = 0; q < quantity_count; ++q) {
				double value = bs_quantity_value(&trace->rows[k], quantities[q]);
				*lo = fmin(*lo, value);
				*hi = fmax(*hi, value);
			}
		}
	}
	widen_range(lo, hi);
}

// A legend box in the top right corner of a panel: one line sample and label
// per entry. Entries with `dash_of` >= 0 are drawn in grey with that
// quantity's dash; the others in the trace colour `colour_of`.
typedef struct legend_entry {
	const char* label;
	int colour_of;        ///< trace index for the colour, or -1 for grey
	bs_quantity dash_of;  ///< quantity whose dash to use
	bool event_tick;      ///< draw an event tick instead of a line
} legend_entry;

static void draw_legend(cairo_t* cr, const panel* p, const legend_entry* entries, int count) {
	bs_plot_set_font(cr, FONT_SIZE, false);
	double text_width = 0.0;
	for (int k = 0; k < count; ++k) {
		cairo_text_extents_t extents;
		cairo_text_extents(cr, entries[k].label, &extents);
		text_width = fmax(text_width, extents.x_advance);
	}
	double line_height = 19.0;
	double box_width = text_width + 52.0;
	double box_height = count * line_height + 8.0;
	double left = p->left + p->width - box_width - 10.0;
	double top = p->top + 10.0;
	cairo_set_source_rgba(cr, 1.0, 1.0, 1.0, 0.9);
	cairo_rectangle(cr, left, top, box_width, box_height);
	cairo_fill_preserve(cr);
	cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
	cairo_set_line_width(cr, 1.0);
	cairo_stroke(cr);
	for (int k = 0; k < count; ++k) {
		const legend_entry* entry = &entries[k];
		double y = top + 4.0 + (k + 0.5) * line_height;
		if (entry->colour_of >= 0) {
			const double* rgb = trace_colours[entry->colour_of];
			cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		} else {
			cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
		}
		if (entry->event_tick) {
			cairo_set_line_width(cr, 2.0);
			for (int t = 0; t < 4; ++t) {
				cairo_move_to(cr, left + 12.5 + 7.0 * t, y + 4.0);
				cairo_line_to(cr, left + 12.5 + 7.0 * t, y - 4.0);
			}
		} else {
			cairo_set_line_width(cr, 2.5);
			set_dash(cr, entry->dash_of);
			cairo_move_to(cr, left + 8.0, y);
			cairo_line_to(cr, left + 40.0, y);
		}
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0.0);
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		bs_plot_draw_text(cr, entry->label, left + 46.0, y, 0.0);
	}
}

static void draw_plot(cairo_t* cr, const bs_plot_trace* traces, int trace_count, int width, int height) {
	cairo_set_source_rgb(cr, 0.97, 0.97, 0.97);
	cairo_paint(cr);

	double t0 = INFINITY;
	double t1 = -INFINITY;
	for (int i = 0; i < trace_count; ++i) {
		t0 = fmin(t0, traces[i].data->rows[0].time);
		t1 = fmax(t1, traces[i].data->rows[traces[i].data->count - 1].time);
	}
	if (!(t1 > t0)) {
		t1 = t0 + 1.0;
	}
	double left = 100.0;
	double right = 24.0;
	double top = 44.0;
	double bottom = 62.0;
	double gap = 40.0;
	double panel_height = 0.5 * (height - top - bottom - gap);
	panel energy = {left, top, width - left - right, panel_height, t0, t1, 0.0, 0.0};
	panel momentum = energy;
	momentum.top = top + panel_height + gap;

	static const bs_quantity energy_quantities[] = {BS_QUANTITY_ENERGY};
	static const bs_quantity momentum_quantities[] = {
		BS_QUANTITY_MOMENTUM_NORM, BS_QUANTITY_MOMENTUM_X, BS_QUANTITY_MOMENTUM_Y};
	value_range(traces, trace_count, energy_quantities, 1, &energy.v0, &energy.v1);
	value_range(traces, trace_count, momentum_quantities, 3, &momentum.v0, &momentum.v1);

	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	bs_plot_set_font(cr, TITLE_SIZE, true);
	bs_plot_draw_text(cr, trace_count > 1 ? "Kinetic energy and momentum: two traces" : "Kinetic energy and momentum",
		left, 0.5 * top, 0.0);

	draw_axes(cr, &energy, "kinetic energy (J)", false);
	draw_axes(cr, &momentum, "momentum (kg m/s)", true);
	draw_series(cr, &energy, traces, trace_count, energy_quantities, 1);
	draw_series(cr, &momentum, traces, trace_count, momentum_quantities, 3);

	legend_entry trace_entries[BS_PLOT_MAX_TRACES + 1];
	for (int i = 0; i < trace_count; ++i) {
		trace_entries[i] = (legend_entry){traces[i].label, i, BS_QUANTITY_ENERGY, false};
	}
	trace_entries[trace_count] = (legend_entry){"events (ticks along the bottom)", -1, BS_QUANTITY_ENERGY, true};
	draw_legend(cr, &energy, trace_entries, trace_count + 1);
	static const legend_entry quantity_entries[] = {
		{"|p|", -1, BS_QUANTITY_MOMENTUM_NORM, false},
		{"p_x", -1, BS_QUANTITY_MOMENTUM_X, false},
		{"p_y", -1, BS_QUANTITY_MOMENTUM_Y, false},
	};
	draw_legend(cr, &momentum, quantity_entries, 3);
}

// Draws the plot of the traces in `closure` (draw_plot's arguments).
typedef struct trace_plot {
	const bs_plot_trace* traces;
	int trace_count;
} trace_plot;

static void draw_trace_plot(cairo_t* cr, int width, int height, void* closure) {
	const trace_plot* plot = closure;
	draw_plot(cr, plot->traces, plot->trace_count, width, height);
}

bool bs_plot_write(bs_output_file* out, const bs_plot_trace* traces, int trace_count, int width, int height) {
	trace_plot plot = {traces, trace_count};
	return bs_plot_render(out, width, height, draw_trace_plot, &plot) && bs_output_commit(out);
}
