#include "viewer.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "viewer_game.h"
#include "viewer_hints.h"

/// Events one frame of playback may process before the clock waits for the
/// sim (a dense gas can hold more events per frame than are worth stalling for).
static const int64_t events_per_frame_limit = 200000;

static bool start_timeline(bs_viewer* viewer, const bs_world_def* def) {
	bs_timeline timeline;
	if (!bs_timeline_create(def, &timeline)) {
		snprintf(viewer->status, sizeof viewer->status, "out of memory starting the world");
		return false;
	}
	bs_timeline_destroy(&viewer->timeline);
	viewer->timeline = timeline;
	bs_viewer_hide_hints(viewer);
	viewer->orientation_event_count = -1;
	viewer->preview_valid = false;
	viewer->has_shot = false;
	bs_viewer_refresh(viewer);
	return true;
}

bool bs_viewer_create(const char* scene_path, bs_viewer* dest, char* error, size_t error_size) {
	memset(dest, 0, sizeof *dest);
	if (!(dest->scene = bs_scene_create(scene_path, error, error_size))) {
		return false;
	}
	int capacity = dest->scene->def.ball_count > 0 ? dest->scene->def.ball_count : 1;
	dest->balls = calloc((size_t)capacity, sizeof *dest->balls);
	dest->shot_balls = calloc((size_t)capacity, sizeof *dest->shot_balls);
	dest->orientations = calloc((size_t)capacity, sizeof *dest->orientations);
	if (!dest->balls || !dest->shot_balls || !dest->orientations ||
		!bs_timeline_create(&dest->scene->def, &dest->timeline)) {
		snprintf(error, error_size, "%s: out of memory", scene_path);
		bs_viewer_destroy(dest);
		return false;
	}
	dest->ball_capacity = capacity;
	dest->rack_seed = dest->scene->has_rack ? dest->scene->rack.seed : 0;
	dest->hint_search = bs_hint_solve_def();
	dest->cue_id = dest->scene->has_cue ? dest->scene->cue.ball : 0;
	bs_camera_make(&dest->scene->def.table, &dest->camera);
	dest->rate = 1.0;
	dest->stick_speed = BS_VIEWER_DEFAULT_STICK_SPEED;
	dest->orientation_event_count = -1;
	bs_viewer_refresh(dest);
	return true;
}

bool bs_viewer_create_game(bs_game* game, bs_viewer* dest, char* error, size_t error_size) {
	memset(dest, 0, sizeof *dest);
	if (!(dest->game = calloc(1, sizeof *dest->game))) {
		bs_game_destroy(game);
		snprintf(error, error_size, "out of memory starting the game");
		return false;
	}
	dest->game->game = game;
	// Respotted balls come back, so the position may grow to every ball of
	// the game, and ball in hand adds the cue ball.
	int capacity = BS_RULES_MAX_BALLS + 1;
	dest->balls = calloc((size_t)capacity, sizeof *dest->balls);
	dest->shot_balls = calloc((size_t)capacity, sizeof *dest->shot_balls);
	dest->orientations = calloc((size_t)capacity, sizeof *dest->orientations);
	bs_world_def def = bs_game_world_def(game, dest->game->balls);
	if (!dest->balls || !dest->shot_balls || !dest->orientations || !bs_timeline_create(&def, &dest->timeline)) {
		snprintf(error, error_size, "out of memory starting the game");
		bs_viewer_destroy(dest);
		return false;
	}
	dest->ball_capacity = capacity;
	dest->hint_search = bs_hint_solve_def();
	bs_camera_make(&def.table, &dest->camera);
	dest->rate = 1.0;
	dest->stick_speed = BS_VIEWER_DEFAULT_STICK_SPEED;
	dest->orientation_event_count = -1;
	bs_viewer_refresh(dest);
	bs_viewer_game_begin_turn(dest);
	return true;
}

void bs_viewer_destroy(bs_viewer* viewer) {
	if (viewer->game) {
		bs_game_destroy(viewer->game->game);
		free(viewer->game);
	}
	bs_timeline_destroy(&viewer->timeline);
	bs_scene_destroy(viewer->scene);
	viewer->scene = NULL;
	free(viewer->balls);
	free(viewer->shot_balls);
	free(viewer->orientations);
	free(viewer->shot_text);
	bs_shot_preview_destroy(&viewer->preview);
	bs_hint_search_cancel(viewer->hint_job);
	bs_shot_hints_destroy(&viewer->hints);
	memset(viewer, 0, sizeof *viewer);
}

