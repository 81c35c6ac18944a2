// breakshot: one shot of a search, simulated and judged against the goal,
// stopping as soon as the goal is decided where the goal allows it.
#include "solve_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "cue_def.h"

#include <breakshot/table.h>

/// How far from a pocket's capture centre (m) a cushion contact still
/// belongs to the pocket (its jaws and facings) rather than to a bank.
#define SOLVE_POCKET_REACH 0.2

void solve_position_read(const bs_solve_def* def, solve_position* dest) {
	memset(dest, 0, sizeof *dest);
	int cue_id = def->cue_ball;
	if (def->game) {
		dest->world = bs_game_world_def(def->game, dest->balls);
		dest->state = *bs_game_get_state(def->game);
		dest->has_game = true;
		cue_id = dest->state.cue_ball;
	} else {
		dest->world = def->world;
		memcpy(dest->balls, def->world.balls, (size_t)def->world.ball_count * sizeof *dest->balls);
	}
	dest->world.balls = dest->balls;
	dest->world.time = 0.0;
	dest->cue_index = -1;
	for (int k = 0; k < dest->world.ball_count; ++k) {
		if (dest->balls[k].id == cue_id) {
			dest->cue_index = k;
		}
	}
}

const bs_ball_def* solve_position_ball(const solve_position* position, int id) {
	for (int k = 0; k < position->world.ball_count; ++k) {
		if (position->balls[k].id == id) {
			return &position->balls[k];
		}
	}
	return NULL;
}

bs_shot_evaluator* bs_shot_evaluator_create(const bs_solve_def* def, char* error, size_t error_size) {
	if (!bs_solve_def_check(def, error, error_size)) {
		return NULL;
	}
	bs_shot_evaluator* evaluator = bs_calloc(1, sizeof *evaluator);
	if (!evaluator) {
		snprintf(error, error_size, "out of memory making a shot evaluator");
		return NULL;
	}
	solve_position_read(def, &evaluator->position);
	evaluator->goal = def->goal;
	const solve_position* position = &evaluator->position;
	if (position->has_game) {
		for (int k = 0, i = 0; i < position->state.ball_count; ++i) {
			if (position->state.balls[i].on_table) {
				evaluator->state_index[k++] = i;
			}
		}
	}
	if (position->has_game && def->goal.kind == BS_GOAL_GAME && !position->state.is_break &&
		position->state.game != BS_GAME_THREE_CUSHION) {
		evaluator->on_count = bs_rules_balls_on(&position->state, evaluator->on_ids);
	}
	memcpy(evaluator->struck, position->balls, (size_t)position->world.ball_count * sizeof *evaluator->struck);
	bs_world_def world = position->world;
	world.balls = evaluator->struck;
	evaluator->world = bs_world_create(&world);
	if (!evaluator->world) {
		snprintf(error, error_size, "out of memory making a shot evaluator");
		bs_shot_evaluator_destroy(evaluator);
		return NULL;
	}
	return evaluator;
}

void bs_shot_evaluator_destroy(bs_shot_evaluator* evaluator) {
	if (!evaluator) {
		return;
	}
	bs_world_destroy(evaluator->world);
	bs_free(evaluator->events);
	bs_free(evaluator);
}

// Starts the evaluator's world afresh with the struck balls: in its own
// memory (bs_world_reset, the same bits as a new world), or made anew
// should the reset refuse them. Returns false when memory runs out.
static bool restart(bs_shot_evaluator* evaluator) {
	const solve_position* position = &evaluator->position;
	if (evaluator->world &&
		bs_world_reset(evaluator->world, evaluator->struck, position->world.ball_count, position->world.time)) {
		return true;
	}
	bs_world_def def = position->world;
	def.balls = evaluator->struck;
	bs_world_destroy(evaluator->world);
	evaluator->world = bs_world_create(&def);
	return evaluator->world != NULL;
}

