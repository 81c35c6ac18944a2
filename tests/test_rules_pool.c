// The pool games' rules (WPA): 9-ball, 10-ball and 8-ball situations from
// the rulebook, each scripted as a shot on the 9 ft table, simulated and
// judged, with the ruling the rulebook gives; close calls decided by the
// exact order of events; ball in hand; and whole games played to a winner.
#include "rules_helpers.h"

#define R BS_DEFAULT_RADIUS
#define W 2.54
#define H 1.27
#define MID (0.5 * H)

static const bs_vec2 foot_spot = {0.75 * W, 0.5 * H};

static void not_break(bs_game_state* state) {
	state->is_break = false;
}

// A break scripted from anywhere: the cue ball played where it stands.
static void the_break(bs_game_state* state) {
	state->is_break = true;
}

// The break with the cue ball in hand behind the head string.
static void the_kitchen_break(bs_game_state* state) {
	state->is_break = true;
	state->in_hand = BS_IN_HAND_KITCHEN;
}

static void two_fouls(bs_game_state* state) {
	state->fouls_in_row[0] = 2;
}

static bs_game* nine_ball(const placed_ball* layout, int count, void (*tweak)(bs_game_state*)) {
	return situation(BS_GAME_9_BALL, nine_foot(), layout, count, 0.0, 0.0, tweak ? tweak : not_break);
}

static bool on_table(const bs_ruling* ruling, int id) {
	return ruling->after.balls[bs_game_state_find(&ruling->after, id)].on_table;
}

// ---------------------------------------------------------------------------
// 9-ball (WPA section 4, and the fouls of section 6)

// A legally pocketed ball keeps the shooter at the table (4.5).
static void nine_legal_pot_continues(void) {
	placed_ball layout[] = {{0, 1.2, 0.5, 0}, {1, 2.0, 0.9, 0}, {2, 0.6, 1.0, 0}, {9, 1.0, 0.2, 0}};
	bs_game* game = nine_ball(layout, 4, NULL);
	bs_ruling ruling = play(game, cue_to_pocket(game, 1, 3, 2.0), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NONE, false, 0, BS_IN_HAND_NONE);
	CHECK(ruling.scored);
	CHECK(!on_table(&ruling, 1));
	CHECK_CONTAINS(ruling.text, "legal: the cue ball touched the 1 first");
	CHECK_CONTAINS(ruling.text, "the 1 (event");
	CHECK(ruling.deciding_count >= 2);
	bs_game_destroy(game);
}

// Hitting the lowest ball and driving it to a rail is legal; the turn passes.
static void nine_rail_after_contact_passes_turn(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {1, 1.6, MID, 0}, {2, 0.6, 1.0, 0}, {9, 1.0, 0.2, 0}};
	bs_game* game = nine_ball(layout, 4, NULL);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.6, MID), 1.5), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NONE, true, 1, BS_IN_HAND_NONE);
	CHECK(!ruling.scored);
	CHECK_EQ_INT(ruling.after.innings[1], 1);
	// Decided by the first contact and the rail after it.
	CHECK_EQ_INT(ruling.deciding_count, 2);
	const bs_event* events = bs_game_shot_events(game);
	CHECK_EQ_INT(events[ruling.deciding[0]].kind, BS_EVENT_BALL);
	CHECK_EQ_INT(events[ruling.deciding[1]].kind, BS_EVENT_CUSHION);
	bs_game_destroy(game);
}

// After the contact no ball pocketed and none to a rail: a foul (6.3), ball
// in hand for the opponent (4.6).
static void nine_no_rail_is_a_foul(void) {
	placed_ball layout[] = {{0, 1.0, MID, 0}, {1, 1.2, MID, 0}, {2, 0.6, 1.0, 0}, {9, 1.0, 0.2, 0}};
	bs_game* game = nine_ball(layout, 4, NULL);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.2, MID), 0.4), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NO_RAIL, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK_EQ_INT(ruling.after.fouls_in_row[0], 1);
	CHECK_CONTAINS(ruling.text, "no ball was pocketed and none touched a cushion");
	bs_game_destroy(game);
}

// The cue ball must first touch the lowest ball on the table (4.5, 6.2).
static void nine_wrong_ball_first(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {2, 1.3, MID, 0}, {1, 2.0, 1.0, 0}, {9, 1.0, 0.2, 0}};
	bs_game* game = nine_ball(layout, 4, NULL);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.3, MID), 1.5), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK_CONTAINS(ruling.text, "the cue ball touched the 2 first");
	CHECK_CONTAINS(ruling.text, "the 1 was the lowest ball");
	CHECK_EQ_INT(bs_game_shot_events(game)[ruling.deciding[0]].kind, BS_EVENT_BALL);
	bs_game_destroy(game);
}

// Missing every ball is a foul.
static void nine_no_contact(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {1, 2.0, 1.0, 0}, {9, 1.0, 0.2, 0}};
	bs_game* game = nine_ball(layout, 3, NULL);
	bs_ruling ruling = play(game, cue_towards(bs_v2(0.8, 1.2), 1.0), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NO_CONTACT, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK_EQ_INT(ruling.deciding_count, 0);
	bs_game_destroy(game);
}

