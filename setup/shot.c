// breakshot: a strike on a running world, and a shot run in one call
// (shot.h).
#include <breakshot/shot.h>

#include <stdio.h>

#include "alloc.h"
#include "anchor_history.h"
#include "cue_def.h"
#include "motion.h"

// The def a world was made with, but for its balls and start time.
static bs_world_def def_of(const bs_world* world) {
	bs_world_def def = bs_default_world_def();
	def.table = bs_table_get_def(bs_world_table(world));
	def.physics = bs_world_physics(world);
	def.pool = *bs_world_pool(world);
	def.time = bs_world_time(world);
	def.ball_restitution = bs_world_ball_restitution(world);
	def.cushion_restitution = bs_world_cushion_restitution(world);
	def.elastic_window = bs_world_elastic_window(world);
	def.rest_speed = bs_world_rest_speed(world);
	return def;
}

// Makes the struck ball's anchor its new start: now, where it stands, with
// the velocity and spin of the strike and no last contact, so that the
// world examines it against everything again. It keeps its arrival speed
// (the rounding its position carries) and last collision time.
static void restart_anchor(bs_ball_def* ball, double time, bs_physics physics) {
	if (physics == BS_PHYSICS_POOL) {
		bs_spin_state spin = {ball->vel, ball->omega};
		bs_motion_state motion = bs_motion_classify(spin.vel, spin.omega, ball->radius);
		spin = bs_motion_settle(motion, spin, ball->radius);
		ball->vel = spin.vel;
		ball->omega = spin.omega;
		ball->anchor.vel = spin.vel;
		ball->anchor.omega = spin.omega;
		ball->anchor.motion = motion;
	}
	ball->anchor.time = time;
	ball->anchor.pos = ball->pos;
	bs_history history = bs_history_of(&ball->anchor);
	history.last_kind = BS_EVENT_NONE;
	history.last_target = -1;
	bs_history_set(&ball->anchor, history);
}

// Strikes ball cue->ball of a def's balls with a cue that passed
// bs_cue_def_check. Returns false, with the message in `error`, when there
// is none or the cue aims at its centre.
static bool strike_cue_ball(bs_world_def* def, bs_ball_def* balls, const bs_cue_def* cue, char* error,
	size_t error_size) {
	for (int i = 0; i < def->ball_count; ++i) {
		bs_ball_def* ball = &balls[i];
		if (ball->id != cue->ball) {
			continue;
		}
		ball->omega = bs_v3(0.0, 0.0, 0.0);
		if (!bs_cue_def_apply(cue, def->physics, ball)) {
			snprintf(error, error_size, "cue.aim: aims at the cue ball's own centre");
			return false;
		}
		restart_anchor(ball, def->time, def->physics);
		return true;
	}
	snprintf(error, error_size, "%s: there is no ball with id %d on the table to strike",
		cue->ball == 0 ? "cue" : "cue.ball", cue->ball);
	return false;
}

bs_world* bs_shot_strike(const bs_world* world, const bs_cue_def* cue, char* error, size_t error_size) {
	bs_world_def def = def_of(world);
	const char* field = "";
	char reason[384];
	if (!bs_cue_def_check(cue, def.physics, &field, reason, sizeof reason)) {
		snprintf(error, error_size, "%s: %s", field, reason);
		return NULL;
	}
	int count = bs_world_ball_count(world);
	bs_ball_def* balls = bs_malloc((size_t)(count > 0 ? count : 1) * sizeof *balls);
	if (!balls) {
		snprintf(error, error_size, "out of memory striking the cue ball");
		return NULL;
	}
	def.balls = balls;
	def.ball_count = bs_world_export_balls(world, balls);
	bs_world* struck = NULL;
	bs_def_report report;
	if (!strike_cue_ball(&def, balls, cue, error, error_size)) {
		// the message is written
	} else if (!bs_world_def_check(&def, &report)) {
		snprintf(error, error_size, "cue: the struck world is refused: %s", report.message);
	} else if (!(struck = bs_world_create(&def))) {
		snprintf(error, error_size, "out of memory striking the cue ball");
	}
	bs_free(balls);
	return struck;
}

int bs_shot_run(bs_world* world, bs_event* dest, int capacity) {
	int count = 0;
	while (count < capacity && bs_world_step(world)) {
		dest[count++] = bs_world_last_event(world);
	}
	return count;
}

void bs_shot_ball_states(const bs_world* world, double time, bs_ball_state* dest) {
	int count = bs_world_ball_count(world);
	for (int i = 0; i < count; ++i) {
		dest[i] = bs_world_ball_state(world, i, time);
	}
}
