#include <breakshot/rules.h>

#include "rules_internal.h"

#include <breakshot/spots.h>

#include "placement.h"
#include "table_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char* const foul_names[BS_FOUL_COUNT] = {
	"none",
	"cue_ball_pocketed",
	"no_contact",
	"wrong_ball_first",
	"no_rail",
	"bad_break",
	"ball_not_on_potted",
	"placement",
};

const char* bs_foul_name(bs_foul foul) {
	return (int)foul >= 0 && foul < BS_FOUL_COUNT ? foul_names[foul] : "unknown";
}

bs_shot_call bs_no_call(void) {
	return (bs_shot_call){-1, -1};
}

int bs_game_state_find(const bs_game_state* state, int id) {
	for (int i = 0; i < state->ball_count; ++i) {
		if (state->balls[i].id == id) {
			return i;
		}
	}
	return -1;
}

static void say(char* error, size_t size, const char* format, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static void say(char* error, size_t size, const char* format, ...) {
	if (!error || size == 0) {
		return;
	}
	va_list args;
	va_start(args, format);
	vsnprintf(error, size, format, args);
	va_end(args);
}

// The kinds a game is played with, and its cue ball's.
static bool kind_belongs(bs_game_kind game, bs_ball_kind kind) {
	switch (game) {
	case BS_GAME_SNOOKER:
		return kind >= BS_BALL_SNOOKER_WHITE && kind <= BS_BALL_SNOOKER_BLACK;
	case BS_GAME_THREE_CUSHION:
		return kind >= BS_BALL_CAROM_WHITE && kind <= BS_BALL_CAROM_RED;
	default:
		return kind == BS_BALL_NUMBERED;
	}
}

// The highest ball number a pool game is played with.
static int pool_top_number(bs_game_kind game) {
	return game == BS_GAME_8_BALL ? 15 : game == BS_GAME_10_BALL ? 10 : 9;
}

// Counts the balls of `kind` in a state (on the table or not).
static int count_kind(const bs_game_state* state, bs_ball_kind kind) {
	int n = 0;
	for (int i = 0; i < state->ball_count; ++i) {
		n += state->balls[i].kind == kind;
	}
	return n;
}

// The ball a pool game is won by (9-ball's 9, 10-ball's 10, 8-ball's 8).
static int money_ball_of(bs_game_kind game) {
	return game == BS_GAME_9_BALL ? 9 : game == BS_GAME_10_BALL ? 10 : 8;
}

bool rules_state_problem(const bs_game_state* state, char* error, size_t error_size) {
	bs_game_kind game = state->game;
	if ((int)game < 0 || game >= BS_GAME_KIND_COUNT) {
		say(error, error_size, "state.game: unknown game %d", (int)game);
		return true;
	}
	if (state->ball_count < 1 || state->ball_count > BS_RULES_MAX_BALLS) {
		say(error, error_size, "state.balls: %d balls; a game holds 1 to %d", state->ball_count, BS_RULES_MAX_BALLS);
		return true;
	}
	if (state->shooter != 0 && state->shooter != 1) {
		say(error, error_size, "state.shooter: %d; the players are 0 and 1", state->shooter);
		return true;
	}
	if (state->winner < -1 || state->winner > 1 || (!state->over && state->winner != -1) ||
		(state->over && state->winner < 0 && game != BS_GAME_THREE_CUSHION)) {
		say(error, error_size, "state.winner: %d; 0 or 1 once over (-1 for a drawn three-cushion match), -1 before",
			state->winner);
		return true;
	}
	bool pool = bs_game_kind_is_pool(game);
	bool area_ok = state->in_hand == BS_IN_HAND_NONE || (pool && (state->in_hand == BS_IN_HAND_ANYWHERE ||
		state->in_hand == BS_IN_HAND_KITCHEN)) || (game == BS_GAME_SNOOKER && state->in_hand == BS_IN_HAND_D);
	if ((int)state->in_hand < 0 || state->in_hand >= BS_IN_HAND_COUNT || !area_ok) {
		say(error, error_size, "state.in_hand: no place for ball in hand in %s", bs_game_kind_name(game));
		return true;
	}
	int cue = bs_game_state_find(state, state->cue_ball);
	bs_ball_kind cue_kind = game == BS_GAME_SNOOKER ? BS_BALL_SNOOKER_WHITE
		: game == BS_GAME_THREE_CUSHION ? (state->shooter == 0 ? BS_BALL_CAROM_WHITE : BS_BALL_CAROM_YELLOW)
										: BS_BALL_NUMBERED;
	if (cue < 0 || state->balls[cue].kind != cue_kind || (pool && state->cue_ball != 0)) {
		say(error, error_size, "state.cue_ball: %d is not the cue ball of player %d (%s)", state->cue_ball,
			state->shooter + 1, pool ? "ball 0" : bs_ball_kind_name(cue_kind));
		return true;
	}
	if (!state->balls[cue].on_table && state->in_hand == BS_IN_HAND_NONE && !state->over) {
		say(error, error_size, "state.in_hand: the cue ball is off the table, so it must be in hand");
		return true;
	}
	int lightest = -1;
	int heaviest = -1;
	for (int i = 0; i < state->ball_count; ++i) {
		if (!(state->balls[i].radius > 0.0) || !(state->balls[i].mass > 0.0)) {
			say(error, error_size, "state.balls[%d]: radius and mass must be positive", i);
			return true;
		}
		lightest = lightest < 0 || state->balls[i].mass < state->balls[lightest].mass ? i : lightest;
		heaviest = heaviest < 0 || state->balls[i].mass > state->balls[heaviest].mass ? i : heaviest;
	}
	// A ball far lighter than the rest, pressed between them or against a
	// cushion, rattles back and forth with ever shorter flights while
	// friction drives the others into it: a shot of it runs to millions of
	// events instead of coming to rest.
	if (lightest >= 0 && state->balls[heaviest].mass > BS_RULES_MAX_MASS_RATIO * state->balls[lightest].mass) {
		say(error, error_size, "state.balls[%d].mass: %g kg is less than 1/%g of ball %d's %g kg; a game's balls "
			"must be within a factor %g in mass", lightest, state->balls[lightest].mass, BS_RULES_MAX_MASS_RATIO,
			state->balls[heaviest].id, state->balls[heaviest].mass, BS_RULES_MAX_MASS_RATIO);
		return true;
	}
	if (pool) {
		if (!state->table.has_pockets) {
			say(error, error_size, "table: %s is played on a table with pockets", bs_game_kind_name(game));
			return true;
		}
		int money = bs_game_state_find(state, money_ball_of(game));
		if (money < 0 || (!state->balls[money].on_table && !state->over)) {
			say(error, error_size, "state.balls: %s needs the %d on the table until the game is over",
				bs_game_kind_name(game), money_ball_of(game));
			return true;
		}
	}
	bs_eight_ball_group g0 = state->group[0];
	bs_eight_ball_group g1 = state->group[1];
	bool groups_ok = (g0 == BS_GROUP_OPEN && g1 == BS_GROUP_OPEN) ||
		(game == BS_GAME_8_BALL && ((g0 == BS_GROUP_SOLIDS && g1 == BS_GROUP_STRIPES) ||
									   (g0 == BS_GROUP_STRIPES && g1 == BS_GROUP_SOLIDS)));
	if (!groups_ok) {
		say(error, error_size, "state.group: %s", game == BS_GAME_8_BALL ? "both open, or one solids and one stripes"
																		: "only 8-ball has groups: both open");
		return true;
	}
	for (int p = 0; p < 2; ++p) {
		// A third foul in a row ends the game; before the end there are at most two.
		int most_fouls = state->over ? 3 : 2;
		if (state->fouls_in_row[p] < 0 || state->fouls_in_row[p] > most_fouls || state->score[p] < 0 ||
			state->innings[p] < 0) {
			say(error, error_size, "state: player %d's fouls in a row (0 to 2, 3 once over), score and innings must be "
				"possible", p + 1);
			return true;
		}
	}
	if (game == BS_GAME_SNOOKER) {
		static const bs_ball_kind colours[] = {BS_BALL_SNOOKER_WHITE, BS_BALL_SNOOKER_YELLOW, BS_BALL_SNOOKER_GREEN,
			BS_BALL_SNOOKER_BROWN, BS_BALL_SNOOKER_BLUE, BS_BALL_SNOOKER_PINK, BS_BALL_SNOOKER_BLACK};
		for (size_t k = 0; k < sizeof colours / sizeof colours[0]; ++k) {
			if (count_kind(state, colours[k]) > 1) {
				say(error, error_size, "state.balls: two balls are the %s", bs_ball_kind_name(colours[k]));
				return true;
			}
		}
		if (count_kind(state, BS_BALL_SNOOKER_RED) > 15) {
			say(error, error_size, "state.balls: more than 15 reds");
			return true;
		}
		bool on_ok = state->on == BS_BALL_SNOOKER_RED || state->on == BS_BALL_NUMBERED ||
			(state->on >= BS_BALL_SNOOKER_YELLOW && state->on <= BS_BALL_SNOOKER_BLACK);
		if (!on_ok) {
			say(error, error_size, "state.on: \"%s\" is never on in snooker", bs_ball_kind_name(state->on));
			return true;
		}
		// A colour is on by itself only once the reds are gone, and then the
		// lowest on the table.
		int reds = 0;
		bs_ball_kind lowest = BS_BALL_KIND_COUNT;
		for (int i = 0; i < state->ball_count; ++i) {
			const bs_rules_ball* ball = &state->balls[i];
			reds += ball->on_table && ball->kind == BS_BALL_SNOOKER_RED;
			if (ball->on_table && ball->kind >= BS_BALL_SNOOKER_YELLOW && ball->kind < lowest) {
				lowest = ball->kind;
			}
		}
		if (!state->over && state->on >= BS_BALL_SNOOKER_YELLOW && (reds > 0 || state->on != lowest)) {
			say(error, error_size, "state.on: \"%s\" cannot be on with %d reds on the table", bs_ball_kind_name(state->on),
				reds);
			return true;
		}
	}
	if (game == BS_GAME_THREE_CUSHION) {
		static const bs_ball_kind carom[] = {BS_BALL_CAROM_WHITE, BS_BALL_CAROM_YELLOW, BS_BALL_CAROM_RED};
		for (int k = 0; k < 3; ++k) {
			int index = -1;
			for (int i = 0; i < state->ball_count; ++i) {
				index = state->balls[i].kind == carom[k] ? i : index;
			}
			if (count_kind(state, carom[k]) != 1 || !state->balls[index].on_table) {
				say(error, error_size, "state.balls: three-cushion is played with one %s, on the table",
					bs_ball_kind_name(carom[k]));
				return true;
			}
		}
		if (state->table.has_pockets) {
			say(error, error_size, "table: three-cushion is played on a table without pockets (the \"carom\" preset)");
			return true;
		}
		if (state->target_points <= 0) {
			say(error, error_size, "state.target_points: %d; three-cushion needs a positive distance to play to",
				state->target_points);
			return true;
		}
		// Before the end, only one player can be at the distance, and the
		// other is then at the table for his last inning.
		bool at0 = state->score[0] >= state->target_points;
		bool at1 = state->score[1] >= state->target_points;
		if (!state->over && ((at0 && at1) || (at0 && state->shooter != 1) || (at1 && state->shooter != 0))) {
			say(error, error_size, "state.score: %d-%d at a distance of %d, and the game is not over", state->score[0],
				state->score[1], state->target_points);
			return true;
		}
	}
	return false;
}

bool bs_game_state_start(bs_game_kind game, const bs_table_def* table, const bs_ball_def* balls, int count,
	int target_points, bs_game_state* dest, char* error, size_t error_size) {
	if ((int)game < 0 || game > BS_GAME_THREE_CUSHION) {
		say(error, error_size, "game: unknown game %d", (int)game);
		return false;
	}
	if (count < 1 || count > BS_RULES_MAX_BALLS) {
		say(error, error_size, "balls: %d balls; a game holds 1 to %d", count, BS_RULES_MAX_BALLS);
		return false;
	}
	if (game == BS_GAME_SNOOKER && !bs_snooker_table(table)) {
		say(error, error_size, "table: snooker is played on a snooker table (%.9g x %.9g m to %.9g m; the \"snooker\" "
			"preset), whose spots and D the rules use", BS_SNOOKER_LENGTH, BS_SNOOKER_WIDTH, BS_SNOOKER_SIZE_TOLERANCE);
		return false;
	}
	if (game == BS_GAME_THREE_CUSHION && table->has_pockets) {
		say(error, error_size, "table: three-cushion is played on a table without pockets (the \"carom\" preset)");
		return false;
	}
	if (game == BS_GAME_THREE_CUSHION && target_points <= 0) {
		say(error, error_size, "target_points: %d; three-cushion needs a positive distance to play to", target_points);
		return false;
	}
	bs_game_state state;
	memset(&state, 0, sizeof state);
	state.game = game;
	memcpy(&state.table, table, sizeof state.table);
	state.ball_count = count;
	state.winner = -1;
	state.cue_ball = -1;
	state.is_break = true;
	state.on = BS_BALL_SNOOKER_RED;
	state.target_points = game == BS_GAME_THREE_CUSHION ? target_points : 0;
	state.innings[0] = 1;
	for (int i = 0; i < count; ++i) {
		const bs_ball_def* ball = &balls[i];
		if (!kind_belongs(game, ball->kind)) {
			say(error, error_size, "balls[%d].kind: \"%s\" is not a ball of %s", i, bs_ball_kind_name(ball->kind),
				bs_game_kind_name(game));
			return false;
		}
		for (int j = 0; j < i; ++j) {
			if (balls[j].id == ball->id) {
				say(error, error_size, "balls[%d].id: %d is also balls[%d]'s", i, ball->id, j);
				return false;
			}
		}
		if (ball->kind == BS_BALL_NUMBERED && (ball->id < 0 || ball->id > pool_top_number(game))) {
			say(error, error_size, "balls[%d].id: %d is no ball of %s (0, the cue ball, to %d)", i, ball->id,
				bs_game_kind_name(game), pool_top_number(game));
			return false;
		}
		bool is_cue = ball->kind == BS_BALL_NUMBERED ? ball->id == 0
			: ball->kind == BS_BALL_SNOOKER_WHITE || ball->kind == BS_BALL_CAROM_WHITE;
		if (is_cue) {
			if (state.cue_ball >= 0) {
				say(error, error_size, "balls[%d]: a second cue ball", i);
				return false;
			}
			state.cue_ball = ball->id;
		}
		// Field by field into the zeroed state: a compound literal's padding
		// is anyone's, and states compare byte for byte.
		bs_rules_ball* entry = &state.balls[i];
		entry->id = ball->id;
		entry->kind = ball->kind;
		entry->radius = ball->radius;
		entry->mass = ball->mass;
		entry->on_table = true;
		entry->pos = ball->pos;
	}
	if (state.cue_ball < 0) {
		say(error, error_size, "balls: no cue ball (%s)",
			game == BS_GAME_SNOOKER ? "a snooker_white"
			: game == BS_GAME_THREE_CUSHION ? "a carom_white"
											: "id 0");
		return false;
	}
	state.in_hand = game == BS_GAME_SNOOKER ? BS_IN_HAND_D
		: game == BS_GAME_THREE_CUSHION    ? BS_IN_HAND_NONE
										   : BS_IN_HAND_KITCHEN;
	if (rules_state_problem(&state, error, error_size)) {
		return false;
	}
	memcpy(dest, &state, sizeof state); // padding too: states compare whole
	return true;
}

// ---------------------------------------------------------------------------
// Reading a shot

static bool is_rail(bs_event_kind kind) {
	return kind == BS_EVENT_CUSHION || kind == BS_EVENT_JAW;
}

// The cue ball's centre at a contact of two balls, one of them the cue ball:
// the contact point less its radius along the normal (which runs from `a`
// towards `b`).
static bs_vec2 cue_centre(const bs_game_state* state, int cue_index, const bs_event* event) {
	double r = state->balls[cue_index].radius;
	double side = event->a == state->balls[cue_index].id ? -r : r;
	return bs_v2_add(event->point, bs_v2_scale(side, event->normal));
}

// Whether two contacts of the cue ball are one split hit: in the same place
// (its centre moved less than the engine's contact tolerance of the radius
// sum `sigma` between them) and within BS_RULES_SAME_INSTANT. The engine
// keeps absolute times and finds the second contact of a split hit only
// after resolving the first, so the two can be reported a few units in the
// last place of the time apart; a nanosecond is far beyond that, and far
// below any contact a referee could split (a ball at 10 m/s moves 10 nm).
// The place alone would not do: a cue ball stopped dead by its first
// contact can be struck where it stands a second later.
static bool same_place(const bs_event* first, bs_vec2 first_centre, const bs_event* later, bs_vec2 later_centre,
	double sigma) {
	return later->time - first->time <= BS_RULES_SAME_INSTANT &&
		bs_v2_len(bs_v2_sub(later_centre, first_centre)) <= BS_CONTACT_TOLERANCE * sigma;
}

bool rules_read_shot(const bs_game_state* state, const bs_event* events, int event_count, rules_shot* dest,
	bs_ruling* ruling) {
	rules_shot shot;
	memset(&shot, 0, sizeof shot);
	shot.state = state;
	shot.events = events;
	shot.event_count = event_count;
	shot.cue_index = bs_game_state_find(state, state->cue_ball);
	shot.first_contact_event = -1;
	shot.rail_after_contact_event = -1;
	shot.cue_pot_event = -1;
	bs_vec2 first_centre = bs_v2(0.0, 0.0);
	bool to_rail[BS_RULES_MAX_BALLS] = {false};
	bool gone[BS_RULES_MAX_BALLS] = {false};
	for (int e = 0; e < event_count; ++e) {
		const bs_event* event = &events[e];
		if ((int)event->kind < 0 || event->kind >= BS_EVENT_KIND_COUNT) {
			snprintf(ruling->text, sizeof ruling->text, "event %d is of no kind (%d)", e, (int)event->kind);
			return false;
		}
		if (event->kind > BS_EVENT_POCKET) {
			continue; // a change of motion: nothing a rule reads
		}
		int a = bs_game_state_find(state, event->a);
		int b = event->kind == BS_EVENT_BALL ? bs_game_state_find(state, event->b) : a;
		if (a < 0 || b < 0) {
			snprintf(ruling->text, sizeof ruling->text, "event %d names ball %d, which this game lacks", e,
				a < 0 ? event->a : event->b);
			return false;
		}
		if (!state->balls[a].on_table || !state->balls[b].on_table || gone[a] || gone[b]) {
			snprintf(ruling->text, sizeof ruling->text, "event %d names ball %d, which is off the table", e,
				!state->balls[a].on_table || gone[a] ? event->a : event->b);
			return false;
		}
		if (event->kind == BS_EVENT_BALL) {
			int other = a == shot.cue_index ? b : b == shot.cue_index ? a : -1;
			if (other < 0) {
				continue;
			}
			if (shot.first_contact_event < 0) {
				shot.first_contact_event = e;
				first_centre = cue_centre(state, shot.cue_index, event);
			}
			if (shot.first_contact_count < RULES_MAX_SIMULTANEOUS &&
				same_place(&events[shot.first_contact_event], first_centre, event,
					cue_centre(state, shot.cue_index, event), state->balls[a].radius + state->balls[b].radius)) {
				shot.first_contact[shot.first_contact_count++] = other;
			}
		} else if (is_rail(event->kind)) {
			if (shot.first_contact_event >= 0 && shot.rail_after_contact_event < 0) {
				shot.rail_after_contact_event = e;
			}
			if (a != shot.cue_index && !to_rail[a]) {
				to_rail[a] = true;
				shot.balls_to_rail++;
			}
		} else {
			gone[a] = true;
			shot.pots[shot.pot_count++] = (rules_pot){a, event->b, e};
			if (a == shot.cue_index) {
				shot.cue_pot_event = e;
			}
		}
	}
	// A split hit lists its balls in id order, whatever order the events
	// at that instant came in.
	for (int i = 1; i < shot.first_contact_count; ++i) {
		for (int j = i; j > 0 && state->balls[shot.first_contact[j]].id < state->balls[shot.first_contact[j - 1]].id;
			 --j) {
			int swap = shot.first_contact[j];
			shot.first_contact[j] = shot.first_contact[j - 1];
			shot.first_contact[j - 1] = swap;
		}
	}
	*dest = shot;
	return true;
}

bool rules_shot_pocketed(const rules_shot* shot, int index) {
	for (int p = 0; p < shot->pot_count; ++p) {
		if (shot->pots[p].index == index) {
			return true;
		}
	}
	return false;
}

// ---------------------------------------------------------------------------
// The ruling's bookkeeping

void rules_ruling_begin(const rules_shot* shot, const bs_vec2* rest, bs_ruling* ruling) {
	const bs_game_state* state = shot->state;
	memset(ruling, 0, sizeof *ruling);
	ruling->foul = BS_FOUL_NONE;
	ruling->turn_passes = true;
	memcpy(&ruling->after, state, sizeof ruling->after);
	bs_game_state* after = &ruling->after;
	for (int i = 0; i < state->ball_count; ++i) {
		if (!state->balls[i].on_table) {
			continue;
		}
		if (rules_shot_pocketed(shot, i)) {
			after->balls[i].on_table = false;
		} else {
			after->balls[i].pos = rest[i];
		}
	}
	after->in_hand = BS_IN_HAND_NONE;
	after->is_break = false;
	after->shot_count++;
}

void rules_ruling_decided_by(bs_ruling* ruling, int event) {
	if (event < 0) {
		return;
	}
	int n = ruling->deciding_count;
	for (int k = 0; k < n; ++k) {
		if (ruling->deciding[k] == event) {
			return;
		}
	}
	if (n == BS_RULING_MAX_DECIDING) {
		return;
	}
	int k = n;
	while (k > 0 && ruling->deciding[k - 1] > event) {
		ruling->deciding[k] = ruling->deciding[k - 1];
		--k;
	}
	ruling->deciding[k] = event;
	ruling->deciding_count = n + 1;
}

void rules_ruling_say(bs_ruling* ruling, const char* format, ...) {
	size_t used = strlen(ruling->text);
	if (used + 1 >= sizeof ruling->text) {
		return;
	}
	va_list args;
	va_start(args, format);
	vsnprintf(ruling->text + used, sizeof ruling->text - used, format, args);
	va_end(args);
}

void rules_pass_turn(bs_ruling* ruling) {
	bs_game_state* after = &ruling->after;
	ruling->turn_passes = true;
	after->shooter = 1 - after->shooter;
	after->innings[after->shooter]++;
}

void rules_end_game(bs_ruling* ruling, int winner) {
	ruling->after.over = true;
	ruling->after.winner = winner;
	ruling->after.in_hand = BS_IN_HAND_NONE;
}

void rules_respot(bs_ruling* ruling, int index, bs_vec2 pos) {
	bs_game_state* after = &ruling->after;
	after->balls[index].on_table = true;
	after->balls[index].pos = pos;
	ruling->respots[ruling->respot_count++] = (bs_respot){after->balls[index].id, pos};
}

int rules_ball_in_the_way(const bs_game_state* state, int skip_index, bs_vec2 pos, double radius,
	bool touching_blocks) {
	for (int i = 0; i < state->ball_count; ++i) {
		const bs_rules_ball* ball = &state->balls[i];
		if (i == skip_index || !ball->on_table) {
			continue;
		}
		double sigma = radius + ball->radius;
		bs_vec2 d = bs_v2_sub(ball->pos, pos);
		double distance_squared = bs_v2_dot(d, d);
		if (touching_blocks ? !(distance_squared > sigma * sigma) : distance_squared < sigma * sigma) {
			return i;
		}
	}
	return -1;
}

bool rules_place_is_on_table(const bs_game_state* state, bs_vec2 pos, double radius) {
	if (!isfinite(pos.x) || !isfinite(pos.y) || bs_table_def_problem(&state->table) ||
		!bs_table_def_size_ok(&state->table)) {
		return false;
	}
	bs_table table;
	bs_table_build(&state->table, &table);
	return bs_ball_inside_table(&table, pos, radius, 0.0, 0.0);
}

const char* rules_ball_name(const bs_game_state* state, int index, char* buffer, int size) {
	const bs_rules_ball* ball = &state->balls[index];
	if (ball->id == state->cue_ball) {
		snprintf(buffer, (size_t)size, "the cue ball");
	} else if (ball->kind == BS_BALL_NUMBERED) {
		snprintf(buffer, (size_t)size, "the %d", ball->id);
	} else if (ball->kind == BS_BALL_SNOOKER_RED) {
		snprintf(buffer, (size_t)size, "a red (%d)", ball->id);
	} else {
		const char* name = bs_ball_kind_name(ball->kind);
		const char* underscore = strchr(name, '_');
		snprintf(buffer, (size_t)size, "the %s", underscore ? underscore + 1 : name);
	}
	return buffer;
}

bs_vec2 rules_pool_spot(const bs_game_state* after, int index) {
	double radius = after->balls[index].radius;
	double length = after->table.width;
	double y = 0.5 * after->table.height;
	double foot = 0.75 * length;
	// Along the long string towards the foot rail, then back towards the
	// head, in steps of a hundredth of a radius: the first clear place.
	double step = 0.01 * radius;
	for (double x = foot; x <= length - radius; x += step) {
		bs_vec2 p = bs_v2(x, y);
		if (rules_ball_in_the_way(after, index, p, radius, false) < 0 && rules_place_is_on_table(after, p, radius)) {
			return p;
		}
	}
	for (double x = foot - step; x >= radius; x -= step) {
		bs_vec2 p = bs_v2(x, y);
		if (rules_ball_in_the_way(after, index, p, radius, false) < 0 && rules_place_is_on_table(after, p, radius)) {
			return p;
		}
	}
	return bs_v2(foot, y); // a long string full of balls: cannot happen with a pool game's 16
}

// ---------------------------------------------------------------------------
// Judging and placing

bool bs_rules_judge(const bs_game_state* state, const bs_shot_call* call, const bs_event* events,
	int event_count, const bs_vec2* rest, bs_ruling* dest) {
	memset(dest, 0, sizeof *dest);
	if (rules_state_problem(state, dest->text, sizeof dest->text)) {
		return false;
	}
	if (state->over) {
		if (state->winner < 0) {
			snprintf(dest->text, sizeof dest->text, "the game is over: drawn");
		} else {
			snprintf(dest->text, sizeof dest->text, "the game is over: player %d won", state->winner + 1);
		}
		return false;
	}
	bs_shot_call none = bs_no_call();
	if (!call) {
		call = &none;
	}
	if (call->ball >= 0 && call->ball == state->cue_ball) {
		snprintf(dest->text, sizeof dest->text, "call.ball: the cue ball is struck, not called");
		return false;
	}
	if (call->ball >= 0) {
		int index = bs_game_state_find(state, call->ball);
		if (index < 0 || !state->balls[index].on_table) {
			snprintf(dest->text, sizeof dest->text, "call.ball: ball %d is not on the table", call->ball);
			return false;
		}
	}
	if (call->pocket >= 0 || call->pocket < -1) {
		bs_table table;
		int pockets = 0;
		if (!bs_table_def_problem(&state->table) && bs_table_def_size_ok(&state->table)) {
			bs_table_build(&state->table, &table);
			pockets = table.pocket_count;
		}
		if (call->pocket >= pockets || call->pocket < -1) {
			snprintf(dest->text, sizeof dest->text, "call.pocket: %d is no pocket of this table (it has %d)",
				call->pocket, pockets);
			return false;
		}
	}
	if (event_count < 0 || (event_count > 0 && !events)) {
		snprintf(dest->text, sizeof dest->text, "events: %d events", event_count);
		return false;
	}
	rules_shot shot;
	if (!rules_read_shot(state, events, event_count, &shot, dest)) {
		return false;
	}
	switch (state->game) {
	case BS_GAME_9_BALL:
		return rules_judge_nine_ball(&shot, call, rest, dest);
	case BS_GAME_8_BALL:
		return rules_judge_eight_ball(&shot, call, rest, dest);
	case BS_GAME_10_BALL:
		return rules_judge_ten_ball(&shot, call, rest, dest);
	case BS_GAME_SNOOKER:
		return rules_judge_snooker(&shot, call, rest, dest);
	case BS_GAME_THREE_CUSHION:
		return rules_judge_three_cushion(&shot, call, rest, dest);
	case BS_GAME_KIND_COUNT:
		break;
	}
	snprintf(dest->text, sizeof dest->text, "game: unknown game %d", (int)state->game);
	return false;
}

int bs_rules_balls_on(const bs_game_state* state, int* ids) {
	if (state->over) {
		return 0;
	}
	switch (state->game) {
	case BS_GAME_9_BALL:
	case BS_GAME_10_BALL:
		return rules_balls_on_rotation(state, ids);
	case BS_GAME_8_BALL:
		return rules_balls_on_eight_ball(state, ids);
	case BS_GAME_SNOOKER:
		return rules_balls_on_snooker(state, ids);
	case BS_GAME_THREE_CUSHION:
		return rules_balls_on_three_cushion(state, ids);
	case BS_GAME_KIND_COUNT:
		break;
	}
	return 0;
}

bool rules_inside_in_hand_area(const bs_game_state* state, bs_vec2 pos, char* error, size_t error_size) {
	switch (state->in_hand) {
	case BS_IN_HAND_KITCHEN: {
		double head_string = 0.25 * state->table.width;
		if (pos.x < head_string) {
			return true;
		}
		say(error, error_size, "ball in hand: (%.9g, %.9g) is not behind the head string (x < %.9g m)", pos.x, pos.y,
			head_string);
		return false;
	}
	case BS_IN_HAND_D: {
		bs_snooker_marks marks = {BS_SNOOKER_BAULK_LINE, {0.0, 0.0}, BS_SNOOKER_D_RADIUS};
		if (bs_snooker_marks_of(&state->table, &marks) && bs_snooker_in_d(&marks, pos)) {
			return true;
		}
		say(error, error_size, "ball in hand: (%.9g, %.9g) is outside the D (on or behind the baulk line x = %.9g m, "
			"within %.9g m of its middle)", pos.x, pos.y, marks.baulk_x, marks.d_radius);
		return false;
	}
	default:
		return true;
	}
}

bool bs_rules_check_placement(const bs_game_state* state, bs_vec2 pos, char* error, size_t error_size) {
	if (rules_state_problem(state, error, error_size)) {
		return false;
	}
	if (state->over) {
		say(error, error_size, "ball in hand: the game is over");
		return false;
	}
	if (state->in_hand == BS_IN_HAND_NONE) {
		say(error, error_size, "ball in hand: the cue ball is played from where it lies; the rules give no ball in hand");
		return false;
	}
	int cue = bs_game_state_find(state, state->cue_ball);
	double radius = state->balls[cue].radius;
	if (!isfinite(pos.x) || !isfinite(pos.y)) {
		say(error, error_size, "ball in hand: the place must be finite");
		return false;
	}
	if (!rules_place_is_on_table(state, pos, radius)) {
		say(error, error_size, "ball in hand: (%.9g, %.9g) is not on the table, a radius (%.9g m) clear of its "
			"cushions and pockets", pos.x, pos.y, radius);
		return false;
	}
	if (!rules_inside_in_hand_area(state, pos, error, error_size)) {
		return false;
	}
	int in_the_way = rules_ball_in_the_way(state, cue, pos, radius, false);
	if (in_the_way >= 0) {
		char name[48];
		const bs_rules_ball* ball = &state->balls[in_the_way];
		say(error, error_size, "ball in hand: (%.9g, %.9g) overlaps %s at (%.9g, %.9g)", pos.x, pos.y,
			rules_ball_name(state, in_the_way, name, sizeof name), ball->pos.x, ball->pos.y);
		return false;
	}
	return true;
}

bool bs_rules_place_cue_ball(bs_game_state* state, bs_vec2 pos, char* error, size_t error_size) {
	if (!bs_rules_check_placement(state, pos, error, error_size)) {
		return false;
	}
	int cue = bs_game_state_find(state, state->cue_ball);
	state->balls[cue].pos = pos;
	state->balls[cue].on_table = true;
	state->in_hand = BS_IN_HAND_NONE;
	return true;
}