// A scratch (6.1): the pocketed object ball stays down, the cue ball is in
// hand off the table, and no shot can be played until it is placed.
static void nine_scratch_keeps_pots_down(void) {
	// A straight-in shot at the corner with heavy follow: the cue ball
	// follows the 1 in.
	placed_ball layout[] = {{0, 2.0, 0.73, 0}, {1, 2.25, 0.98, 0}, {2, 0.6, 1.0, 0}, {9, 1.0, 0.2, 0}};
	bs_game* game = nine_ball(layout, 4, NULL);
	bs_cue_def cue = cue_to_pocket(game, 1, 3, 3.0);
	cue.stick = true;
	cue.tip = bs_v2(0.0, 0.45);
	bs_ruling ruling = play(game, cue, bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_CUE_BALL_POCKETED, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK(!on_table(&ruling, 1));
	CHECK(!on_table(&ruling, 0));
	CHECK_EQ_INT(ruling.respot_count, 0);
	char error[256] = "";
	bs_ruling refused;
	CHECK(!bs_game_shoot(game, &cue, NULL, &refused, error, sizeof error));
	CHECK_CONTAINS(error, "the cue ball is in hand: place it first");
	CHECK(bs_game_place_cue_ball(game, bs_v2(0.5, 0.5), error, sizeof error));
	CHECK_EQ_INT(bs_game_get_state(game)->in_hand, BS_IN_HAND_NONE);
	bs_game_destroy(game);
}

// A point `distance` (m) from the mouth of pocket 3 (the corner at (W, H))
// on the line towards (2.0, 0.3): balls placed on it line up into that pocket.
static bs_vec2 towards_corner(double distance) {
	bs_table_def def = nine_foot();
	bs_table* table = bs_table_create(&def);
	bs_vec2 mouth;
	bs_aim_pocket_target(table, 3, &mouth);
	bs_table_destroy(table);
	bs_vec2 away = bs_v2_normalize(bs_v2_sub(bs_v2(2.0, 0.3), mouth));
	return bs_v2_add(mouth, bs_v2_scale(distance, away));
}

// The cue ball, `first` and `second` in a line into the corner: a straight
// combination, `first` -> `second` -> pocket 3, with `other` out of the way.
static void combination_layout(placed_ball* layout, int first, int second, int other) {
	bs_vec2 cue = towards_corner(0.95);
	bs_vec2 a = towards_corner(0.55);
	bs_vec2 b = towards_corner(0.25);
	layout[0] = (placed_ball){0, cue.x, cue.y, 0};
	layout[1] = (placed_ball){first, a.x, a.y, 0};
	layout[2] = (placed_ball){second, b.x, b.y, 0};
	layout[3] = (placed_ball){other, 0.6, 1.0, 0};
}

// The straight combination of combination_layout.
static bs_cue_def combination(const bs_game* game, int first, double speed) {
	return cue_towards(ball_at(game, first), speed);
}

// The 9 legally pocketed, in a combination, wins (4.8).
static void nine_combination_wins(void) {
	placed_ball layout[4];
	combination_layout(layout, 1, 9, 2);
	bs_game* game = nine_ball(layout, 4, NULL);
	bs_ruling ruling = play(game, combination(game, 1, 3.0), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NONE, false, 0, BS_IN_HAND_NONE);
	CHECK(ruling.after.over);
	CHECK_EQ_INT(ruling.after.winner, 0);
	CHECK_EQ_INT(ruling.after.score[0], 1);
	CHECK_CONTAINS(ruling.text, "player 1 wins");
	char error[256] = "";
	bs_cue_def cue = cue_towards(bs_v2(1.0, 1.0), 1.0);
	CHECK(!bs_game_shoot(game, &cue, NULL, NULL, error, sizeof error));
	CHECK_CONTAINS(error, "the game is over: Ann won");
	bs_game_destroy(game);
}

// The 9 pocketed on a foul is spotted (4.8, 1.4); the other balls stay down.
static void nine_pocketed_on_a_foul_is_spotted(void) {
	placed_ball layout[4];
	combination_layout(layout, 2, 9, 1);
	bs_game* game = nine_ball(layout, 4, NULL);
	bs_ruling ruling = play(game, combination(game, 2, 3.0), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK(!ruling.after.over);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, 9);
	CHECK_SAME_BITS(ruling.respots[0].pos.x, foot_spot.x);
	CHECK_SAME_BITS(ruling.respots[0].pos.y, foot_spot.y);
	CHECK(on_table(&ruling, 9));
	CHECK_CONTAINS(ruling.text, "the 9 is respotted");
	bs_game_destroy(game);
}

// A ball on the foot spot: the 9 goes behind it on the long string, as
// near the spot as it can (1.4).
static void nine_spot_taken_goes_behind(void) {
	placed_ball layout[5];
	combination_layout(layout, 2, 9, 1);
	layout[4] = (placed_ball){5, foot_spot.x, foot_spot.y, 0};
	bs_game* game = nine_ball(layout, 5, NULL);
	bs_ruling ruling = play(game, combination(game, 2, 3.0), bs_no_call());
	CHECK_EQ_INT(ruling.respot_count, 1);
	bs_vec2 five = ball_at(game, 5);
	bs_vec2 spot = ruling.respots[0].pos;
	CHECK_SAME_BITS(spot.y, foot_spot.y);
	CHECK(spot.x > foot_spot.x);
	// Touching distance, to the step of the search (a hundredth of a radius).
	double gap = bs_v2_len(bs_v2_sub(spot, five)) - 2.0 * R;
	CHECK(gap >= 0.0 && gap <= 0.01 * R + 2.0 * fabs(five.y - foot_spot.y));
	bs_game_destroy(game);
}

// Three fouls in a row lose the game (4.7).
static void nine_three_fouls_lose(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {1, 2.0, 1.0, 0}, {9, 1.0, 0.2, 0}};
	bs_game* game = situation(BS_GAME_9_BALL, nine_foot(), layout, 3, 0.0, 0.0, two_fouls);
	bs_ruling ruling = play(game, cue_towards(bs_v2(0.8, 1.2), 1.0), bs_no_call());
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NO_CONTACT);
	CHECK(ruling.after.over);
	CHECK_EQ_INT(ruling.after.winner, 1);
	CHECK_CONTAINS(ruling.text, "a third foul in a row: player 1 loses");
	// The game so ended saves and loads again.
	char* text = bs_game_save_text(game);
	char error[256] = "";
	bs_game* again = bs_game_load_text(text, strlen(text), "ended.json", error, sizeof error);
	if (!again) {
		CHECK_FAIL("a game ended by three fouls does not reload: %s", error);
	}
	bs_game_destroy(again);
	free(text);
	bs_game_destroy(game);
}

// A legal shot clears the count of fouls in a row.
static void nine_legal_shot_clears_fouls(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {1, 1.6, MID, 0}, {2, 0.6, 1.0, 0}, {9, 1.0, 0.2, 0}};
	bs_game* game = situation(BS_GAME_9_BALL, nine_foot(), layout, 4, 0.0, 0.0, two_fouls);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.6, MID), 1.5), bs_no_call());
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NONE);
	CHECK_EQ_INT(ruling.after.fouls_in_row[0], 0);
	bs_game_destroy(game);
}

// The break: the 1 first, and a ball pocketed or four driven to a rail
// (4.3). Too soft a break is a foul.
static void nine_break_too_soft(void) {
	placed_ball layout[] = {{0, 0.5, MID, 0}, {1, 1.905, MID, 0}, {2, 1.96, 0.67, 0}, {9, 2.2, 1.0, 0}};
	bs_game* game = situation(BS_GAME_9_BALL, nine_foot(), layout, 4, 0.0, 0.0, the_break);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.905, MID), 0.9), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_BAD_BREAK, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK_CONTAINS(ruling.text, "the break pocketed nothing");
	CHECK(!ruling.after.is_break);
	bs_game_destroy(game);
}

// The 9 on a legal break wins (4.3, 4.8).
static void nine_on_the_break_wins(void) {
	placed_ball layout[4];
	combination_layout(layout, 1, 9, 2);
	bs_game* game = situation(BS_GAME_9_BALL, nine_foot(), layout, 4, 0.0, 0.0, the_break);
	bs_ruling ruling = play(game, combination(game, 1, 3.0), bs_no_call());
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NONE);
	CHECK(ruling.after.over);
	CHECK_EQ_INT(ruling.after.winner, 0);
	bs_game_destroy(game);
}

// The break must hit the 1 first too.
static void nine_break_wrong_ball_first(void) {
	placed_ball layout[] = {{0, 0.5, MID, 0}, {2, 1.905, MID, 0}, {1, 2.2, 0.3, 0}, {9, 2.2, 1.0, 0}};
	bs_game* game = situation(BS_GAME_9_BALL, nine_foot(), layout, 4, 0.0, 0.0, the_break);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.905, MID), 6.0), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, true, 1, BS_IN_HAND_ANYWHERE);
	bs_game_destroy(game);
}

