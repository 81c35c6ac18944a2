// Snooker under the WPBSA Official Rules of the Games of Snooker and English
// Billiards, Section 3 ("The Game"); rule numbers as in the recent editions
// (Rule 4 End of Frame, Rule 6 Hitting Two Balls Simultaneously, Rule 7
// Spotting Colours, Rule 11 Fouls and their penalties). What the rules leave
// to the players' choice or the referee's judgement (play again, the miss,
// the free ball) is out of scope: docs/games.md, "Snooker".
#include "rules_internal.h"

#include <breakshot/spots.h>

#include <assert.h>
#include <math.h>
#include <stdio.h>

// How far clear of a ball a colour goes when it cannot go on its spot, so
// that it never starts the next shot touching (m).
#define SNOOKER_SPOT_GAP 1e-6

// The penalty for a foul on a colour after a red before one is nominated
// (Section 3 Rule 11: seven points).
#define SNOOKER_UNNOMINATED_PENALTY 7

static bool is_colour(bs_ball_kind kind) {
	return kind >= BS_BALL_SNOOKER_YELLOW && kind <= BS_BALL_SNOOKER_BLACK;
}

static int value_of(bs_ball_kind kind) {
	if (kind == BS_BALL_SNOOKER_RED) {
		return 1;
	}
	return is_colour(kind) ? 2 + (int)(kind - BS_BALL_SNOOKER_YELLOW) : 0;
}

static const char* colour_name(bs_ball_kind kind) {
	static const char* const names[] = {"yellow", "green", "brown", "blue", "pink", "black"};
	return is_colour(kind) ? names[kind - BS_BALL_SNOOKER_YELLOW] : kind == BS_BALL_SNOOKER_RED ? "red" : "colour";
}

// A colour's spot (Section 1, spots.h). The game is on a snooker table
// (bs_game_state_start), so there is one.
static bs_vec2 spot_of(const bs_table_def* table, bs_ball_kind kind) {
	bs_vec2 spot = bs_v2(0.0, 0.0);
	bool found = bs_snooker_spot(table, kind, &spot);
	(void)found;
	assert(found && "a snooker game is played on a snooker table (bs_game_state_start refuses others)");
	return spot;
}

// A spot is occupied when a ball placed on it would touch another (Section
// 2, "Spot Occupied"): touching counts.
static bool spot_is_free(const bs_game_state* after, int index, bs_vec2 pos) {
	double radius = after->balls[index].radius;
	return rules_ball_in_the_way(after, index, pos, radius, true) < 0 && rules_place_is_on_table(after, pos, radius);
}

// The nearest free place to `spot` along +x (direction 1) or -x (-1): the
// spot itself, or just past a ball that blocks the line. Free places along
// the line start either at the spot or where the ball leaves one of the
// balls behind it, so those are the only candidates. Returns false when the
// line is full that way.
static bool nearest_free_on_line(const bs_game_state* after, int index, bs_vec2 spot, double direction, bs_vec2* dest) {
	double radius = after->balls[index].radius;
	double best = INFINITY;
	for (int i = -1; i < after->ball_count; ++i) {
		double along = 0.0; // from the spot, in the direction
		if (i >= 0) {
			const bs_rules_ball* ball = &after->balls[i];
			if (i == index || !ball->on_table) {
				continue;
			}
			double sigma = radius + ball->radius;
			double dy = ball->pos.y - spot.y;
			if (fabs(dy) >= sigma) {
				continue;
			}
			along = direction * (ball->pos.x - spot.x) + sqrt(sigma * sigma - dy * dy) + SNOOKER_SPOT_GAP;
			if (along < 0.0) {
				continue;
			}
		}
		if (along < best && spot_is_free(after, index, bs_v2(spot.x + direction * along, spot.y))) {
			best = along;
		}
	}
	if (best == INFINITY) {
		return false;
	}
	*dest = bs_v2(spot.x + direction * best, spot.y);
	return true;
}

