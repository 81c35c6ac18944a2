// Not in POSIX: sched_getaffinity and CPU_COUNT (glibc).
#define _GNU_SOURCE
#include "shot_hints.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <breakshot/shot.h>

/// Threads a hint search runs at most: the search is short, and more only start and stop.
enum { hint_thread_limit = 16 };

// The CPUs this process may run on (the result does not depend on it).
static int available_cpus(void) {
	cpu_set_t set;
	int count = 0;
	if (sched_getaffinity(0, sizeof set, &set) == 0) {
		count = CPU_COUNT(&set);
	}
	if (count <= 0) {
		long online = sysconf(_SC_NPROCESSORS_ONLN);
		count = online > 0 ? (int)online : 1;
	}
	return count < hint_thread_limit ? count : hint_thread_limit;
}

bs_solve_def bs_hint_solve_def(void) {
	bs_solve_def def = bs_default_solve_def();
	def.samples = 300;
	def.screen_samples = 32;
	def.top = BS_HINT_RANKED;
	def.refine = BS_HINT_RANKED;
	// Two speeds and three tips rather than three and five: each level is
	// another pass over every candidate, and english is the rarer best.
	def.speed_count = 2;
	def.speeds[0] = 2.0;
	def.speeds[1] = 4.5;
	def.tip_count = 3;
	def.tips[0] = bs_v2(0.0, 0.0);
	def.tips[1] = bs_v2(0.0, 0.3);
	def.tips[2] = bs_v2(0.0, -0.3);
	def.threads = available_cpus();
	return def;
}

void bs_shot_hints_clear(bs_shot_hints* hints) {
	for (int k = 0; k < BS_HINT_MAX; ++k) {
		bs_shot_preview_clear(&hints->hints[k].path);
	}
	hints->count = 0;
	hints->searches = 0;
	hints->evaluations = 0;
}

void bs_shot_hints_destroy(bs_shot_hints* hints) {
	for (int k = 0; k < BS_HINT_MAX; ++k) {
		bs_shot_preview_destroy(&hints->hints[k].path);
	}
	memset(hints, 0, sizeof *hints);
}

// Best first, as the search ranks: the higher value, then the higher
// probability; ties keep their order.
static bool better(const bs_solved_shot* a, const bs_solved_shot* b) {
	if (a->value != b->value) {
		return a->value > b->value;
	}
	return a->probability > b->probability;
}

static const bs_preview_path* path_of(const bs_shot_preview* path, int id) {
	for (int i = 0; i < path->path_count; ++i) {
		if (path->paths[i].id == id) {
			return &path->paths[i];
		}
	}
	return NULL;
}

// Whether two shots end alike: the cue ball meets the same ball first and
// stops within `apart` (m) of where it stops in the other (a shot leaves a
// position), and every ball falls into the same pocket, or stays up, in
// both.
static bool same_outcome(const bs_shot_preview* a, const bs_shot_preview* b, int cue_ball, double apart) {
	if (a->path_count != b->path_count) {
		return false;
	}
	for (int i = 0; i < a->path_count; ++i) {
		const bs_preview_path* mine = &a->paths[i];
		const bs_preview_path* other = path_of(b, mine->id);
		if (!other || other->pocket != mine->pocket || other->count == 0 || mine->count == 0) {
			return false;
		}
		bs_vec2 gap = bs_v2_sub(mine->points[mine->count - 1], other->points[other->count - 1]);
		if (mine->id == cue_ball && (other->first_hit != mine->first_hit || bs_v2_len(gap) > apart)) {
			return false;
		}
	}
	return true;
}

// The path of a candidate: the shot without noise, from the world that
// `strike` makes of it.
typedef bool (*strike_fn)(const void* closure, const bs_cue_def* cue, bs_shot_preview* dest, char* error,
	size_t error_size);

