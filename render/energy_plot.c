#include "energy_plot.h"

#include <math.h>
#include <stdio.h>

/// At most this many steps per series; longer histories are sampled evenly.
enum { plot_max_steps = 480 };

static const float panel_colour[4] = {0.0f, 0.0f, 0.0f, 0.62f};
static const float axis_colour[4] = {0.75f, 0.75f, 0.75f, 1.0f};
static const float label_colour[4] = {0.85f, 0.85f, 0.85f, 1.0f};
static const float energy_colour[4] = {1.0f, 0.82f, 0.2f, 1.0f};
static const float translational_colour[4] = {0.45f, 0.9f, 0.45f, 1.0f};
static const float rotational_colour[4] = {0.85f, 0.5f, 1.0f, 1.0f};
static const float px_colour[4] = {1.0f, 0.38f, 0.32f, 1.0f};
static const float py_colour[4] = {0.35f, 0.8f, 1.0f, 1.0f};

typedef struct plot_area {
	float x, y, width, height; ///< overlay pixels
	double t0, t1;             ///< time axis (s)
	double v0, v1;             ///< value axis
} plot_area;

static float to_x(const plot_area* area, double t) {
	return area->x + (float)((t - area->t0) / (area->t1 - area->t0)) * area->width;
}

static float to_y(const plot_area* area, double v) {
	return area->y + area->height - (float)((v - area->v0) / (area->v1 - area->v0)) * area->height;
}

static double energy_of(const bs_frame* frame) {
	return frame->totals.kinetic_energy;
}

static double translational_of(const bs_frame* frame) {
	return frame->totals.translational_energy;
}

static double rotational_of(const bs_frame* frame) {
	return frame->totals.rotational_energy;
}

static double px_of(const bs_frame* frame) {
	return frame->totals.momentum.x;
}

static double py_of(const bs_frame* frame) {
	return frame->totals.momentum.y;
}

// One series as a step line: each sampled frame's value holds until the next.
static void series(const bs_timeline* timeline, const plot_area* area, size_t stride, double (*value_of)(const bs_frame*),
	const float colour[4], bs_lines* lines) {
	size_t last = timeline->cursor;
	for (size_t k = 0; k <= last; k += stride) {
		const bs_frame* frame = &timeline->frames[k];
		size_t next = k + stride;
		double end = next <= last ? timeline->frames[next].time : timeline->time;
		double value = value_of(frame);
		float y = to_y(area, value);
		bs_lines_add_2d(lines, to_x(area, frame->time), y, to_x(area, end), y, colour, 1.6f);
		double next_value = next <= last ? value_of(&timeline->frames[next]) : value;
		if (next_value != value) {
			bs_lines_add_2d(lines, to_x(area, end), y, to_x(area, end), to_y(area, next_value), colour, 1.6f);
		}
	}
}

static void axes(const plot_area* area, const char* title, const char* low, const char* high, bs_lines* lines,
	bs_text* text) {
	float left = area->x;
	float bottom = area->y + area->height;
	bs_lines_add_2d(lines, left, area->y, left, bottom, axis_colour, 1.0f);
	bs_lines_add_2d(lines, left, bottom, area->x + area->width, bottom, axis_colour, 1.0f);
	if (area->v0 < 0.0 && area->v1 > 0.0) {
		float zero = to_y(area, 0.0);
		vec4 faint = {0.6f, 0.6f, 0.6f, 0.5f};
		bs_lines_add_2d(lines, left, zero, area->x + area->width, zero, faint, 1.0f);
	}
	float line = text->font->line_height;
	bs_text_add(text, left + 6.0f, area->y - line, label_colour, title);
	bs_text_add(text, left - 6.0f - bs_font_measure(text->font, high), area->y - 0.5f * line, label_colour, high);
	bs_text_add(text, left - 6.0f - bs_font_measure(text->font, low), bottom - 0.5f * line, label_colour, low);
}

void bs_plot_draw(const bs_timeline* timeline, float x, float y, float width, float height, bs_lines* lines,
	bs_text* text) {
	bs_text_rect(text, x, y, width, height, panel_colour);
	size_t count = timeline->cursor + 1;
	size_t stride = (count + plot_max_steps - 1) / plot_max_steps;
	double max_energy = 0.0;
	double max_momentum = 0.0;
	for (size_t k = 0; k < count; k += stride) {
		const bs_totals* totals = &timeline->frames[k].totals;
		max_energy = fmax(max_energy, totals->kinetic_energy);
		max_momentum = fmax(max_momentum, fmax(fabs(totals->momentum.x), fabs(totals->momentum.y)));
	}
	max_energy = max_energy > 0.0 ? 1.1 * max_energy : 1.0;
	max_momentum = max_momentum > 0.0 ? 1.1 * max_momentum : 1.0;
	double t0 = timeline->frames[0].time;
	double t1 = timeline->time > t0 ? timeline->time : t0 + 1e-3;

	float line = text->font->line_height;
	float margin_left = 0.16f * width;
	float inner_width = width - margin_left - 14.0f;
	float panel_height = 0.5f * (height - 4.0f * line);
	plot_area energy = {x + margin_left, y + 1.5f * line, inner_width, panel_height, t0, t1, 0.0, max_energy};
	plot_area momentum = {x + margin_left, energy.y + panel_height + 1.5f * line, inner_width, panel_height, t0, t1,
		-max_momentum, max_momentum};
	char low[32];
	char high[32];
	snprintf(high, sizeof high, "%.3g", max_energy);
	axes(&energy, "energy (J):", "0", high, lines, text);
	float key_x = energy.x + 6.0f + bs_font_measure(text->font, "energy (J): ");
	key_x += bs_text_add(text, key_x, energy.y - line, energy_colour, "total ");
	key_x += bs_text_add(text, key_x, energy.y - line, translational_colour, "translational ");
	bs_text_add(text, key_x, energy.y - line, rotational_colour, "rotational");
	series(timeline, &energy, stride, translational_of, translational_colour, lines);
	series(timeline, &energy, stride, rotational_of, rotational_colour, lines);
	series(timeline, &energy, stride, energy_of, energy_colour, lines);
	snprintf(low, sizeof low, "%.3g", -max_momentum);
	snprintf(high, sizeof high, "%.3g", max_momentum);
	axes(&momentum, "momentum (kg m/s):", low, high, lines, text);
	key_x = momentum.x + 6.0f + bs_font_measure(text->font, "momentum (kg m/s): ");
	key_x += bs_text_add(text, key_x, momentum.y - line, px_colour, "px ");
	bs_text_add(text, key_x, momentum.y - line, py_colour, "py");
	series(timeline, &momentum, stride, px_of, px_colour, lines);
	series(timeline, &momentum, stride, py_of, py_colour, lines);

	char time_label[32];
	float axis_y = momentum.y + momentum.height + 0.2f * line;
	snprintf(time_label, sizeof time_label, "%.4g s", t0);
	bs_text_add(text, momentum.x, axis_y, label_colour, time_label);
	snprintf(time_label, sizeof time_label, "t = %.4g s", t1);
	bs_text_add(text, momentum.x + momentum.width - bs_font_measure(text->font, time_label), axis_y, label_colour,
		time_label);
}
