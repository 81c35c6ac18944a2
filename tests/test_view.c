// The viewer end to end: screenshots read back pixel by pixel at points the
// test projects with the viewer's own camera, scripted event stepping against
// `breakshot run --events N`, a game played by keys against `breakshot
// play`, the hint key's paths, and the refusals. Runs under xvfb-run.
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camera.h"
#include "check.h"
#include "overlay_layout.h"
#include "process_helpers.h"
#include <breakshot/game.h>
#include <breakshot/scene.h>
#include <breakshot/world.h>

enum { shot_width = 960, shot_height = 540 };

static void data_path(const char* name, char* dest, size_t size) {
	char relative[256];
	snprintf(relative, sizeof relative, "tests/data/%s", name);
	source_path(relative, dest, size);
}

static char temp_dir[256];

static void temp_path(const char* name, char* dest, size_t size) {
	path_in(temp_dir, name, dest, size);
}

typedef struct image {
	int width;
	int height;
	unsigned char* rgb;
} image;

static bool read_png(const char* path, image* dest) {
	png_image png;
	memset(&png, 0, sizeof png);
	png.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&png, path)) {
		return false;
	}
	png.format = PNG_FORMAT_RGB;
	dest->width = (int)png.width;
	dest->height = (int)png.height;
	dest->rgb = malloc(PNG_IMAGE_SIZE(png));
	if (!dest->rgb || !png_image_finish_read(&png, NULL, dest->rgb, 0, NULL)) {
		free(dest->rgb);
		dest->rgb = NULL;
		png_image_free(&png);
		return false;
	}
	return true;
}

typedef struct rgb {
	int r, g, b;
} rgb;

static rgb pixel(const image* img, vec2 at) {
	int x = (int)floorf(at[0]);
	int y = (int)floorf(at[1]);
	rgb none = {-1, -1, -1};
	if (x < 0 || y < 0 || x >= img->width || y >= img->height) {
		return none;
	}
	const unsigned char* p = img->rgb + ((size_t)y * (size_t)img->width + (size_t)x) * 3;
	rgb c = {p[0], p[1], p[2]};
	return c;
}

static bool is_felt(rgb c) {
	return c.g > 50 && c.g > 2 * c.r && c.g > c.b + 30;
}
static bool is_white(rgb c) {
	return c.r > 150 && c.g > 150 && c.b > 140 && abs(c.r - c.b) < 50;
}
static bool is_red(rgb c) {
	return c.r > 110 && c.g < 70 && c.b < 70;
}
static bool is_yellow(rgb c) {
	return c.r > 150 && c.g > 100 && c.b < 70;
}
static bool is_black(rgb c) {
	return c.r < 50 && c.g < 50 && c.b < 50;
}

// Screenshots SCENE at `width` by `height` with EXTRA options into a
// temporary PNG and reads it. Leaves dest->rgb NULL when it fails, so
// callers free it on every path.
static bool screenshot_sized(const char* scene, const char* extra, int width, int height, image* dest) {
	dest->rgb = NULL;
	char png_path[1024];
	temp_path("shot.png", png_path, sizeof png_path);
	char command[8192];
	snprintf(command, sizeof command, "timeout 120 '%s' view '%s' --screenshot '%s' --size %dx%d %s >/dev/null",
		breakshot_path(), scene, png_path, width, height, extra);
	bool ok = run_command(command) == 0 && read_png(png_path, dest);
	remove(png_path);
	return ok;
}

// $BREAKSHOT_AA set to `mode` for what follows, until restore_antialias
// puts back the value the tests were run with.
static bool had_antialias;
static char own_antialias[64];

static void use_antialias(const char* mode) {
	const char* own = getenv("BREAKSHOT_AA");
	had_antialias = own != NULL;
	snprintf(own_antialias, sizeof own_antialias, "%s", own ? own : "");
	setenv("BREAKSHOT_AA", mode, 1);
}

static void restore_antialias(void) {
	if (had_antialias) {
		setenv("BREAKSHOT_AA", own_antialias, 1);
	} else {
		unsetenv("BREAKSHOT_AA");
	}
}

static bool screenshot(const char* scene, const char* extra, image* dest) {
	return screenshot_sized(scene, extra, shot_width, shot_height, dest);
}

typedef struct sim_state {
	bs_table_def table;
	int count;
	bs_ball_state balls[32];
} sim_state;

// The balls at time `t` straight from the sim, as `run --until` would have them.
static bool sim_at(const char* scene_path, double t, sim_state* dest) {
	bs_scene* scene = NULL;
	char error[512];
	if (!(scene = bs_scene_create(scene_path, error, sizeof error))) {
		fprintf(stderr, "  %s\n", error);
		return false;
	}
	bs_world* world = bs_world_create(&scene->def);
	bs_world_advance(world, t, 0);
	dest->table = scene->def.table;
	dest->count = bs_world_ball_count(world);
	for (int i = 0; i < dest->count && i < 32; ++i) {
		dest->balls[i] = bs_world_ball_state(world, i, t);
	}
	bs_world_destroy(world);
	bs_scene_destroy(scene);
	return true;
}

static const bs_ball_state* ball_with_id(const sim_state* state, int id) {
	for (int i = 0; i < state->count; ++i) {
		if (state->balls[i].id == id) {
			return &state->balls[i];
		}
	}
	return NULL;
}

// Where a point on ball `id` lands: `across` radii to the side of its centre
// (clear of the number spot, on a stripe's band).
static void project_ball(const bs_camera* camera, const sim_state* state, int id, float across, vec2 dest) {
	const bs_ball_state* ball = ball_with_id(state, id);
	vec3 point = {(float)(ball->pos.x + across * ball->radius), (float)ball->pos.y, (float)ball->radius};
	bs_camera_project(camera, shot_width, shot_height, point, dest);
}

// The view of `table` in `mode` as the viewer frames it in a width x
// height window, aiming or not, the plot hidden: drawn where the overlays
// leave it room (overlay_layout.h).
static void frame_view(bs_camera* camera, const bs_table_def* table, bs_camera_mode mode, int width, int height,
	bool aiming) {
	bs_camera_make(table, camera);
	camera->mode = mode;
	bs_overlay_layout layout;
	bs_overlay_layout_make(width, height, table, aiming, false, &layout);
	bs_camera_set_frame(camera, width, height, layout.table.x, layout.table.y, layout.table.x + layout.table.width,
		layout.table.y + layout.table.height);
}

// The top view, as frame_view frames it.
static void frame_top_view(bs_camera* camera, const bs_table_def* table, int width, int height, bool aiming) {
	frame_view(camera, table, BS_CAMERA_TOP, width, height, aiming);
}

// The view_balls scene at t = 0.25 s: its shot at `width` by `height` in
// the top or the orbit view with EXTRA options, the sim's balls then, and
// the camera the shot was taken with. False (after the check that failed)
// when either fails; img->rgb is then NULL or to be freed all the same.
static bool view_balls_at_a_quarter_second(
	bool top, const char* extra, int width, int height, image* img, sim_state* state, bs_camera* camera) {
	char scene[1024];
	data_path("view_balls.json", scene, sizeof scene);
	char options[256];
	snprintf(options, sizeof options, "--at 0.25%s %s", top ? " --keys t" : "", extra);
	CHECK(screenshot_sized(scene, options, width, height, img));
	CHECK(sim_at(scene, 0.25, state));
	if (check_failures_in_test) {
		return false;
	}
	frame_view(camera, &state->table, top ? BS_CAMERA_TOP : BS_CAMERA_ORBIT, width, height, false);
	return true;
}

static void check_balls_in_view(bool top) {
	image img;
	sim_state state;
	bs_camera camera;
	if (!view_balls_at_a_quarter_second(top, "", shot_width, shot_height, &img, &state, &camera)) {
		free(img.rgb);
		return;
	}
	vec2 at;
	project_ball(&camera, &state, 0, 0.0f, at);
	CHECK(is_white(pixel(&img, at)));
	project_ball(&camera, &state, 3, 0.78f, at);
	CHECK(is_red(pixel(&img, at)));
	project_ball(&camera, &state, 3, -0.78f, at);
	CHECK(is_red(pixel(&img, at)));
	project_ball(&camera, &state, 11, 0.78f, at);
	CHECK(is_red(pixel(&img, at)));
	project_ball(&camera, &state, 1, 0.78f, at);
	CHECK(is_yellow(pixel(&img, at)));
	project_ball(&camera, &state, 8, 0.78f, at);
	CHECK(is_black(pixel(&img, at)));
	// Felt where the table is and no ball is; none outside the table.
	vec2 felt;
	bs_camera_project(&camera, shot_width, shot_height, (vec3){1.3f, 0.9f, 0.0f}, felt);
	CHECK(is_felt(pixel(&img, felt)));
	bs_camera_project(&camera, shot_width, shot_height, (vec3){0.15f, 0.15f, 0.0f}, felt);
	CHECK(is_felt(pixel(&img, felt)));
	CHECK(!is_felt(pixel(&img, (vec2){shot_width - 3.0f, 3.0f})));
	CHECK_EQ_INT(img.width, shot_width);
	CHECK_EQ_INT(img.height, shot_height);
	free(img.rgb);
}