void bs_viewer_refresh(bs_viewer* viewer) {
	bs_timeline* timeline = &viewer->timeline;
	bs_timeline_states(timeline, viewer->balls);
	if (bs_timeline_has_orientations(timeline)) {
		bs_timeline_orientations(timeline, viewer->orientations, viewer->orientation_time,
			viewer->orientation_event_count, viewer->orientations);
		viewer->orientation_time = timeline->time;
		viewer->orientation_event_count = bs_timeline_frame(timeline)->event_count;
	}
	if (viewer->game) {
		bs_viewer_game_show_hand(viewer);
	}
	bs_viewer_check_hints(viewer);
	bs_viewer_update_preview(viewer);
}

void bs_viewer_tick(bs_viewer* viewer, double wall_seconds) {
	if (viewer->playing && !viewer->aiming) {
		bs_timeline_seek(&viewer->timeline, viewer->timeline.time + wall_seconds * viewer->rate,
			events_per_frame_limit);
	}
	bs_viewer_refresh(viewer);
	if (viewer->game) {
		bs_viewer_game_after_step(viewer);
	}
}

int bs_viewer_cue_index(const bs_viewer* viewer) {
	for (int i = 0; i < viewer->timeline.ball_count; ++i) {
		if (viewer->balls[i].id == viewer->cue_id) {
			return viewer->balls[i].pocketed ? -1 : i;
		}
	}
	return -1;
}

static void set_status(bs_viewer* viewer, const char* text) {
	snprintf(viewer->status, sizeof viewer->status, "%s", text);
}

void bs_viewer_set_status(bs_viewer* viewer, const char* format, ...) {
	va_list args;
	va_start(args, format);
	vsnprintf(viewer->status, sizeof viewer->status, format, args);
	va_end(args);
}

static void reset(bs_viewer* viewer) {
	if (start_timeline(viewer, &viewer->scene->def)) {
		viewer->playing = false;
		viewer->aiming = false;
		set_status(viewer, "reset to the scene");
	}
}

static void rerack(bs_viewer* viewer) {
	uint64_t seed = viewer->rack_seed + 1;
	if (!bs_scene_rerack(viewer->scene, seed)) {
		set_status(viewer, "re-break: this scene has no rack");
		return;
	}
	viewer->rack_seed = seed;
	if (start_timeline(viewer, &viewer->scene->def)) {
		viewer->playing = true;
		viewer->aiming = false;
		snprintf(viewer->status, sizeof viewer->status, "re-racked with jitter seed %llu",
			(unsigned long long)seed);
	}
}

void bs_viewer_start_aiming(bs_viewer* viewer) {
	int cue = bs_viewer_cue_index(viewer);
	if (cue < 0) {
		bs_viewer_set_status(viewer, "new shot: the cue ball (id %d) is not on the table", viewer->cue_id);
		return;
	}
	viewer->aiming = true;
	viewer->playing = false;
	bs_viewer_free_aim(viewer);
	// Until the mouse moves, aim along the cue ball's own path (or along +x).
	bs_vec2 heading = bs_v2_normalize(viewer->balls[cue].vel);
	if (bs_v2_len2(heading) == 0.0) {
		heading = bs_v2(1.0, 0.0);
	}
	viewer->aim_point = bs_v2_mad(viewer->balls[cue].pos, 0.5, heading);
	set_status(viewer, "aim: mouse or , .  tip: arrows  power: [ ]  elevation: E D  strike: click or Enter  Esc");
	bs_viewer_update_preview(viewer);
}

void bs_viewer_free_aim(bs_viewer* viewer) {
	viewer->aim_exact = false;
	if (viewer->game) {
		viewer->game->has_hint_call = false;
	}
}

// Whether a player may strike `ball`: pool's cue ball (id 0), snooker's
// white, either carom cue ball.
static bool strikable(const bs_ball_state* ball) {
	return !ball->pocketed &&
		(ball->kind == BS_BALL_SNOOKER_WHITE || ball->kind == BS_BALL_CAROM_WHITE || ball->kind == BS_BALL_CAROM_YELLOW ||
			(ball->kind == BS_BALL_NUMBERED && ball->id == 0));
}