// Section 3 Rule 7: on its own spot; if that is occupied, on the highest
// value spot free; if every spot is, as near its own spot as it can go
// towards the top cushion, and failing that (the rule's case for the pink
// and black, taken for every colour) below its spot.
static bs_vec2 respot_place(const bs_game_state* after, int index, const char** where) {
	const bs_table_def* table = &after->table;
	bs_ball_kind kind = after->balls[index].kind;
	bs_vec2 own = spot_of(table, kind);
	if (spot_is_free(after, index, own)) {
		*where = "on its own spot";
		return own;
	}
	for (bs_ball_kind k = BS_BALL_SNOOKER_BLACK; k >= BS_BALL_SNOOKER_YELLOW; --k) {
		bs_vec2 spot = spot_of(table, k);
		if (spot_is_free(after, index, spot)) {
			static const char* const spots[] = {"on the yellow spot", "on the green spot", "on the brown spot",
				"on the blue spot", "on the pink spot", "on the black spot"};
			*where = spots[k - BS_BALL_SNOOKER_YELLOW];
			return spot;
		}
	}
	bs_vec2 place;
	if (nearest_free_on_line(after, index, own, 1.0, &place)) {
		*where = "near its spot towards the top cushion";
		return place;
	}
	if (nearest_free_on_line(after, index, own, -1.0, &place)) {
		*where = "near its spot towards the baulk cushion";
		return place;
	}
	*where = "on its own spot (the table is full)";
	return own; // 22 balls cannot fill a line the length of the table
}

static int count_reds(const bs_game_state* state) {
	int reds = 0;
	for (int i = 0; i < state->ball_count; ++i) {
		reds += state->balls[i].on_table && state->balls[i].kind == BS_BALL_SNOOKER_RED;
	}
	return reds;
}

// The lowest-value colour on the table, or BS_BALL_NUMBERED for none.
static bs_ball_kind lowest_colour(const bs_game_state* state) {
	bs_ball_kind lowest = BS_BALL_NUMBERED;
	for (int i = 0; i < state->ball_count; ++i) {
		bs_ball_kind kind = state->balls[i].kind;
		if (state->balls[i].on_table && is_colour(kind) && (lowest == BS_BALL_NUMBERED || kind < lowest)) {
			lowest = kind;
		}
	}
	return lowest;
}

static const char* name_of(const bs_game_state* state, int index, char* buffer, int size) {
	return rules_ball_name(state, index, buffer, size);
}

// What is on for this stroke, and what that is worth.
typedef struct snooker_on {
	bs_ball_kind on; ///< RED, a colour, or NUMBERED for the colour after a red
	int nominated;   ///< with NUMBERED: the nominated colour's index, or -1
	bool called;     ///< the nomination came from the call, not the first contact
	int value;       ///< the ball on's value, for penalties
} snooker_on;

int rules_balls_on_snooker(const bs_game_state* state, int* ids) {
	int reds = count_reds(state);
	bs_ball_kind on = state->on;
	if (on == BS_BALL_SNOOKER_RED && reds == 0) {
		on = lowest_colour(state); // a position set up without reds starts on the lowest colour
	}
	int n = 0;
	for (int i = 0; i < state->ball_count; ++i) {
		bs_ball_kind kind = state->balls[i].kind;
		bool is_on = on == BS_BALL_NUMBERED ? is_colour(kind) : kind == on;
		if (state->balls[i].on_table && is_on) {
			ids[n++] = state->balls[i].id;
		}
	}
	return n;
}

static bool ball_is_on(const bs_game_state* state, const snooker_on* on, int index) {
	bs_ball_kind kind = state->balls[index].kind;
	if (on->on == BS_BALL_NUMBERED) {
		return index == on->nominated;
	}
	return kind == on->on;
}

static const char* on_text(const bs_game_state* state, const snooker_on* on, char* buffer, int size) {
	if (on->on == BS_BALL_SNOOKER_RED) {
		snprintf(buffer, (size_t)size, "a red was on");
	} else if (on->on != BS_BALL_NUMBERED) {
		snprintf(buffer, (size_t)size, "the %s was on", colour_name(on->on));
	} else if (on->nominated >= 0) {
		snprintf(buffer, (size_t)size, "the %s was nominated", colour_name(state->balls[on->nominated].kind));
	} else {
		snprintf(buffer, (size_t)size, "a colour was on and none was nominated");
	}
	return buffer;
}

