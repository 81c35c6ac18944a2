#include "ensemble_plot.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "plot_canvas.h"

#define TITLE_SIZE 15.0
#define FONT_SIZE 13.0

typedef struct heat_plot {
	const bs_ensemble_summary* summary;
	const bs_table* table;
} heat_plot;

static void draw_heat_map(cairo_t* cr, int width, int height, void* closure) {
	const heat_plot* plot = closure;
	const bs_ensemble_summary* summary = plot->summary;
	const bs_table* table = plot->table;
	const bs_table_def size = bs_table_get_def(table);
	cairo_set_source_rgb(cr, 0.97, 0.97, 0.97);
	cairo_paint(cr);
	int64_t fullest = 0;
	int64_t resting = 0;
	for (int y = 0; y < BS_HEAT_ROWS; ++y) {
		for (int x = 0; x < BS_HEAT_COLUMNS; ++x) {
			fullest = summary->heat[y][x] > fullest ? summary->heat[y][x] : fullest;
			resting += summary->heat[y][x];
		}
	}
	char text[256];
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	bs_plot_set_font(cr, TITLE_SIZE, true);
	snprintf(text, sizeof text, "Where the cue ball comes to rest: %" PRId64 " of %" PRId64 " runs (scratches left out)",
		resting, summary->runs);
	bs_plot_draw_text(cr, text, 24.0, 24.0, 0.0);
	// The table, as large as fits beside the colour bar, kept to scale.
	double margin = 40.0;
	double bar_room = 110.0;
	double scale = fmin((width - 2.0 * margin - bar_room) / size.width, (height - 76.0 - margin) / size.height);
	double left = margin;
	double top = 76.0;
	cairo_save(cr);
	cairo_translate(cr, left, top + size.height * scale);
	cairo_scale(cr, scale, -scale); // table coordinates, y up
	double rail = 0.06;
	cairo_set_source_rgb(cr, 0.35, 0.22, 0.12);
	cairo_rectangle(cr, -rail, -rail, size.width + 2.0 * rail, size.height + 2.0 * rail);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 0.93, 0.97, 0.93);
	cairo_rectangle(cr, 0.0, 0.0, size.width, size.height);
	cairo_fill(cr);
	double cell_w = size.width / BS_HEAT_COLUMNS;
	double cell_h = size.height / BS_HEAT_ROWS;
	// Cells side by side, without the pale seams that antialiased edges
	// would draw between them.
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	for (int y = 0; y < BS_HEAT_ROWS; ++y) {
		for (int x = 0; x < BS_HEAT_COLUMNS; ++x) {
			int64_t count = summary->heat[y][x];
			if (count == 0) {
				continue;
			}
			// Logarithmic: a break's cue ball gathers in a few cells, and a
			// linear scale would leave every other cell looking empty.
			double rgb[3];
			bs_plot_heat_colour(fullest > 1 ? log((double)count) / log((double)fullest) : 1.0, rgb);
			cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
			cairo_rectangle(cr, x * cell_w, y * cell_h, cell_w, cell_h);
			cairo_fill(cr);
		}
	}
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
	// The outline: pockets, cushion noses and facings.
	cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
	for (int k = 0; k < bs_table_pocket_count(table); ++k) {
		bs_pocket_shape shape = bs_table_pocket(table, k);
		const bs_pocket_shape* pocket = &shape;
		cairo_new_sub_path(cr);
		cairo_arc(cr, pocket->centre.x, pocket->centre.y, pocket->radius, 0.0, 2.0 * BS_PI);
	}
	cairo_fill(cr);
	cairo_set_line_width(cr, 2.0 / scale);
	cairo_set_source_rgb(cr, 0.15, 0.35, 0.15);
	for (int k = 0; k < bs_table_cushion_count(table); ++k) {
		cairo_move_to(cr, bs_table_cushion(table, k).a.x, bs_table_cushion(table, k).a.y);
		cairo_line_to(cr, bs_table_cushion(table, k).b.x, bs_table_cushion(table, k).b.y);
	}
	// The rounded jaws' arcs, counter-clockwise from start to end.
	for (int k = 0; k < bs_table_jaw_count(table); ++k) {
		bs_arc arc = bs_table_arc(table, k);
		if (arc.radius > 0.0) {
			double from = atan2(arc.start.y - arc.centre.y, arc.start.x - arc.centre.x);
			double to = atan2(arc.end.y - arc.centre.y, arc.end.x - arc.centre.x);
			cairo_new_sub_path(cr);
			cairo_arc(cr, arc.centre.x, arc.centre.y, arc.radius, from, to < from ? to + 2.0 * BS_PI : to);
		}
	}
	if (bs_table_cushion_count(table) == 0 || size.periodic) {
		cairo_rectangle(cr, 0.0, 0.0, size.width, size.height);
	}
	cairo_stroke(cr);
	// The head string, behind which the cue ball starts.
	static const double dashed[] = {6.0, 4.0};
	cairo_set_dash(cr, dashed, 2, 0.0);
	cairo_set_line_width(cr, 1.0 / scale);
	cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
	cairo_move_to(cr, 0.25 * size.width, 0.0);
	cairo_line_to(cr, 0.25 * size.width, size.height);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0.0);
	cairo_restore(cr);
	// The colour bar: runs a cell.
	double bar_left = left + size.width * scale + 50.0;
	double bar_top = top + 10.0;
	double bar_height = size.height * scale - 20.0;
	for (int k = 0; k < 100; ++k) {
		double rgb[3];
		bs_plot_heat_colour((k + 0.5) / 100.0, rgb);
		cairo_set_source_rgb(cr, rgb[0], rgb[1], rgb[2]);
		cairo_rectangle(cr, bar_left, bar_top + bar_height * (1.0 - (k + 1) / 100.0), 18.0, bar_height / 100.0 + 0.5);
		cairo_fill(cr);
	}
	cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
	bs_plot_set_font(cr, FONT_SIZE, false);
	// Ticks at 1, the fullest cell and the powers of ten between that
	// leave room for its label.
	for (double count = 1.0; count <= (double)fullest; count *= 10.0) {
		double f = fullest > 1 ? log(count) / log((double)fullest) : 0.0;
		if (count > 1.0 && (1.0 - f) * bar_height < 18.0) {
			break;
		}
		snprintf(text, sizeof text, "%.0f", count);
		bs_plot_draw_text(cr, text, bar_left + 24.0, bar_top + bar_height * (1.0 - f), 0.0);
	}
	snprintf(text, sizeof text, "%" PRId64, fullest);
	bs_plot_draw_text(cr, text, bar_left + 24.0, bar_top, 0.0);
	cairo_save(cr);
	cairo_translate(cr, bar_left - 12.0, bar_top + 0.5 * bar_height);
	cairo_rotate(cr, -0.5 * BS_PI);
	snprintf(text, sizeof text, "runs a cell (%.3g x %.3g cm), log scale", 100.0 * cell_w, 100.0 * cell_h);
	bs_plot_draw_text(cr, text, 0.0, 0.0, 0.5);
	cairo_restore(cr);
}