// Strikes the position's cue ball with `cue` (checked) and starts the world
// on the struck balls. Returns false when the cue aims at the ball's own
// centre or memory runs out.
static bool strike(bs_shot_evaluator* evaluator, const bs_cue_def* cue) {
	const solve_position* position = &evaluator->position;
	memcpy(evaluator->struck, position->balls, (size_t)position->world.ball_count * sizeof *evaluator->struck);
	bs_cue_def struck_cue = *cue;
	struck_cue.ball = position->balls[position->cue_index].id;
	return bs_cue_def_apply(&struck_cue, position->world.physics, &evaluator->struck[position->cue_index]) &&
		restart(evaluator);
}

// Keeps a contact for the game's judge, growing the list. Returns false
// when memory runs out.
static bool keep_event(bs_shot_evaluator* evaluator, int* count, bs_event event) {
	if (*count == evaluator->event_capacity) {
		int capacity = evaluator->event_capacity ? 2 * evaluator->event_capacity : 256;
		bs_event* grown = bs_realloc(evaluator->events, (size_t)capacity * sizeof *grown);
		if (!grown) {
			return false;
		}
		evaluator->events = grown;
		evaluator->event_capacity = capacity;
	}
	evaluator->events[(*count)++] = event;
	return true;
}

// How a goal stands while a shot runs.
typedef enum goal_verdict {
	GOAL_OPEN,    ///< not decided yet
	GOAL_MADE,    ///< achieved, whatever happens next (but the region, if any)
	GOAL_MISSED,  ///< failed, whatever happens next
} goal_verdict;

// The three-cushion point as the cue ball's contacts decide it.
typedef struct carom_tracker {
	int first_ball;  ///< id of the first object ball touched, or -1
	int cushions;    ///< the cue ball's cushion contacts so far
} carom_tracker;

static goal_verdict follow_pot(const bs_goal* goal, int cue_id, bs_event event) {
	(void)cue_id;
	if (event.kind != BS_EVENT_POCKET || event.a != goal->ball) {
		return GOAL_OPEN;
	}
	return goal->pocket < 0 || event.b == goal->pocket ? GOAL_MADE : GOAL_MISSED;
}

static goal_verdict follow_carom(carom_tracker* carom, int cue_id, bs_event event) {
	switch (event.kind) {
	case BS_EVENT_CUSHION:
	case BS_EVENT_JAW:
		carom->cushions += event.a == cue_id;
		return GOAL_OPEN;
	case BS_EVENT_POCKET:
		return event.a == cue_id ? GOAL_MISSED : GOAL_OPEN;
	case BS_EVENT_BALL: {
		if (event.a != cue_id && event.b != cue_id) {
			return GOAL_OPEN;
		}
		int other = event.a == cue_id ? event.b : event.a;
		if (carom->first_ball < 0) {
			carom->first_ball = other;
			return GOAL_OPEN;
		}
		if (other == carom->first_ball) {
			return GOAL_OPEN;
		}
		return carom->cushions >= 3 ? GOAL_MADE : GOAL_MISSED;
	}
	default:
		return GOAL_OPEN;
	}
}

// The cue ball's first contacts with balls, as far as they decide a foul.
typedef struct first_contact {
	bool made;        ///< the cue ball has touched a ball
	double time;      ///< when it first did (s)
	bool on_touched;  ///< a ball on was among the balls touched at that instant
} first_contact;

static bool is_on(const bs_shot_evaluator* evaluator, int id) {
	for (int k = 0; k < evaluator->on_count; ++k) {
		if (evaluator->on_ids[k] == id) {
			return true;
		}
	}
	return false;
}

// Whether the shot so far fouls whatever follows: the cue ball dropped, or
// its first contact, over the rules' instant of a split hit, touched no
// ball on. Judged more strictly than the rules (the instant by time alone,
// not also by place), so that it never calls a foul the rules would not.
static bool foul_decided(const bs_shot_evaluator* evaluator, first_contact* first, int cue_id, bs_event event) {
	if (event.kind == BS_EVENT_POCKET && event.a == cue_id) {
		return true;
	}
	if (first->made && event.time - first->time > BS_RULES_SAME_INSTANT) {
		return !first->on_touched;
	}
	if (event.kind == BS_EVENT_BALL && (event.a == cue_id || event.b == cue_id)) {
		int other = event.a == cue_id ? event.b : event.a;
		if (!first->made) {
			first->made = true;
			first->time = event.time;
		}
		first->on_touched = first->on_touched || is_on(evaluator, other);
	}
	return false;
}

