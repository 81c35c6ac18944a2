// breakshot: what the rules of every game share: the facts of a shot read
// from its events, the ruling's bookkeeping, and each game's judge.
#ifndef BREAKSHOT_RULES_INTERNAL_H
#define BREAKSHOT_RULES_INTERNAL_H

#include <breakshot/rules.h>

#include <stdbool.h>

/// Most balls the cue ball can touch at one instant that a shot keeps.
#define RULES_MAX_SIMULTANEOUS 4

/// A ball pocketed during a shot.
typedef struct rules_pot {
	int index;  ///< into state->balls
	int pocket; ///< pocket index
	int event;  ///< index into the event list
} rules_pot;

/// What a shot's events say, in the terms every ruleset uses. Event
/// indices are into the list judged; -1 for none.
typedef struct rules_shot {
	const bs_game_state* state;
	const bs_event* events;
	int event_count;
	int cue_index; ///< index of the cue ball in state->balls

	/// The cue ball's first contact with another ball: the event, and every
	/// ball it touched in the same place, so at the same instant (a split
	/// hit; rules.c, same_place), in id order.
	int first_contact_event;
	int first_contact_count;
	int first_contact[RULES_MAX_SIMULTANEOUS]; ///< indices into state->balls

	/// The first event after the first contact (later in the list) in which
	/// any ball meets a cushion or jaw.
	int rail_after_contact_event;

	int pot_count;                         ///< balls pocketed, in event order
	rules_pot pots[BS_RULES_MAX_BALLS];    ///< see pot_count
	int cue_pot_event;                     ///< the cue ball's pocket event

	/// Object balls that met a cushion or jaw during the shot (the break's
	/// count), each counted once.
	int balls_to_rail;
} rules_shot;

/// Whether a state is one its game cannot be played from (a cue ball, a
/// ball set, groups, a ball on, ball in hand, scores or a table that its
/// rules cannot have made); writes the field and the reason into `error`.
bool rules_state_problem(const bs_game_state* state, char* error, size_t error_size);

/// Whether `pos` (m) is inside the area where the state's ball in hand may
/// go (anywhere when it gives none); writes why not into `error`.
bool rules_inside_in_hand_area(const bs_game_state* state, bs_vec2 pos, char* error, size_t error_size);

/// Reads the facts of a shot. Returns false, writing the reason into
/// `ruling->text`, when an event names a ball the game lacks or one that
/// was off the table before the shot.
bool rules_read_shot(const bs_game_state* state, const bs_event* events, int event_count, rules_shot* dest,
	bs_ruling* ruling);

/// Whether ball `index` (into state->balls) was pocketed during the shot.
bool rules_shot_pocketed(const rules_shot* shot, int index);

/// Starts a ruling: no foul, no points, the turn passes; `after` is the
/// state with the balls moved to `rest`, pocketed ones off the table, and
/// the shot counted.
void rules_ruling_begin(const rules_shot* shot, const bs_vec2* rest, bs_ruling* ruling);

/// Adds an event to the ruling's deciding events (in time order, once each).
void rules_ruling_decided_by(bs_ruling* ruling, int event);

/// Appends formatted text to the ruling's explanation.
void rules_ruling_say(bs_ruling* ruling, const char* format, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/// Passes the turn in `after`: the other player shoots, and starts an inning.
void rules_pass_turn(bs_ruling* ruling);

/// Ends the game in `after` with `winner`.
void rules_end_game(bs_ruling* ruling, int winner);

/// Puts ball `index` back on the table at `pos` in `after`, and records it.
void rules_respot(bs_ruling* ruling, int index, bs_vec2 pos);

/// The first ball on the table in `state` (its index), but `skip_index`
/// (-1: none), that a ball of `radius` at `pos` would overlap, or that it
/// would touch when `touching_blocks`; -1 when there is none.
int rules_ball_in_the_way(const bs_game_state* state, int skip_index, bs_vec2 pos, double radius,
	bool touching_blocks);

/// Whether a ball of `radius` at `pos` lies on the playing surface of the
/// state's table, clear of its cushions, jaws and pockets.
bool rules_place_is_on_table(const bs_game_state* state, bs_vec2 pos, double radius);

/// A ball's name for messages: "the 9", "the cue ball", "a red", "the pink".
const char* rules_ball_name(const bs_game_state* state, int index, char* buffer, int size);

/// Pool's respot (WPA General Rules 1.4): on the foot spot, or else on the
/// long string behind it as near the spot as the balls allow, or else in
/// front of it. `after` is the state the ball goes into.
bs_vec2 rules_pool_spot(const bs_game_state* after, int index);

// Each game's judge, called by bs_rules_judge after the common checks.
/// Each game's balls on (bs_rules_balls_on): writes the ids, returns how many.
int rules_balls_on_rotation(const bs_game_state* state, int* ids);
int rules_balls_on_eight_ball(const bs_game_state* state, int* ids);
int rules_balls_on_snooker(const bs_game_state* state, int* ids);
int rules_balls_on_three_cushion(const bs_game_state* state, int* ids);

bool rules_judge_nine_ball(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling);
bool rules_judge_eight_ball(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling);
bool rules_judge_ten_ball(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling);
bool rules_judge_snooker(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling);
bool rules_judge_three_cushion(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest,
	bs_ruling* ruling);

#endif