// New shots strike the next ball on the table a player may strike, in def
// order: three-cushion's players each strike their own.
static void switch_cue_ball(bs_viewer* viewer) {
	if (viewer->game) {
		set_status(viewer, "in a game the rules say whose cue ball it is");
		return;
	}
	int count = viewer->timeline.ball_count;
	int current = -1;
	for (int i = 0; i < count; ++i) {
		current = viewer->balls[i].id == viewer->cue_id ? i : current;
	}
	for (int k = 1; k <= count; ++k) {
		const bs_ball_state* ball = &viewer->balls[(current + k + count) % count];
		if (strikable(ball) && ball->id != viewer->cue_id) {
			viewer->cue_id = ball->id;
			bs_viewer_hide_hints(viewer); // they strike the other ball
			snprintf(viewer->status, sizeof viewer->status, "new shots strike ball %d (%s)", ball->id,
				bs_ball_kind_name(ball->kind));
			viewer->preview_valid = false;
			bs_viewer_update_preview(viewer);
			return;
		}
	}
	snprintf(viewer->status, sizeof viewer->status, "new shots strike ball %d: no other cue ball is on the table",
		viewer->cue_id);
}

bool bs_viewer_aimed_cue(const bs_viewer* viewer, bs_cue_def* dest) {
	int cue = bs_viewer_cue_index(viewer);
	if (cue < 0) {
		return false;
	}
	bs_vec2 direction = bs_v2_sub(viewer->aim_point, viewer->balls[cue].pos);
	if (direction.x == 0.0 && direction.y == 0.0 && !viewer->aim_exact) {
		return false;
	}
	memset(dest, 0, sizeof *dest);
	dest->speed = viewer->stick_speed;
	dest->stick = true;
	dest->angle_deg = viewer->aim_exact ? viewer->aim_angle_deg : atan2(direction.y, direction.x) * (180.0 / BS_PI);
	dest->tip = viewer->tip;
	dest->elevation_deg = viewer->elevation_deg;
	dest->squirt = true;
	dest->ball = viewer->cue_id;
	return true;
}

// The shot `cue` makes from the displayed state, as scene text: the balls
// as they are (the cue ball without its anchor: the strike starts it anew)
// and the cue. NULL, with a status, when it cannot be made.
static char* shot_scene_text(bs_viewer* viewer, const bs_cue_def* cue) {
	bs_world_def def = viewer->timeline.def;
	def.time = viewer->timeline.time;
	def.balls = viewer->shot_balls;
	def.ball_count = bs_timeline_export(&viewer->timeline, viewer->shot_balls);
	for (int i = 0; i < def.ball_count; ++i) {
		bs_ball_def* ball = &viewer->shot_balls[i];
		if (ball->id == cue->ball) {
			bs_ball_def fresh = bs_default_ball_def();
			fresh.id = ball->id;
			fresh.pos = ball->pos;
			fresh.radius = ball->radius;
			fresh.mass = ball->mass;
			fresh.kind = ball->kind;
			*ball = fresh;
		}
	}
	char* text = bs_scene_dump_shot(&def, cue);
	if (!text) {
		set_status(viewer, "new shot: out of memory");
	}
	return text;
}

// Loads the shot's scene as `breakshot run` would. False, with a status, when it is refused.
static bool load_shot(bs_viewer* viewer, const char* text, bs_scene** dest) {
	char error[256];
	if (!(*dest = bs_scene_create_text(text, "the shot", error, sizeof error))) {
		snprintf(viewer->status, sizeof viewer->status, "new shot refused: %s", error);
		return false;
	}
	return true;
}

static bool same_cue(const bs_cue_def* a, const bs_cue_def* b) {
	return a->speed == b->speed && a->stick == b->stick && a->angle_deg == b->angle_deg && a->tip.x == b->tip.x &&
		a->tip.y == b->tip.y && a->elevation_deg == b->elevation_deg && a->squirt == b->squirt && a->ball == b->ball;
}