static bool inside_region(const bs_goal* goal, bs_vec2 pos) {
	return pos.x >= goal->region_min.x && pos.x <= goal->region_max.x && pos.y >= goal->region_min.y &&
		pos.y <= goal->region_max.y;
}

// Judges a game's shot by its rules from the contacts kept and the rest
// positions. The shot succeeds when it is legal and scores, or wins.
static bool judge_game_shot(bs_shot_evaluator* evaluator, const bs_shot_call* call, int event_count) {
	const solve_position* position = &evaluator->position;
	const bs_game_state* state = &position->state;
	bs_vec2 rest[BS_RULES_MAX_BALLS];
	for (int i = 0; i < state->ball_count; ++i) {
		rest[i] = state->balls[i].pos;
	}
	double now = bs_world_time(evaluator->world);
	for (int k = 0; k < position->world.ball_count; ++k) {
		rest[evaluator->state_index[k]] = bs_world_ball_state(evaluator->world, k, now).pos;
	}
	bs_ruling* ruling = &evaluator->ruling;
	if (!bs_rules_judge(state, call, evaluator->events, event_count, rest, ruling)) {
		return false; // a call the rules refuse never succeeds
	}
	evaluator->judged = true;
	if (ruling->foul != BS_FOUL_NONE) {
		return false;
	}
	if (ruling->after.over) {
		return ruling->after.winner == state->shooter;
	}
	// What the shot made (a legal pot, a carom point), not whether the turn
	// goes on: three-cushion passes the turn at the distance, so that the
	// other player may equal the innings.
	return ruling->scored;
}

bs_shot_outcome bs_shot_evaluate(bs_shot_evaluator* evaluator, const bs_cue_def* cue, const bs_shot_call* call,
	bool to_rest) {
	bs_shot_outcome outcome = {false, false, false, {NAN, NAN}, 0};
	evaluator->judged = false;
	const solve_position* position = &evaluator->position;
	const bs_goal* goal = &evaluator->goal;
	const char* field;
	char reason[160];
	if (!bs_cue_def_check(cue, position->world.physics, &field, reason, sizeof reason)) {
		return outcome; // a miscue, or a speed out of range: the shot is not played
	}
	if (!strike(evaluator, cue)) {
		return outcome;
	}
	bs_world* world = evaluator->world;
	int cue_id = position->balls[position->cue_index].id;
	bool game = goal->kind == BS_GOAL_GAME;
	// Only the goal's own outcome can end a shot early; a region needs the
	// cue ball at rest, and a game's rules need every contact, unless the
	// shot has already fouled.
	bool may_stop = !to_rest && !goal->has_region && !game;
	carom_tracker carom = {-1, 0};
	first_contact first = {false, 0.0, false};
	bool foul_may_stop = game && !to_rest && evaluator->on_count > 0;
	goal_verdict verdict = GOAL_OPEN;
	int kept = 0;
	while (bs_world_step(world)) {
		++outcome.events;
		if (outcome.events > BS_GAME_MAX_SHOT_EVENTS) {
			return outcome; // a shot that does not end is no success
		}
		bs_event event = bs_world_last_event(world);
		if (game) {
			if (event.kind <= BS_EVENT_POCKET && !keep_event(evaluator, &kept, event)) {
				return outcome;
			}
			if (foul_may_stop && foul_decided(evaluator, &first, cue_id, event)) {
				outcome.decided_early = true;
				return outcome;
			}
			continue;
		}
		if (verdict != GOAL_OPEN) {
			continue;
		}
		verdict = goal->kind == BS_GOAL_POT ? follow_pot(goal, cue_id, event) : follow_carom(&carom, cue_id, event);
		if (verdict == GOAL_MISSED && !to_rest) {
			outcome.decided_early = true;
			return outcome;
		}
		if (verdict == GOAL_MADE && may_stop) {
			outcome.success = true;
			outcome.decided_early = true;
			return outcome;
		}
	}
	if (bs_world_reached_time_limit(world)) {
		return outcome;
	}
	bs_ball_state cue_ball = bs_world_ball_state(world, position->cue_index, bs_world_time(world));
	outcome.cue_on_table = !cue_ball.pocketed;
	if (outcome.cue_on_table) {
		outcome.cue_end = cue_ball.pos;
	}
	bool made = game ? judge_game_shot(evaluator, call, kept) : verdict == GOAL_MADE;
	if (made && goal->has_region) {
		made = outcome.cue_on_table && inside_region(goal, outcome.cue_end);
	}
	outcome.success = made;
	return outcome;
}

