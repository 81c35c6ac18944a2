// Helpers for the tests of the rules: events made by hand, shots judged with
// the balls resting where they stood, shots simulated on a world and judged
// from its own events and rest positions, and a check of a whole ruling.
#ifndef BREAKSHOT_TESTS_RULES_JUDGE_HELPERS_H
#define BREAKSHOT_TESTS_RULES_JUDGE_HELPERS_H

#include <string.h>

#include <breakshot/rules.h>
#include <breakshot/shot.h>
#include <breakshot/world.h>

#include "check.h"

/// An event record as the world writes one (the fields a rule reads).
static inline bs_event make_event(bs_event_kind kind, double time, int a, int b) {
	bs_event event;
	memset(&event, 0, sizeof event);
	event.kind = kind;
	event.time = time;
	event.a = a;
	event.b = b;
	return event;
}

/// Two balls meet: the lower id is `a`, as the world writes it.
static inline bs_event ev_hit(double time, int a, int b) {
	return a < b ? make_event(BS_EVENT_BALL, time, a, b) : make_event(BS_EVENT_BALL, time, b, a);
}

/// Ball `a` meets cushion segment `segment`.
static inline bs_event ev_cushion(double time, int a, int segment) {
	return make_event(BS_EVENT_CUSHION, time, a, segment);
}

/// Ball `a` drops into pocket `pocket`.
static inline bs_event ev_pot(double time, int a, int pocket) {
	return make_event(BS_EVENT_POCKET, time, a, pocket);
}

/// Where the balls of `state` stand now, as the rest positions of a shot
/// that moved none of them.
static inline void rest_in_place(const bs_game_state* state, bs_vec2* rest) {
	for (int i = 0; i < state->ball_count; ++i) {
		rest[i] = state->balls[i].pos;
	}
}

/// Judges hand-made events with every ball resting where it stood; a
/// refusal is a failure, its reason printed.
static inline bs_ruling judge_at(const char* file, int line, const bs_game_state* state, const bs_shot_call* call,
	const bs_event* events, int count) {
	bs_vec2 rest[BS_RULES_MAX_BALLS];
	rest_in_place(state, rest);
	bs_ruling ruling;
	if (!bs_rules_judge(state, call, events, count, rest, &ruling)) {
		check_fail_at(file, line, "bs_rules_judge refused the shot: %s", ruling.text);
	}
	return ruling;
}
#define JUDGE(state, call, events, count) judge_at(__FILE__, __LINE__, (state), (call), (events), (count))

/// Whether bs_rules_judge refuses the shot; the reason goes into `text`.
static inline bool judge_refuses(const bs_game_state* state, const bs_shot_call* call, const bs_event* events,
	int count, char* text, size_t size) {
	bs_vec2 rest[BS_RULES_MAX_BALLS];
	rest_in_place(state, rest);
	bs_ruling ruling;
	bool accepted = bs_rules_judge(state, call, events, count, rest, &ruling);
	snprintf(text, size, "%s", ruling.text);
	return !accepted;
}

/// The ruling's foul, points, foul points, next shooter, ball in hand and
/// the end of the game, checked at the caller's line.
#define CHECK_RULING(ruling, foul_, points_, foul_points_, next_shooter_, in_hand_, over_, winner_)                    \
	do {                                                                                                               \
		const bs_ruling* check_r_ = &(ruling);                                                                         \
		CHECK_EQ_STR(bs_foul_name(check_r_->foul), bs_foul_name(foul_));                                               \
		CHECK_EQ_INT(check_r_->points, points_);                                                                       \
		CHECK_EQ_INT(check_r_->foul_points, foul_points_);                                                             \
		CHECK_EQ_INT(check_r_->after.shooter, next_shooter_);                                                          \
		CHECK_EQ_INT(check_r_->after.in_hand, in_hand_);                                                               \
		CHECK_EQ_INT(check_r_->after.over, over_);                                                                     \
		CHECK_EQ_INT(check_r_->after.winner, winner_);                                                                 \
	} while (0)

/// The ruling's deciding events are exactly `expected` (count of them).
#define CHECK_DECIDING(ruling, ...)                                                                                    \
	do {                                                                                                               \
		const int check_d_[] = {__VA_ARGS__};                                                                          \
		int check_n_ = (int)(sizeof check_d_ / sizeof check_d_[0]);                                                    \
		CHECK_EQ_INT((ruling).deciding_count, check_n_);                                                               \
		for (int check_k_ = 0; check_k_ < check_n_ && check_k_ < (ruling).deciding_count; ++check_k_) {                \
			CHECK_EQ_INT((ruling).deciding[check_k_], check_d_[check_k_]);                                             \
		}                                                                                                              \
	} while (0)

/// A simulated shot: its events (changes of motion included, as the world
/// gives them) and where each ball came to rest.
typedef struct sim_shot {
	int count;
	bs_event events[4096];
	bs_vec2 rest[BS_RULES_MAX_BALLS];
} sim_shot;

/// Runs a world made from `def` to rest into `dest`: rest[i] is where ball
/// def.balls[i] stopped. Returns false (a failure printed) when the world
/// cannot be made or its events overflow.
static inline bool simulate_at(const char* file, int line, const bs_world_def* def, sim_shot* dest) {
	bs_def_report report;
	if (!bs_world_def_check(def, &report)) {
		check_fail_at(file, line, "the world def is refused: %s", report.message);
		return false;
	}
	bs_world* world = bs_world_create(def);
	if (!world) {
		check_fail_at(file, line, "bs_world_create failed");
		return false;
	}
	int capacity = (int)(sizeof dest->events / sizeof dest->events[0]);
	dest->count = bs_shot_run(world, dest->events, capacity);
	bool ok = dest->count < capacity;
	if (!ok) {
		check_fail_at(file, line, "the shot did not come to rest within %d events", capacity);
	}
	bs_ball_state states[BS_RULES_MAX_BALLS];
	bs_shot_ball_states(world, bs_world_time(world), states);
	for (int i = 0; i < def->ball_count && i < BS_RULES_MAX_BALLS; ++i) {
		dest->rest[i] = states[i].pos;
	}
	bs_world_destroy(world);
	return ok;
}
#define SIMULATE(def, dest) simulate_at(__FILE__, __LINE__, (def), (dest))

/// The index in `events` of the first event of `kind` between `a` and `b`
/// (b: the other ball, the cushion or the pocket; -1 for any), or -1.
static inline int find_event(const bs_event* events, int count, bs_event_kind kind, int a, int b) {
	for (int e = 0; e < count; ++e) {
		const bs_event* event = &events[e];
		if (event->kind != kind) {
			continue;
		}
		if (kind == BS_EVENT_BALL) {
			bool pair = (event->a == a && (b < 0 || event->b == b)) || (event->b == a && (b < 0 || event->a == b));
			if (pair) {
				return e;
			}
		} else if (event->a == a && (b < 0 || event->b == b)) {
			return e;
		}
	}
	return -1;
}

#endif
