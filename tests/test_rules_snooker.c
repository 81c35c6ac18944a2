// Snooker's rules (WPBSA Section 3): situations from the rulebook with the
// ruling each must give (the foul, the points, the penalty, who plays next,
// ball in hand, respots and where, the end of the frame), on events made by
// hand and on shots simulated under pool physics; the close calls that the
// events' order decides; and a whole frame, a maximum break, to its end.
#include <math.h>

#include "check.h"
#include "rules_judge_helpers.h"
#include <breakshot/rules.h>
#include <breakshot/table.h>

// The WPBSA table (3569 x 1778 mm) as a plain rectangle, until the snooker
// preset lands; its balls 52.5 mm across.
#define W 3.569
#define H 1.778
#define MID (0.5 * H)
#define R 0.02625

// Ball ids: the white, the fifteen reds, then the colours.
enum { WHITE = 0, RED1 = 1, YELLOW = 16, GREEN, BROWN, BLUE, PINK, BLACK };

// The spots (WPBSA Section 1), the yellow on the right of the D seen from
// the baulk end.
static const double spot_x[6] = {0.737, 0.737, 0.737, 0.5 * W, 0.75 * W, W - 0.324};
static const double spot_y[6] = {MID - 0.292, MID + 0.292, MID, MID, MID, MID};

static bs_ball_kind kind_of(int id) {
	if (id == WHITE) {
		return BS_BALL_SNOOKER_WHITE;
	}
	if (id < YELLOW) {
		return BS_BALL_SNOOKER_RED;
	}
	return (bs_ball_kind)(BS_BALL_SNOOKER_YELLOW + (id - YELLOW));
}

static bs_ball_def ball(int id, double x, double y) {
	bs_ball_def def = bs_default_ball_def();
	def.id = id;
	def.kind = kind_of(id);
	def.radius = R;
	def.mass = 0.142;
	def.pos = bs_v2(x, y);
	return def;
}

static bs_ball_def on_spot(int id) {
	return ball(id, spot_x[id - YELLOW], spot_y[id - YELLOW]);
}

// The frame's opening position: the white in the D, the reds in their
// triangle behind the pink, the colours on their spots.
static int full_rack(bs_ball_def* balls) {
	int n = 0;
	balls[n++] = ball(WHITE, 0.6, 0.8);
	double apex = spot_x[PINK - YELLOW] + 2.0 * R + 1e-5;
	int id = RED1;
	for (int row = 0; row < 5; ++row) {
		for (int k = 0; k <= row; ++k) {
			balls[n++] = ball(id++, apex + row * sqrt(3.0) * (R + 5e-6), MID + (k - 0.5 * row) * (2.0 * R + 1e-5));
		}
	}
	for (int c = YELLOW; c <= BLACK; ++c) {
		balls[n++] = on_spot(c);
	}
	return n;
}

static bs_game_state start(const bs_table_def* table, const bs_ball_def* balls, int count) {
	bs_game_state state;
	char error[BS_RULES_ERROR_SIZE];
	if (!bs_game_state_start(BS_GAME_SNOOKER, table, balls, count, 0, &state, error, sizeof error)) {
		CHECK_FAIL("bs_game_state_start refused the balls: %s", error);
		memset(&state, 0, sizeof state);
	}
	return state;
}

static bs_game_state rack_state(void) {
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	int n = full_rack(balls);
	bs_table_def table;
	bs_table_preset("snooker", true, &table);
	return start(&table, balls, n);
}

static bs_game_state state_of(const bs_ball_def* balls, int count) {
	bs_table_def table;
	bs_table_preset("snooker", true, &table);
	return start(&table, balls, count);
}

static bs_shot_call nominate(int id) {
	bs_shot_call call = bs_no_call();
	call.ball = id;
	return call;
}

static bs_vec2 pos_of(const bs_game_state* state, int id) {
	return state->balls[bs_game_state_find(state, id)].pos;
}

static bool on_table(const bs_game_state* state, int id) {
	return state->balls[bs_game_state_find(state, id)].on_table;
}

// The state after a legal red: player 0 on a colour, 1 - 0.
static bs_game_state after_a_red(void) {
	bs_game_state state = rack_state();
	bs_event shot[] = {ev_hit(0.9, WHITE, 11), ev_pot(1.6, 11, 3)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 2);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_NUMBERED);
	return ruling.after;
}

// ---------------------------------------------------------------------------
// Reds and colours

static void break_off_touching_a_red_passes_the_turn(void) {
	bs_game_state state = rack_state();
	CHECK_EQ_INT(state.in_hand, BS_IN_HAND_D);
	bs_event shot[] = {ev_hit(1.1, WHITE, 15), ev_cushion(1.4, WHITE, 2), ev_hit(1.45, 11, 15)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 3);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK(ruling.turn_passes);
	CHECK(!ruling.scored);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_RED);
	CHECK_EQ_INT(ruling.after.innings[1], 1);
	CHECK_EQ_INT(ruling.respot_count, 0);
	CHECK_DECIDING(ruling, 0);
	CHECK_CONTAINS(ruling.text, "no score: the cue ball touched a red (15) first (event 0, t = 1.1 s)");
}

