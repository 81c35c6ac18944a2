#include "viewer_hints.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "viewer_game.h"

const float bs_hint_colours[BS_HINT_MAX][4] = {
	{0.15f, 0.9f, 1.0f, 1.0f},  // cyan
	{1.0f, 0.35f, 0.85f, 1.0f}, // magenta
	{0.7f, 0.6f, 1.0f, 1.0f},   // lavender
};

// Whether the position shown is still the one at displayed time `time` of
// the frame `event_count`.
static bool position_unchanged(const bs_viewer* viewer, double time, int64_t event_count) {
	return viewer->timeline.time == time && bs_timeline_frame(&viewer->timeline)->event_count == event_count;
}

// Stops the background search, if one runs; returns whether one did.
static bool stop_hint_search(bs_viewer* viewer) {
	if (!viewer->hint_job) {
		return false;
	}
	bs_hint_search_cancel(viewer->hint_job);
	viewer->hint_job = NULL;
	return true;
}

void bs_viewer_hide_hints(bs_viewer* viewer) {
	stop_hint_search(viewer);
	if (viewer->show_hints) {
		viewer->show_hints = false;
		bs_shot_hints_clear(&viewer->hints);
	}
}

void bs_viewer_check_hints(bs_viewer* viewer) {
	if (viewer->show_hints && !position_unchanged(viewer, viewer->hints_time, viewer->hints_event_count)) {
		bs_viewer_hide_hints(viewer);
	}
	bs_viewer_poll_hints(viewer);
}

bool bs_viewer_rest_position(const bs_viewer* viewer, bs_world_def* dest, bs_ball_def* balls, char* error,
	size_t error_size) {
	const bs_timeline* timeline = &viewer->timeline;
	// At the first instant of a strike the struck ball is the only one that
	// may move: the position is the one it was struck from.
	bool at_start = timeline->cursor == 0 && timeline->dropped == 0 && timeline->time == timeline->frames[0].time;
	int struck = -1;
	if (at_start && viewer->has_shot) {
		struck = viewer->shot_cue.ball;
	} else if (at_start && viewer->scene && viewer->scene->has_cue) {
		struck = viewer->scene->cue.ball;
	}
	int count = 0;
	for (int i = 0; i < timeline->ball_count; ++i) {
		const bs_ball_state* ball = &viewer->balls[i];
		if (ball->pocketed) {
			continue;
		}
		if (ball->motion != BS_MOTION_STATIONARY && ball->id != struck) {
			snprintf(error, error_size,
				"ball %d is moving; hints need the balls at rest (play the shot out, or go back to its start)", ball->id);
			return false;
		}
		bs_ball_def def = bs_default_ball_def();
		def.id = ball->id;
		def.kind = ball->kind;
		def.pos = ball->pos;
		def.radius = ball->radius;
		def.mass = ball->mass;
		balls[count++] = def;
	}
	*dest = timeline->def;
	dest->balls = balls;
	dest->ball_count = count;
	dest->time = 0.0;
	return true;
}

// Why the game's position cannot be searched now, or NULL when it can.
static const char* game_refusal(const bs_viewer* viewer) {
	switch (viewer->game->phase) {
	case BS_GAME_PHASE_IN_HAND:
		return "ball in hand: place the cue ball first (click on the table, or A), then I";
	case BS_GAME_PHASE_SHOT:
		return "the shot is playing out: F jumps to its end";
	case BS_GAME_PHASE_OVER:
		return "the game is over";
	case BS_GAME_PHASE_TURN:
		break;
	}
	return NULL;
}

// Shows the hints a search found for the position shown, or says why none.
static bool present_hints(bs_viewer* viewer, bool found, const char* error) {
	if (!found) {
		bs_shot_hints_clear(&viewer->hints);
		bs_viewer_set_status(viewer, "hints: %s", error);
		return false;
	}
	const bs_shot_hints* hints = &viewer->hints;
	if (hints->count == 0) {
		bs_viewer_set_status(viewer, "hints: no shot succeeds here, even without noise (%" PRId64 " shots simulated)",
			hints->evaluations);
		return false;
	}
	viewer->show_hints = true;
	viewer->hints_time = viewer->timeline.time;
	viewer->hints_event_count = bs_timeline_frame(&viewer->timeline)->event_count;
	if (hints->count == 1) {
		bs_viewer_set_status(viewer, "hints: 1 shot (%" PRId64 " simulated); 1 sets it up on the cue, I hides it",
			hints->evaluations);
	} else {
		bs_viewer_set_status(viewer, "hints: %d shots (%" PRId64 " simulated); 1-%d sets one up on the cue, I hides them",
			hints->count, hints->evaluations, hints->count);
	}
	return true;
}