// A thin hit on the 1 that leaves it short of every rail is legal when the
// cue ball goes on to a rail: any ball may make the rail (6.3).
static void nine_cue_ball_makes_the_rail(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {1, 1.3, MID, 0}, {2, 0.6, 1.1, 0}, {9, 1.0, 0.15, 0}};
	bs_game* game = nine_ball(layout, 4, NULL);
	bs_aim aim;
	CHECK_EQ_INT(bs_aim_cut(bs_v2(0.8, MID), R, bs_v2(1.3, MID), R, 80.0, &aim), BS_AIM_OK);
	bs_ruling ruling = play(game, cue_towards(aim.ghost, 1.2), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NONE, true, 1, BS_IN_HAND_NONE);
	const bs_event* events = bs_game_shot_events(game);
	CHECK_EQ_INT(ruling.deciding_count, 2);
	CHECK_EQ_INT(events[ruling.deciding[1]].kind, BS_EVENT_CUSHION);
	CHECK_EQ_INT(events[ruling.deciding[1]].a, 0);
	bs_game_destroy(game);
}

// A cushion before the contact does not count: a soft bank into the 1 that
// leaves everything short of a rail is a foul.
static void nine_rail_before_contact_does_not_count(void) {
	// The cue ball goes straight into the cushion y = 0 and comes back
	// full onto the 1, too softly for the 1 to reach the far rail.
	placed_ball layout[] = {{0, 1.4, 0.10, 0}, {1, 1.4, 0.30, 0}, {2, 0.6, 1.1, 0}, {9, 0.3, 0.9, 0}};
	bs_game* game = nine_ball(layout, 4, NULL);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.4, 0.0), 1.0), bs_no_call());
	const bs_event* events = bs_game_shot_events(game);
	int first_cushion = -1;
	for (int e = bs_game_shot_event_count(game) - 1; e >= 0; --e) {
		first_cushion = events[e].kind == BS_EVENT_CUSHION ? e : first_cushion;
	}
	CHECK(first_cushion >= 0);
	CHECK_RULING(ruling, BS_FOUL_NO_RAIL, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK(ruling.deciding_count == 1 && ruling.deciding[0] > first_cushion);
	bs_game_destroy(game);
}

// Close calls: the cue ball running along y = MID between the 1 (above)
// and the 2 (below), one of them `lead` metres nearer. The first contact
// and the second come microseconds apart; the order decides.
static bs_ruling close_call(double one_x, double two_x, double* gap_seconds, int* contacts_at_once) {
	// Coordinates a binary fraction can hold exactly, so that the mirror
	// image is exact too.
	const double line = 0.625;
	const double offset = 0.03125;
	placed_ball layout[] = {{0, 0.6, line, 0}, {1, one_x, line + offset, 0}, {2, two_x, line - offset, 0}, {9, 0.3, 1.0, 0}};
	bs_game* game = nine_ball(layout, 4, NULL);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.0, line), 2.0), bs_no_call());
	const bs_event* events = bs_game_shot_events(game);
	int n = bs_game_shot_event_count(game);
	double times[2] = {0.0, 0.0};
	int found = 0;
	for (int e = 0; e < n && found < 2; ++e) {
		if (events[e].kind == BS_EVENT_BALL && events[e].a == 0) {
			times[found++] = events[e].time;
		}
	}
	CHECK_EQ_INT(found, 2);
	*gap_seconds = times[1] - times[0];
	// The same instant, to the rounding of absolute times (rules.c, same_place).
	*contacts_at_once = fabs(times[1] - times[0]) <= 8.0 * 2.2e-16 * times[0];
	bs_game_destroy(game);
	return ruling;
}

static void nine_close_call_one_first(void) {
	double gap;
	int at_once;
	bs_ruling ruling = close_call(1.5, 1.5 + 1e-6, &gap, &at_once);
	CHECK(gap > 0.0 && gap < 2e-6);
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NONE);
	CHECK_CONTAINS(ruling.text, "the cue ball touched the 1 first");
}

static void nine_close_call_two_first(void) {
	double gap;
	int at_once;
	bs_ruling ruling = close_call(1.5 + 1e-6, 1.5, &gap, &at_once);
	CHECK(gap > 0.0 && gap < 2e-6);
	CHECK_EQ_INT(ruling.foul, BS_FOUL_WRONG_BALL_FIRST);
	CHECK_CONTAINS(ruling.text, "the cue ball touched the 2 first");
}

// Both at the same instant (a mirror-image layout): the benefit of the
// doubt goes to the shooter.
static void nine_split_hit_goes_to_the_shooter(void) {
	double gap;
	int at_once;
	bs_ruling ruling = close_call(1.5, 1.5, &gap, &at_once);
	CHECK(at_once);
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NONE);
	CHECK_CONTAINS(ruling.text, "the cue ball touched the 1 and the 2 first");
	CHECK_CONTAINS(ruling.text, "at the same instant");
}

// The same place is not enough: the cue ball stopped dead by the 1 and
// struck where it stands by the 2 half a second later touched the 1 first.
// Hand-made events, the contact points as the engine writes them.
static void nine_same_place_later_is_no_split_hit(void) {
	placed_ball layout[] = {{0, 1.0, MID, 0}, {1, 1.2, MID, 0}, {2, 1.0, MID - 0.2, 0}, {9, 0.3, 1.0, 0}};
	bs_game* game = nine_ball(layout, 4, NULL);
	const bs_game_state* state = bs_game_get_state(game);
	bs_vec2 cue = bs_v2(1.1, MID);
	bs_event events[3];
	memset(events, 0, sizeof events);
	events[0] = (bs_event){BS_EVENT_BALL, 0.1, 0, 1, 0.3, bs_v2(cue.x + R, cue.y), bs_v2(1.0, 0.0)};
	events[1] = (bs_event){BS_EVENT_CUSHION, 0.4, 1, 2, 0.2, bs_v2(W, MID), bs_v2(-1.0, 0.0)};
	events[2] = (bs_event){BS_EVENT_BALL, 0.1 + 0.5, 0, 2, 0.1, bs_v2(cue.x, cue.y - R), bs_v2(0.0, -1.0)};
	bs_vec2 rest[4];
	for (int i = 0; i < 4; ++i) {
		rest[i] = state->balls[i].pos;
	}
	bs_ruling ruling;
	CHECK(bs_rules_judge(state, NULL, events, 3, rest, &ruling));
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NONE);
	CHECK_CONTAINS(ruling.text, "the cue ball touched the 1 first (event 0");
	// The same two contacts a picosecond apart are one split hit.
	events[2].time = 0.1 + 1e-12;
	CHECK(bs_rules_judge(state, NULL, events, 3, rest, &ruling));
	CHECK_CONTAINS(ruling.text, "the cue ball touched the 1 and the 2 first");
	bs_game_destroy(game);
}