static bool is_snooker_green(rgb c) {
	return c.g > 120 && c.g > 2 * c.r && 2 * c.g > 5 * c.b;
}
static bool is_brown(rgb c) {
	return c.r > 70 && c.r < 190 && 10 * c.g < 7 * c.r && c.b < c.g;
}
static bool is_blue(rgb c) {
	return c.b > 120 && c.b > 2 * c.r && 2 * c.b > 3 * c.g;
}
static bool is_pink(rgb c) {
	return c.r > 150 && c.b > 90 && c.g > 60 && c.g < c.r - 60 && c.b > c.g + 15;
}

// The colour test of a ball of `kind`, and its name for messages.
static bool looks_like(bs_ball_kind kind, rgb c) {
	switch (kind) {
	case BS_BALL_SNOOKER_WHITE:
	case BS_BALL_CAROM_WHITE:
		return is_white(c);
	case BS_BALL_SNOOKER_RED:
	case BS_BALL_CAROM_RED:
		return is_red(c);
	case BS_BALL_SNOOKER_YELLOW:
	case BS_BALL_CAROM_YELLOW:
		return is_yellow(c);
	case BS_BALL_SNOOKER_GREEN:
		return is_snooker_green(c);
	case BS_BALL_SNOOKER_BROWN:
		return is_brown(c);
	case BS_BALL_SNOOKER_BLUE:
		return is_blue(c);
	case BS_BALL_SNOOKER_PINK:
		return is_pink(c);
	case BS_BALL_SNOOKER_BLACK:
		return is_black(c);
	default:
		return false;
	}
}

// A racked scene's screenshot in the top view at its start: every ball in
// the colour of its kind at its centre and half a radius around it (plain:
// no stripe, no number, as a pool ball of its id would show), felt between.
// Returns how many balls it checked.
static int check_balls_drawn_by_kind(const char* scene_name, int expected_balls) {
	enum { width = 1280, height = 720 };
	char scene[1024];
	data_path(scene_name, scene, sizeof scene);
	image img;
	sim_state state;
	CHECK(screenshot_sized(scene, "--keys t", width, height, &img));
	CHECK(sim_at(scene, 0.0, &state));
	if (check_failures_in_test) {
		free(img.rgb);
		return 0;
	}
	CHECK_EQ_INT(state.count, expected_balls);
	bs_camera camera;
	frame_top_view(&camera, &state.table, width, height, false);
	int checked = 0;
	for (int i = 0; i < state.count; ++i) {
		const bs_ball_state* ball = &state.balls[i];
		for (int probe = 0; probe < 5; ++probe) {
			double angle = probe * BS_PI / 2.0;
			double off = probe == 0 ? 0.0 : 0.5 * ball->radius;
			vec3 point = {(float)(ball->pos.x + off * cos(angle)), (float)(ball->pos.y + off * sin(angle)),
				(float)ball->radius};
			vec2 at;
			bs_camera_project(&camera, width, height, point, at);
			rgb c = pixel(&img, at);
			if (!looks_like(ball->kind, c)) {
				CHECK_FAIL("%s: ball %d, a %s, is (%d, %d, %d) at pixel (%.1f, %.1f)", scene_name, ball->id,
					bs_ball_kind_name(ball->kind), c.r, c.g, c.b, at[0], at[1]);
			}
		}
		checked += 1;
	}
	// The cloth between the balls: green on the snooker table, blue on the
	// carom table.
	vec2 felt;
	bs_camera_project(&camera, width, height, (vec3){(float)(0.4 * state.table.width), 0.2f, 0.0f}, felt);
	rgb cloth = pixel(&img, felt);
	CHECK(strcmp(state.table.preset, "carom") == 0 ? cloth.b > 2 * cloth.r && cloth.b > cloth.g : is_felt(cloth));
	free(img.rgb);
	return checked;
}

// Snooker's and three-cushion's balls are drawn by their kinds, on their
// tables: the white, the reds and each colour of a snooker rack, and
// carom's white, yellow and red.
static void test_balls_are_drawn_by_kind(void) {
	CHECK_EQ_INT(check_balls_drawn_by_kind("view_snooker.json", 22), 22);
	CHECK_EQ_INT(check_balls_drawn_by_kind("view_carom.json", 3), 3);
}

static void test_balls_and_felt_in_orbit_view(void) {
	check_balls_in_view(false);
}

static void test_balls_and_felt_in_top_view(void) {
	check_balls_in_view(true);
}

// The cue ball's outline is the sphere's: all round, ball just inside the
// silhouette and felt just outside it. The silhouette is where the cone of
// rays from the eye touches the sphere; it meets the plane through the
// centre, square to the eye, in a circle of radius r d / sqrt(d^2 - r^2)
// (r in the top view's parallel projection). The probes are 2.5 pixels in
// and 3 out, clear of the smoothed edge; those on the diagonals lie inside
// the quad the ball is drawn on, so they test the rays that miss: in a
// multisampled screenshot they must cover no sample, and in the window's
// own frame (`window`: single-sampled, smoothed by FXAA) they must be
// discarded.
static void check_ball_outline(bool top, bool window) {
	enum { width = 1280, height = 720 };
	if (window) {
		use_antialias("fxaa");
	}
	image img;
	sim_state state;
	bs_camera camera;
	bool shot = view_balls_at_a_quarter_second(top, window ? "--frames 4" : "", width, height, &img, &state, &camera);
	if (window) {
		restore_antialias();
	}
	if (!shot) {
		free(img.rgb);
		return;
	}
	const bs_ball_state* ball = ball_with_id(&state, 0);
	vec3 centre = {(float)ball->pos.x, (float)ball->pos.y, (float)ball->radius};
	vec3 towards_eye = {0.0f, 0.0f, 1.0f};
	float silhouette = (float)ball->radius;
	if (!top) {
		bs_camera_eye(&camera, towards_eye);
		glm_vec3_sub(towards_eye, centre, towards_eye);
		float d = glm_vec3_norm(towards_eye);
		glm_vec3_scale(towards_eye, 1.0f / d, towards_eye);
		silhouette *= d / sqrtf(d * d - silhouette * silhouette);
	}
	vec3 across = {1.0f, 0.0f, 0.0f};
	if (!top) {
		glm_vec3_crossn((vec3){0.0f, 0.0f, 1.0f}, towards_eye, across);
	}
	vec3 up;
	glm_vec3_crossn(towards_eye, across, up);
	vec3 edge;
	glm_vec3_copy(centre, edge);
	glm_vec3_muladds(across, silhouette, edge);
	vec2 centre_px;
	vec2 edge_px;
	bs_camera_project(&camera, width, height, centre, centre_px);
	bs_camera_project(&camera, width, height, edge, edge_px);
	float radius_px = glm_vec2_distance(centre_px, edge_px);
	CHECK(radius_px > 8.0f);
	enum { directions = 16 };
	const float offsets_px[2] = {-2.5f, 3.0f};
	for (int k = 0; k < directions; ++k) {
		float angle = 2.0f * GLM_PIf * (float)k / directions;
		for (int outside = 0; outside < 2; ++outside) {
			float s = silhouette * (radius_px + offsets_px[outside]) / radius_px;
			vec3 point;
			glm_vec3_copy(centre, point);
			glm_vec3_muladds(across, s * cosf(angle), point);
			glm_vec3_muladds(up, s * sinf(angle), point);
			vec2 at;
			bs_camera_project(&camera, width, height, point, at);
			rgb c = pixel(&img, at);
			if (is_felt(c) != (outside == 1)) {
				CHECK_FAIL("%s view%s, direction %d, %+.1f px from the silhouette (radius %.1f px): pixel (%.1f, "
						   "%.1f) is %d %d %d",
					top ? "top" : "orbit", window ? " in the window" : "", k, (double)offsets_px[outside],
					(double)radius_px, (double)at[0], (double)at[1], c.r, c.g, c.b);
			}
		}
	}
	free(img.rgb);
}

static void test_ball_outline_in_orbit_view(void) {
	check_ball_outline(false, false);
}

static void test_ball_outline_in_top_view(void) {
	check_ball_outline(true, false);
}

static void test_ball_outline_in_the_window_orbit_view(void) {
	check_ball_outline(false, true);
}

static void test_ball_outline_in_the_window_top_view(void) {
	check_ball_outline(true, true);
}

// Ball 3 runs into a corner pocket: drawn before its capture, gone after.
static void test_pocketed_ball_is_not_drawn(void) {
	char scene[1024];
	data_path("view_pocket.json", scene, sizeof scene);
	sim_state before;
	sim_state after;
	CHECK(sim_at(scene, 0.2, &before));
	CHECK(sim_at(scene, 0.5, &after));
	image img_before;
	image img_after;
	CHECK(screenshot(scene, "--at 0.2 --keys t", &img_before));
	CHECK(screenshot(scene, "--at 0.5 --keys t", &img_after));
	if (check_failures_in_test) {
		free(img_before.rgb);
		free(img_after.rgb);
		return;
	}
	CHECK(!ball_with_id(&before, 3)->pocketed);
	CHECK(ball_with_id(&after, 3)->pocketed);
	bs_camera camera;
	frame_top_view(&camera, &before.table, shot_width, shot_height, false);
	vec2 at;
	project_ball(&camera, &before, 3, 0.78f, at);
	CHECK(is_red(pixel(&img_before, at)));
	for (float across = -0.6f; across <= 0.61f; across += 0.3f) {
		project_ball(&camera, &after, 3, across, at);
		CHECK(!is_red(pixel(&img_after, at)));
	}
	project_ball(&camera, &after, 1, 0.78f, at);
	CHECK(is_yellow(pixel(&img_after, at)));
	free(img_before.rgb);
	free(img_after.rgb);
}