static void potting_a_red_scores_one_and_puts_a_colour_on(void) {
	bs_game_state state = rack_state();
	bs_event shot[] = {ev_hit(0.9, WHITE, 11), ev_cushion(1.2, 11, 3), ev_pot(1.6, 11, 3)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 3);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK(!ruling.turn_passes);
	CHECK(ruling.scored);
	CHECK_EQ_INT(ruling.after.score[0], 1);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_NUMBERED);
	CHECK(!on_table(&ruling.after, 11));
	CHECK_DECIDING(ruling, 0, 2);
	CHECK_CONTAINS(ruling.text, "player 1 potted a red (11) (event 2, t = 1.6 s): 1 point; a colour is on");
}

// Section 3 Rule 3: every red potted in one legal stroke scores.
static void potting_two_reds_scores_both(void) {
	bs_game_state state = rack_state();
	bs_event shot[] = {ev_hit(0.9, WHITE, 11), ev_hit(0.95, 11, 12), ev_pot(1.6, 11, 3), ev_pot(1.7, 12, 2)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 4);
	CHECK_RULING(ruling, BS_FOUL_NONE, 2, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.score[0], 2);
	CHECK(!on_table(&ruling.after, 11) && !on_table(&ruling.after, 12));
	CHECK_EQ_INT(ruling.after.on, BS_BALL_NUMBERED);
	CHECK_CONTAINS(ruling.text, "potted 2 reds: 2 points");
}

// Section 3 Rules 3 and 7: the nominated colour scores and goes back on
// its spot while reds remain.
static void nominated_colour_scores_and_is_respotted(void) {
	bs_game_state state = after_a_red();
	bs_shot_call call = nominate(BLUE);
	bs_event shot[] = {ev_hit(0.7, WHITE, BLUE), ev_pot(1.3, BLUE, 4)};
	bs_ruling ruling = JUDGE(&state, &call, shot, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 5, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.score[0], 6);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_RED);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, BLUE);
	CHECK_EQ_DBL(ruling.respots[0].pos.x, spot_x[BLUE - YELLOW]);
	CHECK_EQ_DBL(ruling.respots[0].pos.y, spot_y[BLUE - YELLOW]);
	CHECK(on_table(&ruling.after, BLUE));
	CHECK_CONTAINS(ruling.text, "the blue respotted on its own spot");
}

// With no call the colour the cue ball first touches is the one nominated.
static void first_colour_touched_is_nominated_without_a_call(void) {
	bs_game_state state = after_a_red();
	bs_event shot[] = {ev_hit(0.4, WHITE, PINK), ev_pot(0.8, PINK, 3)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 6, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.score[0], 7);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_DBL(ruling.respots[0].pos.x, spot_x[PINK - YELLOW]);
}

// Section 3 Rule 11: first hitting a ball not on; the penalty is the higher
// of the ball on's value and the ball's, at least four.
static void first_contact_with_a_colour_on_a_red_is_a_foul(void) {
	bs_game_state state = rack_state();
	bs_event shot[] = {ev_cushion(0.3, WHITE, 0), ev_hit(0.5122, WHITE, PINK), ev_hit(0.6, PINK, 1)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 3);
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 6, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.score[1], 6);
	CHECK_EQ_INT(ruling.after.score[0], 0);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_RED);
	CHECK_DECIDING(ruling, 1);
	CHECK_CONTAINS(ruling.text,
		"foul: the cue ball touched the pink first (event 1, t = 0.5122 s) while a red was on; 6 to player 2");
}

static void potting_a_colour_on_a_red_is_a_foul(void) {
	bs_game_state state = rack_state();
	bs_event shot[] = {ev_hit(0.9, WHITE, 7), ev_hit(1.2, 7, BLACK), ev_pot(1.9, BLACK, 2)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 3);
	CHECK_RULING(ruling, BS_FOUL_BALL_NOT_ON_POTTED, 0, 7, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, BLACK);
	CHECK_EQ_DBL(ruling.respots[0].pos.x, spot_x[BLACK - YELLOW]);
	CHECK_DECIDING(ruling, 0, 2);
	CHECK_CONTAINS(ruling.text, "the black, not on, was potted (event 2, t = 1.9 s) while a red was on; 7 to player 2");
}

// Section 3 Rules 5 and 11: an in-off is a foul of at least four, and the
// next player plays from the D.
static void in_off_gives_four_and_the_d(void) {
	bs_game_state state = rack_state();
	bs_event shot[] = {ev_hit(0.9, WHITE, 12), ev_cushion(1.3, WHITE, 3), ev_pot(2.0, WHITE, 5)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 3);
	CHECK_RULING(ruling, BS_FOUL_CUE_BALL_POCKETED, 0, 4, 1, BS_IN_HAND_D, false, -1);
	CHECK(!on_table(&ruling.after, WHITE));
	CHECK_DECIDING(ruling, 0, 2);
	char error[BS_RULES_ERROR_SIZE];
	CHECK(bs_rules_check_placement(&ruling.after, bs_v2(0.6, MID + 0.1), error, sizeof error));
	CHECK(!bs_rules_check_placement(&ruling.after, bs_v2(0.8, MID), error, sizeof error));
	CHECK_CONTAINS(error, "outside the D");
	bs_game_state placed = ruling.after;
	CHECK(bs_rules_place_cue_ball(&placed, bs_v2(0.6, MID + 0.1), error, sizeof error));
	CHECK(on_table(&placed, WHITE));
}