void bs_viewer_update_preview(bs_viewer* viewer) {
	if (!viewer->aiming) {
		return;
	}
	bs_cue_def cue;
	if (!bs_viewer_aimed_cue(viewer, &cue)) {
		viewer->preview_valid = false;
		bs_shot_preview_clear(&viewer->preview);
		return;
	}
	int64_t event_count = bs_timeline_frame(&viewer->timeline)->event_count;
	if (viewer->preview_valid && same_cue(&cue, &viewer->preview_cue) &&
		viewer->preview_time == viewer->timeline.time && viewer->preview_event_count == event_count) {
		return;
	}
	viewer->preview_valid = true;
	viewer->preview_cue = cue;
	viewer->preview_time = viewer->timeline.time;
	viewer->preview_event_count = event_count;
	viewer->preview_count += 1;
	bs_shot_preview_clear(&viewer->preview);
	if (viewer->game) {
		// The very world the game would judge.
		bs_world_def def;
		char error[BS_RULES_ERROR_SIZE];
		if (!bs_viewer_game_shot_def(viewer, &cue, &def, error, sizeof error)) {
			bs_viewer_set_status(viewer, "new shot: %s", error);
		} else if (!bs_shot_preview_compute(&def, &viewer->preview)) {
			set_status(viewer, "shot preview: out of memory");
		}
		return;
	}
	char* text = shot_scene_text(viewer, &cue);
	bs_scene* scene = NULL;
	if (text && load_shot(viewer, text, &scene)) {
		if (!bs_shot_preview_compute(&scene->def, &viewer->preview)) {
			set_status(viewer, "shot preview: out of memory");
		}
		bs_scene_destroy(scene);
	}
	free(text);
}

typedef struct turned_ball {
	int id;
	bs_quat orientation;
} turned_ball;

bool bs_viewer_start_world(bs_viewer* viewer, const bs_world_def* def) {
	// The balls go on turned as they are: their orientations by id, into the
	// new world's order (without the memory for it they start turned afresh).
	int old_count = viewer->timeline.ball_count;
	turned_ball* kept = NULL;
	if (bs_timeline_has_orientations(&viewer->timeline)) {
		kept = malloc((size_t)(old_count > 0 ? old_count : 1) * sizeof *kept);
		for (int i = 0; kept && i < old_count; ++i) {
			kept[i].id = viewer->balls[i].id;
			kept[i].orientation = viewer->orientations[i];
		}
	}
	if (!start_timeline(viewer, def)) {
		free(kept);
		return false;
	}
	for (int i = 0; kept && i < old_count; ++i) {
		int index = bs_world_find_ball(viewer->timeline.world, kept[i].id);
		if (index >= 0) {
			bs_timeline_set_start_orientation(&viewer->timeline, index, kept[i].orientation);
		}
	}
	free(kept);
	viewer->orientation_event_count = -1;
	viewer->playing = false;
	bs_viewer_refresh(viewer);
	return true;
}

bool bs_viewer_shoot(bs_viewer* viewer) {
	bs_cue_def cue;
	if (!bs_viewer_aimed_cue(viewer, &cue)) {
		if (bs_viewer_cue_index(viewer) < 0) {
			bs_viewer_set_status(viewer, "new shot: the cue ball (id %d) is not on the table", viewer->cue_id);
		} else {
			set_status(viewer, "new shot: aim away from the cue ball");
		}
		return false;
	}
	if (viewer->game) {
		return bs_viewer_game_shoot(viewer, &cue);
	}
	char* text = shot_scene_text(viewer, &cue);
	bs_scene* scene = NULL;
	if (!text || !load_shot(viewer, text, &scene)) {
		free(text);
		return false;
	}
	// Not aiming any more: the new world needs no preview.
	viewer->aiming = false;
	bool started = bs_viewer_start_world(viewer, &scene->def);
	bs_scene_destroy(scene);
	if (!started) {
		viewer->aiming = true;
		free(text);
		return false;
	}
	free(viewer->shot_text);
	viewer->shot_text = text;
	viewer->has_shot = true;
	viewer->shot_cue = cue;
	viewer->aiming = false;
	viewer->playing = true;
	snprintf(viewer->status, sizeof viewer->status, "new shot: the cue stick at %.2f m/s", cue.speed);
	return true;
}