// A screenshot of `scene` with `extra` (as screenshot), and the scene file
// `state` loaded into `loaded`, which the caller compares it with. Free
// both. False, with nothing left to free and the failure recorded, when
// either fails or the test has failed already.
static bool screenshot_and_load(const char* scene, const char* extra, const char* state, image* img, bs_scene** loaded) {
	CHECK(screenshot(scene, extra, img));
	char error[512];
	bool loaded_ok = (*loaded = bs_scene_create(state, error, sizeof error));
	if (!loaded_ok) {
		CHECK_FAIL("%s", error);
	}
	if (check_failures_in_test) {
		if (loaded_ok) {
			bs_scene_destroy(*loaded);
		}
		free(img->rgb);
		return false;
	}
	return true;
}

// At an event the contact point is marked in red and the normal drawn.
static void test_event_contact_is_marked(void) {
	char scene[1024];
	data_path("view_balls.json", scene, sizeof scene);
	image img;
	bs_scene* loaded = NULL;
	if (!screenshot_and_load(scene, "--events 1 --keys t", scene, &img, &loaded)) {
		return;
	}
	bs_world* world = bs_world_create(&loaded->def);
	bs_world_step(world);
	bs_event event = bs_world_last_event(world);
	bs_camera camera;
	frame_top_view(&camera, &loaded->def.table, shot_width, shot_height, false);
	// Along the contact mark's arm on the side away from the normal's arrow.
	bs_vec2 arm = bs_v2(fabs(event.normal.x) > fabs(event.normal.y) ? -copysign(1.0, event.normal.x) : 0.0,
		fabs(event.normal.x) > fabs(event.normal.y) ? 0.0 : -copysign(1.0, event.normal.y));
	vec3 point = {(float)(event.point.x + 0.024 * arm.x), (float)(event.point.y + 0.024 * arm.y),
		(float)BS_DEFAULT_RADIUS};
	vec2 at;
	bs_camera_project(&camera, shot_width, shot_height, point, at);
	rgb mark = pixel(&img, at);
	CHECK(mark.r > 180);
	CHECK(mark.g < 140);
	CHECK(mark.b < 140);
	vec3 tip = {(float)(event.point.x + 0.1 * event.normal.x), (float)(event.point.y + 0.1 * event.normal.y),
		(float)BS_DEFAULT_RADIUS};
	bs_camera_project(&camera, shot_width, shot_height, tip, at);
	rgb arrow = pixel(&img, at);
	CHECK(arrow.r > 180);
	CHECK(arrow.g > 180);
	CHECK(arrow.b < 140);
	bs_world_destroy(world);
	bs_scene_destroy(loaded);
	free(img.rgb);
}

static bool same_file(const char* a, const char* b) {
	char command[8192];
	snprintf(command, sizeof command, "cmp -s '%s' '%s'", a, b);
	return run_command(command) == 0;
}

// Keys N times "next event" (with detours back and forth) is `run --events N`.
static void check_keys_match_run(const char* scene_name, const char* keys, int events, bool with_screenshot) {
	char scene[1024];
	if (scene_name[0] == '/') {
		snprintf(scene, sizeof scene, "%s", scene_name);
	} else {
		source_path(scene_name, scene, sizeof scene);
	}
	char view_out[1024];
	char run_out[1024];
	char png_path[1024];
	temp_path("view_state.json", view_out, sizeof view_out);
	temp_path("run_state.json", run_out, sizeof run_out);
	temp_path("keys.png", png_path, sizeof png_path);
	char command[8192];
	snprintf(command, sizeof command, "'%s' view '%s' --keys '%s' --out '%s' %s%s >/dev/null", breakshot_path(), scene,
		keys, view_out, with_screenshot ? "--screenshot " : "", with_screenshot ? png_path : "");
	CHECK_EQ_INT(run_command(command), 0);
	snprintf(command, sizeof command, "'%s' run '%s' --events %d --out '%s' >/dev/null", breakshot_path(), scene,
		events, run_out);
	CHECK_EQ_INT(run_command(command), 0);
	if (!same_file(view_out, run_out)) {
		CHECK_FAIL("%s: keys '%s' differ from run --events %d", scene_name, keys, events);
	}
	remove(view_out);
	remove(run_out);
	remove(png_path);
}

static void test_stepping_by_key_equals_run_events(void) {
	char pocket[1024];
	data_path("view_balls.json", pocket, sizeof pocket);
	check_keys_match_run(pocket, "nnnnnn", 6, false);
	check_keys_match_run(pocket, "nnnnnnnnbbbnnn", 8, false);
	check_keys_match_run("scenes/9ball_break.json", "nnnnnnnnnnnnnnnnnnnnnnnnn", 25, false);
	check_keys_match_run("scenes/9ball_break.json", "nnnnnnnnnnnnnnnnnnnnbbbbbbbbbbbbnnnnnnnnnnnnnnnn", 24, true);
	check_keys_match_run("scenes/9ball_break.json", "n n n n n", 5, false);
}

// Writes the state after KEYS (and --at AT when >= 0) and returns its text,
// which the caller frees (NULL when the viewer fails).
static char* state_after_keys(const char* scene, double at, const char* keys) {
	char out[1024];
	temp_path("keys_state.json", out, sizeof out);
	char at_option[64] = "";
	if (at >= 0.0) {
		snprintf(at_option, sizeof at_option, "--at %.17g", at);
	}
	char command[8192];
	snprintf(command, sizeof command, "'%s' view '%s' %s --keys '%s' --out '%s' >/dev/null", breakshot_path(), scene,
		at_option, keys, out);
	if (run_command(command) != 0) {
		return NULL;
	}
	char* text = read_file(out, NULL);
	remove(out);
	return text;
}

// A new shot strikes the cue ball from the displayed state with the cue
// stick, aimed along its path by default, at the stick speed raised twice by
// 0.25 m/s. At the strike, --out writes the shot: the balls as struck and
// the cue; an event later, the state.
static void test_new_shot_from_current_state(void) {
	char scene[1024];
	data_path("view_balls.json", scene, sizeof scene);
	char* text = state_after_keys(scene, 0.2, "s]]!");
	CHECK_CONTAINS(text, "\"time\": 0.2,");
	CHECK_CONTAINS(text, "{\"id\": 0, \"pos\": [1.2000000000000002, 0.635], \"vel\": [0.0, 0.0]");
	CHECK_CONTAINS(text,
		"\"cue\": {\"stick_speed\": 3.5, \"angle_deg\": 0.0, \"tip\": [0.0, 0.0], \"elevation_deg\": 0.0, \"squirt\": true}");
	free(text);
	// A centre hit at V0 sends the ball off at 2 V0 / (1 + m/M), M = 0.567 kg.
	text = state_after_keys(scene, 0.2, "s]]!n");
	char expected[128];
	snprintf(expected, sizeof expected, "\"arrival_speed\": %.12f", 7.0 / (1.0 + BS_DEFAULT_MASS / 0.567));
	CHECK_CONTAINS(text, expected);
	CHECK_CONTAINS(text, "\"last\": {\"ball\": 1}");
	CHECK(text && strstr(text, "\"cue\"") == NULL);
	free(text);
	text = state_after_keys(scene, 0.2, "s]]");
	CHECK_CONTAINS(text, "\"vel\": [3.0, 0.0]"); // aiming alone strikes nothing
	free(text);
	// Ideal discs take no english: the tip stays at the centre.
	text = state_after_keys(scene, 0.2, "s^>e!");
	CHECK_CONTAINS(text, "\"tip\": [0.0, 0.0], \"elevation_deg\": 0.0");
	free(text);
}

// A shot set up with keys (aim, tip, power, elevation) and written at the
// strike replays under `breakshot run` with the same events: after 20 and at
// the end the two write the same bytes.
static void test_viewer_shot_replays_with_run(void) {
	char scene[1024];
	source_path("scenes/9ball_break.json", scene, sizeof scene);
	const char* shot_keys = "s,,,^^^>]]]e!";
	char shot[1024];
	temp_path("shot.json", shot, sizeof shot);
	char command[8192];
	snprintf(command, sizeof command, "'%s' view '%s' --events 82 --keys '%s' --out '%s' >/dev/null", breakshot_path(),
		scene, shot_keys, shot);
	CHECK_EQ_INT(run_command(command), 0);
	char* text = read_file(shot, NULL);
	CHECK_CONTAINS(text, "\"cue\": {\"stick_speed\": 3.75, \"angle_deg\": 2.99");
	CHECK_CONTAINS(text, "\"tip\": [0.05, 0.15], \"elevation_deg\": 5.0, \"squirt\": true}");
	free(text);
	const int counts[] = {20, 100000};
	for (int k = 0; k < 2; ++k) {
		char view_out[1024];
		char run_out[1024];
		temp_path("view_after.json", view_out, sizeof view_out);
		temp_path("run_after.json", run_out, sizeof run_out);
		// As many n as events asked for, or far more than the shot has.
		int presses = counts[k] < 1000 ? counts[k] : 400;
		char keys[1024];
		snprintf(keys, sizeof keys, "%s", shot_keys);
		size_t length = strlen(keys);
		for (int i = 0; i < presses && length + 1 < sizeof keys; ++i) {
			keys[length++] = 'n';
		}
		keys[length] = '\0';
		snprintf(command, sizeof command, "'%s' view '%s' --events 82 --keys '%s' --out '%s' >/dev/null",
			breakshot_path(), scene, keys, view_out);
		CHECK_EQ_INT(run_command(command), 0);
		snprintf(command, sizeof command, "'%s' run '%s' --events %d --out '%s' >/dev/null", breakshot_path(), shot,
			counts[k], run_out);
		CHECK_EQ_INT(run_command(command), 0);
		if (!same_file(view_out, run_out)) {
			CHECK_FAIL("the shot after %d events: the viewer's state differs from run's", counts[k]);
		}
		remove(view_out);
		remove(run_out);
	}
	remove(shot);
}