// Missing every ball: the value of the ball on, at least four; a colour not
// nominated before the foul costs seven (Section 3 Rule 11).
static void missing_every_ball(void) {
	bs_game_state state = rack_state();
	bs_event miss[] = {ev_cushion(0.8, WHITE, 2), ev_cushion(2.1, WHITE, 5)};
	bs_ruling ruling = JUDGE(&state, NULL, miss, 2);
	CHECK_RULING(ruling, BS_FOUL_NO_CONTACT, 0, 4, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_CONTAINS(ruling.text, "foul: the cue ball touched no ball while a red was on; 4 to player 2");

	bs_game_state colour = after_a_red();
	bs_shot_call call = nominate(BLUE);
	ruling = JUDGE(&colour, &call, miss, 2);
	CHECK_RULING(ruling, BS_FOUL_NO_CONTACT, 0, 5, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.score[1], 5);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_RED);

	ruling = JUDGE(&colour, NULL, miss, 2);
	CHECK_RULING(ruling, BS_FOUL_NO_CONTACT, 0, 7, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_CONTAINS(ruling.text, "a colour was on and none was nominated; 7 to player 2");
}

static void hitting_another_colour_than_the_nominated_one(void) {
	bs_game_state state = after_a_red();
	bs_shot_call green = nominate(GREEN);
	bs_event shot[] = {ev_hit(0.6, WHITE, BLACK), ev_pot(1.1, BLACK, 2)};
	bs_ruling ruling = JUDGE(&state, &green, shot, 2);
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 7, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.score[0], 1);
	CHECK_EQ_INT(ruling.after.score[1], 7);
	// The black potted on the foul goes back.
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, BLACK);
	CHECK(on_table(&ruling.after, BLACK));
	CHECK_CONTAINS(ruling.text, "while the green was nominated");

	// No call, and a red touched first: no colour was nominated before the
	// foul, seven.
	bs_event red_first[] = {ev_hit(0.6, WHITE, 5)};
	ruling = JUDGE(&state, NULL, red_first, 1);
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 7, 1, BS_IN_HAND_NONE, false, -1);

	// Nominated green, touched green first, and the green knocked the
	// brown in: a ball not on potted, four (the brown's value is below).
	bs_event kiss[] = {ev_hit(0.6, WHITE, GREEN), ev_hit(0.9, GREEN, BROWN), ev_pot(1.4, BROWN, 0)};
	ruling = JUDGE(&state, &green, kiss, 3);
	CHECK_RULING(ruling, BS_FOUL_BALL_NOT_ON_POTTED, 0, 4, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.respots[0].id, BROWN);
}

// Section 3 Rule 6: two balls struck at once are a foul unless both are
// reds; the penalty takes the higher value.
static void split_hits(void) {
	bs_game_state state = rack_state();
	bs_event red_and_black[] = {ev_hit(0.8, WHITE, 9), ev_hit(0.8, WHITE, BLACK)};
	bs_ruling ruling = JUDGE(&state, NULL, red_and_black, 2);
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 7, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_CONTAINS(ruling.text, "the cue ball touched the black and another ball at once (event 0, t = 0.8 s)");

	bs_event two_reds[] = {ev_hit(0.8, WHITE, 9), ev_hit(0.8, WHITE, 10), ev_pot(1.5, 10, 3)};
	ruling = JUDGE(&state, NULL, two_reds, 3);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);

	// The colour nominated and another colour at once.
	bs_game_state colour = after_a_red();
	bs_shot_call blue = nominate(BLUE);
	bs_event blue_and_pink[] = {ev_hit(0.5, WHITE, BLUE), ev_hit(0.5, WHITE, PINK), ev_pot(0.9, BLUE, 1)};
	ruling = JUDGE(&colour, &blue, blue_and_pink, 3);
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 6, 1, BS_IN_HAND_NONE, false, -1);
	// The blue, on but potted in a foul stroke, goes back and scores nothing.
	CHECK_EQ_INT(ruling.after.score[0], 1);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, BLUE);
}