// Ball in hand goes anywhere on the table clear of the balls; a refused
// place leaves the state as it was.
static void nine_ball_in_hand_placement(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {1, 2.0, 1.0, 0}, {9, 1.0, 0.2, 0}};
	bs_game* game = nine_ball(layout, 3, NULL);
	play(game, cue_towards(bs_v2(0.8, 1.2), 1.0), bs_no_call());
	bs_game_state before = *bs_game_get_state(game);
	CHECK_EQ_INT(before.in_hand, BS_IN_HAND_ANYWHERE);
	char error[256] = "";
	CHECK(!bs_game_place_cue_ball(game, bs_v2(2.0 + R, 1.0), error, sizeof error));
	CHECK_CONTAINS(error, "overlaps the 1");
	CHECK(!bs_game_place_cue_ball(game, bs_v2(0.01, 0.5), error, sizeof error));
	CHECK_CONTAINS(error, "is not on the table");
	CHECK(!bs_game_place_cue_ball(game, bs_v2(NAN, 0.5), error, sizeof error));
	CHECK(memcmp(&before, bs_game_get_state(game), sizeof before) == 0);
	CHECK(bs_game_place_cue_ball(game, bs_v2(1.9, 0.95), error, sizeof error));
	bs_vec2 cue = ball_at(game, 0);
	CHECK(cue.x == 1.9 && cue.y == 0.95);
	CHECK(!bs_game_place_cue_ball(game, bs_v2(1.0, 1.0), error, sizeof error));
	CHECK_CONTAINS(error, "the rules give no ball in hand");
	bs_game_destroy(game);
}

// Behind the head string for the break, not in front of it.
static void nine_break_placement_in_the_kitchen(void) {
	placed_ball layout[] = {{0, 1.0, MID, 0}, {1, 1.905, MID, 0}, {9, 2.2, 1.0, 0}};
	bs_game* game = situation(BS_GAME_9_BALL, nine_foot(), layout, 3, 0.0, 0.0, the_kitchen_break);
	char error[256] = "";
	// Not placed, and in front of the string: the break is refused.
	bs_cue_def cue = cue_towards(bs_v2(1.905, MID), 5.0);
	CHECK(!bs_game_shoot(game, &cue, NULL, NULL, error, sizeof error));
	CHECK_CONTAINS(error, "is not behind the head string");
	CHECK(!bs_game_place_cue_ball(game, bs_v2(0.25 * W + 0.01, 0.4), error, sizeof error));
	CHECK_CONTAINS(error, "is not behind the head string");
	CHECK(bs_game_place_cue_ball(game, bs_v2(0.25 * W - 0.01, 0.4), error, sizeof error));
	bs_game_destroy(game);
}

// ---------------------------------------------------------------------------
// 10-ball (WPA section 5): call shot, the 10 spotted unless made as called

static bs_game* ten_ball(const placed_ball* layout, int count) {
	return situation(BS_GAME_10_BALL, nine_foot(), layout, count, 0.0, 0.0, not_break);
}

static void ten_called_ball_made_continues(void) {
	placed_ball layout[] = {{0, 1.2, 0.5, 0}, {1, 2.0, 0.9, 0}, {10, 0.6, 1.0, 0}};
	bs_game* game = ten_ball(layout, 3);
	bs_ruling ruling = play(game, cue_to_pocket(game, 1, 3, 2.0), (bs_shot_call){1, 3});
	CHECK_RULING(ruling, BS_FOUL_NONE, false, 0, BS_IN_HAND_NONE);
	bs_game_destroy(game);
}

// The called ball in another pocket than called: no foul, the turn ends.
static void ten_wrong_pocket_ends_the_turn(void) {
	placed_ball layout[] = {{0, 1.2, 0.5, 0}, {1, 2.0, 0.9, 0}, {10, 0.6, 1.0, 0}};
	bs_game* game = ten_ball(layout, 3);
	bs_ruling ruling = play(game, cue_to_pocket(game, 1, 3, 2.0), (bs_shot_call){1, 2});
	CHECK_RULING(ruling, BS_FOUL_NONE, true, 1, BS_IN_HAND_NONE);
	CHECK(!on_table(&ruling, 1));
	bs_game_destroy(game);
}

// The 10 made when the 1 was called is spotted; the turn ends.
static void ten_uncalled_ten_is_spotted(void) {
	placed_ball layout[4];
	combination_layout(layout, 1, 10, 2);
	bs_game* game = ten_ball(layout, 4);
	bs_ruling ruling = play(game, combination(game, 1, 3.0), (bs_shot_call){1, 3});
	CHECK_RULING(ruling, BS_FOUL_NONE, true, 1, BS_IN_HAND_NONE);
	CHECK(!ruling.after.over);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, 10);
	bs_game_destroy(game);
}

// The called 1 made as called and the 10 dropping uncalled on the same
// shot: the turn goes on, and the 10 is spotted (hand-made events).
static void ten_dropped_beside_a_called_ball_is_spotted(void) {
	placed_ball layout[] = {{0, 1.0, MID, 0}, {1, 1.5, MID, 0}, {10, 2.0, 0.3, 0}, {2, 0.6, 1.0, 0}};
	bs_game* game = ten_ball(layout, 4);
	const bs_game_state* state = bs_game_get_state(game);
	bs_event events[4];
	memset(events, 0, sizeof events);
	events[0] = (bs_event){BS_EVENT_BALL, 0.2, 0, 1, 0.3, bs_v2(1.5 - R, MID), bs_v2(1.0, 0.0)};
	events[1] = (bs_event){BS_EVENT_BALL, 0.6, 1, 10, 0.2, bs_v2(1.9, 0.35), bs_v2(0.7, -0.7)};
	events[2] = (bs_event){BS_EVENT_POCKET, 0.9, 10, 2, 0.0, bs_v2(W, 0.0), bs_v2(0.0, 0.0)};
	events[3] = (bs_event){BS_EVENT_POCKET, 1.4, 1, 3, 0.0, bs_v2(W, H), bs_v2(0.0, 0.0)};
	bs_vec2 rest[4];
	for (int i = 0; i < 4; ++i) {
		rest[i] = state->balls[i].pos;
	}
	bs_ruling ruling;
	bs_shot_call call = {1, 3};
	CHECK(bs_rules_judge(state, &call, events, 4, rest, &ruling));
	CHECK_RULING(ruling, BS_FOUL_NONE, false, 0, BS_IN_HAND_NONE);
	CHECK(!ruling.after.over);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, 10);
	bs_game_destroy(game);
}