// Works out the ball on from the state and the call. Returns false, with the
// reason in the ruling, for a state that is not a snooker position or a call
// that nominates what cannot be on.
static bool find_on(const rules_shot* shot, const bs_shot_call* call, snooker_on* dest, bs_ruling* ruling) {
	const bs_game_state* state = shot->state;
	int reds = count_reds(state);
	bs_ball_kind lowest = lowest_colour(state);
	snooker_on on = {state->on, -1, false, 0};
	if (reds == 0 && lowest == BS_BALL_NUMBERED) {
		snprintf(ruling->text, sizeof ruling->text, "no object ball is on the table: the frame is over");
		return false;
	}
	// A position set up without reds starts on the lowest colour.
	if (on.on == BS_BALL_SNOOKER_RED && reds == 0) {
		on.on = lowest;
	}
	if (on.on != BS_BALL_SNOOKER_RED && on.on != BS_BALL_NUMBERED &&
		!(is_colour(on.on) && reds == 0 && on.on == lowest)) {
		snprintf(ruling->text, sizeof ruling->text,
			"state.on: \"%s\" cannot be on with %d reds on the table and the %s the lowest colour",
			bs_ball_kind_name(on.on), reds, lowest == BS_BALL_NUMBERED ? "none" : colour_name(lowest));
		return false;
	}
	if (call->ball >= 0) {
		int index = bs_game_state_find(state, call->ball);
		bs_ball_kind kind = state->balls[index].kind;
		bool can_be_on = on.on == BS_BALL_NUMBERED ? is_colour(kind) : kind == on.on;
		if (!can_be_on) {
			char name[48];
			snprintf(ruling->text, sizeof ruling->text, "call.ball: %s cannot be nominated: %s",
				name_of(state, index, name, sizeof name),
				on.on == BS_BALL_NUMBERED          ? "a colour is on"
					: on.on == BS_BALL_SNOOKER_RED ? "a red is on"
												   : "the ball on is another colour");
			return false;
		}
		if (on.on == BS_BALL_NUMBERED) {
			on.nominated = index;
			on.called = true;
		}
	}
	// With no call, the colour the cue ball first touches is the one
	// nominated, as a referee takes the obvious ball.
	if (on.on == BS_BALL_NUMBERED && on.nominated < 0) {
		for (int k = 0; k < shot->first_contact_count; ++k) {
			if (is_colour(state->balls[shot->first_contact[k]].kind)) {
				on.nominated = shot->first_contact[k];
				break;
			}
		}
	}
	on.value = on.on == BS_BALL_NUMBERED
		? (on.nominated >= 0 ? value_of(state->balls[on.nominated].kind) : SNOOKER_UNNOMINATED_PENALTY)
		: value_of(on.on);
	*dest = on;
	return true;
}

static void say_event(bs_ruling* ruling, const rules_shot* shot, int event) {
	rules_ruling_say(ruling, "(event %d, t = %.9g s)", event, shot->events[event].time);
}

