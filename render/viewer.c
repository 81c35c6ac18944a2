#include "viewer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

/// Events one frame of playback may process before the clock waits for the
/// sim (a dense gas can hold more events per frame than are worth stalling for).
static const int64_t events_per_frame_limit = 200000;

static bool start_timeline(bs_viewer* viewer, const bs_world_def* def) {
	bs_timeline timeline;
	if (!bs_timeline_init(def, &timeline)) {
		snprintf(viewer->status, sizeof viewer->status, "out of memory starting the world");
		return false;
	}
	bs_timeline_free(&viewer->timeline);
	viewer->timeline = timeline;
	bs_viewer_refresh(viewer);
	return true;
}

bool bs_viewer_init(const char* scene_path, bs_viewer* dest, char* error, size_t error_size) {
	memset(dest, 0, sizeof *dest);
	if (!bs_scene_load(scene_path, &dest->scene, error, error_size)) {
		return false;
	}
	int capacity = dest->scene.def.ball_count > 0 ? dest->scene.def.ball_count : 1;
	dest->balls = calloc((size_t)capacity, sizeof *dest->balls);
	dest->shot_balls = calloc((size_t)capacity, sizeof *dest->shot_balls);
	if (!dest->balls || !dest->shot_balls || !bs_timeline_init(&dest->scene.def, &dest->timeline)) {
		snprintf(error, error_size, "%s: out of memory", scene_path);
		bs_viewer_free(dest);
		return false;
	}
	dest->ball_capacity = capacity;
	dest->rack_seed = dest->scene.has_rack ? dest->scene.rack.seed : 0;
	bs_camera_init(&dest->scene.def.table, &dest->camera);
	dest->rate = 1.0;
	dest->strike_speed = 4.0;
	bs_viewer_refresh(dest);
	return true;
}

void bs_viewer_free(bs_viewer* viewer) {
	bs_timeline_free(&viewer->timeline);
	bs_scene_free(&viewer->scene);
	free(viewer->balls);
	free(viewer->shot_balls);
	memset(viewer, 0, sizeof *viewer);
}

void bs_viewer_refresh(bs_viewer* viewer) {
	bs_timeline_states(&viewer->timeline, viewer->balls);
}

void bs_viewer_tick(bs_viewer* viewer, double wall_seconds) {
	if (viewer->playing && !viewer->aiming) {
		bs_timeline_seek(&viewer->timeline, viewer->timeline.time + wall_seconds * viewer->rate,
			events_per_frame_limit);
	}
	bs_viewer_refresh(viewer);
}

int bs_viewer_cue_index(const bs_viewer* viewer) {
	int best = -1;
	for (int i = 0; i < viewer->timeline.ball_count; ++i) {
		const bs_ball_state* ball = &viewer->balls[i];
		if (!ball->pocketed && (best < 0 || ball->id < viewer->balls[best].id)) {
			best = i;
		}
	}
	return best;
}

static void set_status(bs_viewer* viewer, const char* text) {
	snprintf(viewer->status, sizeof viewer->status, "%s", text);
}

static void reset(bs_viewer* viewer) {
	if (start_timeline(viewer, &viewer->scene.def)) {
		viewer->playing = false;
		viewer->aiming = false;
		set_status(viewer, "reset to the scene");
	}
}

static void rerack(bs_viewer* viewer) {
	uint64_t seed = viewer->rack_seed + 1;
	if (!bs_scene_rerack(&viewer->scene, seed)) {
		set_status(viewer, "re-break: this scene has no rack");
		return;
	}
	viewer->rack_seed = seed;
	if (start_timeline(viewer, &viewer->scene.def)) {
		viewer->playing = true;
		viewer->aiming = false;
		snprintf(viewer->status, sizeof viewer->status, "re-racked with jitter seed %llu",
			(unsigned long long)seed);
	}
}

static void start_aiming(bs_viewer* viewer) {
	int cue = bs_viewer_cue_index(viewer);
	if (cue < 0) {
		set_status(viewer, "new shot: no ball is on the table");
		return;
	}
	viewer->aiming = true;
	viewer->playing = false;
	// Until the mouse moves, aim along the cue ball's own path (or along +x).
	bs_vec2 heading = bs_v2_normalize(viewer->balls[cue].vel);
	if (bs_v2_len2(heading) == 0.0) {
		heading = bs_v2(1.0, 0.0);
	}
	viewer->aim_point = bs_v2_mad(viewer->balls[cue].pos, 0.5, heading);
	set_status(viewer, "aim with the mouse, Up/Down set the speed, click or Enter strikes, Esc cancels");
}

bool bs_viewer_shoot(bs_viewer* viewer) {
	int cue = bs_viewer_cue_index(viewer);
	if (cue < 0) {
		return false;
	}
	bs_vec2 direction = bs_v2_normalize(bs_v2_sub(viewer->aim_point, viewer->balls[cue].pos));
	if (bs_v2_len2(direction) == 0.0) {
		set_status(viewer, "new shot: aim away from the cue ball");
		return false;
	}
	int cue_id = viewer->balls[cue].id;
	bs_world_def def = viewer->timeline.def;
	def.time = viewer->timeline.time;
	def.balls = viewer->shot_balls;
	def.ball_count = bs_timeline_export(&viewer->timeline, viewer->shot_balls);
	for (int i = 0; i < def.ball_count; ++i) {
		if (viewer->shot_balls[i].id == cue_id) {
			viewer->shot_balls[i].vel = bs_v2_scale(viewer->strike_speed, direction);
		}
	}
	bs_def_report report;
	if (!bs_world_def_check(&def, &report)) {
		snprintf(viewer->status, sizeof viewer->status, "new shot refused: %s", report.message);
		return false;
	}
	if (!start_timeline(viewer, &def)) {
		return false;
	}
	viewer->aiming = false;
	viewer->playing = true;
	snprintf(viewer->status, sizeof viewer->status, "new shot: ball %d at %.2f m/s", cue_id, viewer->strike_speed);
	return true;
}