// Where the point `behind` metres behind the cue ball, against `aim` (a
// unit direction on the table), at the ball's height, lands on screen:
// where the cue stick lies when aimed along `aim`.
static void behind_the_cue(
	const bs_camera* camera, int width, int height, const bs_ball_state* cue, bs_vec2 aim, double behind, vec2 dest) {
	vec3 point = {(float)(cue->pos.x - behind * aim.x), (float)(cue->pos.y - behind * aim.y), (float)cue->radius};
	bs_camera_project(camera, width, height, point, dest);
}

static bool is_maple(rgb c) {
	return c.r > 170 && c.g > 130 && c.b > 70 && c.r > c.b + 60;
}

static bool is_tip_blue(rgb c) {
	return c.b > 180 && c.r < 120 && c.g > 80 && c.g < 170;
}

// The centroid of the pixels of the tip's blue in the bottom-left quarter;
// false when there are none.
static bool tip_dot(const image* img, const bs_rect* panel, float* x, float* y) {
	double sx = 0.0, sy = 0.0;
	int n = 0;
	for (int py = (int)panel->y; py < (int)(panel->y + panel->height) && py < img->height; ++py) {
		for (int px = (int)panel->x; px < (int)(panel->x + panel->width) && px < img->width; ++px) {
			if (is_tip_blue(pixel(img, (vec2){(float)px + 0.5f, (float)py + 0.5f}))) {
				sx += px;
				sy += py;
				n += 1;
			}
		}
	}
	*x = n ? (float)(sx / n) : 0.0f;
	*y = n ? (float)(sy / n) : 0.0f;
	return n > 0;
}

// Aiming draws the cue stick behind the cue ball along the aim, and the tip
// diagram, whose dot the arrow keys move.
static void test_cue_stick_and_tip_are_drawn(void) {
	char scene[1024];
	source_path("scenes/9ball_break.json", scene, sizeof scene);
	image aiming;
	image idle;
	image english;
	CHECK(screenshot(scene, "--events 82 --keys ts", &aiming));
	CHECK(screenshot(scene, "--events 82 --keys t", &idle));
	CHECK(screenshot(scene, "--events 82 --keys 'ts>>>>>'", &english));
	sim_state state;
	CHECK(sim_at(scene, 100.0, &state));
	if (check_failures_in_test) {
		free(aiming.rgb);
		free(idle.rgb);
		free(english.rgb);
		return;
	}
	// Aiming may frame the table apart from the tip diagram: a camera each.
	bs_camera camera;
	bs_camera idle_camera;
	frame_top_view(&camera, &state.table, shot_width, shot_height, true);
	frame_top_view(&idle_camera, &state.table, shot_width, shot_height, false);
	// At rest, the cue ball is aimed along +x: the shaft lies along -x behind it.
	const bs_ball_state* cue = ball_with_id(&state, 0);
	for (double behind = 0.15; behind < 0.7; behind += 0.2) {
		vec2 at;
		vec2 idle_at;
		behind_the_cue(&camera, shot_width, shot_height, cue, bs_v2(1.0, 0.0), behind, at);
		behind_the_cue(&idle_camera, shot_width, shot_height, cue, bs_v2(1.0, 0.0), behind, idle_at);
		rgb stick = pixel(&aiming, at);
		rgb felt = pixel(&idle, idle_at);
		if (!is_maple(stick) || !is_felt(felt)) {
			CHECK_FAIL("%.2f m behind the cue ball: (%d, %d, %d) aiming, (%d, %d, %d) not", behind, stick.r, stick.g,
				stick.b, felt.r, felt.g, felt.b);
		}
	}
	bs_overlay_layout layout;
	bs_overlay_layout_make(shot_width, shot_height, &state.table, true, false, &layout);
	float cx, cy, radius;
	bs_overlay_tip_diagram(&layout, &cx, &cy, &radius);
	float x0, y0, x1, y1;
	CHECK(tip_dot(&aiming, &layout.tip, &x0, &y0));
	CHECK(!tip_dot(&idle, &layout.tip, &x1, &y1));
	CHECK(tip_dot(&english, &layout.tip, &x1, &y1));
	// At the diagram's centre, then five steps of a twentieth of the radius
	// right: a quarter of the radius.
	CHECK_NEAR(x0, cx, 2.0);
	CHECK_NEAR(y0, cy, 2.0);
	CHECK_NEAR(x1 - x0, 0.25 * radius, 2.0);
	CHECK_NEAR(y1 - y0, 0.0, 1.0);
	free(aiming.rgb);
	free(idle.rgb);
	free(english.rgb);
}

// The preview draws the cue ball's path where the shot takes it: points
// sampled along the simulated path are the path's white, points beside it
// are not.
static void test_preview_path_lies_along_the_shot(void) {
	char scene[1024];
	source_path("scenes/9ball_break.json", scene, sizeof scene);
	char shot[1024];
	temp_path("preview_shot.json", shot, sizeof shot);
	char command[8192];
	snprintf(command, sizeof command, "'%s' view '%s' --events 82 --keys 's,,,,,,,,,,^^!' --out '%s' >/dev/null",
		breakshot_path(), scene, shot);
	CHECK_EQ_INT(run_command(command), 0);
	image img;
	bs_scene* loaded = NULL;
	if (!screenshot_and_load(scene, "--events 82 --keys 'ts,,,,,,,,,,^^'", shot, &img, &loaded)) {
		return;
	}
	bs_camera camera;
	frame_top_view(&camera, &loaded->def.table, shot_width, shot_height, true);
	bs_world* world = bs_world_create(&loaded->def);
	int cue = bs_world_find_ball(world, 0);
	bs_vec2 struck = loaded->balls[cue].pos;
	double angle = loaded->cue.angle_deg * (BS_PI / 180.0);
	bs_vec2 aim = bs_v2(cos(angle), sin(angle));
	int on_path = 0, off_path = 0, beside_white = 0, samples = 0;
	bs_event next;
	while (bs_world_peek(world, &next) && samples < 400) {
		double now = bs_world_time(world);
		for (double f = 0.1; f < 0.95; f += 0.2) {
			double t = now + f * (next.time - now);
			bs_ball_state ball = bs_world_ball_state(world, cue, t);
			if (ball.pocketed || bs_v2_len(ball.vel) == 0.0) {
				continue;
			}
			// Clear of every ball where it was struck, and of the collision
			// dots (8 pixels wide, 4 cm on the table as this view frames it).
			bool clear = bs_v2_len(bs_v2_sub(ball.pos, bs_world_ball_state(world, cue, now).pos)) > 0.04 &&
				bs_v2_len(bs_v2_sub(ball.pos, bs_world_ball_state(world, cue, next.time).pos)) > 0.04;
			for (int i = 0; i < loaded->def.ball_count; ++i) {
				clear = clear && bs_v2_len(bs_v2_sub(ball.pos, loaded->balls[i].pos)) > 2.5 * ball.radius;
			}
			// Clear of the cue stick, which lies behind the cue ball along the aim.
			bs_vec2 from_cue = bs_v2_sub(ball.pos, struck);
			clear = clear && !(bs_v2_dot(from_cue, aim) < 0.0 && fabs(bs_v2_cross(from_cue, aim)) < 0.02);
			vec2 at;
			bs_camera_project(&camera, shot_width, shot_height, (vec3){(float)ball.pos.x, (float)ball.pos.y, 0.002f}, at);
			// No overlay covers the table in the top view (overlay_layout.h).
			if (!clear) {
				continue;
			}
			samples += 1;
			if (is_white(pixel(&img, at))) {
				on_path += 1;
			} else {
				off_path += 1;
			}
			bs_vec2 side = bs_v2_scale(0.04, bs_v2_perp(bs_v2_normalize(ball.vel)));
			bs_camera_project(&camera, shot_width, shot_height,
				(vec3){(float)(ball.pos.x + side.x), (float)(ball.pos.y + side.y), 0.002f}, at);
			beside_white += is_white(pixel(&img, at)) ? 1 : 0;
		}
		bs_world_step(world);
	}
	if (samples < 20 || on_path < 0.9 * samples || beside_white > 0.2 * samples) {
		CHECK_FAIL("of %d points along the cue ball's path %d are white, %d not; %d points 4 cm beside it are white",
			samples, on_path, off_path, beside_white);
	}
	bs_world_destroy(world);
	bs_scene_destroy(loaded);
	free(img.rgb);
	remove(shot);
}

// The first hint's colour (viewer_hints.c: cyan) over the felt.
static bool is_hint_cyan(rgb c) {
	return c.b > 170 && c.g > 150 && c.r < 120;
}

