// The viewer's overlays against the table in the top view, as geometry (no
// GL): at the window sizes people use, with every combination of the tip
// diagram and the energy plot, no overlay (HUD, help hint, tip diagram,
// plot) reaches into any pocket's drawn disc, its liner included, or into
// the drawn table at all; the panels stay in the window and apart; and the
// table is as large as the overlays leave it room for.
#include <math.h>
#include <stdio.h>

#include "camera.h"
#include "check.h"
#include "overlay_layout.h"
#include "table_model.h"

typedef struct window_size {
	int width, height;
} window_size;

// Landscape screens and windows, a square and a portrait one: all keep
// every overlay off the table with both panels shown.
static const window_size clear_sizes[] = {
	{1280, 720},
	{1366, 768},
	{1440, 900},
	{1600, 900},
	{1920, 1080},
	{2560, 1440},
	{3840, 2160},
	{1024, 768},
	{1280, 1024},
	{1000, 1000},
};

// The top view of `table` in a width x height window as the viewer frames it.
static bs_camera top_camera(const bs_table_def* table, const bs_overlay_layout* layout, int width, int height) {
	bs_camera camera;
	bs_camera_make(table, &camera);
	camera.mode = BS_CAMERA_TOP;
	bs_camera_set_frame(&camera, width, height, layout->table.x, layout->table.y, layout->table.x + layout->table.width,
		layout->table.y + layout->table.height);
	return camera;
}

// The drawn table's outer frame (rails included) in pixels.
static bs_rect projected_table(const bs_camera* camera, const bs_table_def* table, int width, int height) {
	bs_table_bounds bounds = bs_table_model_bounds(table);
	vec2 low;
	vec2 high;
	bs_camera_project(camera, width, height, (vec3){(float)bounds.min_x, (float)bounds.max_y, 0.0f}, low);
	bs_camera_project(camera, width, height, (vec3){(float)bounds.max_x, (float)bounds.min_y, 0.0f}, high);
	bs_rect rect = {low[0], low[1], high[0] - low[0], high[1] - low[1]};
	return rect;
}

// The overlays of a layout: the HUD, the hint, and the panels shown.
static int overlays_of(const bs_overlay_layout* layout, bs_rect* dest, const char** names) {
	int count = 0;
	names[count] = "HUD";
	dest[count++] = layout->hud;
	names[count] = "hint";
	dest[count++] = layout->hint;
	if (layout->has_tip) {
		names[count] = "tip diagram";
		dest[count++] = layout->tip;
	}
	if (layout->has_plot) {
		names[count] = "plot";
		dest[count++] = layout->plot;
	}
	return count;
}

// How many overlays reach into a pocket's drawn disc in the top view of
// `camera`; each is reported when `report`.
static int overlays_on_pockets(const bs_camera* camera, const bs_table* table, const bs_rect* overlays,
	const char* const* names, int count, int width, int height, bool report) {
	int hits = 0;
	for (int k = 0; k < bs_table_pocket_count(table); ++k) {
		bs_pocket_shape pocket = bs_table_pocket(table, k);
		vec2 centre;
		vec2 edge;
		float radius = (float)bs_table_model_pocket_radius(&pocket);
		bs_camera_project(camera, width, height, (vec3){(float)pocket.centre.x, (float)pocket.centre.y, 0.0f}, centre);
		bs_camera_project(camera, width, height, (vec3){(float)pocket.centre.x + radius, (float)pocket.centre.y, 0.0f},
			edge);
		float pixels = fabsf(edge[0] - centre[0]);
		for (int i = 0; i < count; ++i) {
			if (bs_rect_meets_disc(overlays[i], centre[0], centre[1], pixels)) {
				hits += 1;
				if (report) {
					CHECK_FAIL("%dx%d: the %s (%.0f, %.0f, %.0f x %.0f) covers pocket %d at (%.0f, %.0f), r %.0f px",
						width, height, names[i], (double)overlays[i].x, (double)overlays[i].y,
						(double)overlays[i].width, (double)overlays[i].height, k, (double)centre[0], (double)centre[1],
						(double)pixels);
				}
			}
		}
	}
	return hits;
}

static bool inside(bs_rect inner, bs_rect outer) {
	const float slack = 0.01f; // the projection's rounding, in pixels
	return inner.x >= outer.x - slack && inner.y >= outer.y - slack &&
		inner.x + inner.width <= outer.x + outer.width + slack &&
		inner.y + inner.height <= outer.y + outer.height + slack;
}