char* bs_viewer_dump(bs_viewer* viewer) {
	const bs_timeline* timeline = &viewer->timeline;
	bool at_strike = viewer->has_shot && timeline->cursor == 0 && timeline->dropped == 0 &&
		timeline->time == timeline->frames[0].time;
	if (at_strike) {
		size_t length = strlen(viewer->shot_text) + 1;
		char* copy = malloc(length);
		if (copy) {
			memcpy(copy, viewer->shot_text, length);
		}
		return copy;
	}
	return bs_timeline_dump(&viewer->timeline);
}

void bs_viewer_layout(const bs_viewer* viewer, int width, int height, bs_overlay_layout* dest) {
	bs_overlay_layout_make(width, height, &viewer->timeline.def.table, viewer->aiming, viewer->show_plot, dest);
}

void bs_viewer_frame_view(bs_viewer* viewer, int width, int height) {
	bs_overlay_layout layout;
	bs_viewer_layout(viewer, width, height, &layout);
	const bs_rect* frame = &layout.table;
	bs_camera_set_frame(&viewer->camera, width, height, frame->x, frame->y, frame->x + frame->width,
		frame->y + frame->height);
}

void bs_viewer_tip_diagram(const bs_viewer* viewer, int width, int height, float* centre_x, float* centre_y,
	float* radius) {
	bs_overlay_layout layout;
	bs_overlay_layout_make(width, height, &viewer->timeline.def.table, true, viewer->show_plot, &layout);
	bs_overlay_tip_diagram(&layout, centre_x, centre_y, radius);
}

// Sets the tip, refusing a miscue.
static void set_tip(bs_viewer* viewer, bs_vec2 tip) {
	if (viewer->timeline.def.physics != BS_PHYSICS_POOL && (tip.x != 0.0 || tip.y != 0.0)) {
		set_status(viewer, "english, follow and draw need pool physics: ideal discs do not spin");
		return;
	}
	if (!(tip.x * tip.x + tip.y * tip.y <= BS_VIEWER_TIP_LIMIT * BS_VIEWER_TIP_LIMIT)) {
		set_status(viewer, "the tip stays within half the radius of the centre: beyond, the cue miscues");
		return;
	}
	viewer->tip = tip;
	bs_viewer_update_preview(viewer);
}

bool bs_viewer_click_tip(bs_viewer* viewer, double x, double y, int width, int height) {
	float cx;
	float cy;
	float radius;
	bs_viewer_tip_diagram(viewer, width, height, &cx, &cy, &radius);
	bs_vec2 tip = bs_v2((x - cx) / radius, (cy - y) / radius);
	if (!viewer->aiming || bs_v2_len(tip) > 1.0) {
		return false;
	}
	double length = bs_v2_len(tip);
	double limit = BS_VIEWER_TIP_LIMIT * (1.0 - 1e-9);
	set_tip(viewer, length > limit ? bs_v2_scale(limit / length, tip) : tip);
	return true;
}

// Moves the tip one step on the grid of BS_VIEWER_TIP_STEP (dividing by the
// steps per radius, so that 3 steps are 0.15 and not 0.15000000000000002).
static void move_tip(bs_viewer* viewer, int across, int up) {
	double per_radius = round(1.0 / BS_VIEWER_TIP_STEP);
	double side = round(viewer->tip.x * per_radius) + across;
	double height = round(viewer->tip.y * per_radius) + up;
	set_tip(viewer, bs_v2(side / per_radius, height / per_radius));
}

static void change_elevation(bs_viewer* viewer, double steps) {
	if (viewer->timeline.def.physics != BS_PHYSICS_POOL) {
		set_status(viewer, "an elevated cue needs pool physics: ideal discs do not spin");
		return;
	}
	double elevation = viewer->elevation_deg + steps * BS_VIEWER_ELEVATION_STEP;
	viewer->elevation_deg = elevation < 0.0 ? 0.0 : elevation > BS_VIEWER_MAX_ELEVATION ? BS_VIEWER_MAX_ELEVATION : elevation;
	bs_viewer_update_preview(viewer);
}

static void change_stick_speed(bs_viewer* viewer, double steps) {
	double speed = viewer->stick_speed + steps * BS_VIEWER_STICK_SPEED_STEP;
	viewer->stick_speed = speed < BS_VIEWER_MIN_STICK_SPEED ? BS_VIEWER_MIN_STICK_SPEED
		: speed > BS_VIEWER_MAX_STICK_SPEED                 ? BS_VIEWER_MAX_STICK_SPEED
															: speed;
	bs_viewer_update_preview(viewer);
}