// The hint key draws the best shot's path: points along the cue ball's
// path of that shot (set up by 1 and struck, as --out writes it) are the
// first hint's cyan in the top view with the hints shown, points 4 cm
// beside it are not.
static void test_hint_path_lies_along_the_shot(void) {
	char scene[1024];
	temp_path("hint_cut.json", scene, sizeof scene);
	// A cut of the 1 into corner pocket 2 (as in test_view_hints.c).
	CHECK(write_file(scene, "{\"table\": {\"preset\": \"9ft\"}, \"physics\": \"pool\", \"balls\": "
							"[{\"id\": 0, \"pos\": [1.6, 0.64]}, {\"id\": 1, \"pos\": [2.2, 0.34]}]}\n"));
	char shot[1024];
	temp_path("hint_shot.json", shot, sizeof shot);
	char command[8192];
	snprintf(command, sizeof command, "'%s' view '%s' --keys 'i1!' --out '%s' >/dev/null", breakshot_path(), scene,
		shot);
	CHECK_EQ_INT(run_command(command), 0);
	image img;
	bs_scene* loaded = NULL;
	if (!screenshot_and_load(scene, "--keys ti", shot, &img, &loaded)) {
		return;
	}
	bs_camera camera;
	frame_top_view(&camera, &loaded->def.table, shot_width, shot_height, false);
	bs_world* world = bs_world_create(&loaded->def);
	int cue = bs_world_find_ball(world, 0);
	bs_world* ahead = bs_world_create(&loaded->def);
	while (bs_world_step(ahead)) {
	}
	bs_vec2 rest = bs_world_ball_state(ahead, cue, bs_world_time(ahead)).pos;
	bs_world_destroy(ahead);
	int on_path = 0, beside = 0, samples = 0;
	bs_event next;
	while (bs_world_peek(world, &next)) {
		double now = bs_world_time(world);
		for (double f = 0.1; f < 0.95; f += 0.1) {
			double t = now + f * (next.time - now);
			bs_ball_state ball = bs_world_ball_state(world, cue, t);
			if (ball.pocketed || bs_v2_len(ball.vel) == 0.0) {
				continue;
			}
			// Clear of the balls where they stand, and of the ring where the
			// cue ball stops.
			bool clear = true;
			for (int i = 0; i < loaded->def.ball_count; ++i) {
				clear = clear && bs_v2_len(bs_v2_sub(ball.pos, loaded->balls[i].pos)) > 2.5 * ball.radius;
			}
			clear = clear && bs_v2_len(bs_v2_sub(ball.pos, rest)) > 2.5 * ball.radius;
			if (!clear) {
				continue;
			}
			vec2 at;
			bs_camera_project(&camera, shot_width, shot_height, (vec3){(float)ball.pos.x, (float)ball.pos.y, 0.002f}, at);
			samples += 1;
			on_path += is_hint_cyan(pixel(&img, at));
			bs_vec2 side = bs_v2_scale(0.04, bs_v2_perp(bs_v2_normalize(ball.vel)));
			bs_camera_project(&camera, shot_width, shot_height,
				(vec3){(float)(ball.pos.x + side.x), (float)(ball.pos.y + side.y), 0.002f}, at);
			beside += is_hint_cyan(pixel(&img, at));
		}
		bs_world_step(world);
	}
	if (samples < 10 || on_path < 0.9 * samples || beside > 0.2 * samples) {
		CHECK_FAIL("of %d points along the hint's cue ball path %d are its cyan; %d points 4 cm beside it are",
			samples, on_path, beside);
	}
	bs_world_destroy(world);
	bs_scene_destroy(loaded);
	free(img.rgb);
	remove(shot);
	remove(scene);
}

static bool is_ivory(rgb c) {
	return c.r > 170 && c.g > 170 && c.b > 150;
}

// Ivory pixels (the number's spot) on the half of ball `id` towards table +y
// (`sign` 1) or -y (-1), in a top view.
static int ivory_towards(const image* img, const bs_camera* camera, const bs_ball_state* ball, int sign) {
	vec2 centre;
	vec2 edge;
	bs_camera_project(camera, img->width, img->height, (vec3){(float)ball->pos.x, (float)ball->pos.y, 0.0f}, centre);
	bs_camera_project(camera, img->width, img->height,
		(vec3){(float)ball->pos.x, (float)(ball->pos.y + sign * ball->radius), 0.0f}, edge);
	float radius = fabsf(edge[1] - centre[1]);
	int count = 0;
	for (float dy = -radius; dy <= radius; dy += 1.0f) {
		for (float dx = -radius; dx <= radius; dx += 1.0f) {
			bool towards = (edge[1] - centre[1]) * dy > 0.0f;
			if (towards && dx * dx + dy * dy < 0.9f * radius * radius &&
				is_ivory(pixel(img, (vec2){centre[0] + dx, centre[1] + dy}))) {
				count += 1;
			}
		}
	}
	return count;
}

// Ball 1 rolls along +x: in 0.09 s it turns about half a turn, so its number,
// first on its -y side, shows on its +y side; ball 2 at rest keeps its
// number where it was. The motion overlay rings ball 1 green (rolling) and
// ball 2 grey (at rest). A new shot goes on from the balls turned as they are.
static void test_rolling_ball_number_turns(void) {
	char scene[1024];
	data_path("view_roll.json", scene, sizeof scene);
	enum { width = 1600, height = 900 };
	image start;
	image later;
	image overlay;
	image struck;
	char png_path[1024];
	temp_path("roll.png", png_path, sizeof png_path);
	const char* extras[] = {"--keys t", "--at 0.09 --keys t", "--at 0.09 --keys tm", "--at 0.09 --keys 'ts!'"};
	image* images[] = {&start, &later, &overlay, &struck};
	for (int k = 0; k < 4; ++k) {
		images[k]->rgb = NULL;
		char command[8192];
		snprintf(command, sizeof command, "'%s' view '%s' --screenshot '%s' --size %dx%d %s >/dev/null",
			breakshot_path(), scene, png_path, width, height, extras[k]);
		CHECK(run_command(command) == 0 && read_png(png_path, images[k]));
	}
	remove(png_path);
	sim_state before;
	sim_state after;
	CHECK(sim_at(scene, 0.0, &before));
	CHECK(sim_at(scene, 0.09, &after));
	if (check_failures_in_test) {
		free(start.rgb);
		free(later.rgb);
		free(overlay.rgb);
		free(struck.rgb);
		return;
	}
	bs_camera camera;
	frame_top_view(&camera, &before.table, width, height, false);
	const bs_ball_state* rolling_before = ball_with_id(&before, 1);
	const bs_ball_state* rolling_after = ball_with_id(&after, 1);
	int first_minus = ivory_towards(&start, &camera, rolling_before, -1);
	int first_plus = ivory_towards(&start, &camera, rolling_before, 1);
	int then_minus = ivory_towards(&later, &camera, rolling_after, -1);
	int then_plus = ivory_towards(&later, &camera, rolling_after, 1);
	if (!(first_minus > 3 * first_plus + 5 && then_plus > 3 * then_minus + 5)) {
		CHECK_FAIL("ball 1's ivory pixels (-y, +y): (%d, %d) at first, (%d, %d) after rolling", first_minus,
			first_plus, then_minus, then_plus);
	}
	// A new shot goes on from the balls as they are turned.
	int struck_minus = ivory_towards(&struck, &camera, rolling_after, -1);
	int struck_plus = ivory_towards(&struck, &camera, rolling_after, 1);
	if (struck_minus != then_minus || struck_plus != then_plus) {
		CHECK_FAIL("ball 1's ivory pixels (-y, +y): (%d, %d) before a new shot, (%d, %d) at its strike", then_minus,
			then_plus, struck_minus, struck_plus);
	}
	const bs_ball_state* resting = ball_with_id(&after, 2);
	int rest_minus = ivory_towards(&later, &camera, resting, -1);
	int rest_plus = ivory_towards(&later, &camera, resting, 1);
	if (!(rest_minus > 3 * rest_plus + 5)) {
		CHECK_FAIL("ball 2 at rest: ivory pixels (-y, +y) (%d, %d)", rest_minus, rest_plus);
	}
	vec2 ring;
	bs_camera_project(&camera, width, height,
		(vec3){(float)(rolling_after->pos.x + 1.3 * rolling_after->radius), (float)rolling_after->pos.y, 0.002f}, ring);
	rgb green = pixel(&overlay, ring);
	CHECK(green.g > 180 && green.r < 140 && green.b < 140);
	CHECK(is_felt(pixel(&later, ring)));
	bs_camera_project(&camera, width, height,
		(vec3){(float)(resting->pos.x + 1.3 * resting->radius), (float)resting->pos.y, 0.002f}, ring);
	rgb grey = pixel(&overlay, ring);
	CHECK(grey.r > 120 && abs(grey.r - grey.g) < 20 && abs(grey.g - grey.b) < 20);
	free(start.rgb);
	free(later.rgb);
	free(overlay.rgb);
	free(struck.rgb);
}