// Judges hand-made events on a 10-ball layout: the cue ball on the 1, the
// 10 near pocket 2, the 2 out of the way.
static bs_ruling ten_ball_judged(void (*tweak)(bs_game_state*), const bs_event* events, int count, bs_shot_call call) {
	placed_ball layout[] = {{0, 1.0, MID, 0}, {1, 1.5, MID, 0}, {10, 2.0, 0.3, 0}, {2, 0.6, 1.0, 0}};
	bs_game* game = situation(BS_GAME_10_BALL, nine_foot(), layout, 4, 0.0, 0.0, tweak ? tweak : not_break);
	const bs_game_state* state = bs_game_get_state(game);
	bs_vec2 rest[4];
	for (int i = 0; i < 4; ++i) {
		rest[i] = state->balls[i].pos;
	}
	bs_ruling ruling;
	memset(&ruling, 0, sizeof ruling);
	if (!bs_rules_judge(state, &call, events, count, rest, &ruling)) {
		CHECK_FAIL("refused: %s", ruling.text);
	}
	bs_game_destroy(game);
	return ruling;
}

// The 10 on the break is spotted and the breaker goes on (WPA 5.3).
static void ten_on_the_break_is_spotted(void) {
	bs_event events[] = {{BS_EVENT_BALL, 0.2, 0, 1, 0.3, {1.5 - R, MID}, {1.0, 0.0}},
		{BS_EVENT_BALL, 0.6, 1, 10, 0.2, {1.9, 0.35}, {0.7, -0.7}},
		{BS_EVENT_POCKET, 0.9, 10, 2, 0.0, {W, 0.0}, {0.0, 0.0}}};
	bs_ruling ruling = ten_ball_judged(the_break, events, 3, bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NONE, false, 0, BS_IN_HAND_NONE);
	CHECK(!ruling.after.over);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, 10);
}

// The 10 pocketed on a foul is spotted; ball in hand (WPA 5.6).
static void ten_on_a_foul_is_spotted(void) {
	bs_event events[] = {{BS_EVENT_BALL, 0.2, 0, 1, 0.3, {1.5 - R, MID}, {1.0, 0.0}},
		{BS_EVENT_BALL, 0.6, 1, 10, 0.2, {1.9, 0.35}, {0.7, -0.7}},
		{BS_EVENT_POCKET, 0.9, 10, 2, 0.0, {W, 0.0}, {0.0, 0.0}},
		{BS_EVENT_POCKET, 1.2, 0, 1, 0.0, {0.5 * W, 0.0}, {0.0, 0.0}}};
	bs_ruling ruling = ten_ball_judged(NULL, events, 4, (bs_shot_call){10, 2});
	CHECK_RULING(ruling, BS_FOUL_CUE_BALL_POCKETED, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK(!ruling.after.over);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, 10);
}

// Three fouls in a row lose 10-ball too (WPA 5.8).
static void ten_three_fouls_lose(void) {
	bs_event events[] = {{BS_EVENT_CUSHION, 0.4, 0, 2, 0.2, {1.0, 0.0}, {0.0, 1.0}}};
	bs_ruling ruling = ten_ball_judged(two_fouls, events, 1, bs_no_call());
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NO_CONTACT);
	CHECK(ruling.after.over);
	CHECK_EQ_INT(ruling.after.winner, 1);
}

// A call naming the cue ball is refused.
static void ten_calling_the_cue_ball_is_refused(void) {
	placed_ball layout[] = {{0, 1.0, MID, 0}, {1, 1.5, MID, 0}, {10, 2.0, 0.3, 0}};
	bs_game* game = ten_ball(layout, 3);
	bs_cue_def cue = cue_towards(bs_v2(1.5, MID), 1.0);
	bs_shot_call call = {0, 2};
	char error[256] = "";
	CHECK(!bs_game_shoot(game, &cue, &call, NULL, error, sizeof error));
	CHECK_CONTAINS(error, "call.ball: the cue ball is struck, not called");
	bs_game_destroy(game);
}

static void ten_called_ten_wins(void) {
	placed_ball layout[4];
	combination_layout(layout, 1, 10, 2);
	bs_game* game = ten_ball(layout, 4);
	bs_ruling ruling = play(game, combination(game, 1, 3.0), (bs_shot_call){10, 3});
	CHECK(ruling.after.over);
	CHECK_EQ_INT(ruling.after.winner, 0);
	bs_game_destroy(game);
}

// ---------------------------------------------------------------------------
// 8-ball (WPA section 3)

static void solids_for_0(bs_game_state* state) {
	state->is_break = false;
	state->group[0] = BS_GROUP_SOLIDS;
	state->group[1] = BS_GROUP_STRIPES;
}

static bs_game* eight_ball(const placed_ball* layout, int count, void (*tweak)(bs_game_state*)) {
	return situation(BS_GAME_8_BALL, nine_foot(), layout, count, 0.0, 0.0, tweak ? tweak : not_break);
}

// A called ball made on an open table chooses the shooter's group (3.6).
static void eight_open_table_pot_chooses_group(void) {
	placed_ball layout[] = {{0, 1.2, 0.5, 0}, {3, 2.0, 0.9, 0}, {8, 0.6, 1.0, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 4, NULL);
	bs_ruling ruling = play(game, cue_to_pocket(game, 3, 3, 2.0), (bs_shot_call){3, 3});
	CHECK_RULING(ruling, BS_FOUL_NONE, false, 0, BS_IN_HAND_NONE);
	CHECK_EQ_INT(ruling.after.group[0], BS_GROUP_SOLIDS);
	CHECK_EQ_INT(ruling.after.group[1], BS_GROUP_STRIPES);
	CHECK_CONTAINS(ruling.text, "player 1 takes the solids");
	bs_game_destroy(game);
}

// On an open table the 8 may not be struck first.
static void eight_open_table_eight_first_is_a_foul(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {8, 1.6, MID, 0}, {3, 0.6, 1.0, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 4, NULL);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.6, MID), 1.5), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK_CONTAINS(ruling.text, "the 8 may not be struck first");
	bs_game_destroy(game);
}