// A red and the black a microsecond apart: the earlier event decides.
static void red_and_black_a_microsecond_apart(void) {
	bs_game_state state = rack_state();
	bs_event red_first[] = {ev_hit(0.800000, WHITE, 9), ev_hit(0.800001, WHITE, BLACK)};
	bs_ruling ruling = JUDGE(&state, NULL, red_first, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_DECIDING(ruling, 0);

	bs_event black_first[] = {ev_hit(0.800000, WHITE, BLACK), ev_hit(0.800001, WHITE, 9)};
	ruling = JUDGE(&state, NULL, black_first, 2);
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 7, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_DECIDING(ruling, 0);
	CHECK_CONTAINS(ruling.text, "the cue ball touched the black first (event 0, t = 0.8 s)");
	CHECK_CONTAINS(ruling.text, "7 to player 2");
}

// The same close call played out: the white rolls between a red and the
// black set a micrometre apart along its path, under pool physics.
static void simulated_red_and_black_a_microsecond_apart(void) {
	for (int black_first = 0; black_first <= 1; ++black_first) {
		double shift = 1e-6; // m: the later ball this much further on
		bs_ball_def balls[3] = {
			ball(WHITE, 1.0, MID),
			ball(RED1, 2.0 + (black_first ? shift : 0.0), MID + 1.5 * R),
			ball(BLACK, 2.0 + (black_first ? 0.0 : shift), MID - 1.5 * R),
		};
		bs_game_state state = state_of(balls, 3);
		state.in_hand = BS_IN_HAND_NONE;
		balls[0].vel = bs_v2(1.0, 0.0);
		bs_world_def def = bs_default_pool_world_def();
		def.table = state.table;
		def.balls = balls;
		def.ball_count = 3;
		static sim_shot shot;
		if (!SIMULATE(&def, &shot)) {
			return;
		}
		int with_red = find_event(shot.events, shot.count, BS_EVENT_BALL, WHITE, RED1);
		int with_black = find_event(shot.events, shot.count, BS_EVENT_BALL, WHITE, BLACK);
		CHECK(with_red >= 0 && with_black >= 0);
		if (with_red < 0 || with_black < 0) {
			return;
		}
		int first = black_first ? with_black : with_red;
		int second = black_first ? with_red : with_black;
		double apart = shot.events[second].time - shot.events[first].time;
		CHECK(first < second);
		CHECK(apart > 0.0 && apart < 3e-6);
		bs_ruling ruling;
		CHECK(bs_rules_judge(&state, NULL, shot.events, shot.count, shot.rest, &ruling));
		if (black_first) {
			CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 7, 1, BS_IN_HAND_NONE, false, -1);
		} else {
			CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
		}
		CHECK_DECIDING(ruling, first);
		// Where the balls stopped is where the next shot starts.
		CHECK_EQ_DBL(ruling.after.balls[0].pos.x, shot.rest[0].x);
		CHECK_EQ_DBL(ruling.after.balls[2].pos.y, shot.rest[2].y);
	}
}

// ---------------------------------------------------------------------------
// Spotting colours (Section 3 Rule 7)