// Turns the aim about the cue ball's centre, counter-clockwise for degrees > 0.
static void turn_aim(bs_viewer* viewer, double degrees) {
	int cue = bs_viewer_cue_index(viewer);
	if (cue < 0) {
		return;
	}
	bs_vec2 centre = viewer->balls[cue].pos;
	bs_vec2 arm = bs_v2_sub(viewer->aim_point, centre);
	double angle = degrees * (BS_PI / 180.0);
	bs_vec2 turned = bs_v2(cos(angle) * arm.x - sin(angle) * arm.y, sin(angle) * arm.x + cos(angle) * arm.y);
	viewer->aim_point = bs_v2_add(centre, turned);
	bs_viewer_free_aim(viewer);
	bs_viewer_update_preview(viewer);
}

// S: a new shot, when the game (if any) is at a turn.
static void start_aiming_if_allowed(bs_viewer* viewer) {
	const bs_viewer_game* game = viewer->game;
	if (!game || game->phase == BS_GAME_PHASE_TURN) {
		bs_viewer_start_aiming(viewer);
	} else if (game->phase == BS_GAME_PHASE_IN_HAND) {
		set_status(viewer, "ball in hand: click on the table to place the cue ball, or A");
	} else if (game->phase == BS_GAME_PHASE_SHOT) {
		set_status(viewer, "the shot is playing out: F jumps to its end");
	} else {
		set_status(viewer, "the game is over");
	}
}

bool bs_viewer_placing(const bs_viewer* viewer) {
	return viewer->game && viewer->game->phase == BS_GAME_PHASE_IN_HAND;
}

void bs_viewer_point(bs_viewer* viewer, bs_vec2 at) {
	viewer->pointer = at;
	viewer->has_pointer = true;
	if (viewer->aiming) {
		viewer->aim_point = at;
		bs_viewer_free_aim(viewer);
	} else if (bs_viewer_placing(viewer)) {
		bs_viewer_game_point(viewer, at);
	}
}

bool bs_viewer_click_table(bs_viewer* viewer, bs_vec2 at) {
	if (!viewer->aiming && !bs_viewer_placing(viewer)) {
		return false;
	}
	if (viewer->game && bs_viewer_game_click(viewer, at)) {
		return true;
	}
	if (!viewer->aiming) {
		return false;
	}
	bs_viewer_point(viewer, at);
	return bs_viewer_shoot(viewer);
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
	if (viewer->game) {
		bs_viewer_game_after_step(viewer);
	}
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
	bs_camera_make(&viewer->timeline.def.table, &viewer->camera);
	viewer->camera.mode = mode;
}