// Chooses the hints among `shots` (best first): each in turn whose path
// ends unlike every hint's so far, until BS_HINT_MAX. The cue ball's
// `radius` (m) tells positions apart: a ball's width.
static bool choose(const bs_solved_shot* shots, int count, int cue_ball, double radius, strike_fn strike,
	const void* closure, bs_shot_hints* dest, char* error, size_t error_size) {
	bs_shot_preview scratch;
	memset(&scratch, 0, sizeof scratch);
	bool ok = true;
	for (int k = 0; k < count && dest->count < BS_HINT_MAX && ok; ++k) {
		bs_cue_def cue = shots[k].cue;
		cue.ball = cue_ball;
		ok = strike(closure, &cue, &scratch, error, error_size);
		bool repeated = false;
		for (int j = 0; ok && j < dest->count && !repeated; ++j) {
			repeated = same_outcome(&scratch, &dest->hints[j].path, cue_ball, 2.0 * radius);
		}
		if (!ok || repeated) {
			continue;
		}
		bs_shot_hint* hint = &dest->hints[dest->count++];
		bs_shot_preview kept = hint->path;
		hint->path = scratch;
		scratch = kept;
		hint->shot = shots[k];
		hint->shot.cue.ball = cue_ball;
		hint->cue_ball = cue_ball;
		const bs_shot_call* call = &hint->shot.call;
		const bs_preview_path* called = call->ball >= 0 ? path_of(&hint->path, call->ball) : NULL;
		if (called && called->pocket >= 0) {
			hint->ball = call->ball;
			hint->pocket = called->pocket;
		} else {
			hint->ball = call->ball >= 0 ? call->ball : hint->shot.object_ball;
			hint->pocket = -1;
			double first = 0.0;
			for (int i = 0; i < hint->path.path_count; ++i) {
				const bs_preview_path* path = &hint->path.paths[i];
				if (path->id != cue_ball && path->pocket >= 0 && (hint->pocket < 0 || path->pocket_time < first)) {
					hint->ball = path->id;
					hint->pocket = path->pocket;
					first = path->pocket_time;
				}
			}
		}
	}
	bs_shot_preview_destroy(&scratch);
	return ok;
}

static bool strike_game(const void* closure, const bs_cue_def* cue, bs_shot_preview* dest, char* error,
	size_t error_size) {
	bs_ball_def balls[BS_RULES_MAX_BALLS + 1];
	bs_world_def def;
	char reason[BS_RULES_ERROR_SIZE];
	if (!bs_game_shot_def(closure, cue, &def, balls, reason, sizeof reason)) {
		snprintf(error, error_size, "the game refuses a shot the search found: %s", reason);
		return false;
	}
	if (!bs_shot_preview_compute(&def, dest)) {
		snprintf(error, error_size, "out of memory tracing a shot");
		return false;
	}
	return true;
}

bool bs_shot_hints_find_game(const bs_game* game, const bs_solve_def* search, bs_shot_hints* dest, char* error,
	size_t error_size) {
	bs_shot_hints_clear(dest);
	bs_solve_def def = *search;
	def.game = game;
	def.goal.kind = BS_GOAL_GAME;
	bs_solve_result* result = bs_solve_result_create();
	if (!result) {
		snprintf(error, error_size, "out of memory");
		return false;
	}
	bool ok = bs_solve(&def, result, error, error_size);
	if (ok) {
		dest->searches = 1;
		dest->evaluations = bs_solve_result_evaluations(result);
		int count = bs_solve_result_count(result);
		const bs_solved_shot* shots = count > 0 ? bs_solve_result_shot(result, 0) : NULL;
		const bs_game_state* state = bs_game_get_state(game);
		int cue = bs_game_state_find(state, state->cue_ball);
		ok = choose(shots, count, state->cue_ball, state->balls[cue].radius, strike_game, game, dest, error,
			error_size);
	}
	bs_solve_result_destroy(result);
	return ok;
}

static bool strike_position(const void* closure, const bs_cue_def* cue, bs_shot_preview* dest, char* error,
	size_t error_size) {
	bs_world* world = bs_world_create(closure);
	if (!world) {
		snprintf(error, error_size, "out of memory tracing a shot");
		return false;
	}
	bs_world* struck = bs_shot_strike(world, cue, error, error_size);
	bs_world_destroy(world);
	if (!struck) {
		return false;
	}
	bool ok = bs_shot_preview_run(struck, dest);
	bs_world_destroy(struck);
	if (!ok) {
		snprintf(error, error_size, "out of memory tracing a shot");
	}
	return ok;
}

// The progress of one search among several, reported as the whole's.
typedef struct search_share {
	const bs_solve_def* whole;
	int index, count;
} search_share;

static void report_share(void* closure, double fraction, const char* stage) {
	const search_share* share = closure;
	share->whole->progress(share->whole->progress_closure, (share->index + fraction) / share->count, stage);
}