static void occupied_spot_sends_the_colour_to_the_highest_free_spot(void) {
	bs_ball_def balls[] = {
		ball(WHITE, 2.2, 0.5),
		ball(RED1, spot_x[PINK - YELLOW], MID), // on the pink spot
		ball(PINK, 2.0, 1.4),
		ball(BLACK, 3.0, 1.5), // off its spot
		on_spot(BLUE),
	};
	bs_game_state state = state_of(balls, 5);
	state.on = BS_BALL_NUMBERED;
	bs_shot_call call = nominate(PINK);
	bs_event shot[] = {ev_hit(0.3, WHITE, PINK), ev_pot(0.7, PINK, 4)};
	bs_ruling ruling = JUDGE(&state, &call, shot, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 6, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_DBL(ruling.respots[0].pos.x, spot_x[BLACK - YELLOW]);
	CHECK_EQ_DBL(ruling.respots[0].pos.y, MID);
	CHECK_CONTAINS(ruling.text, "the pink respotted on the black spot");
}

// Every spot taken: as near its own spot as it goes towards the top
// cushion, clear of the balls in the way.
static void every_spot_occupied_sends_the_colour_towards_the_top_cushion(void) {
	double pink = spot_x[PINK - YELLOW];
	bs_ball_def balls[] = {
		ball(WHITE, 2.2, 0.5),
		ball(RED1, pink, MID),
		ball(RED1 + 1, pink + 2.5 * R, MID),
		ball(PINK, 2.0, 1.4),
		on_spot(YELLOW),
		on_spot(GREEN),
		on_spot(BROWN),
		on_spot(BLUE),
		on_spot(BLACK),
	};
	bs_game_state state = state_of(balls, 9);
	state.on = BS_BALL_NUMBERED;
	bs_shot_call call = nominate(PINK);
	bs_event shot[] = {ev_hit(0.3, WHITE, PINK), ev_pot(0.7, PINK, 4)};
	bs_ruling ruling = JUDGE(&state, &call, shot, 2);
	CHECK_EQ_INT(ruling.respot_count, 1);
	// Past the second red: no room between the two.
	CHECK_NEAR(ruling.respots[0].pos.x, pink + 4.5 * R + 1e-6, 1e-12);
	CHECK_EQ_DBL(ruling.respots[0].pos.y, MID);
	CHECK_CONTAINS(ruling.text, "near its spot towards the top cushion");
}

// And with the line to the top cushion full, below its spot.
static void full_line_to_the_top_cushion_sends_the_colour_below_its_spot(void) {
	double pink = spot_x[PINK - YELLOW];
	double black = spot_x[BLACK - YELLOW];
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	int n = 0;
	balls[n++] = ball(WHITE, 1.2, 0.4);
	balls[n++] = ball(PINK, 2.0, 1.4);
	int id = RED1;
	// Gaps under two diameters from the pink spot to the black, and from
	// the black to within three radii of the cushion.
	for (int k = 0; k < 6; ++k) {
		balls[n++] = ball(id++, pink + k * (black - pink) / 6.0, MID);
	}
	for (int k = 1; k <= 3; ++k) {
		balls[n++] = ball(id++, black + k * 3.24 * R, MID);
	}
	for (int c = YELLOW; c <= BLACK; ++c) {
		if (c != PINK) {
			balls[n++] = on_spot(c);
		}
	}
	bs_game_state state = state_of(balls, n);
	state.on = BS_BALL_NUMBERED;
	bs_shot_call call = nominate(PINK);
	bs_event shot[] = {ev_hit(0.3, WHITE, PINK), ev_pot(0.7, PINK, 4)};
	bs_ruling ruling = JUDGE(&state, &call, shot, 2);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_NEAR(ruling.respots[0].pos.x, pink - 2.0 * R - 1e-6, 1e-12);
	CHECK_CONTAINS(ruling.text, "towards the baulk cushion");
}

// Two colours to spot: the higher value first, and the other works round it.
static void highest_value_colour_is_spotted_first(void) {
	double pink = spot_x[PINK - YELLOW];
	bs_ball_def balls[] = {
		ball(WHITE, 1.2, 0.4),
		ball(RED1, spot_x[BLACK - YELLOW], MID),
		ball(RED1 + 1, 2.0, 0.3),
		ball(PINK, 2.4, 1.2),
		ball(BLACK, 3.0, 1.3),
		on_spot(YELLOW),
		on_spot(GREEN),
		on_spot(BROWN),
		on_spot(BLUE),
	};
	bs_game_state state = state_of(balls, 9);
	bs_event shot[] = {ev_hit(0.5, WHITE, RED1 + 1), ev_hit(0.9, RED1 + 1, PINK), ev_hit(1.0, PINK, BLACK),
		ev_pot(1.5, PINK, 3), ev_pot(1.6, BLACK, 2)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 5);
	CHECK_RULING(ruling, BS_FOUL_BALL_NOT_ON_POTTED, 0, 7, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.respot_count, 2);
	// The black's spot holds a red: it takes the pink's, the highest free.
	CHECK_EQ_INT(ruling.respots[0].id, BLACK);
	CHECK_EQ_DBL(ruling.respots[0].pos.x, pink);
	// Then every spot is taken, and the pink goes just past the black.
	CHECK_EQ_INT(ruling.respots[1].id, PINK);
	CHECK_NEAR(ruling.respots[1].pos.x, pink + 2.0 * R + 1e-6, 1e-12);
	CHECK_DECIDING(ruling, 0, 3, 4);
}

// ---------------------------------------------------------------------------
// The last red and the colours in order

static void last_red_then_a_colour_then_the_yellow(void) {
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	int n = 0;
	balls[n++] = ball(WHITE, 1.2, 0.4);
	balls[n++] = ball(RED1, 2.0, 0.5);
	for (int c = YELLOW; c <= BLACK; ++c) {
		balls[n++] = on_spot(c);
	}
	bs_game_state state = state_of(balls, n);
	bs_event red[] = {ev_hit(0.5, WHITE, RED1), ev_pot(1.0, RED1, 1)};
	bs_ruling ruling = JUDGE(&state, NULL, red, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_NUMBERED);

	// The colour after the last red is respotted (Section 3 Rule 7), and
	// the yellow is on.
	bs_game_state colour = ruling.after;
	bs_event blue[] = {ev_hit(0.5, WHITE, BLUE), ev_pot(1.0, BLUE, 4)};
	ruling = JUDGE(&colour, NULL, blue, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 5, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_YELLOW);
	CHECK_CONTAINS(ruling.text, "player 1 on the yellow");

	// Missing that colour puts the yellow on for the opponent too.
	bs_event touch[] = {ev_hit(0.5, WHITE, BLUE)};
	ruling = JUDGE(&colour, NULL, touch, 1);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_YELLOW);
}

static bs_game_state colours_from(int lowest, int white_x_mm) {
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	int n = 0;
	balls[n++] = ball(WHITE, white_x_mm / 1000.0, 0.4);
	for (int c = lowest; c <= BLACK; ++c) {
		balls[n++] = on_spot(c);
	}
	return state_of(balls, n);
}

// Once the reds are gone the colours are taken in ascending value and stay
// down (Section 3 Rule 3).
static void colours_in_order_stay_down(void) {
	bs_game_state state = colours_from(YELLOW, 1200);
	bs_event shot[] = {ev_hit(0.5, WHITE, YELLOW), ev_pot(0.9, YELLOW, 0)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 2, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.respot_count, 0);
	CHECK(!on_table(&ruling.after, YELLOW));
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_GREEN);

	// A colour out of turn: the green is on, the brown potted.
	bs_game_state green = ruling.after;
	bs_event wrong[] = {ev_hit(0.5, WHITE, GREEN), ev_hit(0.8, GREEN, BROWN), ev_pot(1.2, BROWN, 5)};
	ruling = JUDGE(&green, NULL, wrong, 3);
	CHECK_RULING(ruling, BS_FOUL_BALL_NOT_ON_POTTED, 0, 4, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, BROWN);
	CHECK_EQ_DBL(ruling.respots[0].pos.x, spot_x[BROWN - YELLOW]);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_GREEN);
	CHECK_EQ_INT(ruling.after.score[1], 4);

	// The ball on potted in a foul stroke goes back too.
	bs_event in_off[] = {ev_hit(0.5, WHITE, GREEN), ev_pot(0.9, GREEN, 0), ev_pot(1.1, WHITE, 1)};
	ruling = JUDGE(&green, NULL, in_off, 3);
	CHECK_RULING(ruling, BS_FOUL_CUE_BALL_POCKETED, 0, 4, 1, BS_IN_HAND_D, false, -1);
	CHECK(on_table(&ruling.after, GREEN));
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_GREEN);
}