bool bs_viewer_key(bs_viewer* viewer, int key) {
	switch (key) {
	case GLFW_KEY_SPACE:
		viewer->playing = !viewer->playing && !viewer->aiming;
		return true;
	case GLFW_KEY_RIGHT:
	case GLFW_KEY_LEFT:
		if (viewer->aiming) {
			move_tip(viewer, key == GLFW_KEY_RIGHT ? 1 : -1, 0);
		} else {
			step(viewer, key == GLFW_KEY_RIGHT);
		}
		return true;
	case GLFW_KEY_N:
		step(viewer, true);
		return true;
	case GLFW_KEY_B:
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
		if (viewer->show_hints) {
			return bs_viewer_use_hint(viewer, 0);
		}
		viewer->rate = 1.0;
		return true;
	case GLFW_KEY_2:
	case GLFW_KEY_3:
		return viewer->show_hints && bs_viewer_use_hint(viewer, key - GLFW_KEY_1);
	case GLFW_KEY_I:
		bs_viewer_toggle_hints(viewer);
		return true;
	case GLFW_KEY_R:
	case GLFW_KEY_J:
		if (viewer->game) {
			set_status(viewer, "R and J start a scene again; a game goes on shot by shot");
		} else if (key == GLFW_KEY_R) {
			reset(viewer);
		} else {
			rerack(viewer);
		}
		return true;
	case GLFW_KEY_S:
		if (viewer->aiming) {
			viewer->aiming = false;
			viewer->status[0] = '\0';
		} else {
			start_aiming_if_allowed(viewer);
		}
		return true;
	case GLFW_KEY_A:
		return viewer->game && bs_viewer_game_place_default(viewer);
	case GLFW_KEY_F:
		return viewer->game && bs_viewer_game_finish_shot(viewer);
	case GLFW_KEY_ENTER:
	case GLFW_KEY_KP_ENTER:
		return viewer->aiming && bs_viewer_shoot(viewer);
	case GLFW_KEY_UP:
	case GLFW_KEY_DOWN:
		if (!viewer->aiming) {
			return false;
		}
		move_tip(viewer, 0, key == GLFW_KEY_UP ? 1 : -1);
		return true;
	case GLFW_KEY_X:
		if (!viewer->aiming) {
			return false;
		}
		set_tip(viewer, bs_v2(0.0, 0.0));
		return true;
	case GLFW_KEY_RIGHT_BRACKET:
	case GLFW_KEY_LEFT_BRACKET:
		change_stick_speed(viewer, key == GLFW_KEY_RIGHT_BRACKET ? 1.0 : -1.0);
		return true;
	case GLFW_KEY_E:
	case GLFW_KEY_D:
		change_elevation(viewer, key == GLFW_KEY_E ? 1.0 : -1.0);
		return true;
	case GLFW_KEY_COMMA:
	case GLFW_KEY_PERIOD:
		if (!viewer->aiming) {
			return false;
		}
		turn_aim(viewer, key == GLFW_KEY_COMMA ? BS_VIEWER_AIM_STEP : -BS_VIEWER_AIM_STEP);
		return true;
	case GLFW_KEY_M:
		viewer->show_motion = !viewer->show_motion;
		return true;
	case GLFW_KEY_W:
		switch_cue_ball(viewer);
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
	"n b r j s t c p h q m x e d w a f i as on the keyboard, space, + - 1 2 3 [ ] , . as on the keyboard, '>' '<' for "
	"Right/Left, '^' '_' for Up/Down, '!' for Enter; '@X,Y;' moves the pointer to the table point (X, Y) in "
	"metres, as the mouse would, and '*' clicks there";

static int script_key(char c) {
	static const char letters[] = "nbrjstcphqmxedwafi";
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
	case '2':
		return GLFW_KEY_2;
	case '3':
		return GLFW_KEY_3;
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
	case '[':
		return GLFW_KEY_LEFT_BRACKET;
	case ']':
		return GLFW_KEY_RIGHT_BRACKET;
	case ',':
		return GLFW_KEY_COMMA;
	case '.':
		return GLFW_KEY_PERIOD;
	default:
		return GLFW_KEY_UNKNOWN;
	}
}

// Reads "@X,Y;" at `c` (the '@'): the pointer's table point. Returns the
// ';' or NULL when malformed.
static const char* script_point(const char* c, bs_vec2* dest) {
	char* end;
	double x = strtod(c + 1, &end);
	if (end == c + 1 || *end != ',') {
		return NULL;
	}
	const char* y_start = end + 1;
	double y = strtod(y_start, &end);
	if (end == y_start || *end != ';' || !isfinite(x) || !isfinite(y)) {
		return NULL;
	}
	*dest = bs_v2(x, y);
	return end;
}

bool bs_viewer_run_script(bs_viewer* viewer, const char* script, char* error, size_t error_size) {
	for (const char* c = script; *c; ++c) {
		if (*c == '@') {
			bs_vec2 at;
			const char* end = script_point(c, &at);
			if (!end) {
				snprintf(error, error_size,
					"--keys: '@' (character %d) needs a table point X,Y; in metres, as in @1.27,0.635;",
					(int)(c - script) + 1);
				return false;
			}
			bs_viewer_point(viewer, at);
			bs_viewer_refresh(viewer);
			c = end;
			continue;
		}
		if (*c == '*') {
			if (!viewer->has_pointer) {
				snprintf(error, error_size,
					"--keys: '*' (character %d) clicks at the pointer; move it there first with @X,Y;",
					(int)(c - script) + 1);
				return false;
			}
			bs_viewer_click_table(viewer, viewer->pointer);
			continue;
		}
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
