// Three-cushion's rules (UMB World Rules of Carom Billiard): situations from
// the rulebook with the ruling each must give (a point or not, the turn and
// each player's own cue ball, the starting stroke's direct attack on the
// red, the end of the match with equal innings), on events made by hand and
// on shots simulated under pool physics; the close calls that the events'
// order decides, a third cushion and the second ball a microsecond apart
// among them; and a whole match to its end.
#include <math.h>

#include "check.h"
#include "rules_judge_helpers.h"
#include <breakshot/rules.h>
#include <breakshot/table.h>

// The UMB match table (2840 x 1420 mm) and its balls, 61.5 mm across.
#define W 2.84
#define H 1.42
#define R 0.03075

// The ids the three-cushion rack gives: the rules read the kinds.
enum { WHITE = 0, YELLOW = 1, RED = 2 };

static bs_ball_def ball(int id, double x, double y) {
	static const bs_ball_kind kinds[3] = {BS_BALL_CAROM_WHITE, BS_BALL_CAROM_YELLOW, BS_BALL_CAROM_RED};
	bs_ball_def def = bs_default_ball_def();
	def.id = id;
	def.kind = kinds[id];
	def.radius = R;
	def.mass = 0.21;
	def.pos = bs_v2(x, y);
	return def;
}

static bs_game_state start_with(const bs_ball_def* balls, int target) {
	bs_table_def table = bs_table_rect(W, H);
	bs_game_state state;
	char error[BS_RULES_ERROR_SIZE];
	if (!bs_game_state_start(BS_GAME_THREE_CUSHION, &table, balls, 3, target, &state, error, sizeof error)) {
		CHECK_FAIL("bs_game_state_start refused the balls: %s", error);
		memset(&state, 0, sizeof state);
	}
	return state;
}

// A game under way: player 0 at the table with the white, past the break.
static bs_game_state mid_game(int target) {
	bs_ball_def balls[3] = {ball(WHITE, 0.5, 0.4), ball(YELLOW, 2.0, 1.0), ball(RED, 1.5, 0.9)};
	bs_game_state state = start_with(balls, target);
	state.is_break = false;
	return state;
}

// ---------------------------------------------------------------------------
// The point (Art. 83)