static void in_off_with_the_pink_on_costs_six(void) {
	bs_game_state state = colours_from(PINK, 1500);
	CHECK_EQ_INT(state.on, BS_BALL_SNOOKER_RED); // as every frame starts; the judge takes the pink
	bs_event shot[] = {ev_hit(0.5, WHITE, PINK), ev_cushion(0.8, WHITE, 1), ev_pot(1.3, WHITE, 2)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 3);
	CHECK_RULING(ruling, BS_FOUL_CUE_BALL_POCKETED, 0, 6, 1, BS_IN_HAND_D, false, -1);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_PINK);
	CHECK_CONTAINS(ruling.text, "in-off into pocket 2 (event 2, t = 1.3 s) while the pink was on; 6 to player 2");
}

// Several fouls in one stroke: the first in bs_foul's order is named, and
// the highest penalty is paid.
static void several_fouls_pay_the_highest_penalty(void) {
	bs_game_state state = rack_state();
	bs_event shot[] = {ev_hit(0.7, WHITE, BLACK), ev_pot(1.4, WHITE, 3)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 2);
	CHECK_RULING(ruling, BS_FOUL_CUE_BALL_POCKETED, 0, 7, 1, BS_IN_HAND_D, false, -1);
	CHECK_DECIDING(ruling, 0, 1);
	CHECK_CONTAINS(ruling.text, "while a red was on; it touched the black first; 7 to player 2");
}

// Reds potted in a foul stroke stay down and score nothing; the last red
// so potted leaves the yellow on.
static void reds_potted_in_a_foul_stay_down(void) {
	bs_game_state state = rack_state();
	bs_event shot[] = {ev_hit(0.7, WHITE, BLACK), ev_hit(0.9, BLACK, 4), ev_pot(1.5, 4, 2)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 3);
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 7, 1, BS_IN_HAND_NONE, false, -1);
	CHECK(!on_table(&ruling.after, 4));
	CHECK_EQ_INT(ruling.after.score[0], 0);
	CHECK_EQ_INT(ruling.respot_count, 0);

	bs_ball_def balls[BS_RULES_MAX_BALLS];
	int n = 0;
	balls[n++] = ball(WHITE, 1.2, 0.4);
	balls[n++] = ball(RED1, 2.0, 0.5);
	for (int c = YELLOW; c <= BLACK; ++c) {
		balls[n++] = on_spot(c);
	}
	bs_game_state last = state_of(balls, n);
	bs_event foul[] = {ev_hit(0.4, WHITE, PINK), ev_hit(0.6, PINK, RED1), ev_pot(1.0, RED1, 3)};
	ruling = JUDGE(&last, NULL, foul, 3);
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 6, 1, BS_IN_HAND_NONE, false, -1);
	CHECK(!on_table(&ruling.after, RED1));
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_YELLOW);
}

// ---------------------------------------------------------------------------
// The end of the frame (Section 3 Rule 4)

static bs_game_state black_only(int score0, int score1, int shooter) {
	bs_ball_def balls[] = {ball(WHITE, 2.0, 0.4), on_spot(BLACK)};
	bs_game_state state = state_of(balls, 2);
	state.score[0] = score0;
	state.score[1] = score1;
	state.shooter = shooter;
	state.in_hand = BS_IN_HAND_NONE;
	return state;
}

static void the_last_black_ends_the_frame(void) {
	bs_game_state state = black_only(50, 40, 0);
	bs_event pot[] = {ev_hit(0.5, WHITE, BLACK), ev_pot(1.0, BLACK, 2)};
	bs_ruling ruling = JUDGE(&state, NULL, pot, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 7, 0, 0, BS_IN_HAND_NONE, true, 0);
	CHECK_EQ_INT(ruling.after.score[0], 57);
	CHECK_EQ_INT(ruling.respot_count, 0);
	CHECK_CONTAINS(ruling.text, "frame over: player 1 wins 57 to 40");

	// A foul on the last black ends it too: the penalty decides. The turn
	// passes to no one: the striker stays the last to have played, and the
	// other player gets no inning they never play.
	bs_event miss[] = {ev_cushion(0.5, WHITE, 0)};
	ruling = JUDGE(&state, NULL, miss, 1);
	CHECK_RULING(ruling, BS_FOUL_NO_CONTACT, 0, 7, 0, BS_IN_HAND_NONE, true, 0);
	CHECK_EQ_INT(ruling.after.score[1], 47);
	CHECK_EQ_INT(ruling.after.innings[0], state.innings[0]);
	CHECK_EQ_INT(ruling.after.innings[1], state.innings[1]);
	bs_game_state behind = black_only(40, 45, 0);
	ruling = JUDGE(&behind, NULL, miss, 1);
	CHECK_RULING(ruling, BS_FOUL_NO_CONTACT, 0, 7, 0, BS_IN_HAND_NONE, true, 1);
	CHECK_EQ_INT(ruling.after.innings[0], behind.innings[0]);
	CHECK_EQ_INT(ruling.after.innings[1], behind.innings[1]);

	// A foul that levels the scores goes on: the black is respotted and the
	// turn passes, a new inning for the other player, who plays from the D.
	bs_game_state ahead = black_only(47, 40, 0);
	ruling = JUDGE(&ahead, NULL, miss, 1);
	CHECK_RULING(ruling, BS_FOUL_NO_CONTACT, 0, 7, 1, BS_IN_HAND_D, false, -1);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.after.innings[0], ahead.innings[0]);
	CHECK_EQ_INT(ruling.after.innings[1], ahead.innings[1] + 1);

	// A miss without a foul does not: the other player is on the black.
	bs_event touch[] = {ev_hit(0.5, WHITE, BLACK), ev_cushion(0.9, BLACK, 2)};
	ruling = JUDGE(&state, NULL, touch, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_BLACK);

	// The judge refuses a frame that is over.
	bs_game_state over = black_only(57, 40, 0);
	over.over = true;
	over.winner = 0;
	char text[BS_RULING_TEXT_SIZE];
	CHECK(judge_refuses(&over, NULL, touch, 2, text, sizeof text));
	CHECK_CONTAINS(text, "the game is over");
}

