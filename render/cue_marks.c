#include "cue_marks.h"

#include <math.h>
#include <stdio.h>

typedef struct stick_part {
	double end; ///< distance from the tip (m) where the part ends
	float colour[4];
} stick_part;

static const stick_part stick_parts[] = {
	{0.012, {0.25f, 0.5f, 0.9f, 1.0f}},                 // the chalked tip
	{0.037, {0.95f, 0.94f, 0.88f, 1.0f}},               // the ferrule
	{0.75, {0.88f, 0.74f, 0.52f, 1.0f}},                // the maple shaft
	{1.05, {0.55f, 0.3f, 0.14f, 1.0f}},                 // the forearm
	{1.35, {0.12f, 0.12f, 0.12f, 1.0f}},                // the wrap
	{BS_CUE_STICK_LENGTH, {0.35f, 0.15f, 0.08f, 1.0f}}, // the butt
};

// How far (m) the tip is drawn back from the ball at this stick speed.
static double draw_back(double stick_speed) {
	return 0.004 + 0.012 * stick_speed;
}

// The point (m) where the tip meets the cue ball's surface for the strike
// set up, and the cue's axis (unit, pointing into the ball).
static void cue_contact(const bs_viewer* viewer, bs_vec3* point, bs_vec3* axis) {
	int cue = bs_viewer_cue_index(viewer);
	const bs_ball_state* ball = &viewer->balls[cue];
	bs_vec2 f2 = bs_v2_normalize(bs_v2_sub(viewer->aim_point, ball->pos));
	double elevation = viewer->elevation_deg * (BS_PI / 180.0);
	bs_vec3 f = bs_v3(f2.x, f2.y, 0.0);
	bs_vec3 z = bs_v3(0.0, 0.0, 1.0);
	bs_vec3 left = bs_v3_cross(z, f);
	bs_vec3 d = bs_v3_sub(bs_v3_scale(cos(elevation), f), bs_v3_scale(sin(elevation), z));
	bs_vec3 up = bs_v3_add(bs_v3_scale(sin(elevation), f), bs_v3_scale(cos(elevation), z));
	double side = viewer->tip.x;
	double height = viewer->tip.y;
	double depth = sqrt(fmax(0.0, 1.0 - side * side - height * height));
	// R (-side l + height e_up - depth d) from the centre (sim/cue_strike.h).
	bs_vec3 offset = bs_v3_sub(bs_v3_add(bs_v3_scale(-side, left), bs_v3_scale(height, up)), bs_v3_scale(depth, d));
	bs_vec3 centre = bs_v3(ball->pos.x, ball->pos.y, ball->radius);
	*point = bs_v3_mad(centre, ball->radius, offset);
	*axis = d;
}

// Pixels per metre across the view at `point`.
static float pixels_per_metre(const bs_camera* camera, int width, int height, bs_vec3 point, const vec3 right) {
	vec3 a = {(float)point.x, (float)point.y, (float)point.z};
	vec3 b = {a[0] + 0.01f * right[0], a[1] + 0.01f * right[1], a[2] + 0.01f * right[2]};
	vec2 pa;
	vec2 pb;
	bs_camera_project(camera, width, height, a, pa);
	bs_camera_project(camera, width, height, b, pb);
	return glm_vec2_distance(pa, pb) / 0.01f;
}

void bs_cue_stick_draw(const bs_viewer* viewer, const bs_camera* camera, int width, int height, bs_lines* lines) {
	if (bs_viewer_cue_index(viewer) < 0) {
		return;
	}
	bs_vec3 contact;
	bs_vec3 axis;
	cue_contact(viewer, &contact, &axis);
	bs_vec3 tip = bs_v3_mad(contact, -draw_back(viewer->stick_speed), axis);
	mat4 world_to_eye;
	bs_camera_view(camera, world_to_eye);
	vec3 right = {world_to_eye[0][0], world_to_eye[1][0], world_to_eye[2][0]};
	enum { pieces_per_part = 6 };
	double start = 0.0;
	for (size_t p = 0; p < sizeof stick_parts / sizeof stick_parts[0]; ++p) {
		double end = stick_parts[p].end;
		for (int k = 0; k < pieces_per_part; ++k) {
			double s0 = start + (end - start) * k / pieces_per_part;
			double s1 = start + (end - start) * (k + 1) / pieces_per_part;
			bs_vec3 a = bs_v3_mad(tip, -s0, axis);
			bs_vec3 b = bs_v3_mad(tip, -s1, axis);
			double middle = 0.5 * (s0 + s1);
			double diameter =
				BS_CUE_TIP_DIAMETER + (BS_CUE_BUTT_DIAMETER - BS_CUE_TIP_DIAMETER) * middle / BS_CUE_STICK_LENGTH;
			bs_vec3 centre = bs_v3_mad(tip, -middle, axis);
			float pixels = (float)diameter * pixels_per_metre(camera, width, height, centre, right);
			bs_lines_add(lines, (vec3){(float)a.x, (float)a.y, (float)a.z}, (vec3){(float)b.x, (float)b.y, (float)b.z},
				stick_parts[p].colour, pixels > 2.0f ? pixels : 2.0f);
		}
		start = end;
	}
}