// Stepping back with B shows the balls turned as they were: the picture at
// an event reached going forward is the picture of it reached going back.
static void test_step_back_restores_orientation(void) {
	char scene[1024];
	data_path("view_roll.json", scene, sizeof scene);
	char forward[1024];
	char back[1024];
	char other[1024];
	temp_path("forward.png", forward, sizeof forward);
	temp_path("back.png", back, sizeof back);
	temp_path("other.png", other, sizeof other);
	const char* extras[] = {"--events 1 --keys t", "--events 3 --keys tbb", "--events 2 --keys t"};
	const char* paths[] = {forward, back, other};
	for (int k = 0; k < 3; ++k) {
		char command[8192];
		snprintf(command, sizeof command, "'%s' view '%s' --screenshot '%s' --size 640x360 %s >/dev/null",
			breakshot_path(), scene, paths[k], extras[k]);
		CHECK_EQ_INT(run_command(command), 0);
	}
	CHECK(same_file(forward, back));
	CHECK(!same_file(forward, other));
	remove(forward);
	remove(back);
	remove(other);
}

// J re-racks with the next jitter seed: the same balls, placed differently.
static void test_rerack_moves_the_rack(void) {
	char scene[1024];
	source_path("scenes/9ball_break_ideal.json", scene, sizeof scene);
	char* original = state_after_keys(scene, -1.0, "");
	char* reracked = state_after_keys(scene, -1.0, "j");
	CHECK(reracked != NULL);
	if (reracked) {
		CHECK(strcmp(original ? original : "", reracked) != 0);
	}
	CHECK_CONTAINS(reracked, "{\"id\": 9,");
	CHECK_CONTAINS(reracked, "\"vel\": [10.0, 0.0]");
	char* back = state_after_keys(scene, -1.0, "jr");
	CHECK(back != NULL);
	if (back && reracked) {
		CHECK_EQ_STR(back, reracked); // R resets to the re-racked scene
	}
	free(original);
	free(reracked);
	free(back);
}

// The pointer aims the shot in the window: moved onto the table beside the
// cue ball (xdotool moves the display's pointer, between two pixels, so
// that the window sees it move), the aim turns to it and the stick lies
// behind the ball, away from the pointer, where the aim along +x that
// aiming starts with would not put it.
static void test_mouse_aims_the_shot(void) {
	char scene[1024];
	source_path("scenes/9ball_break.json", scene, sizeof scene);
	sim_state state;
	CHECK(sim_at(scene, 100.0, &state));
	if (check_failures_in_test) {
		return;
	}
	bs_camera camera;
	frame_top_view(&camera, &state.table, shot_width, shot_height, true);
	const bs_ball_state* cue = ball_with_id(&state, 0);
	// Square to the +x that aiming starts with, towards the nearer long
	// cushion, so that the stick behind lies over the table.
	bs_vec2 towards = bs_v2(0.0, cue->pos.y < 0.5 * state.table.height ? -1.0 : 1.0);
	vec2 pointer;
	bs_camera_project(&camera, shot_width, shot_height,
		(vec3){(float)(cue->pos.x + 0.3 * towards.x), (float)(cue->pos.y + 0.3 * towards.y), (float)cue->radius},
		pointer);
	char png_path[1024];
	temp_path("mouse.png", png_path, sizeof png_path);
	char command[8192];
	snprintf(command, sizeof command,
		"command -v xdotool >/dev/null || { echo 'xdotool is missing: tools/install-deps installs it' >&2; exit 3; }; "
		"timeout 60 '%s' view '%s' --events 82 --keys ts --size %dx%d --frames 40 --screenshot '%s' >/dev/null & "
		"app=$!; "
		"while kill -0 $app 2>/dev/null; do xdotool mousemove %d %d sleep 0.02 mousemove %d %d sleep 0.02; done; "
		"wait $app",
		breakshot_path(), scene, shot_width, shot_height, png_path, (int)pointer[0], (int)pointer[1],
		(int)pointer[0] + 1, (int)pointer[1]);
	CHECK_EQ_INT(run_command(command), 0);
	image img;
	img.rgb = NULL;
	CHECK(read_png(png_path, &img));
	remove(png_path);
	if (check_failures_in_test) {
		free(img.rgb);
		return;
	}
	for (double behind = 0.15; behind < 0.4; behind += 0.1) {
		vec2 along;
		vec2 default_aim;
		behind_the_cue(&camera, shot_width, shot_height, cue, towards, behind, along);
		behind_the_cue(&camera, shot_width, shot_height, cue, bs_v2(1.0, 0.0), behind, default_aim);
		rgb stick = pixel(&img, along);
		rgb felt = pixel(&img, default_aim);
		if (!is_maple(stick) || !is_felt(felt)) {
			CHECK_FAIL("%.2f m behind the cue ball: (%d, %d, %d) away from the pointer, (%d, %d, %d) along -x", behind,
				stick.r, stick.g, stick.b, felt.r, felt.g, felt.b);
		}
	}
	free(img.rgb);
}

// The interactive window opens, plays and closes on its own after N frames,
// with either way of smoothing the scene, and says over which it measured.
static void test_window_runs_frames(void) {
	char scene[1024];
	source_path("scenes/9ball_break.json", scene, sizeof scene);
	const char* modes[] = {"msaa", "fxaa"};
	for (int i = 0; i < 2; ++i) {
		char command[8192];
		snprintf(command, sizeof command, "BREAKSHOT_AA=%s timeout 60 '%s' view '%s' --frames 5 --size 320x240",
			modes[i], breakshot_path(), scene);
		char out[4096];
		char err[4096];
		int status = run_captured(temp_dir, command, out, sizeof out, err, sizeof err);
		if (status != 0) {
			CHECK_FAIL("%s: exit %d, expected 0; stderr: %s", modes[i], status, err);
		}
		CHECK_CONTAINS(out, "5 frames at 320x240");
		CHECK_CONTAINS(out, i == 0 ? "4x MSAA" : "FXAA");
	}
	// 40 frames or more leave out the first 10, which compile the shaders;
	// at rest, not aiming, no frame simulates a preview.
	char command[8192];
	snprintf(command, sizeof command, "timeout 60 '%s' view '%s' --frames 40 --size 320x240", breakshot_path(), scene);
	char out[4096];
	char err[4096];
	CHECK_EQ_INT(run_captured(temp_dir, command, out, sizeof out, err, sizeof err), 0);
	CHECK_CONTAINS(out, "40 frames at 320x240");
	CHECK_CONTAINS(out, "over the last 30, 0 shot previews simulated in them");
}

// The window's last frame (--frames with --screenshot) under `mode`
// ($BREAKSHOT_AA), paused after the break and aiming, so that the cue stick
// and the preview are drawn.
static bool window_frame(const char* mode, image* dest) {
	char scene[1024];
	source_path("scenes/9ball_break.json", scene, sizeof scene);
	char extra[256];
	char keys[83];
	memset(keys, 'n', 82);
	keys[82] = '\0';
	snprintf(extra, sizeof extra, "--frames 4 --keys '%ss]]'", keys);
	use_antialias(mode);
	bool ok = screenshot(scene, extra, dest);
	restore_antialias();
	return ok;
}

// The window keeps the table drawn for the view and runs FXAA only around
// the balls: below the HUD (whose frame time changes from run to run) its
// frame is, pixel for pixel, what FXAA over the whole screen gives.
static void test_window_smooths_only_what_changes(void) {
	image around, whole;
	bool ok = window_frame("fxaa", &around) && window_frame("fxaa-whole", &whole);
	CHECK(ok);
	if (ok) {
		CHECK_EQ_INT(around.width, whole.width);
		CHECK_EQ_INT(around.height, whole.height);
	}
	if (ok && around.width == whole.width && around.height == whole.height) {
		int differing = 0, first_x = -1, first_y = -1;
		for (int y = around.height / 4; y < around.height; ++y) {
			for (int x = 0; x < around.width; ++x) {
				size_t at = ((size_t)y * (size_t)around.width + (size_t)x) * 3;
				if (memcmp(around.rgb + at, whole.rgb + at, 3) != 0) {
					first_x = differing == 0 ? x : first_x;
					first_y = differing == 0 ? y : first_y;
					differing += 1;
				}
			}
		}
		if (differing != 0) {
			CHECK_FAIL("%d pixels differ from FXAA over the whole screen, the first at (%d, %d)", differing, first_x,
				first_y);
		}
		// And the frame is a table with balls on it, not blank.
		rgb felt = pixel(&around, (vec2){0.5f * (float)around.width, 0.6f * (float)around.height});
		CHECK(felt.g > felt.r && felt.g > felt.b);
	}
	free(around.rgb);
	free(whole.rgb);
}

static void test_refusals(void) {
	char scene[1024];
	data_path("view_balls.json", scene, sizeof scene);
	char never[1024];
	temp_path("never.json", never, sizeof never);
	const char* bad[] = {"--size 10x10", "--size 100", "--at 0.1 --events 2", "--bogus", "--keys nzn --out",
		"--events 0", "--at -1 --out", "--frames 5 --out"};
	char command[8192];
	snprintf(command, sizeof command, "'%s' view 2>/dev/null", breakshot_path());
	CHECK_EQ_INT(run_command(command), 2);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
		bool wants_file = bad[i][strlen(bad[i]) - 1] == 't';
		snprintf(command, sizeof command, "'%s' view '%s' %s %s 2>/dev/null >/dev/null", breakshot_path(), scene,
			bad[i], wants_file ? never : "");
		int status = run_command(command);
		if (status != 2) {
			CHECK_FAIL("view %s: exit %d, expected 2", bad[i], status);
		}
	}
	FILE* file = fopen(never, "r");
	CHECK(file == NULL); // a refused run writes nothing
	if (file) {
		fclose(file);
	}
}