static void check_layout(const char* preset, int width, int height, bool tip, bool plot) {
	bs_table_def def;
	CHECK(bs_table_preset(preset, true, &def));
	bs_table* table = bs_table_create(&def);
	bs_overlay_layout layout;
	bs_overlay_layout_make(width, height, &def, tip, plot, &layout);
	if (!layout.keeps_clear) {
		CHECK_FAIL("%s %dx%d, tip %d, plot %d: the layout does not keep the table clear", preset, width, height, tip,
			plot);
		bs_table_destroy(table);
		return;
	}
	bs_camera camera = top_camera(&def, &layout, width, height);
	bs_rect overlays[4];
	const char* names[4];
	int count = overlays_of(&layout, overlays, names);
	overlays_on_pockets(&camera, table, overlays, names, count, width, height, true);
	bs_rect drawn = projected_table(&camera, &def, width, height);
	bs_rect window = {0.0f, 0.0f, (float)width, (float)height};
	CHECK(inside(drawn, layout.table));
	CHECK(inside(layout.table, window));
	for (int i = 0; i < count; ++i) {
		if (bs_rect_overlaps(overlays[i], drawn)) {
			CHECK_FAIL("%s %dx%d, tip %d, plot %d: the %s overlaps the table (%.0f, %.0f, %.0f x %.0f)", preset, width,
				height, tip, plot, names[i], (double)drawn.x, (double)drawn.y, (double)drawn.width,
				(double)drawn.height);
		}
		if (!inside(overlays[i], window)) {
			CHECK_FAIL("%dx%d: the %s leaves the window", width, height, names[i]);
		}
		for (int j = 0; j < i; ++j) {
			if (bs_rect_overlaps(overlays[i], overlays[j])) {
				CHECK_FAIL("%dx%d: the %s and the %s overlap", width, height, names[i], names[j]);
			}
		}
	}
	// The table takes what the overlays leave: it fills its frame one way.
	float fill = fmaxf(drawn.width / layout.table.width, drawn.height / layout.table.height);
	CHECK_NEAR(fill, 1.0f / 1.03f, 1e-3);
	// The tip diagram's face and power bar fit its panel.
	if (tip) {
		float cx, cy, radius;
		bs_overlay_tip_diagram(&layout, &cx, &cy, &radius);
		bs_rect face = {cx - radius, cy - radius, 2.0f * radius + 24.0f + 0.16f * radius, 2.0f * radius};
		CHECK(inside(face, layout.tip));
		CHECK(radius >= 2.0f * layout.line_height);
	}
	bs_table_destroy(table);
}

static void overlays_keep_off_the_pockets_and_the_table(void) {
	static const char* const presets[] = {"7ft", "8ft", "9ft"};
	for (size_t s = 0; s < sizeof clear_sizes / sizeof clear_sizes[0]; ++s) {
		for (size_t p = 0; p < 3; ++p) {
			for (int panels = 0; panels < 4; ++panels) {
				check_layout(presets[p], clear_sizes[s].width, clear_sizes[s].height, panels & 1, panels & 2);
			}
		}
	}
	// Smaller windows keep clear with one panel at a time.
	check_layout("9ft", 960, 540, true, false);
	check_layout("9ft", 960, 540, false, true);
	check_layout("9ft", 800, 600, false, false);
}

// Without the frame, as the top view was fitted to the whole window, the
// HUD and the panels cover pockets: the check above sees that.
static void the_whole_window_would_cover_pockets(void) {
	bs_table_def def;
	CHECK(bs_table_preset("9ft", true, &def));
	bs_table* table = bs_table_create(&def);
	bs_overlay_layout layout;
	bs_overlay_layout_make(1280, 720, &def, true, true, &layout);
	bs_camera camera;
	bs_camera_make(&def, &camera);
	camera.mode = BS_CAMERA_TOP;
	bs_rect overlays[4];
	const char* names[4];
	int count = overlays_of(&layout, overlays, names);
	int hits = overlays_on_pockets(&camera, table, overlays, names, count, 1280, 720, false);
	if (hits == 0) {
		CHECK_FAIL("fitted to the whole window, no overlay covers a pocket: the check could not fail");
	}
	bs_table_destroy(table);
}

// Where the tip diagram fits in the HUD's band, as on every landscape
// screen from 1280 x 720 up, aiming does not move the table.
static void aiming_leaves_the_table_where_it_was(void) {
	bs_table_def def;
	CHECK(bs_table_preset("9ft", true, &def));
	for (size_t s = 0; s < sizeof clear_sizes / sizeof clear_sizes[0]; ++s) {
		int width = clear_sizes[s].width;
		int height = clear_sizes[s].height;
		bs_overlay_layout idle;
		bs_overlay_layout aiming;
		bs_overlay_layout_make(width, height, &def, false, false, &idle);
		bs_overlay_layout_make(width, height, &def, true, false, &aiming);
		bool in_band = aiming.tip.y + aiming.tip.height <= aiming.hud.y + aiming.hud.height;
		bool landscape = width >= 1280 && 10 * width >= 16 * height;
		if (landscape && !in_band) {
			CHECK_FAIL("%dx%d: the tip diagram is not in the HUD's band", width, height);
		}
		if (in_band &&
			(idle.table.x != aiming.table.x || idle.table.y != aiming.table.y ||
				idle.table.width != aiming.table.width || idle.table.height != aiming.table.height)) {
			CHECK_FAIL("%dx%d: aiming moves the table's frame", width, height);
		}
	}
}

// A window too small to keep the table clear gives the top view the whole
// window, as before, and says so.
static void a_small_window_falls_back_to_the_whole_window(void) {
	bs_table_def def;
	CHECK(bs_table_preset("9ft", true, &def));
	const window_size small[] = {{960, 540}, {640, 480}, {200, 200}, {800, 1200}};
	for (size_t s = 0; s < sizeof small / sizeof small[0]; ++s) {
		bs_overlay_layout layout;
		bs_overlay_layout_make(small[s].width, small[s].height, &def, true, true, &layout);
		CHECK(!layout.keeps_clear);
		CHECK_EQ_DBL(layout.table.x, 0.0);
		CHECK_EQ_DBL(layout.table.width, small[s].width);
		CHECK_EQ_DBL(layout.table.height, small[s].height);
		CHECK(layout.plot.width > 0.0f && layout.tip.width > 0.0f);
	}
}

int main(void) {
	RUN(overlays_keep_off_the_pockets_and_the_table);
	RUN(the_whole_window_would_cover_pockets);
	RUN(aiming_leaves_the_table_where_it_was);
	RUN(a_small_window_falls_back_to_the_whole_window);
	return check_summary();
}