// With solids, a stripe first is a foul; balls pocketed on it stay down (3.9).
static void eight_opponents_ball_first(void) {
	placed_ball layout[4];
	combination_layout(layout, 12, 3, 8);
	bs_game* game = eight_ball(layout, 4, solids_for_0);
	bs_ruling ruling = play(game, combination(game, 12, 3.0), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK(!on_table(&ruling, 3));
	CHECK_EQ_INT(ruling.respot_count, 0);
	CHECK_CONTAINS(ruling.text, "a solid was on");
	bs_game_destroy(game);
}

// Combinations are legal when the shooter's ball is hit first: a solid
// into a stripe that drops; the stripe counts for its owner, the turn ends
// because the called ball was not made.
static void eight_combination_into_opponents_ball(void) {
	placed_ball layout[4];
	combination_layout(layout, 3, 12, 8);
	bs_game* game = eight_ball(layout, 4, solids_for_0);
	bs_ruling ruling = play(game, combination(game, 3, 3.0), (bs_shot_call){3, 3});
	CHECK_RULING(ruling, BS_FOUL_NONE, true, 1, BS_IN_HAND_NONE);
	CHECK(!on_table(&ruling, 12));
	CHECK_CONTAINS(ruling.text, "the called ball was not made as called");
	bs_game_destroy(game);
}

// No call: the obvious shot, any of the shooter's balls in any pocket.
static void eight_obvious_shot_continues(void) {
	placed_ball layout[] = {{0, 1.2, 0.5, 0}, {3, 2.0, 0.9, 0}, {8, 0.6, 1.0, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 4, solids_for_0);
	bs_ruling ruling = play(game, cue_to_pocket(game, 3, 3, 2.0), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NONE, false, 0, BS_IN_HAND_NONE);
	bs_game_destroy(game);
}

// With the group gone, the 8 in the called pocket wins (3.2, 3.8).
static void eight_in_called_pocket_wins(void) {
	placed_ball layout[] = {{0, 1.2, 0.5, 0}, {8, 2.0, 0.9, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 3, solids_for_0);
	bs_ruling ruling = play(game, cue_to_pocket(game, 8, 3, 2.0), (bs_shot_call){8, 3});
	CHECK(ruling.after.over);
	CHECK_EQ_INT(ruling.after.winner, 0);
	CHECK_CONTAINS(ruling.text, "the 8 in the called pocket 3");
	bs_game_destroy(game);
}

// The 8 in a pocket not called loses (3.8).
static void eight_in_other_pocket_loses(void) {
	placed_ball layout[] = {{0, 1.2, 0.5, 0}, {8, 2.0, 0.9, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 3, solids_for_0);
	bs_ruling ruling = play(game, cue_to_pocket(game, 8, 3, 2.0), (bs_shot_call){8, 2});
	CHECK(ruling.after.over);
	CHECK_EQ_INT(ruling.after.winner, 1);
	CHECK_CONTAINS(ruling.text, "in a pocket not called");
	bs_game_destroy(game);
}

// The 8 made with a scratch loses (3.8).
static void eight_with_a_scratch_loses(void) {
	placed_ball layout[] = {{0, 2.0, 0.73, 0}, {8, 2.25, 0.98, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 3, solids_for_0);
	bs_cue_def cue = cue_to_pocket(game, 8, 3, 3.0);
	cue.stick = true;
	cue.tip = bs_v2(0.0, 0.45);
	bs_ruling ruling = play(game, cue, (bs_shot_call){8, 3});
	CHECK_EQ_INT(ruling.foul, BS_FOUL_CUE_BALL_POCKETED);
	CHECK(ruling.after.over);
	CHECK_EQ_INT(ruling.after.winner, 1);
	CHECK_CONTAINS(ruling.text, "on a foul");
	bs_game_destroy(game);
}

// The 8 before the group is cleared loses (3.8).
static void eight_too_early_loses(void) {
	placed_ball layout[4];
	combination_layout(layout, 3, 8, 12);
	bs_game* game = eight_ball(layout, 4, solids_for_0);
	bs_ruling ruling = play(game, combination(game, 3, 3.0), (bs_shot_call){3, 3});
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NONE);
	CHECK(ruling.after.over);
	CHECK_EQ_INT(ruling.after.winner, 1);
	CHECK_CONTAINS(ruling.text, "before its group was cleared");
	bs_game_destroy(game);
}

// A shot at the 8 must call its pocket, and a call must name the
// shooter's own ball: the game refuses the shot and is unchanged.
static void eight_calls_are_checked(void) {
	placed_ball layout[] = {{0, 1.2, 0.5, 0}, {8, 2.0, 0.9, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 3, solids_for_0);
	bs_game_state before = *bs_game_get_state(game);
	bs_cue_def cue = cue_to_pocket(game, 8, 3, 2.0);
	char error[256] = "";
	bs_shot_call no_pocket = {8, -1};
	CHECK(!bs_game_shoot(game, &cue, &no_pocket, NULL, error, sizeof error));
	CHECK_CONTAINS(error, "call.pocket: a shot at the 8 must call its pocket");
	bs_shot_call theirs = {12, 3};
	CHECK(!bs_game_shoot(game, &cue, &theirs, NULL, error, sizeof error));
	CHECK_CONTAINS(error, "call.ball: the 12 is not the shooter's to call");
	bs_shot_call no_such_pocket = {8, 6};
	CHECK(!bs_game_shoot(game, &cue, &no_such_pocket, NULL, error, sizeof error));
	CHECK_CONTAINS(error, "call.pocket: 6 is no pocket");
	CHECK(memcmp(&before, bs_game_get_state(game), sizeof before) == 0);
	bs_game_destroy(game);
}

// A soft break: the balls are racked again and the other player breaks (3.3).
static void eight_bad_break_reracks(void) {
	placed_ball layout[] = {{0, 0.5, MID, 0}, {1, 1.905, MID, 0}, {8, 1.96, 0.67, 0}, {9, 2.2, 1.0, 0}};
	bs_game* game = situation(BS_GAME_8_BALL, nine_foot(), layout, 4, 0.0, 0.0, the_break);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.905, MID), 0.9), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_BAD_BREAK, true, 1, BS_IN_HAND_KITCHEN);
	CHECK(ruling.after.is_break);
	CHECK_EQ_INT(ruling.respot_count, 4);
	for (int i = 0; i < 4; ++i) {
		CHECK_SAME_BITS(ruling.after.balls[i].pos.x, layout[i].x);
		CHECK_SAME_BITS(ruling.after.balls[i].pos.y, layout[i].y);
	}
	bs_game_destroy(game);
}

// The 8 on the break is spotted and the breaker goes on (3.4).
static void eight_on_the_break_is_spotted(void) {
	placed_ball layout[4];
	combination_layout(layout, 1, 8, 12);
	bs_game* game = situation(BS_GAME_8_BALL, nine_foot(), layout, 4, 0.0, 0.0, the_break);
	bs_ruling ruling = play(game, combination(game, 1, 3.0), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NONE, false, 0, BS_IN_HAND_NONE);
	CHECK(!ruling.after.over);
	CHECK_EQ_INT(ruling.respot_count, 1);
	CHECK_EQ_INT(ruling.respots[0].id, 8);
	CHECK_EQ_INT(ruling.after.group[0], BS_GROUP_OPEN);
	bs_game_destroy(game);
}

// A scratch on a legal break: the pocketed balls stay down, the table is
// open, ball in hand (3.5).
static void eight_scratch_on_the_break(void) {
	placed_ball layout[] = {{0, 2.0, 0.73, 0}, {1, 2.25, 0.98, 0}, {8, 1.0, 1.0, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = situation(BS_GAME_8_BALL, nine_foot(), layout, 4, 0.0, 0.0, the_break);
	bs_cue_def cue = cue_to_pocket(game, 1, 3, 3.0);
	cue.stick = true;
	cue.tip = bs_v2(0.0, 0.45);
	bs_ruling ruling = play(game, cue, bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_CUE_BALL_POCKETED, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK(!on_table(&ruling, 1));
	CHECK_EQ_INT(ruling.after.group[1], BS_GROUP_OPEN);
	bs_game_destroy(game);
}

static void stripes_for_0(bs_game_state* state) {
	state->is_break = false;
	state->group[0] = BS_GROUP_STRIPES;
	state->group[1] = BS_GROUP_SOLIDS;
}

// Too soft: after the contact nothing reaches a cushion (6.3).
static void eight_no_rail_is_a_foul(void) {
	placed_ball layout[] = {{0, 1.0, MID, 0}, {3, 1.2, MID, 0}, {8, 0.6, 1.0, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 4, solids_for_0);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.2, MID), 0.4), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NO_RAIL, true, 1, BS_IN_HAND_ANYWHERE);
	bs_game_destroy(game);
}

// Missing every ball is a foul (6.2).
static void eight_no_contact(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {3, 2.0, 1.0, 0}, {8, 1.0, 0.2, 0}, {12, 2.2, 0.3, 0}};
	bs_game* game = eight_ball(layout, 4, solids_for_0);
	bs_ruling ruling = play(game, cue_towards(bs_v2(0.8, 1.2), 1.0), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_NO_CONTACT, true, 1, BS_IN_HAND_ANYWHERE);
	bs_game_destroy(game);
}

// With stripes, a solid first is a foul.
static void eight_stripes_hit_a_solid_first(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {3, 1.6, MID, 0}, {8, 0.6, 1.0, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 4, stripes_for_0);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.6, MID), 1.5), bs_no_call());
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK_CONTAINS(ruling.text, "a stripe was on");
	bs_game_destroy(game);
}