static void step(bs_viewer* viewer, bool forward) {
	viewer->playing = false;
	bool moved = forward ? bs_timeline_step_forward(&viewer->timeline) : bs_timeline_step_back(&viewer->timeline);
	if (!moved) {
		set_status(viewer, forward ? "no further event" : "at the oldest recorded state");
	} else {
		viewer->status[0] = '\0';
	}
	bs_viewer_refresh(viewer);
}

static void change_rate(bs_viewer* viewer, double factor) {
	double rate = viewer->rate * factor;
	if (rate >= BS_VIEWER_MIN_RATE && rate <= BS_VIEWER_MAX_RATE) {
		viewer->rate = rate;
	}
}

static void toggle_camera(bs_viewer* viewer) {
	viewer->camera.mode = viewer->camera.mode == BS_CAMERA_TOP ? BS_CAMERA_ORBIT : BS_CAMERA_TOP;
}

static void reset_camera(bs_viewer* viewer) {
	bs_camera_mode mode = viewer->camera.mode;
	bs_camera_init(&viewer->timeline.def.table, &viewer->camera);
	viewer->camera.mode = mode;
}

bool bs_viewer_key(bs_viewer* viewer, int key) {
	switch (key) {
	case GLFW_KEY_SPACE:
		viewer->playing = !viewer->playing && !viewer->aiming;
		return true;
	case GLFW_KEY_N:
	case GLFW_KEY_RIGHT:
		step(viewer, true);
		return true;
	case GLFW_KEY_B:
	case GLFW_KEY_LEFT:
		step(viewer, false);
		return true;
	case GLFW_KEY_EQUAL:
	case GLFW_KEY_KP_ADD:
		change_rate(viewer, 2.0);
		return true;
	case GLFW_KEY_MINUS:
	case GLFW_KEY_KP_SUBTRACT:
		change_rate(viewer, 0.5);
		return true;
	case GLFW_KEY_1:
		viewer->rate = 1.0;
		return true;
	case GLFW_KEY_R:
		reset(viewer);
		return true;
	case GLFW_KEY_J:
		rerack(viewer);
		return true;
	case GLFW_KEY_S:
		if (viewer->aiming) {
			viewer->aiming = false;
			viewer->status[0] = '\0';
		} else {
			start_aiming(viewer);
		}
		return true;
	case GLFW_KEY_ENTER:
	case GLFW_KEY_KP_ENTER:
		return viewer->aiming && bs_viewer_shoot(viewer);
	case GLFW_KEY_UP:
	case GLFW_KEY_DOWN:
		if (!viewer->aiming) {
			return false;
		}
		viewer->strike_speed += key == GLFW_KEY_UP ? 0.25 : -0.25;
		viewer->strike_speed = viewer->strike_speed < 0.25 ? 0.25 : viewer->strike_speed > 12.0 ? 12.0 : viewer->strike_speed;
		return true;
	case GLFW_KEY_T:
		toggle_camera(viewer);
		return true;
	case GLFW_KEY_C:
		reset_camera(viewer);
		return true;
	case GLFW_KEY_P:
		viewer->show_plot = !viewer->show_plot;
		return true;
	case GLFW_KEY_H:
	case GLFW_KEY_F1:
		viewer->show_help = !viewer->show_help;
		return true;
	case GLFW_KEY_ESCAPE:
		if (viewer->aiming) {
			viewer->aiming = false;
			viewer->status[0] = '\0';
		} else if (viewer->show_help) {
			viewer->show_help = false;
		} else {
			viewer->quit = true;
		}
		return true;
	case GLFW_KEY_Q:
		viewer->quit = true;
		return true;
	default:
		return false;
	}
}

const char bs_viewer_script_help[] =
	"n b r j s t c p h q as on the keyboard, space, + - 1, '>' '<' for Right/Left, '^' '_' for Up/Down, "
	"'!' for Enter";

static int script_key(char c) {
	static const char letters[] = "nbrjstcphq";
	if (c != '\0' && strchr(letters, c)) {
		return GLFW_KEY_A + (c - 'a');
	}
	switch (c) {
	case ' ':
		return GLFW_KEY_SPACE;
	case '+':
		return GLFW_KEY_EQUAL;
	case '-':
		return GLFW_KEY_MINUS;
	case '1':
		return GLFW_KEY_1;
	case '>':
		return GLFW_KEY_RIGHT;
	case '<':
		return GLFW_KEY_LEFT;
	case '^':
		return GLFW_KEY_UP;
	case '_':
		return GLFW_KEY_DOWN;
	case '!':
		return GLFW_KEY_ENTER;
	default:
		return GLFW_KEY_UNKNOWN;
	}
}

bool bs_viewer_run_script(bs_viewer* viewer, const char* script, char* error, size_t error_size) {
	for (const char* c = script; *c; ++c) {
		int key = script_key(*c);
		if (key == GLFW_KEY_UNKNOWN) {
			snprintf(error, error_size, "--keys: '%c' (character %d) is no key; use %s", *c, (int)(c - script) + 1,
				bs_viewer_script_help);
			return false;
		}
		bs_viewer_key(viewer, key);
	}
	return true;
}