bool rules_judge_snooker(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling) {
	const bs_game_state* state = shot->state;
	snooker_on on;
	if (!find_on(shot, call, &on, ruling)) {
		return false;
	}
	rules_ruling_begin(shot, rest, ruling);
	bs_game_state* after = &ruling->after;
	int shooter = state->shooter;
	char name[48];
	char on_buffer[64];

	// Every foul the stroke commits, in the order of precedence of bs_foul;
	// the penalty is the highest of their penalties (Section 3 Rule 11),
	// never below four.
	bs_foul foul = BS_FOUL_NONE;
	int penalty = 0;
	int foul_event = -1;
	int foul_ball = -1;
	int wrong_first = -1;
	if (shot->cue_pot_event >= 0) {
		foul = BS_FOUL_CUE_BALL_POCKETED;
		foul_event = shot->cue_pot_event;
		penalty = on.value;
	}
	if (shot->first_contact_event < 0) {
		if (foul == BS_FOUL_NONE) {
			foul = BS_FOUL_NO_CONTACT;
		}
		penalty = on.value > penalty ? on.value : penalty;
	} else {
		// The first contact, a split hit included: only two reds, or a
		// ball on alone, may be struck first (Section 3 Rule 6).
		int worst = -1;
		for (int k = 0; k < shot->first_contact_count; ++k) {
			int index = shot->first_contact[k];
			if (!ball_is_on(state, &on, index)) {
				int value = value_of(state->balls[index].kind);
				if (worst < 0 || value > value_of(state->balls[worst].kind)) {
					worst = index;
				}
			}
		}
		if (worst >= 0) {
			wrong_first = worst;
			if (foul == BS_FOUL_NONE) {
				foul = BS_FOUL_WRONG_BALL_FIRST;
				foul_event = shot->first_contact_event;
				foul_ball = worst;
			}
			int value = value_of(state->balls[worst].kind);
			int worth = value > on.value ? value : on.value;
			penalty = worth > penalty ? worth : penalty;
		}
	}
	int not_on_potted = 0;
	for (int p = 0; p < shot->pot_count; ++p) {
		int index = shot->pots[p].index;
		if (index == shot->cue_index || ball_is_on(state, &on, index)) {
			continue;
		}
		not_on_potted++;
		if (foul == BS_FOUL_NONE) {
			foul = BS_FOUL_BALL_NOT_ON_POTTED;
			foul_event = shot->pots[p].event;
			foul_ball = index;
		}
		int value = value_of(state->balls[index].kind);
		int worth = value > on.value ? value : on.value;
		penalty = worth > penalty ? worth : penalty;
	}
	if (foul != BS_FOUL_NONE && penalty < 4) {
		penalty = 4;
	}

	// What the stroke scores: every ball on potted, when it is no foul.
	int points = 0;
	int reds_potted = 0;
	for (int p = 0; p < shot->pot_count; ++p) {
		int index = shot->pots[p].index;
		if (index != shot->cue_index && ball_is_on(state, &on, index)) {
			reds_potted += state->balls[index].kind == BS_BALL_SNOOKER_RED;
			if (foul == BS_FOUL_NONE) {
				points += value_of(state->balls[index].kind);
			}
		}
	}

	rules_ruling_decided_by(ruling, foul_event);
	rules_ruling_decided_by(ruling, shot->first_contact_event);
	for (int p = 0; p < shot->pot_count; ++p) {
		rules_ruling_decided_by(ruling, shot->pots[p].event);
	}

	// The text: the foul and why, or what the stroke did.
	if (foul != BS_FOUL_NONE) {
		rules_ruling_say(ruling, "foul: ");
		switch (foul) {
		case BS_FOUL_CUE_BALL_POCKETED:
			rules_ruling_say(ruling, "the cue ball went in-off into pocket %d ", shot->events[foul_event].b);
			say_event(ruling, shot, foul_event);
			break;
		case BS_FOUL_NO_CONTACT:
			rules_ruling_say(ruling, "the cue ball touched no ball");
			break;
		case BS_FOUL_WRONG_BALL_FIRST:
			rules_ruling_say(ruling, "the cue ball touched %s %s", name_of(state, foul_ball, name, sizeof name),
				shot->first_contact_count > 1 ? "and another ball at once " : "first ");
			say_event(ruling, shot, foul_event);
			break;
		default:
			rules_ruling_say(ruling, "%s, not on, was potted ", name_of(state, foul_ball, name, sizeof name));
			say_event(ruling, shot, foul_event);
			break;
		}
		rules_ruling_say(ruling, " while %s", on_text(state, &on, on_buffer, sizeof on_buffer));
		if (foul != BS_FOUL_WRONG_BALL_FIRST && wrong_first >= 0) {
			rules_ruling_say(ruling, "; it touched %s first", name_of(state, wrong_first, name, sizeof name));
		}
		if (foul != BS_FOUL_BALL_NOT_ON_POTTED && not_on_potted > 0) {
			rules_ruling_say(ruling, "; %d ball%s not on potted", not_on_potted, not_on_potted > 1 ? "s" : "");
		}
		rules_ruling_say(ruling, "; %d to player %d", penalty, 2 - shooter);
	} else if (points > 0) {
		if (reds_potted > 1) {
			rules_ruling_say(ruling, "player %d potted %d reds: %d points", shooter + 1, reds_potted, points);
		} else {
			int index = -1;
			int event = -1;
			for (int p = 0; p < shot->pot_count; ++p) {
				if (shot->pots[p].index != shot->cue_index) {
					index = shot->pots[p].index;
					event = shot->pots[p].event;
				}
			}
			rules_ruling_say(ruling, "player %d potted %s ", shooter + 1, name_of(state, index, name, sizeof name));
			say_event(ruling, shot, event);
			rules_ruling_say(ruling, ": %d point%s", points, points > 1 ? "s" : "");
		}
	} else {
		rules_ruling_say(ruling, "no score: the cue ball touched %s first ",
			name_of(state, shot->first_contact[0], name, sizeof name));
		say_event(ruling, shot, shot->first_contact_event);
		rules_ruling_say(ruling, " and nothing was potted");
	}

	// Colours go back on their spots, the highest value first (Section 3
	// Rule 7), except the colour on potted in turn once the reds are gone
	// and the colour after the last red has been played. Reds stay down.
	bool clearance = on.on != BS_BALL_SNOOKER_RED && on.on != BS_BALL_NUMBERED;
	bool frame_ends = on.on == BS_BALL_SNOOKER_BLACK && (foul != BS_FOUL_NONE || points > 0);
	if (!frame_ends) {
		for (bs_ball_kind kind = BS_BALL_SNOOKER_BLACK; kind >= BS_BALL_SNOOKER_YELLOW; --kind) {
			for (int p = 0; p < shot->pot_count; ++p) {
				int index = shot->pots[p].index;
				if (state->balls[index].kind != kind || (clearance && foul == BS_FOUL_NONE && kind == on.on)) {
					continue;
				}
				const char* where;
				bs_vec2 place = respot_place(after, index, &where);
				rules_respot(ruling, index, place);
				rules_ruling_say(ruling, "; the %s respotted %s", colour_name(kind), where);
			}
		}
	}

	// The score, the turn and the ball on for the next stroke.
	ruling->foul = foul;
	ruling->points = points;
	ruling->foul_points = foul != BS_FOUL_NONE ? penalty : 0;
	after->score[shooter] += points;
	if (foul != BS_FOUL_NONE) {
		after->score[1 - shooter] += penalty;
	}
	bool continues = foul == BS_FOUL_NONE && points > 0;
	// A frame that ends here passes the turn to no one: the other player
	// has no inning to begin, and the striker stays the last to play, as
	// at the end of a pool game.
	bool frame_over = frame_ends && after->score[0] != after->score[1];
	if (continues) {
		ruling->turn_passes = false;
		ruling->scored = true;
	} else if (!frame_over) {
		rules_pass_turn(ruling);
	}
	if (shot->cue_pot_event >= 0) {
		after->in_hand = BS_IN_HAND_D; // Section 3 Rule 5: in-hand, from the D
	}
	int reds_left = count_reds(after);
	if (continues && on.on == BS_BALL_SNOOKER_RED) {
		after->on = BS_BALL_NUMBERED;
	} else if (reds_left > 0) {
		after->on = BS_BALL_SNOOKER_RED;
	} else {
		after->on = lowest_colour(after);
	}

	// The end of the frame (Section 3 Rule 4): with the black the last
	// ball, the first score or foul ends it, unless the scores are then
	// equal: the black is respotted and played for again from the D.
	if (frame_ends) {
		int black = -1;
		for (int i = 0; i < state->ball_count; ++i) {
			if (state->balls[i].kind == BS_BALL_SNOOKER_BLACK && state->balls[i].on_table) {
				black = i;
			}
		}
		if (after->score[0] == after->score[1]) {
			// The cue ball is in hand: off the table while the black goes back.
			after->balls[shot->cue_index].on_table = false;
			const char* where;
			bs_vec2 place = respot_place(after, black, &where);
			rules_respot(ruling, black, place);
			after->on = BS_BALL_SNOOKER_BLACK;
			if (!ruling->turn_passes) {
				rules_pass_turn(ruling);
			}
			after->in_hand = BS_IN_HAND_D;
			rules_ruling_say(ruling, "; scores level at %d: the black respotted %s, player %d plays from the D",
				after->score[0], where, after->shooter + 1);
		} else {
			int winner = after->score[0] > after->score[1] ? 0 : 1;
			rules_end_game(ruling, winner);
			ruling->turn_passes = true;
			rules_ruling_say(ruling, "; frame over: player %d wins %d to %d", winner + 1, after->score[winner],
				after->score[1 - winner]);
		}
		return true;
	}
	if (after->on == BS_BALL_NUMBERED) {
		rules_ruling_say(ruling, "; a colour is on");
	} else if (after->on == BS_BALL_SNOOKER_RED) {
		rules_ruling_say(ruling, "; player %d on a red", after->shooter + 1);
	} else {
		rules_ruling_say(ruling, "; player %d on the %s", after->shooter + 1, colour_name(after->on));
	}
	if (after->in_hand == BS_IN_HAND_D) {
		rules_ruling_say(ruling, " from the D");
	}
	return true;
}