bool bs_ensemble_plot_heat_map(bs_output_file* out, const bs_ensemble_summary* summary, const bs_table_def* table) {
	bs_table* geometry = bs_table_create(table);
	if (!geometry) {
		fprintf(stderr, "breakshot: out of memory drawing the heat map\n");
		bs_output_abort(out);
		return false;
	}
	heat_plot plot = {summary, geometry};
	bool drawn = bs_plot_render(out, BS_ENSEMBLE_PLOT_WIDTH, BS_ENSEMBLE_PLOT_HEIGHT, draw_heat_map, &plot);
	bs_table_destroy(geometry);
	return drawn;
}

typedef struct bar_plot {
	const bs_ensemble_summary* summary;
	const bs_ensemble_context* context;
} bar_plot;

static void draw_bars(cairo_t* cr, int width, int height, void* closure) {
	const bar_plot* plot = closure;
	const bs_ensemble_summary* summary = plot->summary;
	const bs_ensemble_context* context = plot->context;
	cairo_set_source_rgb(cr, 0.97, 0.97, 0.97);
	cairo_paint(cr);
	// The object balls by id, then the cue ball as the scratch rate.
	int bars = context->ball_count;
	double low[BS_ENSEMBLE_MAX_BALLS];
	double high[BS_ENSEMBLE_MAX_BALLS];
	double probability[BS_ENSEMBLE_MAX_BALLS];
	int columns[BS_ENSEMBLE_MAX_BALLS];
	int n = 0;
	for (int k = 0; k < bars; ++k) {
		if (k != context->cue_column) {
			columns[n++] = k;
		}
	}
	if (context->cue_column >= 0) {
		columns[n++] = context->cue_column;
	}
	double top_value = 0.0;
	for (int b = 0; b < n; ++b) {
		int64_t count = summary->pocketed[columns[b]];
		probability[b] = summary->runs > 0 ? (double)count / (double)summary->runs : 0.0;
		bs_wilson_interval(count, summary->runs, &low[b], &high[b]);
		top_value = fmax(top_value, high[b]);
	}
	top_value = top_value > 0.0 ? fmin(1.0, 1.1 * top_value) : 1.0;
	char text[256];
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	bs_plot_set_font(cr, TITLE_SIZE, true);
	snprintf(text, sizeof text, "Pocketing probability by ball, with 95 %% intervals (%" PRId64 " runs)", summary->runs);
	bs_plot_draw_text(cr, text, 24.0, 24.0, 0.0);
	double left = 90.0;
	double right = 24.0;
	double top = 56.0;
	double bottom = 64.0;
	double plot_w = width - left - right;
	double plot_h = height - top - bottom;
	cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
	cairo_rectangle(cr, left, top, plot_w, plot_h);
	cairo_fill(cr);
	bs_plot_set_font(cr, FONT_SIZE, false);
	double step = bs_plot_tick_step(top_value, 6);
	for (double v = 0.0; v <= top_value + 1e-12; v += step) {
		double y = round(top + plot_h * (1.0 - v / top_value)) + 0.5;
		cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
		cairo_set_line_width(cr, 1.0);
		cairo_move_to(cr, left, y);
		cairo_line_to(cr, left + plot_w, y);
		cairo_stroke(cr);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		bs_plot_format_tick(text, sizeof text, v, step);
		bs_plot_draw_text(cr, text, left - 8.0, y, 1.0);
	}
	double slot = plot_w / (n > 0 ? n : 1);
	for (int b = 0; b < n; ++b) {
		bool cue = columns[b] == context->cue_column;
		double x = left + (b + 0.5) * slot;
		double bar_w = 0.6 * slot;
		double y = top + plot_h * (1.0 - probability[b] / top_value);
		if (cue) {
			cairo_set_source_rgb(cr, 0.90, 0.50, 0.0);
		} else {
			cairo_set_source_rgb(cr, 0.0, 0.45, 0.70);
		}
		cairo_rectangle(cr, x - 0.5 * bar_w, y, bar_w, top + plot_h - y);
		cairo_fill(cr);
		// The interval's whisker.
		double y_low = top + plot_h * (1.0 - low[b] / top_value);
		double y_high = top + plot_h * (1.0 - high[b] / top_value);
		cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
		cairo_set_line_width(cr, 1.5);
		cairo_move_to(cr, x, y_low);
		cairo_line_to(cr, x, y_high);
		cairo_move_to(cr, x - 0.15 * bar_w, y_low);
		cairo_line_to(cr, x + 0.15 * bar_w, y_low);
		cairo_move_to(cr, x - 0.15 * bar_w, y_high);
		cairo_line_to(cr, x + 0.15 * bar_w, y_high);
		cairo_stroke(cr);
		if (cue) {
			snprintf(text, sizeof text, "scratch");
		} else {
			snprintf(text, sizeof text, "%d", context->ids[columns[b]]);
		}
		bs_plot_draw_text(cr, text, x, top + plot_h + 14.0, 0.5);
	}
	cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
	cairo_set_line_width(cr, 1.0);
	cairo_rectangle(cr, left + 0.5, top + 0.5, plot_w - 1.0, plot_h - 1.0);
	cairo_stroke(cr);
	bs_plot_draw_text(cr, "ball", left + 0.5 * plot_w, top + plot_h + 38.0, 0.5);
	cairo_save(cr);
	cairo_translate(cr, left - 60.0, top + 0.5 * plot_h);
	cairo_rotate(cr, -0.5 * BS_PI);
	bs_plot_draw_text(cr, "probability pocketed on the shot", 0.0, 0.0, 0.5);
	cairo_restore(cr);
}

bool bs_ensemble_plot_pocketed(
	bs_output_file* out, const bs_ensemble_summary* summary, const bs_ensemble_context* context) {
	bar_plot plot = {summary, context};
	return bs_plot_render(out, BS_ENSEMBLE_PLOT_WIDTH, BS_ENSEMBLE_PLOT_HEIGHT, draw_bars, &plot);
}