// Without a display the window cannot open: fail at once, saying how to run it.
static void test_no_display_explains_itself(void) {
	char scene[1024];
	data_path("view_balls.json", scene, sizeof scene);
	char command[8192];
	snprintf(command, sizeof command, "env -u DISPLAY -u WAYLAND_DISPLAY timeout 10 '%s' view '%s'", breakshot_path(),
		scene);
	char message[1024];
	CHECK_EQ_INT(run_captured(temp_dir, command, NULL, 0, message, sizeof message), 1);
	CHECK_CONTAINS(message, "no display");
	CHECK_CONTAINS(message, "xvfb-run -a breakshot view");
	CHECK_CONTAINS(message, "--screenshot");
}

// A 9-ball game by keys and by a shots file: the break at 9 m/s along +x,
// then Bob back towards the head rail at 7 m/s (a foul: the cue ball first
// touches the 4), which gives Ann ball in hand. The keys aim that shot at a
// point level with the cue ball, so the test works out the aim the viewer
// takes from the game's own numbers, and writes both.
static bool write_break_and_foul(const char* shots_path, char* keys, size_t keys_size) {
	char error[512];
	bs_game* game = bs_game_new(BS_GAME_9_BALL, 1, "Ann", "Bob", 0, error, sizeof error);
	bs_cue_def cue = bs_default_cue_def();
	cue.stick = true;
	cue.speed = 9.0;
	bs_ruling ruling;
	if (!game || !bs_game_shoot(game, &cue, NULL, &ruling, error, sizeof error)) {
		CHECK_FAIL("%s", error);
		bs_game_destroy(game);
		return false;
	}
	const bs_game_state* state = bs_game_get_state(game);
	bs_vec2 from = state->balls[bs_game_state_find(state, state->cue_ball)].pos;
	bs_vec2 d = bs_v2_sub(bs_v2(0.5, from.y), from);
	double angle = atan2(d.y, d.x) * (180.0 / BS_PI);
	bs_game_destroy(game);
	snprintf(keys, keys_size, "a]]]]]]]]]]]]]]]]]]]]]]]]!f[[[[[[[[@0.5,%.17g;!f", from.y);
	char shots[1024];
	snprintf(shots, sizeof shots,
		"{\"shots\": [{\"cue\": {\"stick_speed\": 9.0, \"angle_deg\": 0}},\n"
		"  {\"cue\": {\"stick_speed\": 7.0, \"angle_deg\": %.17g}}]}\n",
		angle);
	return write_file(shots_path, shots);
}

// The viewer's game by keys saves the same file as `breakshot play` with the
// same shots: a new game through the break and a foul, then that game
// continued (--game-file) with ball in hand placed by a click and a shot.
static void test_game_keys_equal_play(void) {
	char shots[1024], view_save[1024], play_save[1024], more[1024], view_more[1024], play_more[1024];
	temp_path("shots.json", shots, sizeof shots);
	temp_path("view_game.json", view_save, sizeof view_save);
	temp_path("play_game.json", play_save, sizeof play_save);
	temp_path("more.json", more, sizeof more);
	temp_path("view_more.json", view_more, sizeof view_more);
	temp_path("play_more.json", play_more, sizeof play_more);
	char keys[512];
	if (!write_break_and_foul(shots, keys, sizeof keys)) {
		return;
	}
	char command[8192];
	// The keys end by quitting: no window, no display needed.
	snprintf(command, sizeof command,
		"env -u DISPLAY -u WAYLAND_DISPLAY '%s' view --game 9-ball --players Ann,Bob --keys '%sq' --save '%s' >/dev/null",
		breakshot_path(), keys, view_save);
	CHECK_EQ_INT(run_command(command), 0);
	snprintf(command, sizeof command, "'%s' play 9-ball --players Ann,Bob --shots '%s' --save '%s' >/dev/null",
		breakshot_path(), shots, play_save);
	CHECK_EQ_INT(run_command(command), 0);
	CHECK(same_file(view_save, play_save));
	char error[512];
	bs_game* game = bs_game_load(view_save, error, sizeof error);
	CHECK(game != NULL);
	if (game) {
		CHECK_EQ_INT(bs_game_get_state(game)->in_hand, BS_IN_HAND_ANYWHERE);
		CHECK_EQ_INT(bs_game_get_state(game)->shooter, 0);
		bs_game_destroy(game);
	}
	// --out at the instant of the break writes the struck world: `run` of it
	// takes as many events as the game's break.
	char struck[1024];
	temp_path("struck.json", struck, sizeof struck);
	snprintf(command, sizeof command, "'%s' view --game 9-ball --keys 'a]]]]]]]]]]]]]]]]]]]]]]]]!' --out '%s' >/dev/null",
		breakshot_path(), struck);
	CHECK_EQ_INT(run_command(command), 0);
	game = bs_game_new(BS_GAME_9_BALL, 1, NULL, NULL, 0, error, sizeof error);
	bs_cue_def cue = bs_default_cue_def();
	cue.stick = true;
	cue.speed = 9.0;
	bs_ruling ruling;
	CHECK(game && bs_game_shoot(game, &cue, NULL, &ruling, error, sizeof error));
	char output[4096];
	snprintf(command, sizeof command, "'%s' run '%s'", breakshot_path(), struck);
	CHECK_EQ_INT(run_captured(temp_dir, command, output, sizeof output, NULL, 0), 0);
	const char* events = strstr(output, "events ");
	int run_events = -1;
	CHECK(events && sscanf(events, "events %d", &run_events) == 1);
	CHECK_EQ_INT(run_events, game ? bs_game_shot_event_count(game) : -2);
	bs_game_destroy(game);
	// Continued: Ann places the cue ball with a click and plays along +x at
	// the stick's first speed (3 m/s).
	CHECK(write_file(more, "{\"shots\": [{\"place\": [0.9, 0.5], \"cue\": {\"stick_speed\": 3.0, \"angle_deg\": 0}}]}\n"));
	snprintf(command, sizeof command, "'%s' view --game-file '%s' --keys '@0.9,0.5;*@2.0,0.5;!fq' --save '%s' >/dev/null",
		breakshot_path(), view_save, view_more);
	CHECK_EQ_INT(run_command(command), 0);
	snprintf(command, sizeof command, "'%s' play --load '%s' --shots '%s' --save '%s' >/dev/null", breakshot_path(),
		view_save, more, play_more);
	CHECK_EQ_INT(run_command(command), 0);
	CHECK(same_file(view_more, play_more));
	// --save may write back over the --game-file it continues.
	snprintf(command, sizeof command, "'%s' view --game-file '%s' --keys '@0.9,0.5;*q' --save '%s' >/dev/null",
		breakshot_path(), view_save, view_save);
	CHECK_EQ_INT(run_command(command), 0);
	game = bs_game_load(view_save, error, sizeof error);
	CHECK(game != NULL);
	if (game) {
		CHECK_EQ_INT(bs_game_get_state(game)->in_hand, BS_IN_HAND_NONE);
		bs_game_destroy(game);
	}
}

static bool is_green_mark(rgb c) {
	return c.g > 180 && c.r < 150 && c.b < 150;
}

// A game in progress, drawn: after the foul, Ann's cue ball in hand sits
// under the pointer, ringed green where the rules take it and red where
// they refuse it (on the 1); a called pocket is ringed in yellow.
static void test_game_ball_in_hand_is_drawn(void) {
	char shots[1024], save[1024], png_path[1024];
	temp_path("shots.json", shots, sizeof shots);
	temp_path("in_hand.json", save, sizeof save);
	temp_path("game.png", png_path, sizeof png_path);
	char keys[512];
	if (!write_break_and_foul(shots, keys, sizeof keys)) {
		return;
	}
	char command[8192];
	snprintf(command, sizeof command, "'%s' play 9-ball --shots '%s' --save '%s' >/dev/null", breakshot_path(), shots,
		save);
	CHECK_EQ_INT(run_command(command), 0);
	char error[512];
	bs_game* game = bs_game_load(save, error, sizeof error);
	if (!game) {
		CHECK_FAIL("%s", error);
		return;
	}
	const bs_game_state* state = bs_game_get_state(game);
	bs_vec2 one = state->balls[bs_game_state_find(state, 1)].pos;
	double radius = state->balls[bs_game_state_find(state, state->cue_ball)].radius;
	bs_table_def table = state->table;
	bs_game_destroy(game);
	bs_camera camera;
	frame_top_view(&camera, &table, shot_width, shot_height, false);

	// Legal: the cue ball under the pointer, a green ring about it.
	snprintf(command, sizeof command,
		"timeout 120 '%s' view --game-file '%s' --keys 't@0.9,0.5;' --screenshot '%s' --size %dx%d >/dev/null",
		breakshot_path(), save, png_path, shot_width, shot_height);
	image img = {0};
	CHECK(run_command(command) == 0 && read_png(png_path, &img));
	if (img.rgb) {
		vec2 at;
		bs_camera_project(&camera, shot_width, shot_height, (vec3){0.9f, 0.5f, (float)radius}, at);
		CHECK(is_white(pixel(&img, at)));
		bs_camera_project(&camera, shot_width, shot_height, (vec3){(float)(0.9 + 1.25 * radius), 0.5f, (float)radius},
			at);
		CHECK(is_green_mark(pixel(&img, at)));
	}
	free(img.rgb);

	// Refused (on the 1): a red ring.
	snprintf(command, sizeof command,
		"timeout 120 '%s' view --game-file '%s' --keys 't@%.17g,%.17g;*' --screenshot '%s' --size %dx%d >/dev/null",
		breakshot_path(), save, one.x, one.y, png_path, shot_width, shot_height);
	img.rgb = NULL;
	CHECK(run_command(command) == 0 && read_png(png_path, &img));
	if (img.rgb) {
		vec2 at;
		bs_camera_project(&camera, shot_width, shot_height,
			(vec3){(float)(one.x - 1.25 * radius), (float)one.y, (float)radius}, at);
		CHECK(is_red(pixel(&img, at)));
	}
	free(img.rgb);

	// Placed, then pocket 3 (the corner at the far end, y = width) called.
	frame_top_view(&camera, &table, shot_width, shot_height, true);
	snprintf(command, sizeof command,
		"timeout 120 '%s' view --game-file '%s' --keys 't@0.9,0.5;*@%.17g,%.17g;*@2.0,0.5;' --screenshot '%s' "
		"--size %dx%d >/dev/null",
		breakshot_path(), save, table.width, table.height, png_path, shot_width, shot_height);
	img.rgb = NULL;
	CHECK(run_command(command) == 0 && read_png(png_path, &img));
	bs_world_def def = bs_default_pool_world_def();
	def.table = table;
	bs_world* world = bs_world_create(&def);
	if (img.rgb && world) {
		bs_pocket_shape pocket = bs_table_pocket(bs_world_table(world), 3);
		vec2 at;
		bs_camera_project(&camera, shot_width, shot_height,
			(vec3){(float)(pocket.centre.x - pocket.radius), (float)pocket.centre.y, 0.002f}, at);
		CHECK(is_yellow(pixel(&img, at)));
	}
	bs_world_destroy(world);
	free(img.rgb);
	remove(png_path);
}