// A legal shot that makes nothing ends the turn, without a foul.
static void eight_miss_passes_the_turn(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {3, 1.6, MID, 0}, {8, 0.6, 1.0, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 4, solids_for_0);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.6, MID), 1.5), (bs_shot_call){3, 1});
	CHECK_RULING(ruling, BS_FOUL_NONE, true, 1, BS_IN_HAND_NONE);
	CHECK(on_table(&ruling, 3));
	bs_game_destroy(game);
}

// On the 8: a shot at it that misses the pocket but makes a rail is legal;
// the turn passes and the game goes on.
static void eight_on_the_eight_missed(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {8, 1.6, MID, 0}, {12, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 3, solids_for_0);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.6, MID), 1.5), (bs_shot_call){8, 3});
	CHECK_RULING(ruling, BS_FOUL_NONE, true, 1, BS_IN_HAND_NONE);
	CHECK(!ruling.after.over);
	bs_game_destroy(game);
}

// On the 8: the opponent's ball first is a foul.
static void eight_on_the_eight_hit_a_stripe_first(void) {
	placed_ball layout[] = {{0, 0.8, MID, 0}, {12, 1.6, MID, 0}, {8, 1.0, 0.2, 0}};
	bs_game* game = eight_ball(layout, 3, solids_for_0);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.6, MID), 1.5), (bs_shot_call){8, 0});
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, true, 1, BS_IN_HAND_ANYWHERE);
	CHECK_CONTAINS(ruling.text, "the 8 was on");
	bs_game_destroy(game);
}

// A split hit of a solid and a stripe at the same instant: the shooter's
// benefit (solids on).
static void eight_split_hit_goes_to_the_shooter(void) {
	const double line = 0.625;
	const double offset = 0.03125;
	placed_ball layout[] = {{0, 0.6, line, 0}, {3, 1.5, line + offset, 0}, {12, 1.5, line - offset, 0}, {8, 0.3, 1.0, 0}};
	bs_game* game = eight_ball(layout, 4, solids_for_0);
	bs_ruling ruling = play(game, cue_towards(bs_v2(1.0, line), 2.0), bs_no_call());
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NONE);
	CHECK_CONTAINS(ruling.text, "at the same instant");
	bs_game_destroy(game);
}

// Close calls in 8-ball: a solid and a stripe a micrometre apart.
static void eight_close_calls(void) {
	for (int solid_first = 0; solid_first <= 1; ++solid_first) {
		double solid_x = solid_first ? 1.5 : 1.5 + 1e-6;
		double stripe_x = solid_first ? 1.5 + 1e-6 : 1.5;
		placed_ball layout[] = {
			{0, 0.6, MID, 0}, {3, solid_x, MID + 0.03, 0}, {12, stripe_x, MID - 0.03, 0}, {8, 0.3, 1.0, 0}};
		bs_game* game = eight_ball(layout, 4, solids_for_0);
		bs_ruling ruling = play(game, cue_towards(bs_v2(1.0, MID), 2.0), bs_no_call());
		CHECK_EQ_STR(bs_foul_name(ruling.foul), solid_first ? "none" : "wrong_ball_first");
		bs_game_destroy(game);
	}
}

// ---------------------------------------------------------------------------
// Whole games: a scripted player pots what it can and plays on until a winner

// The ball the shooter should play at, as the rules of the game see it.
static int target_ball(const bs_game_state* state) {
	int best = -1;
	bool on_eight = false;
	if (state->game == BS_GAME_8_BALL && state->group[state->shooter] != BS_GROUP_OPEN) {
		on_eight = true;
		for (int i = 0; i < state->ball_count; ++i) {
			int id = state->balls[i].id;
			bool own = state->group[state->shooter] == BS_GROUP_SOLIDS ? id >= 1 && id <= 7 : id >= 9 && id <= 15;
			on_eight = on_eight && !(state->balls[i].on_table && own);
		}
	}
	for (int i = 0; i < state->ball_count; ++i) {
		const bs_rules_ball* ball = &state->balls[i];
		if (!ball->on_table || ball->id == state->cue_ball) {
			continue;
		}
		int id = ball->id;
		bool legal = state->game != BS_GAME_8_BALL ? true
			: on_eight                             ? id == 8
			: state->group[state->shooter] == BS_GROUP_OPEN ? id != 8
			: state->group[state->shooter] == BS_GROUP_SOLIDS ? id >= 1 && id <= 7
															  : id >= 9 && id <= 15;
		if (legal && (best < 0 || id < state->balls[best].id)) {
			best = i;
		}
	}
	return best < 0 ? -1 : state->balls[best].id;
}

// The scripted player's shot at `target`: into the first pocket with a
// clear path, else a plain hit at its centre. Writes the pocket it calls
// (the first it can aim at, when none is clear).
static bs_cue_def player_cue(const bs_game* game, int target, int* pocket) {
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	bs_world_def def = bs_game_world_def(game, balls);
	bs_world* world = bs_world_create(&def);
	int cue = bs_game_get_state(game)->cue_ball;
	int callable = -1;
	bs_cue_def shot = cue_towards(ball_at(game, target), 2.0);
	*pocket = -1;
	for (int p = 0; p < 6; ++p) {
		bs_pocket_aim aim;
		if (bs_aim_to_pocket(world, cue, target, p, &aim) != BS_AIM_OK) {
			continue;
		}
		callable = callable < 0 ? p : callable;
		if (aim.cue_blocker < 0 && aim.object_blocker < 0) {
			*pocket = p;
			shot = cue_towards(aim.aim.ghost, 2.5);
			break;
		}
	}
	*pocket = *pocket < 0 ? (callable < 0 ? 0 : callable) : *pocket;
	bs_world_destroy(world);
	return shot;
}