// Level after the last black: the black is respotted and played for from
// the D; the next score or foul ends the frame.
static void level_scores_respot_the_black(void) {
	bs_game_state state = black_only(40, 47, 0);
	bs_event pot[] = {ev_hit(0.5, WHITE, BLACK), ev_pot(1.0, BLACK, 2)};
	bs_ruling ruling = JUDGE(&state, NULL, pot, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 7, 0, 1, BS_IN_HAND_D, false, -1);
	CHECK_EQ_INT(ruling.after.score[0], 47);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_SNOOKER_BLACK);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, BLACK);
	CHECK_EQ_DBL(ruling.respots[0].pos.x, spot_x[BLACK - YELLOW]);
	CHECK(!on_table(&ruling.after, WHITE)); // in hand
	CHECK_CONTAINS(ruling.text, "scores level at 47: the black respotted on its own spot, player 2 plays from the D");

	bs_game_state respotted = ruling.after;
	char error[BS_RULES_ERROR_SIZE];
	CHECK(bs_rules_place_cue_ball(&respotted, bs_v2(0.6, MID), error, sizeof error));
	bs_event pot_again[] = {ev_hit(0.9, WHITE, BLACK), ev_pot(1.8, BLACK, 3)};
	ruling = JUDGE(&respotted, NULL, pot_again, 2);
	CHECK_RULING(ruling, BS_FOUL_NONE, 7, 0, 1, BS_IN_HAND_NONE, true, 1);
	bs_event foul[] = {ev_cushion(0.9, WHITE, 0)};
	ruling = JUDGE(&respotted, NULL, foul, 1);
	CHECK_RULING(ruling, BS_FOUL_NO_CONTACT, 0, 7, 1, BS_IN_HAND_NONE, true, 0);
	CHECK_EQ_INT(ruling.after.score[0], 54);
	CHECK_EQ_INT(ruling.after.innings[0], respotted.innings[0]);
}

// ---------------------------------------------------------------------------
// What the judge refuses

static void calls_that_cannot_be_nominated_are_refused(void) {
	char text[BS_RULING_TEXT_SIZE];
	bs_event shot[] = {ev_hit(0.5, WHITE, 3)};
	bs_game_state state = rack_state();
	bs_shot_call pink = nominate(PINK);
	CHECK(judge_refuses(&state, &pink, shot, 1, text, sizeof text));
	CHECK_CONTAINS(text, "call.ball: the pink cannot be nominated: a red is on");

	bs_game_state colour = after_a_red();
	bs_shot_call red = nominate(3);
	CHECK(judge_refuses(&colour, &red, shot, 1, text, sizeof text));
	CHECK_CONTAINS(text, "a colour is on");
	bs_shot_call cue = nominate(WHITE);
	CHECK(judge_refuses(&colour, &cue, shot, 1, text, sizeof text));

	// A red called while a red is on is no more than the obvious.
	bs_shot_call a_red = nominate(3);
	bs_ruling ruling = JUDGE(&state, &a_red, shot, 1);
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NONE);

	bs_game_state wrong_on = rack_state();
	wrong_on.on = BS_BALL_SNOOKER_PINK;
	CHECK(judge_refuses(&wrong_on, NULL, shot, 1, text, sizeof text));
	CHECK_CONTAINS(text, "state.on");
}

// ---------------------------------------------------------------------------
// Shots simulated on a table with pockets