// In the window the mouse plays the game: a click places the cue ball in
// hand under the pointer, a click near a pocket calls it (ringed yellow in
// the last frame), and --save writes the game as the window closes.
static void test_game_mouse_places_and_calls(void) {
	char shots[1024], save[1024], after[1024], png_path[1024];
	temp_path("shots.json", shots, sizeof shots);
	temp_path("in_hand.json", save, sizeof save);
	temp_path("after_mouse.json", after, sizeof after);
	temp_path("mouse_game.png", png_path, sizeof png_path);
	char keys[512];
	if (!write_break_and_foul(shots, keys, sizeof keys)) {
		return;
	}
	char command[8192];
	snprintf(command, sizeof command, "'%s' play 9-ball --shots '%s' --save '%s' >/dev/null", breakshot_path(), shots,
		save);
	CHECK_EQ_INT(run_command(command), 0);
	char error[512];
	bs_game* game = bs_game_load(save, error, sizeof error);
	if (!game) {
		CHECK_FAIL("%s", error);
		return;
	}
	const bs_game_state* state = bs_game_get_state(game);
	double radius = state->balls[bs_game_state_find(state, state->cue_ball)].radius;
	bs_table_def table = state->table;
	bs_game_destroy(game);
	bs_world_def def = bs_default_pool_world_def();
	def.table = table;
	bs_world* world = bs_world_create(&def);
	bs_pocket_shape pocket = bs_table_pocket(bs_world_table(world), 3);
	bs_world_destroy(world);
	// At 1280 x 720 aiming leaves the table's frame where it was (overlay_layout.h).
	enum { width = 1280, height = 720 };
	bs_camera camera;
	frame_top_view(&camera, &table, width, height, false);
	vec2 place;
	vec2 call;
	bs_camera_project(&camera, width, height, (vec3){0.9f, 0.5f, (float)radius}, place);
	bs_camera_project(&camera, width, height,
		(vec3){(float)pocket.centre.x, (float)pocket.centre.y, (float)radius}, call);
	snprintf(command, sizeof command,
		"command -v xdotool >/dev/null || { echo 'xdotool is missing: tools/install-deps installs it' >&2; exit 3; }; "
		"timeout 120 '%s' view --game-file '%s' --keys t --size %dx%d --frames 600 --screenshot '%s' --save '%s' "
		">/dev/null & app=$!; "
		// Never longer than the viewer's own limit: a viewer that died
		// never shows a window to wait for.
		"timeout 120 xdotool search --sync --onlyvisible --name breakshot >/dev/null; sleep 0.5; "
		"xdotool mousemove %d %d click 1 sleep 0.3 mousemove %d %d click 1 sleep 0.3 mousemove %d %d; wait $app",
		breakshot_path(), save, width, height, png_path, after, (int)place[0], (int)place[1], (int)call[0],
		(int)call[1], (int)place[0] + 200, (int)place[1]);
	CHECK_EQ_INT(run_command(command), 0);
	game = bs_game_load(after, error, sizeof error);
	if (!game) {
		CHECK_FAIL("%s", error);
		return;
	}
	state = bs_game_get_state(game);
	CHECK_EQ_INT(state->in_hand, BS_IN_HAND_NONE);
	bs_vec2 placed = state->balls[bs_game_state_find(state, state->cue_ball)].pos;
	// Within a pixel or two of the place pointed at (3 mm a pixel here).
	CHECK_NEAR(placed.x, 0.9, 0.008);
	CHECK_NEAR(placed.y, 0.5, 0.008);
	CHECK_EQ_INT(state->shot_count, 2); // placed, not struck
	bs_game_destroy(game);
	image img = {0};
	CHECK(read_png(png_path, &img));
	if (img.rgb) {
		vec2 ring;
		bs_camera_project(&camera, width, height,
			(vec3){(float)(pocket.centre.x - pocket.radius), (float)pocket.centre.y, 0.002f}, ring);
		CHECK(is_yellow(pixel(&img, ring)));
	}
	free(img.rgb);
	remove(png_path);
}

// Bad game arguments: exit 2, one message, nothing written.
static void test_game_refusals(void) {
	char never[1024];
	temp_path("never_game.json", never, sizeof never);
	char scene[1024];
	data_path("view_balls.json", scene, sizeof scene);
	char missing[1024];
	temp_path("missing_game.json", missing, sizeof missing);
	char bad[][1200] = {"--game", "--game bogus --save", "--game 9-ball --players Ann --save",
		"--game 9-ball --players Ann,Bob,Cy --save", "--game 9-ball --events 3 --save", "--game 9-ball --at 1 --save",
		"--game 9-ball --seed -1 --save", "--game 9-ball --keys '@1,2' --save", "--game 9-ball --keys '*' --save",
		"--game 9-ball --frames 5 --out", "--game 9-ball --game-file x.json --save", "", "", ""};
	snprintf(bad[11], sizeof bad[11], "--game-file '%s' --save", missing);
	snprintf(bad[12], sizeof bad[12], "'%s' --save", scene);
	snprintf(bad[13], sizeof bad[13], "'%s' --seed 2 --out", scene);
	char command[40000];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
		bool wants_file = strstr(bad[i], "--save") || strstr(bad[i], "--out");
		snprintf(command, sizeof command, "'%s' view %s %s 2>/dev/null >/dev/null", breakshot_path(), bad[i],
			wants_file ? never : "");
		int status = run_command(command);
		if (status != 2) {
			CHECK_FAIL("view %s: exit %d, expected 2", bad[i], status);
		}
	}
	CHECK(!file_exists(never));
	// Without a display the window cannot open: it says how to run the game headless.
	snprintf(command, sizeof command, "env -u DISPLAY -u WAYLAND_DISPLAY timeout 10 '%s' view --game 9-ball",
		breakshot_path());
	char message[1024];
	CHECK_EQ_INT(run_captured(temp_dir, command, NULL, 0, message, sizeof message), 1);
	CHECK_CONTAINS(message, "xvfb-run -a breakshot view --game 9-ball");
}

int main(void) {
	if (!make_temp_dir("view", temp_dir, sizeof temp_dir)) {
		return 1;
	}
	RUN(test_balls_and_felt_in_orbit_view);
	RUN(test_balls_and_felt_in_top_view);
	RUN(test_balls_are_drawn_by_kind);
	RUN(test_ball_outline_in_orbit_view);
	RUN(test_ball_outline_in_top_view);
	RUN(test_ball_outline_in_the_window_orbit_view);
	RUN(test_ball_outline_in_the_window_top_view);
	RUN(test_pocketed_ball_is_not_drawn);
	RUN(test_event_contact_is_marked);
	RUN(test_stepping_by_key_equals_run_events);
	RUN(test_new_shot_from_current_state);
	RUN(test_viewer_shot_replays_with_run);
	RUN(test_cue_stick_and_tip_are_drawn);
	RUN(test_preview_path_lies_along_the_shot);
	RUN(test_hint_path_lies_along_the_shot);
	RUN(test_window_smooths_only_what_changes);
	RUN(test_rolling_ball_number_turns);
	RUN(test_step_back_restores_orientation);
	RUN(test_rerack_moves_the_rack);
	RUN(test_window_runs_frames);
	RUN(test_mouse_aims_the_shot);
	RUN(test_refusals);
	RUN(test_no_display_explains_itself);
	RUN(test_game_keys_equal_play);
	RUN(test_game_ball_in_hand_is_drawn);
	RUN(test_game_mouse_places_and_calls);
	RUN(test_game_refusals);
	remove_tree(temp_dir);
	return check_summary();
}