// With ball in hand: straight behind the target on the line from a pocket,
// else the first clear place on a grid.
static bool place_for(bs_game* game, const bs_table* table, int target) {
	bs_vec2 object = ball_at(game, target);
	char error[256];
	for (int p = 0; p < 6; ++p) {
		bs_vec2 mouth;
		bs_aim_pocket_target(table, p, &mouth);
		bs_vec2 away = bs_v2_normalize(bs_v2_sub(object, mouth));
		for (double d = 0.15; d < 0.6; d += 0.05) {
			if (bs_game_place_cue_ball(game, bs_v2_add(object, bs_v2_scale(d, away)), error, sizeof error)) {
				return true;
			}
		}
	}
	for (double x = 0.1; x < W; x += 0.1) {
		for (double y = 0.1; y < H; y += 0.1) {
			if (bs_game_place_cue_ball(game, bs_v2(x, y), error, sizeof error)) {
				return true;
			}
		}
	}
	return false;
}

// Plays one game with a simple scripted player, who always shoots at the
// ball the rules put on, into a pocket it can reach, until a winner.
static void play_whole_game(bs_game_kind kind, uint64_t seed, int* shots, int* winner, bool* won_by_a_pot) {
	bs_game_def def = bs_default_game_def(kind);
	def.rack.seed = seed;
	char error[256] = "";
	bs_game* game = bs_game_create(&def, error, sizeof error);
	if (!game) {
		CHECK_FAIL("%s", error);
		return;
	}
	bs_table* table = bs_table_create(&def.world.table);
	// The break from the head spot, full into the apex.
	bs_ruling ruling = play(game, cue_towards(foot_spot, 9.0), bs_no_call());
	*shots = 1;
	while (!bs_game_get_state(game)->over && *shots < 300) {
		const bs_game_state* state = bs_game_get_state(game);
		int target = target_ball(state);
		if (state->in_hand != BS_IN_HAND_NONE && !place_for(game, table, target)) {
			CHECK_FAIL("shot %d: no place for the cue ball", *shots);
			break;
		}
		int pocket;
		bs_cue_def cue = player_cue(game, target, &pocket);
		bs_shot_call call = {target, pocket};
		if (!bs_game_shoot(game, &cue, &call, &ruling, error, sizeof error)) {
			CHECK_FAIL("shot %d refused: %s", *shots, error);
			break;
		}
		*shots += 1;
		// Every ruling's state is one a world accepts.
		bs_ball_def balls[BS_RULES_MAX_BALLS];
		bs_world_def world = bs_game_world_def(game, balls);
		bs_def_report report;
		if (!bs_world_def_check(&world, &report)) {
			CHECK_FAIL("after shot %d the position is refused: %s (%s)", *shots, report.message, ruling.text);
		}
	}
	const bs_game_state* end = bs_game_get_state(game);
	CHECK(end->over);
	*winner = end->winner;
	// How it ended: the winner's own legal pot of the money ball, or the
	// loser's foul or early 8.
	*won_by_a_pot = ruling.foul == BS_FOUL_NONE && ruling.scored && !ruling.turn_passes &&
		ruling.after.winner == ruling.after.shooter;
	if (end->over) {
		CHECK(end->winner == 0 || end->winner == 1);
		CHECK_EQ_INT(end->score[end->winner], 1);
		CHECK_EQ_INT(end->score[1 - end->winner], 0);
	}
	bs_table_destroy(table);
	bs_game_destroy(game);
}

static void whole_games_end_with_a_winner(void) {
	static const bs_game_kind kinds[] = {BS_GAME_9_BALL, BS_GAME_8_BALL, BS_GAME_10_BALL};
	for (int k = 0; k < 3; ++k) {
		int pots = 0;
		for (uint64_t seed = 1; seed <= 3; ++seed) {
			int shots = 0;
			int winner = -1;
			bool won_by_a_pot = false;
			play_whole_game(kinds[k], seed, &shots, &winner, &won_by_a_pot);
			pots += won_by_a_pot;
			printf("     %s, seed %d: player %d won in %d shots, %s\n", bs_game_kind_name(kinds[k]), (int)seed,
				winner + 1, shots, won_by_a_pot ? "potting the winning ball" : "on the other's foul");
		}
		// At least one rack of each game ends the way a game is meant to.
		CHECK(pots >= 1);
	}
}

int main(void) {
	RUN(nine_legal_pot_continues);
	RUN(nine_rail_after_contact_passes_turn);
	RUN(nine_no_rail_is_a_foul);
	RUN(nine_wrong_ball_first);
	RUN(nine_no_contact);
	RUN(nine_scratch_keeps_pots_down);
	RUN(nine_combination_wins);
	RUN(nine_pocketed_on_a_foul_is_spotted);
	RUN(nine_spot_taken_goes_behind);
	RUN(nine_three_fouls_lose);
	RUN(nine_legal_shot_clears_fouls);
	RUN(nine_break_too_soft);
	RUN(nine_on_the_break_wins);
	RUN(nine_break_wrong_ball_first);
	RUN(nine_cue_ball_makes_the_rail);
	RUN(nine_rail_before_contact_does_not_count);
	RUN(nine_close_call_one_first);
	RUN(nine_close_call_two_first);
	RUN(nine_split_hit_goes_to_the_shooter);
	RUN(nine_same_place_later_is_no_split_hit);
	RUN(nine_ball_in_hand_placement);
	RUN(nine_break_placement_in_the_kitchen);
	RUN(ten_called_ball_made_continues);
	RUN(ten_wrong_pocket_ends_the_turn);
	RUN(ten_uncalled_ten_is_spotted);
	RUN(ten_dropped_beside_a_called_ball_is_spotted);
	RUN(ten_called_ten_wins);
	RUN(ten_on_the_break_is_spotted);
	RUN(ten_on_a_foul_is_spotted);
	RUN(ten_three_fouls_lose);
	RUN(ten_calling_the_cue_ball_is_refused);
	RUN(eight_open_table_pot_chooses_group);
	RUN(eight_open_table_eight_first_is_a_foul);
	RUN(eight_opponents_ball_first);
	RUN(eight_combination_into_opponents_ball);
	RUN(eight_obvious_shot_continues);
	RUN(eight_in_called_pocket_wins);
	RUN(eight_in_other_pocket_loses);
	RUN(eight_with_a_scratch_loses);
	RUN(eight_too_early_loses);
	RUN(eight_calls_are_checked);
	RUN(eight_bad_break_reracks);
	RUN(eight_on_the_break_is_spotted);
	RUN(eight_scratch_on_the_break);
	RUN(eight_no_rail_is_a_foul);
	RUN(eight_no_contact);
	RUN(eight_stripes_hit_a_solid_first);
	RUN(eight_miss_passes_the_turn);
	RUN(eight_on_the_eight_missed);
	RUN(eight_on_the_eight_hit_a_stripe_first);
	RUN(eight_split_hit_goes_to_the_shooter);
	RUN(eight_close_calls);
	RUN(whole_games_end_with_a_winner);
	return check_summary();
}