bs_shot_family solve_classify(bs_shot_evaluator* evaluator, const bs_cue_def* cue, int target, bs_shot_family proposed,
	bs_shot_call* potted_call) {
	*potted_call = bs_no_call();
	if (proposed == BS_SHOT_SWEEP) {
		return proposed;
	}
	const solve_position* position = &evaluator->position;
	if (!strike(evaluator, cue)) {
		return proposed;
	}
	int cue_id = position->balls[position->cue_index].id;
	int first = -1;            // the first ball the cue ball touches
	int cue_cushions = 0;      // the cue ball's cushions before it
	bool cue_met_target = false;
	bs_vec2 target_contacts[8]; // where the target met cushions before its pot
	int target_cushions = 0;
	bool potted = false;
	int pocket = -1;
	bs_shot_call other = bs_no_call(); // the first other object ball potted, and where
	int64_t events = 0;
	while (!potted && bs_world_step(evaluator->world) && ++events <= BS_GAME_MAX_SHOT_EVENTS) {
		bs_event e = bs_world_last_event(evaluator->world);
		if (e.kind == BS_EVENT_CUSHION || e.kind == BS_EVENT_JAW) {
			cue_cushions += e.a == cue_id && first < 0;
			if (e.a == target && target_cushions < 8) {
				target_contacts[target_cushions++] = e.point;
			}
		} else if (e.kind == BS_EVENT_BALL && (e.a == cue_id || e.b == cue_id)) {
			int other = e.a == cue_id ? e.b : e.a;
			if (first < 0) {
				first = other;
			}
			cue_met_target = cue_met_target || other == target;
		} else if (e.kind == BS_EVENT_POCKET && e.a == target) {
			potted = true;
			pocket = e.b;
		} else if (e.kind == BS_EVENT_POCKET && e.a != cue_id && other.ball < 0) {
			other.ball = e.a;
			other.pocket = e.b;
		}
	}
	if (!potted && other.ball >= 0 && other.ball != target) {
		// It pots another ball than the one meant (a 9-ball shot may): say how it pots that one.
		return solve_classify(evaluator, cue, other.ball, proposed, potted_call);
	}
	if (!potted || first < 0) {
		return proposed; // not this shot's way to succeed: keep what the geometry meant
	}
	potted_call->ball = target;
	potted_call->pocket = pocket;
	if (cue_cushions > 0) {
		return BS_SHOT_KICK;
	}
	if (first != target) {
		return cue_met_target ? BS_SHOT_CAROM : BS_SHOT_COMBINATION;
	}
	// A bank meets a cushion away from the pocket it drops into; a touch of
	// that pocket's own jaws or facings on the way in is still direct.
	bs_vec2 mouth = bs_table_pocket(bs_world_table(evaluator->world), pocket).centre;
	for (int k = 0; k < target_cushions; ++k) {
		if (bs_v2_len(bs_v2_sub(target_contacts[k], mouth)) > SOLVE_POCKET_REACH) {
			return BS_SHOT_BANK;
		}
	}
	return BS_SHOT_DIRECT;
}