// A red into a middle pocket of the snooker table: the world's own events,
// its changes of motion among them, judged as they come.
static void simulated_red_into_a_pocket(void) {
	bs_table_def table;
	CHECK(bs_table_preset("snooker", true, &table));
	bs_ball_def balls[] = {ball(WHITE, 0.5 * W, 0.3), ball(RED1, 0.5 * W, 0.2), ball(BLUE, 1.0, 0.9),
		ball(BLACK, 3.0, MID)};
	bs_game_state state = start(&table, balls, 4);
	state.in_hand = BS_IN_HAND_NONE;
	balls[0].vel = bs_v2(0.0, -1.5);
	bs_world_def def = bs_default_pool_world_def();
	def.table = table;
	def.balls = balls;
	def.ball_count = 4;
	static sim_shot shot;
	if (!SIMULATE(&def, &shot)) {
		return;
	}
	int contact = find_event(shot.events, shot.count, BS_EVENT_BALL, WHITE, RED1);
	int pot = find_event(shot.events, shot.count, BS_EVENT_POCKET, RED1, 1);
	CHECK(contact >= 0 && pot > contact);
	CHECK_EQ_INT(find_event(shot.events, shot.count, BS_EVENT_POCKET, WHITE, -1), -1);
	bs_ruling ruling;
	CHECK(bs_rules_judge(&state, NULL, shot.events, shot.count, shot.rest, &ruling));
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_DECIDING(ruling, contact, pot);
	CHECK_EQ_INT(ruling.after.on, BS_BALL_NUMBERED);
	CHECK(!on_table(&ruling.after, RED1));
	CHECK_EQ_DBL(pos_of(&ruling.after, WHITE).y, shot.rest[0].y);
}

// ---------------------------------------------------------------------------
// A whole frame: the maximum break, red and black fifteen times and the
// colours, on events made by hand with the balls left where they stood.

static void maximum_break(void) {
	bs_game_state state = rack_state();
	char error[BS_RULES_ERROR_SIZE];
	CHECK(bs_rules_place_cue_ball(&state, bs_v2(0.65, MID - 0.1), error, sizeof error));
	int shots = 0;
	for (int red = RED1; red < YELLOW && !state.over; ++red) {
		bs_event pot_red[] = {ev_hit(0.8, WHITE, red), ev_pot(1.5, red, red % 6)};
		bs_ruling ruling = JUDGE(&state, NULL, pot_red, 2);
		CHECK_EQ_INT(ruling.points, 1);
		CHECK(!ruling.turn_passes);
		state = ruling.after;
		bs_event pot_black[] = {ev_hit(0.6, WHITE, BLACK), ev_pot(1.2, BLACK, 3)};
		ruling = JUDGE(&state, NULL, pot_black, 2);
		CHECK_EQ_INT(ruling.points, 7);
		CHECK_EQ_INT(ruling.respot_count, 1);
		CHECK_EQ_DBL(ruling.respots[0].pos.x, spot_x[BLACK - YELLOW]);
		state = ruling.after;
		shots += 2;
	}
	CHECK_EQ_INT(state.score[0], 120);
	CHECK_EQ_INT(state.on, BS_BALL_SNOOKER_YELLOW);
	for (int colour = YELLOW; colour <= BLACK && !state.over; ++colour) {
		CHECK_EQ_INT(state.on, kind_of(colour));
		bs_event pot[] = {ev_hit(0.6, WHITE, colour), ev_pot(1.1, colour, 0)};
		bs_ruling ruling = JUDGE(&state, NULL, pot, 2);
		CHECK_EQ_INT(ruling.points, colour - YELLOW + 2);
		CHECK_EQ_INT(ruling.respot_count, 0);
		state = ruling.after;
		shots++;
	}
	CHECK_EQ_INT(shots, 36);
	CHECK_EQ_INT(state.shot_count, 36);
	CHECK_EQ_INT(state.score[0], 147);
	CHECK_EQ_INT(state.score[1], 0);
	CHECK(state.over);
	CHECK_EQ_INT(state.winner, 0);
	CHECK_EQ_INT(state.innings[1], 0);
}

int main(void) {
	RUN(break_off_touching_a_red_passes_the_turn);
	RUN(potting_a_red_scores_one_and_puts_a_colour_on);
	RUN(potting_two_reds_scores_both);
	RUN(nominated_colour_scores_and_is_respotted);
	RUN(first_colour_touched_is_nominated_without_a_call);
	RUN(first_contact_with_a_colour_on_a_red_is_a_foul);
	RUN(potting_a_colour_on_a_red_is_a_foul);
	RUN(in_off_gives_four_and_the_d);
	RUN(missing_every_ball);
	RUN(hitting_another_colour_than_the_nominated_one);
	RUN(split_hits);
	RUN(red_and_black_a_microsecond_apart);
	RUN(simulated_red_and_black_a_microsecond_apart);
	RUN(occupied_spot_sends_the_colour_to_the_highest_free_spot);
	RUN(every_spot_occupied_sends_the_colour_towards_the_top_cushion);
	RUN(full_line_to_the_top_cushion_sends_the_colour_below_its_spot);
	RUN(highest_value_colour_is_spotted_first);
	RUN(last_red_then_a_colour_then_the_yellow);
	RUN(colours_in_order_stay_down);
	RUN(in_off_with_the_pink_on_costs_six);
	RUN(several_fouls_pay_the_highest_penalty);
	RUN(reds_potted_in_a_foul_stay_down);
	RUN(the_last_black_ends_the_frame);
	RUN(level_scores_respot_the_black);
	RUN(calls_that_cannot_be_nominated_are_refused);
	RUN(simulated_red_into_a_pocket);
	RUN(maximum_break);
	return check_summary();
}