static void circle_2d(bs_lines* lines, float cx, float cy, float radius, const float colour[4], float width) {
	enum { sides = 48 };
	for (int i = 0; i < sides; ++i) {
		float t0 = 2.0f * GLM_PIf * (float)i / sides;
		float t1 = 2.0f * GLM_PIf * (float)(i + 1) / sides;
		bs_lines_add_2d(lines, cx + radius * cosf(t0), cy + radius * sinf(t0), cx + radius * cosf(t1),
			cy + radius * sinf(t1), colour, width);
	}
}

void bs_cue_panel_draw(const bs_viewer* viewer, const bs_overlay_layout* layout, bs_lines* lines, bs_text* text) {
	static const float panel[4] = {0.0f, 0.0f, 0.0f, 0.6f};
	static const float face[4] = {0.96f, 0.95f, 0.9f, 1.0f};
	static const float faint[4] = {0.96f, 0.95f, 0.9f, 0.45f};
	static const float tip_colour[4] = {0.25f, 0.5f, 0.95f, 1.0f};
	static const float label[4] = {0.93f, 0.93f, 0.93f, 1.0f};
	float cx;
	float cy;
	float radius;
	bs_overlay_tip_diagram(layout, &cx, &cy, &radius);
	float line = text->font->line_height;
	float bar_x = cx + radius + 24.0f;
	float bar_width = 0.16f * radius;
	char caption[96];
	snprintf(caption, sizeof caption, "%.2f m/s   elevation %.0f deg", viewer->stick_speed, viewer->elevation_deg);
	const bs_rect* box = &layout->tip;
	bs_text_rect(text, box->x, box->y, box->width, box->height, panel);
	bs_text_add(text, cx - radius, cy + radius + 0.4f * line, label, caption);

	// The ball's face as the shooter sees it, the miscue limit, and the tip.
	circle_2d(lines, cx, cy, radius, face, 2.0f);
	circle_2d(lines, cx, cy, (float)BS_VIEWER_TIP_LIMIT * radius, faint, 1.0f);
	bs_lines_add_2d(lines, cx - radius, cy, cx + radius, cy, faint, 1.0f);
	bs_lines_add_2d(lines, cx, cy - radius, cx, cy + radius, faint, 1.0f);
	float tx = cx + (float)viewer->tip.x * radius;
	float ty = cy - (float)viewer->tip.y * radius;
	// A round dot: rings of widening radius.
	for (float ring = 0.03f * radius; ring < 0.13f * radius; ring += 0.025f * radius) {
		circle_2d(lines, tx, ty, ring, tip_colour, 0.035f * radius);
	}
	snprintf(caption, sizeof caption, "tip %+.2f %+.2f R", viewer->tip.x, viewer->tip.y);
	bs_text_add(text, cx - radius, cy - radius - 1.3f * line, label, caption);

	// The power: the stick speed over its range, filled from the bottom.
	float fraction = (float)((viewer->stick_speed - BS_VIEWER_MIN_STICK_SPEED) /
		(BS_VIEWER_MAX_STICK_SPEED - BS_VIEWER_MIN_STICK_SPEED));
	float top = cy - radius;
	float bar_height = 2.0f * radius;
	const float fill[4] = {0.35f + 0.65f * fraction, 0.85f - 0.6f * fraction, 0.2f, 1.0f};
	bs_text_rect(text, bar_x, top + (1.0f - fraction) * bar_height, bar_width, fraction * bar_height, fill);
	bs_lines_add_2d(lines, bar_x, top, bar_x + bar_width, top, face, 1.5f);
	bs_lines_add_2d(lines, bar_x, top + bar_height, bar_x + bar_width, top + bar_height, face, 1.5f);
	bs_lines_add_2d(lines, bar_x, top, bar_x, top + bar_height, face, 1.5f);
	bs_lines_add_2d(lines, bar_x + bar_width, top, bar_x + bar_width, top + bar_height, face, 1.5f);
}
