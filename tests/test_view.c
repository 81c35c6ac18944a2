// The viewer end to end: screenshots read back pixel by pixel at points the
// test projects with the viewer's own camera, scripted event stepping against
// `breakshot run --events N`, and the refusals. Runs under xvfb-run.
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "camera.h"
#include "check.h"
#include "process_helpers.h"
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

// Screenshots SCENE with EXTRA options into a temporary PNG and reads it.
// Leaves dest->rgb NULL when it fails, so callers free it on every path.
static bool screenshot(const char* scene, const char* extra, image* dest) {
	dest->rgb = NULL;
	char png_path[1024];
	temp_path("shot.png", png_path, sizeof png_path);
	char command[8192];
	snprintf(command, sizeof command, "'%s' view '%s' --screenshot '%s' --size %dx%d %s >/dev/null", breakshot_path(),
		scene, png_path, shot_width, shot_height, extra);
	bool ok = run_command(command) == 0 && read_png(png_path, dest);
	remove(png_path);
	return ok;
}

typedef struct sim_state {
	bs_table table;
	int count;
	bs_ball_state balls[16];
} sim_state;

// The balls at time `t` straight from the sim, as `run --until` would have them.
static bool sim_at(const char* scene_path, double t, sim_state* dest) {
	bs_scene scene;
	char error[512];
	if (!bs_scene_load(scene_path, &scene, error, sizeof error)) {
		fprintf(stderr, "  %s\n", error);
		return false;
	}
	bs_world* world = bs_world_create(&scene.def);
	bs_world_advance(world, t, 0);
	dest->table = scene.def.table;
	dest->count = bs_world_ball_count(world);
	for (int i = 0; i < dest->count && i < 16; ++i) {
		dest->balls[i] = bs_world_ball_state(world, i, t);
	}
	bs_world_destroy(world);
	bs_scene_free(&scene);
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

static void check_balls_in_view(bool top) {
	char scene[1024];
	data_path("view_balls.json", scene, sizeof scene);
	double t = 0.25;
	image img;
	CHECK(screenshot(scene, top ? "--at 0.25 --keys t" : "--at 0.25", &img));
	sim_state state;
	CHECK(sim_at(scene, t, &state));
	if (check_failures_in_test) {
		free(img.rgb);
		return;
	}
	bs_camera camera;
	bs_camera_init(&state.table, &camera);
	camera.mode = top ? BS_CAMERA_TOP : BS_CAMERA_ORBIT;
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

static void test_balls_and_felt_in_orbit_view(void) {
	check_balls_in_view(false);
}

static void test_balls_and_felt_in_top_view(void) {
	check_balls_in_view(true);
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
	bs_camera_init(&before.table, &camera);
	camera.mode = BS_CAMERA_TOP;
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

// At an event the contact point is marked in red and the normal drawn.
static void test_event_contact_is_marked(void) {
	char scene[1024];
	data_path("view_balls.json", scene, sizeof scene);
	image img;
	CHECK(screenshot(scene, "--events 1 --keys t", &img));
	bs_scene loaded;
	char error[512];
	bool loaded_ok = bs_scene_load(scene, &loaded, error, sizeof error);
	CHECK(loaded_ok);
	if (check_failures_in_test) {
		if (loaded_ok) {
			bs_scene_free(&loaded);
		}
		free(img.rgb);
		return;
	}
	bs_world* world = bs_world_create(&loaded.def);
	bs_world_step(world);
	bs_event event = bs_world_last_event(world);
	bs_camera camera;
	bs_camera_init(&loaded.def.table, &camera);
	camera.mode = BS_CAMERA_TOP;
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
	bs_scene_free(&loaded);
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

// A new shot strikes the cue ball from the displayed state: aimed along its
// path by default, at the strike speed raised twice by 0.25 m/s.
static void test_new_shot_from_current_state(void) {
	char scene[1024];
	data_path("view_balls.json", scene, sizeof scene);
	char* text = state_after_keys(scene, 0.2, "s^^!");
	CHECK_CONTAINS(text, "\"time\": 0.2,");
	CHECK_CONTAINS(text, "{\"id\": 0, \"pos\": [1.2000000000000002, 0.635], \"vel\": [4.5, 0.0]");
	free(text);
	text = state_after_keys(scene, 0.2, "s^^");
	CHECK_CONTAINS(text, "\"vel\": [3.0, 0.0]"); // aiming alone strikes nothing
	free(text);
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

// The interactive window opens, plays and closes on its own after N frames,
// with either way of smoothing the scene.
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
}

static void test_refusals(void) {
	char scene[1024];
	data_path("view_balls.json", scene, sizeof scene);
	char never[1024];
	temp_path("never.json", never, sizeof never);
	const char* bad[] = {"--size 10x10", "--size 100", "--at 0.1 --events 2", "--bogus", "--keys nxn --out",
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

int main(void) {
	if (!make_temp_dir("view", temp_dir, sizeof temp_dir)) {
		return 1;
	}
	RUN(test_balls_and_felt_in_orbit_view);
	RUN(test_balls_and_felt_in_top_view);
	RUN(test_pocketed_ball_is_not_drawn);
	RUN(test_event_contact_is_marked);
	RUN(test_stepping_by_key_equals_run_events);
	RUN(test_new_shot_from_current_state);
	RUN(test_rerack_moves_the_rack);
	RUN(test_window_runs_frames);
	RUN(test_refusals);
	RUN(test_no_display_explains_itself);
	remove_tree(temp_dir);
	return check_summary();
}