static void red_three_cushions_yellow_is_a_point(void) {
	bs_game_state state = mid_game(40);
	bs_event shot[] = {ev_hit(0.3, WHITE, RED), ev_cushion(0.6, WHITE, 1), ev_cushion(0.9, WHITE, 2),
		ev_cushion(1.2, WHITE, 3), ev_hit(1.5, WHITE, YELLOW)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK(ruling.scored);
	CHECK(!ruling.turn_passes);
	CHECK_EQ_INT(ruling.after.score[0], 1);
	CHECK_EQ_INT(ruling.after.cue_ball, WHITE);
	CHECK_EQ_INT(ruling.after.innings[0], 1);
	CHECK_DECIDING(ruling, 0, 3, 4);
	CHECK_CONTAINS(ruling.text,
		"point: the white touched the red (event 0, t = 0.3 s), then the yellow (event 4, "
		"t = 1.5 s) after 3 cushions, the third (event 3, t = 1.2 s); player 1 has 1 of 40");
}

// The cushions may come before the first ball, or on both sides of it.
static void cushions_before_or_around_the_first_ball_count(void) {
	bs_game_state state = mid_game(40);
	bs_event first[] = {ev_cushion(0.2, WHITE, 0), ev_cushion(0.5, WHITE, 1), ev_cushion(0.8, WHITE, 2),
		ev_hit(1.0, WHITE, YELLOW), ev_hit(1.3, WHITE, RED)};
	bs_ruling ruling = JUDGE(&state, NULL, first, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_DECIDING(ruling, 2, 3, 4);

	bs_event around[] = {ev_cushion(0.2, WHITE, 0), ev_hit(0.4, WHITE, RED), ev_cushion(0.7, WHITE, 2),
		ev_cushion(1.0, WHITE, 3), ev_hit(1.3, WHITE, YELLOW)};
	ruling = JUDGE(&state, NULL, around, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);

	bs_event two_then_one[] = {ev_cushion(0.2, WHITE, 0), ev_cushion(0.4, WHITE, 1), ev_hit(0.6, WHITE, RED),
		ev_cushion(0.9, WHITE, 2), ev_hit(1.3, WHITE, YELLOW)};
	ruling = JUDGE(&state, NULL, two_then_one, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
}

// Three contacts, not three cushions: the same one three times counts.
static void one_cushion_three_times_counts(void) {
	bs_game_state state = mid_game(40);
	bs_event shot[] = {ev_hit(0.2, WHITE, RED), ev_cushion(0.5, WHITE, 3), ev_cushion(0.9, WHITE, 3),
		ev_cushion(1.3, WHITE, 3), ev_hit(1.6, WHITE, YELLOW)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
}

// Into a corner: both cushions at one instant, two contacts.
static void a_corner_is_two_cushions(void) {
	bs_game_state state = mid_game(40);
	bs_event shot[] = {ev_hit(0.2, WHITE, RED), ev_cushion(0.8, WHITE, 0), ev_cushion(0.8, WHITE, 1),
		ev_cushion(1.3, WHITE, 3), ev_hit(1.6, WHITE, YELLOW)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_DECIDING(ruling, 0, 3, 4);
}

static void two_cushions_before_the_second_ball_is_no_point(void) {
	bs_game_state state = mid_game(40);
	bs_event shot[] = {ev_hit(0.3, WHITE, RED), ev_cushion(0.6, WHITE, 1), ev_cushion(0.9, WHITE, 2),
		ev_hit(1.1, WHITE, YELLOW), ev_cushion(1.2, WHITE, 3)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK(ruling.turn_passes);
	CHECK(!ruling.scored);
	// The other player takes his own cue ball, and starts an inning.
	CHECK_EQ_INT(ruling.after.cue_ball, YELLOW);
	CHECK_EQ_INT(ruling.after.innings[1], 1);
	CHECK_EQ_INT(ruling.after.score[0], 0);
	CHECK_DECIDING(ruling, 0, 3);
	CHECK_CONTAINS(ruling.text,
		"no point: the white reached the yellow (event 3, t = 1.1 s) after 2 cushions; the "
		"third came later (event 4, t = 1.2 s); player 2 plays the yellow");
}

// The second player scores with his own ball, the yellow, off the white.
static void the_yellow_scores_off_the_white(void) {
	bs_game_state state = mid_game(40);
	state.shooter = 1;
	state.cue_ball = YELLOW;
	bs_event shot[] = {ev_hit(0.3, YELLOW, RED), ev_cushion(0.6, YELLOW, 0), ev_cushion(0.9, YELLOW, 2),
		ev_cushion(1.2, YELLOW, 1), ev_hit(1.5, WHITE, YELLOW)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.score[1], 1);
	CHECK_EQ_INT(ruling.after.cue_ball, YELLOW);
}

// A kiss between the object balls is not the cue ball's contact: the red
// driven onto the yellow scores nothing.
static void a_kiss_between_the_object_balls_is_no_contact(void) {
	bs_game_state state = mid_game(40);
	bs_event shot[] = {ev_hit(0.3, WHITE, RED), ev_hit(0.5, YELLOW, RED), ev_cushion(0.6, WHITE, 1),
		ev_cushion(0.9, WHITE, 2), ev_cushion(1.2, WHITE, 3)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
}

// More than three cushions before the second ball is a point too.
static void five_cushions_count(void) {
	bs_game_state state = mid_game(40);
	bs_event shot[] = {ev_hit(0.2, WHITE, YELLOW), ev_cushion(0.4, WHITE, 0), ev_cushion(0.6, WHITE, 2),
		ev_cushion(0.8, WHITE, 1), ev_cushion(1.0, WHITE, 3), ev_cushion(1.2, WHITE, 0), ev_hit(1.5, WHITE, RED)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 7);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
}

// The first object ball touched again before the second: still one ball;
// the point comes with the other after the third cushion.
static void the_first_ball_twice_then_the_second(void) {
	bs_game_state state = mid_game(40);
	bs_event shot[] = {ev_hit(0.2, WHITE, RED), ev_cushion(0.4, WHITE, 0), ev_hit(0.6, WHITE, RED),
		ev_cushion(0.8, WHITE, 1), ev_cushion(1.0, WHITE, 3), ev_hit(1.4, WHITE, YELLOW)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 6);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
}

static void one_ball_or_none_is_no_point(void) {
	bs_game_state state = mid_game(40);
	bs_event one[] = {ev_hit(0.3, WHITE, RED), ev_cushion(0.6, WHITE, 1), ev_cushion(0.9, WHITE, 2),
		ev_cushion(1.2, WHITE, 3), ev_cushion(1.6, WHITE, 0)};
	bs_ruling ruling = JUDGE(&state, NULL, one, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_CONTAINS(ruling.text, "no point: the white touched the red (event 0, t = 0.3 s) but never the yellow");

	bs_event none[] = {ev_cushion(0.6, WHITE, 1), ev_cushion(0.9, WHITE, 2), ev_cushion(1.2, WHITE, 3)};
	ruling = JUDGE(&state, NULL, none, 3);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.deciding_count, 0);
	CHECK_CONTAINS(ruling.text, "no point: the white touched no ball (3 cushions)");

	// No miss is a foul outside the starting stroke: nothing touched at all.
	ruling = JUDGE(&state, NULL, none, 0);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
}

// The second ball's first contact is the one that counts: touching it
// again after the third cushion makes no point.
static void the_second_balls_first_contact_counts(void) {
	bs_game_state state = mid_game(40);
	bs_event shot[] = {ev_hit(0.3, WHITE, RED), ev_cushion(0.6, WHITE, 1), ev_hit(0.8, WHITE, YELLOW),
		ev_cushion(0.9, WHITE, 2), ev_cushion(1.2, WHITE, 3), ev_hit(1.4, WHITE, YELLOW)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 6);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_DECIDING(ruling, 0, 2);

	// The first ball touched again before the second does not matter.
	bs_event again[] = {ev_hit(0.3, WHITE, RED), ev_cushion(0.6, WHITE, 1), ev_hit(0.7, WHITE, RED),
		ev_cushion(0.9, WHITE, 2), ev_cushion(1.2, WHITE, 3), ev_hit(1.4, WHITE, YELLOW)};
	ruling = JUDGE(&state, NULL, again, 6);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
}

// Only the cue ball's own contacts count: the object balls' cushions, and
// the red meeting the yellow, are not the cue ball's.
static void only_the_cue_balls_contacts_count(void) {
	bs_game_state state = mid_game(40);
	bs_event shot[] = {ev_hit(0.3, WHITE, RED), ev_cushion(0.5, RED, 1), ev_cushion(0.7, RED, 2),
		ev_cushion(0.9, WHITE, 3), ev_hit(1.1, RED, YELLOW), ev_cushion(1.2, YELLOW, 0), ev_hit(1.4, WHITE, YELLOW)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 7);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_CONTAINS(ruling.text, "after 1 cushion");
}

// The second player's shots: his own yellow, the white an object ball.
static void the_second_player_plays_the_yellow(void) {
	bs_game_state state = mid_game(40);
	bs_event miss[] = {ev_hit(0.3, WHITE, RED)};
	state = JUDGE(&state, NULL, miss, 1).after;
	CHECK_EQ_INT(state.shooter, 1);
	CHECK_EQ_INT(state.cue_ball, YELLOW);
	bs_event point[] = {ev_hit(0.3, WHITE, YELLOW), ev_cushion(0.6, YELLOW, 1), ev_cushion(0.9, YELLOW, 2),
		ev_cushion(1.2, YELLOW, 3), ev_hit(1.5, YELLOW, RED)};
	bs_ruling ruling = JUDGE(&state, NULL, point, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.score[1], 1);
	CHECK_CONTAINS(ruling.text, "point: the yellow touched the white");
	// The white's cushions are not the yellow's.
	bs_event white_cushions[] = {ev_hit(0.3, WHITE, YELLOW), ev_cushion(0.6, WHITE, 1), ev_cushion(0.9, WHITE, 2),
		ev_cushion(1.2, WHITE, 3), ev_hit(1.5, YELLOW, RED)};
	ruling = JUDGE(&state, NULL, white_cushions, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.cue_ball, WHITE);
	CHECK_EQ_INT(ruling.after.innings[0], 2);
}

// ---------------------------------------------------------------------------
// Close calls

// A cushion at the very instant of the second ball: the world takes the
// ball contact first (docs/engine.md, "Ties"), so the cushion comes after
// and the point is not made. The judge follows the order of the list.
static void a_cushion_at_the_instant_of_the_second_ball_comes_after_it(void) {
	bs_game_state state = mid_game(40);
	bs_event shot[] = {ev_hit(0.3, WHITE, RED), ev_cushion(0.6, WHITE, 1), ev_cushion(0.9, WHITE, 2),
		ev_hit(1.25, WHITE, YELLOW), ev_cushion(1.25, WHITE, 3)};
	bs_ruling ruling = JUDGE(&state, NULL, shot, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_CONTAINS(ruling.text,
		"reached the yellow (event 3, t = 1.25 s) after 2 cushions; the third came later "
		"(event 4, t = 1.25 s)");

	// Written the other way round (no world writes it so), the list's
	// order still decides.
	bs_event listed[] = {ev_hit(0.3, WHITE, RED), ev_cushion(0.6, WHITE, 1), ev_cushion(0.9, WHITE, 2),
		ev_cushion(1.25, WHITE, 3), ev_hit(1.25, WHITE, YELLOW)};
	ruling = JUDGE(&state, NULL, listed, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
}

static void third_cushion_and_second_ball_a_microsecond_apart(void) {
	bs_game_state state = mid_game(40);
	bs_event made[] = {ev_hit(0.3, WHITE, RED), ev_cushion(0.6, WHITE, 1), ev_cushion(0.9, WHITE, 2),
		ev_cushion(1.250000, WHITE, 3), ev_hit(1.250001, WHITE, YELLOW)};
	bs_ruling ruling = JUDGE(&state, NULL, made, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK_DECIDING(ruling, 0, 3, 4);

	bs_event missed[] = {ev_hit(0.3, WHITE, RED), ev_cushion(0.6, WHITE, 1), ev_cushion(0.9, WHITE, 2),
		ev_hit(1.250000, WHITE, YELLOW), ev_cushion(1.250001, WHITE, 3)};
	ruling = JUDGE(&state, NULL, missed, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_DECIDING(ruling, 0, 3);
	CHECK_CONTAINS(ruling.text,
		"reached the yellow (event 3, t = 1.25 s) after 2 cushions; the third came later "
		"(event 4, t = 1.250001 s)");
}

// ---------------------------------------------------------------------------
// The starting stroke (Art. 23): a direct attack on the red

static bs_game_state break_state(int target) {
	// The red on the top spot, the yellow on the bottom spot, the white on
	// the starting line beside it.
	bs_ball_def balls[3] = {ball(WHITE, 0.25 * W, 0.5 * H - 0.182), ball(YELLOW, 0.25 * W, 0.5 * H),
		ball(RED, 0.75 * W, 0.5 * H)};
	return start_with(balls, target);
}

static void the_starting_stroke_attacks_the_red(void) {
	bs_game_state state = break_state(40);
	CHECK(state.is_break);
	CHECK_EQ_INT(state.cue_ball, WHITE);
	bs_event direct[] = {ev_hit(0.5, WHITE, RED), ev_cushion(0.8, WHITE, 2), ev_cushion(1.1, WHITE, 3),
		ev_cushion(1.5, WHITE, 0), ev_hit(1.9, WHITE, YELLOW)};
	bs_ruling ruling = JUDGE(&state, NULL, direct, 5);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
	CHECK(!ruling.after.is_break);

	bs_event yellow_first[] = {ev_hit(0.1, WHITE, YELLOW), ev_cushion(0.4, WHITE, 2), ev_cushion(0.8, WHITE, 3),
		ev_cushion(1.1, WHITE, 0), ev_hit(1.5, WHITE, RED)};
	ruling = JUDGE(&state, NULL, yellow_first, 5);
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_DECIDING(ruling, 0);
	CHECK_CONTAINS(ruling.text, "foul: the starting stroke touched the yellow before the red (event 0, t = 0.1 s)");
	CHECK_EQ_INT(ruling.after.cue_ball, YELLOW);

	bs_event cushion_first[] = {ev_cushion(0.4, WHITE, 2), ev_hit(0.9, WHITE, RED)};
	ruling = JUDGE(&state, NULL, cushion_first, 2);
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_CONTAINS(ruling.text, "met cushion 2 before the red");

	bs_event nothing[] = {ev_cushion(0.4, RED, 2)};
	ruling = JUDGE(&state, NULL, nothing, 1);
	CHECK_RULING(ruling, BS_FOUL_NO_CONTACT, 0, 0, 1, BS_IN_HAND_NONE, false, -1);

	// The red and a cushion at one instant: the ball contact is taken first.
	bs_event same_instant[] = {ev_hit(0.5, WHITE, RED), ev_cushion(0.5, WHITE, 3)};
	ruling = JUDGE(&state, NULL, same_instant, 2);
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NONE);
}

// ---------------------------------------------------------------------------
// The end of the match (Art. 29): the distance, with equal innings

// The shooter's point with his own cue ball (red, three cushions, the
// other cue ball), or a miss (no ball touched).
static bs_ruling play(const bs_game_state* state, bool point) {
	int cue = state->shooter == 0 ? WHITE : YELLOW;
	int other = state->shooter == 0 ? YELLOW : WHITE;
	bs_event shot[] = {ev_hit(0.3, cue, RED), ev_cushion(0.6, cue, 1), ev_cushion(0.9, cue, 2), ev_cushion(1.2, cue, 3),
		ev_hit(1.5, cue, other)};
	return JUDGE(state, NULL, shot, point ? 5 : 0);
}

// The second player reaches the distance: the innings are equal, he wins.
static void the_second_player_at_the_distance_wins(void) {
	bs_game_state state = mid_game(2);
	state = play(&state, false).after;
	state = play(&state, true).after;
	bs_ruling ruling = play(&state, true);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 1, BS_IN_HAND_NONE, true, 1);
	CHECK_EQ_INT(ruling.after.score[1], 2);
	CHECK_CONTAINS(ruling.text, "player 2 wins 2 to 0");
}

// The first player reaches it first: the second has a last inning.
static void the_first_player_at_the_distance_gives_a_last_inning(void) {
	bs_game_state state = mid_game(2);
	state = play(&state, true).after;
	bs_ruling ruling = play(&state, true);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK(ruling.turn_passes);
	CHECK_EQ_INT(ruling.after.cue_ball, YELLOW);
	CHECK_CONTAINS(ruling.text, "player 1 reaches the distance, player 2 has a last inning");
	bs_game_state last = ruling.after;

	// He scores one, then misses: the first player wins.
	ruling = play(&last, true);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 1, BS_IN_HAND_NONE, false, -1);
	ruling = play(&ruling.after, false);
	CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, true, 0);
	CHECK_CONTAINS(ruling.text, "the last inning ends: player 1 wins 2 to 1");

	// He reaches it too: a draw.
	ruling = play(&last, true);
	ruling = play(&ruling.after, true);
	CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 1, BS_IN_HAND_NONE, true, -1);
	CHECK(ruling.after.over);
	CHECK_EQ_INT(ruling.after.score[0], 2);
	CHECK_EQ_INT(ruling.after.score[1], 2);
	CHECK_CONTAINS(ruling.text, "the match is drawn at 2 in 1 innings each");
	char text[BS_RULING_TEXT_SIZE];
	CHECK(judge_refuses(&ruling.after, NULL, NULL, 0, text, sizeof text));
	CHECK_CONTAINS(text, "the game is over: drawn");
}

// ---------------------------------------------------------------------------
// What the judge refuses

static void what_is_not_a_three_cushion_shot_is_refused(void) {
	char text[BS_RULING_TEXT_SIZE];
	const bs_event* no_events = NULL;
	bs_game_state state = mid_game(40);
	bs_event pocketed[] = {ev_hit(0.3, WHITE, RED), ev_pot(0.9, RED, 2)};
	CHECK(judge_refuses(&state, NULL, pocketed, 2, text, sizeof text));
	CHECK_CONTAINS(text, "three-cushion has no pockets");

	bs_game_state pocket_table = state;
	CHECK(bs_table_preset("9ft", true, &pocket_table.table));
	CHECK(judge_refuses(&pocket_table, NULL, no_events, 0, text, sizeof text));
	CHECK_CONTAINS(text, "a table without pockets");

	bs_game_state wrong_ball = state;
	wrong_ball.shooter = 1;
	CHECK(judge_refuses(&wrong_ball, NULL, no_events, 0, text, sizeof text));
	CHECK_CONTAINS(text, "state.cue_ball: 0 is not the cue ball of player 2 (carom_yellow)");

	// Two yellows and no red: no three-cushion game starts from them, and
	// a state that has them anyway is refused.
	bs_ball_def two[3] = {ball(WHITE, 0.5, 0.4), ball(YELLOW, 2.0, 1.0), ball(RED, 1.5, 0.9)};
	two[2].kind = BS_BALL_CAROM_YELLOW;
	bs_table_def table = bs_table_rect(W, H);
	bs_game_state no_red;
	char error[BS_RULES_ERROR_SIZE];
	CHECK(!bs_game_state_start(BS_GAME_THREE_CUSHION, &table, two, 3, 10, &no_red, error, sizeof error));
	CHECK_CONTAINS(error, "three-cushion is played with one carom_yellow");
	no_red = state;
	no_red.balls[bs_game_state_find(&no_red, RED)].kind = BS_BALL_CAROM_YELLOW;
	CHECK(judge_refuses(&no_red, NULL, no_events, 0, text, sizeof text));
	CHECK_CONTAINS(text, "three-cushion is played with one carom_yellow");
}

// ---------------------------------------------------------------------------
// Shots simulated on the carom table

static bs_world_def carom_def(bs_ball_def* balls) {
	bs_world_def def = bs_default_pool_world_def();
	def.table = bs_table_rect(W, H);
	def.balls = balls;
	def.ball_count = 3;
	return def;
}

// The starting stroke played: straight at the red is no foul, into the
// yellow beside it is one.
static void simulated_starting_strokes(void) {
	bs_game_state state = break_state(40);
	bs_ball_def balls[3] = {ball(WHITE, 0.25 * W, 0.5 * H - 0.182), ball(YELLOW, 0.25 * W, 0.5 * H),
		ball(RED, 0.75 * W, 0.5 * H)};
	bs_vec2 to_red = bs_v2_sub(balls[2].pos, balls[0].pos);
	double length = sqrt(bs_v2_dot(to_red, to_red));
	balls[0].vel = bs_v2(3.0 * to_red.x / length, 3.0 * to_red.y / length);
	bs_world_def def = carom_def(balls);
	static sim_shot shot;
	if (!SIMULATE(&def, &shot)) {
		return;
	}
	int contact = find_event(shot.events, shot.count, BS_EVENT_BALL, WHITE, RED);
	bs_ruling ruling;
	CHECK(bs_rules_judge(&state, NULL, shot.events, shot.count, shot.rest, &ruling));
	CHECK_EQ_INT(ruling.foul, BS_FOUL_NONE);
	CHECK(ruling.deciding_count >= 1 && ruling.deciding[0] == contact);

	balls[0].vel = bs_v2(0.0, 2.0); // straight at the yellow
	if (!SIMULATE(&def, &shot)) {
		return;
	}
	CHECK(bs_rules_judge(&state, NULL, shot.events, shot.count, shot.rest, &ruling));
	CHECK_RULING(ruling, BS_FOUL_WRONG_BALL_FIRST, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
	CHECK_EQ_INT(ruling.after.cue_ball, YELLOW);
	CHECK_EQ_DBL(ruling.after.balls[1].pos.x, shot.rest[1].x);
}

// A real point and a real miss a microsecond apart. The white, struck at
// 173 degrees, takes the red and meets its third cushion (the top one) at
// a shallow angle. A first run without the yellow in the way finds that
// cushion; the yellow then goes where the white is a microsecond before it
// (touched side-on, along the cushion, so the white still reaches the
// cushion) or a microsecond after it (straight ahead, the way it leaves).
static void simulated_third_cushion_and_second_ball_a_microsecond_apart(void) {
	bs_ball_def balls[3] = {ball(WHITE, 0.5, 0.4), ball(YELLOW, 2.6, 1.3), ball(RED, 1.5, 0.9)};
	double angle = 173.0 * acos(-1.0) / 180.0;
	balls[0].vel = bs_v2(3.0 * cos(angle), 3.0 * sin(angle));
	bs_world_def def = carom_def(balls);
	static sim_shot first;
	if (!SIMULATE(&def, &first)) {
		return;
	}
	int red = find_event(first.events, first.count, BS_EVENT_BALL, WHITE, RED);
	int third = -1;
	int cushions = 0;
	for (int e = 0; e < first.count && third < 0; ++e) {
		if (first.events[e].kind == BS_EVENT_CUSHION && first.events[e].a == WHITE && ++cushions == 3) {
			third = e;
		}
	}
	CHECK(red >= 0 && third > red);
	CHECK_EQ_INT(find_event(first.events, first.count, BS_EVENT_BALL, WHITE, YELLOW), -1);
	if (red < 0 || third < 0) {
		return;
	}
	double t3 = first.events[third].time;
	bs_vec2 normal = first.events[third].normal;
	for (int after = 0; after <= 1; ++after) {
		double when = after ? t3 + 1e-6 : t3 - 1e-6;
		bs_world* world = bs_world_create(&def);
		bs_world_advance(world, when, 0);
		bs_ball_state white = bs_world_ball_state(world, 0, when);
		bs_world_destroy(world);
		double speed = sqrt(bs_v2_dot(white.vel, white.vel));
		bs_vec2 towards = after ? bs_v2(white.vel.x / speed, white.vel.y / speed) : bs_v2(-normal.y, normal.x);
		if (bs_v2_dot(towards, white.vel) < 0.0) {
			towards = bs_v2(normal.y, -normal.x);
		}
		bs_ball_def placed[3] = {balls[0], balls[1], balls[2]};
		placed[1].pos = bs_v2(white.pos.x + 2.0 * R * towards.x, white.pos.y + 2.0 * R * towards.y);
		bs_world_def second_def = carom_def(placed);
		static sim_shot second;
		if (!SIMULATE(&second_def, &second)) {
			return;
		}
		int yellow = find_event(second.events, second.count, BS_EVENT_BALL, WHITE, YELLOW);
		int third_again = -1;
		cushions = 0;
		for (int e = 0; e < second.count && third_again < 0; ++e) {
			if (second.events[e].kind == BS_EVENT_CUSHION && second.events[e].a == WHITE && ++cushions == 3) {
				third_again = e;
			}
		}
		CHECK(yellow >= 0 && third_again >= 0);
		if (yellow < 0 || third_again < 0) {
			return;
		}
		// Everything before the yellow is the first run's, bit for bit.
		for (int e = 0; e < yellow && e < first.count; ++e) {
			CHECK_EQ_INT(second.events[e].kind, first.events[e].kind);
			CHECK_SAME_BITS(second.events[e].time, first.events[e].time);
		}
		double apart = second.events[yellow].time - second.events[third_again].time;
		bs_game_state state = start_with(balls, 40);
		state.is_break = false;
		bs_ruling ruling;
		CHECK(bs_rules_judge(&state, NULL, second.events, second.count, second.rest, &ruling));
		if (after) {
			CHECK(third_again < yellow);
			CHECK(apart > 0.0 && apart < 3e-6);
			CHECK_RULING(ruling, BS_FOUL_NONE, 1, 0, 0, BS_IN_HAND_NONE, false, -1);
			CHECK_DECIDING(ruling, red, third_again, yellow);
		} else {
			CHECK(yellow < third_again);
			CHECK(apart < 0.0 && apart > -3e-6);
			CHECK_RULING(ruling, BS_FOUL_NONE, 0, 0, 1, BS_IN_HAND_NONE, false, -1);
			CHECK_DECIDING(ruling, red, yellow);
		}
		CHECK_EQ_DBL(ruling.after.balls[1].pos.y, second.rest[1].y);
	}
}

// ---------------------------------------------------------------------------
// A whole match to 3, from the starting stroke to the last inning, on
// events made by hand: each player's innings and cue ball, the distance,
// the equalizing inning.

static void a_whole_match(void) {
	bs_game_state state = break_state(3);
	// Innings: 0 scores 1 off the break then misses; 1 misses; 0 scores 2
	// (reaching 3) ; 1 scores 2 in his last inning and misses.
	static const bool script[] = {true, false, false, true, true, true, true, false};
	static const int shooter[] = {0, 0, 1, 0, 0, 1, 1, 1};
	int count = (int)(sizeof script / sizeof script[0]);
	bs_ruling ruling;
	for (int k = 0; k < count; ++k) {
		CHECK(!state.over);
		CHECK_EQ_INT(state.shooter, shooter[k]);
		CHECK_EQ_INT(state.cue_ball, shooter[k] == 0 ? WHITE : YELLOW);
		ruling = play(&state, script[k]);
		state = ruling.after;
	}
	CHECK(state.over);
	CHECK_EQ_INT(state.winner, 0);
	CHECK_EQ_INT(state.score[0], 3);
	CHECK_EQ_INT(state.score[1], 2);
	CHECK_EQ_INT(state.innings[0], 2);
	CHECK_EQ_INT(state.innings[1], 2);
	CHECK_EQ_INT(state.shot_count, count);
	CHECK_CONTAINS(ruling.text, "the last inning ends: player 1 wins 3 to 2");
}

int main(void) {
	RUN(red_three_cushions_yellow_is_a_point);
	RUN(cushions_before_or_around_the_first_ball_count);
	RUN(one_cushion_three_times_counts);
	RUN(a_corner_is_two_cushions);
	RUN(two_cushions_before_the_second_ball_is_no_point);
	RUN(the_yellow_scores_off_the_white);
	RUN(a_kiss_between_the_object_balls_is_no_contact);
	RUN(five_cushions_count);
	RUN(the_first_ball_twice_then_the_second);
	RUN(one_ball_or_none_is_no_point);
	RUN(the_second_balls_first_contact_counts);
	RUN(only_the_cue_balls_contacts_count);
	RUN(the_second_player_plays_the_yellow);
	RUN(a_cushion_at_the_instant_of_the_second_ball_comes_after_it);
	RUN(third_cushion_and_second_ball_a_microsecond_apart);
	RUN(the_starting_stroke_attacks_the_red);
	RUN(the_second_player_at_the_distance_wins);
	RUN(the_first_player_at_the_distance_gives_a_last_inning);
	RUN(what_is_not_a_three_cushion_shot_is_refused);
	RUN(simulated_starting_strokes);
	RUN(simulated_third_cushion_and_second_ball_a_microsecond_apart);
	RUN(a_whole_match);
	return check_summary();
}