void bs_viewer_poll_hints(bs_viewer* viewer) {
	if (!viewer->hint_job) {
		return;
	}
	if (!position_unchanged(viewer, viewer->hint_job_time, viewer->hint_job_event_count)) {
		stop_hint_search(viewer);
		bs_viewer_set_status(viewer, "hints: the position changed, so the search stopped (I searches again)");
		return;
	}
	if (!bs_hint_search_done(viewer->hint_job)) {
		bs_viewer_set_status(viewer, "hints: searching, %.0f %% (I stops)",
			100.0 * bs_hint_search_progress(viewer->hint_job));
		return;
	}
	char error[512];
	bool found = bs_hint_search_finish(viewer->hint_job, &viewer->hints, error, sizeof error);
	viewer->hint_job = NULL;
	present_hints(viewer, found, error);
}

bool bs_viewer_toggle_hints(bs_viewer* viewer) {
	if (stop_hint_search(viewer)) {
		bs_viewer_set_status(viewer, "hints: search stopped");
		return false;
	}
	if (viewer->show_hints) {
		bs_viewer_hide_hints(viewer);
		bs_viewer_set_status(viewer, "hints hidden");
		return false;
	}
	char error[512];
	const bs_game* game = NULL;
	bs_world_def position;
	if (viewer->game) {
		const char* refusal = game_refusal(viewer);
		if (refusal) {
			bs_viewer_set_status(viewer, "hints: %s", refusal);
			return false;
		}
		game = viewer->game->game;
	} else {
		if (bs_viewer_cue_index(viewer) < 0) {
			bs_viewer_set_status(viewer, "hints: the cue ball (id %d) is not on the table", viewer->cue_id);
			return false;
		}
		if (!bs_viewer_rest_position(viewer, &position, viewer->shot_balls, error, sizeof error)) {
			bs_viewer_set_status(viewer, "hints: %s", error);
			return false;
		}
	}
	// The one search, on a copy of the position: waited for here, or
	// followed a frame at a time by bs_viewer_poll_hints.
	bs_hint_search* job = bs_hint_search_start(game, game ? NULL : &position, viewer->cue_id, &viewer->hint_search,
		error, sizeof error);
	if (!job) {
		bs_viewer_set_status(viewer, "hints: %s", error);
		return false;
	}
	if (viewer->hints_in_background) {
		viewer->hint_job = job;
		viewer->hint_job_time = viewer->timeline.time;
		viewer->hint_job_event_count = bs_timeline_frame(&viewer->timeline)->event_count;
		bs_viewer_set_status(viewer, "hints: searching (I stops)");
		return false;
	}
	bool found = bs_hint_search_finish(job, &viewer->hints, error, sizeof error);
	return present_hints(viewer, found, error);
}

bool bs_viewer_use_hint(bs_viewer* viewer, int index) {
	if (!viewer->show_hints || index < 0 || index >= viewer->hints.count) {
		bs_viewer_set_status(viewer, "hint %d: %d shown", index + 1, viewer->show_hints ? viewer->hints.count : 0);
		return false;
	}
	if (!viewer->aiming) {
		bs_viewer_start_aiming(viewer);
		if (!viewer->aiming) {
			return false; // the status says why
		}
	}
	const bs_shot_hint* hint = &viewer->hints.hints[index];
	const bs_cue_def* cue = &hint->shot.cue;
	int ball = bs_viewer_cue_index(viewer);
	double angle = cue->angle_deg * (BS_PI / 180.0);
	// The aim point only draws the aim: the strike takes the angle itself.
	viewer->aim_point = bs_v2_mad(viewer->balls[ball].pos, 0.5, bs_v2(cos(angle), sin(angle)));
	viewer->aim_exact = true;
	viewer->aim_angle_deg = cue->angle_deg;
	viewer->stick_speed = cue->speed;
	viewer->tip = cue->tip;
	viewer->elevation_deg = cue->elevation_deg;
	if (viewer->game) {
		bs_viewer_game* game = viewer->game;
		game->called_pocket = hint->shot.call.pocket;
		game->has_hint_call = true;
		game->hint_call = hint->shot.call;
	}
	bs_viewer_set_status(viewer, "hint %d set up on the cue: Enter strikes it", index + 1);
	bs_viewer_update_preview(viewer);
	return true;
}