bool bs_shot_hints_find_pots(const bs_world_def* position, int cue_ball, const bs_solve_def* search,
	bs_shot_hints* dest, char* error, size_t error_size) {
	bs_shot_hints_clear(dest);
	bs_solve_def def = *search;
	search_share share = {search, 0, position->ball_count > 1 ? position->ball_count - 1 : 1};
	if (search->progress) {
		def.progress = report_share;
		def.progress_closure = &share;
	}
	def.game = NULL;
	def.world = *position;
	def.cue_ball = cue_ball;
	def.goal.kind = BS_GOAL_POT;
	def.goal.pocket = -1;
	def.top = 1;
	int count = position->ball_count;
	bs_solved_shot* best = malloc((size_t)(count > 0 ? count : 1) * sizeof *best);
	bs_solve_result* result = bs_solve_result_create();
	if (!best || !result) {
		free(best);
		bs_solve_result_destroy(result);
		snprintf(error, error_size, "out of memory");
		return false;
	}
	int found = 0;
	bool ok = true;
	for (int k = 0; k < count && ok; ++k) {
		if (position->balls[k].id == cue_ball) {
			continue;
		}
		def.goal.ball = position->balls[k].id;
		ok = bs_solve(&def, result, error, error_size);
		share.index += 1;
		if (!ok) {
			break;
		}
		dest->searches += 1;
		dest->evaluations += bs_solve_result_evaluations(result);
		if (bs_solve_result_count(result) == 0) {
			continue;
		}
		// Into its place among those found (an insertion sort: a rack at most).
		bs_solved_shot shot = *bs_solve_result_shot(result, 0);
		int j = found++;
		while (j > 0 && better(&shot, &best[j - 1])) {
			best[j] = best[j - 1];
			--j;
		}
		best[j] = shot;
	}
	if (ok && dest->searches == 0) {
		snprintf(error, error_size, "no object ball on the table to pot");
		ok = false;
	}
	bs_world_def world = *position;
	world.time = 0.0; // where the search strikes it
	double radius = 0.0;
	for (int k = 0; k < count; ++k) {
		radius = position->balls[k].id == cue_ball ? position->balls[k].radius : radius;
	}
	if (ok) {
		ok = choose(best, found, cue_ball, radius, strike_position, &world, dest, error, error_size);
	}
	free(best);
	bs_solve_result_destroy(result);
	return ok;
}

// The tip in a word or two: "centre", "follow", "draw left".
static void tip_words(bs_vec2 tip, char* dest, size_t dest_size) {
	const char* height = tip.y > 0.0 ? "follow" : tip.y < 0.0 ? "draw" : "";
	const char* side = tip.x > 0.0 ? "right" : tip.x < 0.0 ? "left" : "";
	if (!height[0] && !side[0]) {
		snprintf(dest, dest_size, "centre");
	} else {
		snprintf(dest, dest_size, "%s%s%s", height, height[0] && side[0] ? " " : "", side);
	}
}

void bs_shot_hint_label(const bs_shot_hint* hint, int rank, char* dest, size_t dest_size) {
	const bs_solved_shot* shot = &hint->shot;
	char target[64] = "";
	int used = 0;
	if (hint->ball >= 0 && hint->pocket >= 0) {
		used = snprintf(target, sizeof target, " %d->P%d", hint->ball, hint->pocket);
	} else if (hint->ball >= 0) {
		used = snprintf(target, sizeof target, " %d", hint->ball);
	}
	const bs_shot_call* call = &shot->call;
	if (call->ball >= 0 && call->pocket >= 0 && (call->ball != hint->ball || call->pocket != hint->pocket)) {
		snprintf(target + used, sizeof target - (size_t)used, " (call %d->P%d)", call->ball, call->pocket);
	} else if (call->ball >= 0 && call->ball != hint->ball) {
		snprintf(target + used, sizeof target - (size_t)used, " (call %d)", call->ball);
	}
	char tip[32];
	tip_words(shot->cue.tip, tip, sizeof tip);
	char elevation[32] = "";
	if (shot->cue.elevation_deg > 0.0) {
		snprintf(elevation, sizeof elevation, ", elevation %.0f deg", shot->cue.elevation_deg);
	}
	snprintf(dest, dest_size, "%d  %s%s  %.2f [%.2f, %.2f]  %.1f m/s %s%s", rank, bs_shot_family_name(shot->family),
		target, shot->probability, shot->low, shot->high, shot->cue.speed, tip, elevation);
}
