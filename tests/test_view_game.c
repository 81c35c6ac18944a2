// A game played in the viewer, apart from GL (render/viewer_game.c): the
// break struck by keys leaves the game where a game played through game.h
// with the same cue leaves it, the animation takes the game's events, a foul
// gives ball in hand placed by a scripted click, a refused place changes
// nothing, a pocket is called by a click and the 8 is refused without one,
// and the HUD's lines name the players, the scores and the ruling.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "hud.h"
#include "process_helpers.h"
#include "view_helpers.h"
#include "viewer.h"
#include "viewer_game.h"
#include <breakshot/game.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

static char temp_dir[256];

// The game as bs_game_save writes it, malloc'd, or NULL with the failure recorded.
static char* saved(const bs_game* game, const char* name) {
	char path[512];
	path_in(temp_dir, name, path, sizeof path);
	char error[512];
	if (!bs_game_save(game, path, error, sizeof error)) {
		CHECK_FAIL("%s", error);
		return NULL;
	}
	size_t size;
	return read_file(path, &size);
}

static bool same_save(const bs_game* a, const bs_game* b) {
	char* text_a = saved(a, "a.json");
	char* text_b = saved(b, "b.json");
	bool same = text_a && text_b && strcmp(text_a, text_b) == 0;
	if (!same && text_a && text_b) {
		size_t k = 0;
		while (text_a[k] && text_a[k] == text_b[k]) {
			k += 1;
		}
		CHECK_FAIL("the saved games part at byte %zu: ...%.60s... against ...%.60s...", k, text_a + k, text_b + k);
	}
	free(text_a);
	free(text_b);
	return same;
}

// The HUD's lines joined by newlines.
static void hud_text(const bs_viewer* viewer, char* dest, size_t size) {
	bs_hud_line lines[BS_HUD_MAX_LINES];
	bs_hud_stats stats = {0.0, 0.0, NULL};
	int count = bs_hud_lines(viewer, &stats, lines);
	CHECK(count <= BS_HUD_MAX_LINES);
	dest[0] = '\0';
	for (int i = 0; i < count; ++i) {
		CHECK(strlen(lines[i].text) <= BS_HUD_MAX_CHARS);
		strncat(dest, lines[i].text, size - strlen(dest) - 1);
		strncat(dest, "\n", size - strlen(dest) - 1);
	}
}

// The keys of the 9-ball break: the cue ball played from where it lies (A),
// the stick from 3 up to 9 m/s, struck along +x (the aim before any pointer).
static const char break_keys[] = "a]]]]]]]]]]]]]]]]]]]]]]]]!";

static bs_cue_def stick(double speed, double angle_deg) {
	bs_cue_def cue = bs_default_cue_def();
	cue.stick = true;
	cue.speed = speed;
	cue.angle_deg = angle_deg;
	return cue;
}

// The break struck by keys plays out to the position a game played through
// game.h with the same cue reaches (its saved file, every number to 17
// digits), and the animation steps through exactly the game's events.
static void test_break_by_keys_equals_the_game(void) {
	bs_viewer viewer;
	if (!viewer_on_new_game(BS_GAME_9_BALL, &viewer)) {
		return;
	}
	bs_viewer_game* game = viewer.game;
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_IN_HAND); // behind the head string
	CHECK(game->hand_lies);
	if (!run_keys(&viewer, break_keys)) {
		bs_viewer_destroy(&viewer);
		return;
	}
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_SHOT);
	CHECK(viewer.playing);
	CHECK_EQ_DBL(viewer.shot_cue.speed, 9.0);
	CHECK_EQ_DBL(viewer.shot_cue.angle_deg, 0.0);
	int game_events = bs_game_shot_event_count(game->game);
	CHECK_EQ_INT(game->shot_events, game_events);
	CHECK(game_events > 20);
	// Step by N to the end: each step one of the game's events, in its order.
	const bs_event* events = bs_game_shot_events(game->game);
	int64_t last_seen = 0;
	int steps = 0;
	while (game->phase == BS_GAME_PHASE_SHOT && steps <= game_events) {
		CHECK(bs_viewer_key(&viewer, GLFW_KEY_N));
		steps += 1;
		if (game->phase == BS_GAME_PHASE_SHOT) {
			const bs_frame* frame = bs_timeline_frame(&viewer.timeline);
			last_seen = frame->event_count;
			CHECK_EQ_DBL(frame->event.time, events[frame->event_count - 1].time);
			CHECK_EQ_INT(frame->event.a, events[frame->event_count - 1].a);
		}
	}
	CHECK_EQ_INT(steps, game_events); // the last N reached the end, which moved on
	CHECK_EQ_INT(last_seen, game_events - 1);
	CHECK(game->has_ruling);
	CHECK_EQ_INT(game->ruling_shooter, 0);

	char error[512];
	bs_game* reference = bs_game_new(BS_GAME_9_BALL, 1, "Ann", "Bob", 0, error, sizeof error);
	bs_ruling ruling;
	bs_cue_def cue = stick(9.0, 0.0);
	CHECK(reference && bs_game_shoot(reference, &cue, NULL, &ruling, error, sizeof error));
	if (reference) {
		CHECK(same_save(game->game, reference));
		CHECK_EQ_INT(bs_game_shot_event_count(reference), game_events);
		CHECK(strcmp(game->ruling.text, ruling.text) == 0);
		// The next turn shows the game's position and the next shooter's cue ball.
		const bs_game_state* state = bs_game_get_state(reference);
		CHECK_EQ_INT(game->shown.shooter, state->shooter);
		CHECK_EQ_INT(viewer.cue_id, state->cue_ball);
		int on_table = 0;
		for (int i = 0; i < state->ball_count; ++i) {
			on_table += state->balls[i].on_table;
		}
		CHECK_EQ_INT(viewer.timeline.ball_count, on_table);
	}
	bs_game_destroy(reference);
	bs_viewer_destroy(&viewer);
}

// The aim the viewer takes from the pointer at `at` with the cue ball at
// `from`, as bs_viewer_aimed_cue works it out.
static double aim_angle(bs_vec2 from, bs_vec2 at) {
	bs_vec2 d = bs_v2_sub(at, from);
	return atan2(d.y, d.x) * (180.0 / BS_PI);
}

// A foul (the second shot, played back towards the head rail, first touches
// a ball that is not the lowest) gives the other player ball in hand
// anywhere: a place on another ball is refused with the rules' reason and
// changes nothing; a free place by a scripted click is taken, and the game
// then equals one played through game.h with the same cues and place.
static void test_foul_gives_ball_in_hand_placed_by_script(void) {
	bs_viewer viewer;
	if (!viewer_on_new_game(BS_GAME_9_BALL, &viewer)) {
		return;
	}
	bs_viewer_game* game = viewer.game;
	char error[512];
	bs_game* reference = bs_game_new(BS_GAME_9_BALL, 1, "Ann", "Bob", 0, error, sizeof error);
	if (!reference || !run_keys(&viewer, break_keys) || !run_keys(&viewer, "f")) {
		bs_game_destroy(reference);
		bs_viewer_destroy(&viewer);
		return;
	}
	bs_ruling ruling;
	bs_cue_def cue = stick(9.0, 0.0);
	CHECK(bs_game_shoot(reference, &cue, NULL, &ruling, error, sizeof error));
	// Bob aims at the head rail, the stick down to 7 m/s.
	const bs_game_state* state = bs_game_get_state(reference);
	bs_vec2 cue_ball = state->balls[bs_game_state_find(state, state->cue_ball)].pos;
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_TURN);
	CHECK(viewer.aiming);
	char keys[256];
	snprintf(keys, sizeof keys, "[[[[[[[[@0.5,%.17g;!f", cue_ball.y);
	CHECK(run_keys(&viewer, keys));
	cue = stick(7.0, aim_angle(cue_ball, bs_v2(0.5, cue_ball.y)));
	CHECK(bs_game_shoot(reference, &cue, NULL, &ruling, error, sizeof error));
	CHECK(ruling.foul != BS_FOUL_NONE);
	CHECK(same_save(game->game, reference));
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_IN_HAND);
	CHECK_EQ_INT(game->shown.in_hand, BS_IN_HAND_ANYWHERE);
	CHECK_EQ_INT(game->shown.shooter, 0);
	CHECK(!viewer.aiming);

	// The cue ball follows the pointer.
	CHECK(run_keys(&viewer, "@0.9,0.5;"));
	int index = bs_viewer_cue_index(&viewer);
	CHECK(index >= 0);
	if (index >= 0) {
		CHECK_EQ_DBL(viewer.balls[index].pos.x, 0.9);
		CHECK_EQ_DBL(viewer.balls[index].pos.y, 0.5);
	}
	CHECK(game->hand_legal);

	// On the 1: refused with the rules' reason; the game is as it was.
	state = bs_game_get_state(reference);
	bs_vec2 one = state->balls[bs_game_state_find(state, 1)].pos;
	char* before = saved(game->game, "before.json");
	snprintf(keys, sizeof keys, "@%.17g,%.17g;*", one.x, one.y);
	CHECK(run_keys(&viewer, keys));
	CHECK(!game->hand_legal);
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_IN_HAND);
	char expected[BS_RULES_ERROR_SIZE];
	CHECK(!bs_rules_check_placement(bs_game_get_state(game->game), one, expected, sizeof expected));
	CHECK(strcmp(viewer.status, expected) == 0);
	CHECK_CONTAINS(viewer.status, "overlaps the 1");
	char* after = saved(game->game, "after.json");
	CHECK(before && after && strcmp(before, after) == 0);
	free(before);
	free(after);
	char text[4096];
	hud_text(&viewer, text, sizeof text);
	CHECK_CONTAINS(text, "overlaps the 1");

	// A free place: taken; Ann aims from there.
	CHECK(run_keys(&viewer, "@0.9,0.5;*"));
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_TURN);
	CHECK(viewer.aiming);
	CHECK(bs_game_place_cue_ball(reference, bs_v2(0.9, 0.5), error, sizeof error));
	CHECK(same_save(game->game, reference));
	CHECK_EQ_INT(bs_game_get_state(game->game)->in_hand, BS_IN_HAND_NONE);
	bs_game_destroy(reference);
	bs_viewer_destroy(&viewer);
}

// The HUD: the game, both names and scores, whose turn, ball in hand and
// where, and the last ruling's text, wrapped within the HUD's width.
static void test_hud_names_scores_and_ruling(void) {
	bs_viewer viewer;
	if (!viewer_on_new_game(BS_GAME_9_BALL, &viewer)) {
		return;
	}
	char text[4096];
	hud_text(&viewer, text, sizeof text);
	CHECK_CONTAINS(text, "9-ball   > Ann 0   Bob 0");
	CHECK_CONTAINS(text, "Ann has ball in hand behind the head string");
	CHECK(run_keys(&viewer, break_keys));
	hud_text(&viewer, text, sizeof text);
	CHECK_CONTAINS(text, "Ann's shot playing out");
	CHECK(run_keys(&viewer, "f"));
	hud_text(&viewer, text, sizeof text);
	CHECK_CONTAINS(text, "Ann 0   > Bob 0");
	CHECK_CONTAINS(text, "Bob to shoot");
	CHECK_CONTAINS(text, "last shot, Ann: legal break: the cue ball touched the 1 first");
	// The ruling's text, wrapped at spaces, reads whole across its lines.
	char joined[4096];
	snprintf(joined, sizeof joined, "%s", text);
	for (char* c = joined; *c; ++c) {
		*c = *c == '\n' ? ' ' : *c;
	}
	CHECK_CONTAINS(joined, viewer.game->ruling.text);
	bs_viewer_destroy(&viewer);
}

// A saved 8-ball game with Ann (solids) on the 8: the cue ball, the 8 on the
// diagonal towards pocket 0 (the corner at the origin) and one stripe.
static const char eight_ball_game[] =
	"{\"breakshot_game\": 1, \"game\": \"8-ball\", \"players\": [\"%s\", \"%s\"],\n"
	" \"scene\": {\"table\": {\"preset\": \"9ft\", \"pockets\": true}, \"physics\": \"pool\", \"time\": 0.0, "
	"\"balls\": []},\n"
	" \"state\": {\"shooter\": 0, \"score\": [7, 3], \"cue_ball\": 0, \"in_hand\": \"none\", \"is_break\": false,\n"
	"  \"shot_count\": 12, \"innings\": [6, 6], \"fouls_in_row\": [0, 0], \"group\": [\"solids\", \"stripes\"],\n"
	"  \"on\": \"snooker_red\", \"target_points\": 0, \"over\": false, \"winner\": -1, \"balls\": [\n"
	"   {\"id\": 0, \"kind\": \"numbered\", \"radius\": 0.028575, \"mass\": 0.17, \"on_table\": true, \"pos\": [0.6, "
	"0.6]},\n"
	"   {\"id\": 8, \"kind\": \"numbered\", \"radius\": 0.028575, \"mass\": 0.17, \"on_table\": true, \"pos\": [0.3, "
	"0.3]},\n"
	"   {\"id\": 9, \"kind\": \"numbered\", \"radius\": 0.028575, \"mass\": 0.17, \"on_table\": true, \"pos\": [2.0, "
	"1.0]}\n"
	"  ]}}\n";

// A viewer on eight_ball_game between `first` and `second`, or false with
// the failure recorded.
static bool viewer_on_the_8(const char* first, const char* second, bs_viewer* viewer) {
	char path[512];
	path_in(temp_dir, "eight.json", path, sizeof path);
	char text[4096];
	snprintf(text, sizeof text, eight_ball_game, first, second);
	CHECK(write_file(path, text));
	char error[512];
	bs_game* loaded = bs_game_load(path, error, sizeof error);
	if (!loaded || !bs_viewer_create_game(loaded, viewer, error, sizeof error)) {
		CHECK_FAIL("%s", error);
		return false;
	}
	return true;
}

// On the 8, a strike without a called pocket is refused with the game's
// message and changes nothing; a click near a pocket calls it (the 8 into
// it), a second click takes it back, and the 8 made in the called pocket
// wins.
static void test_the_8_needs_a_called_pocket(void) {
	bs_viewer viewer;
	if (!viewer_on_the_8("Ann", "Bob", &viewer)) {
		return;
	}
	bs_viewer_game* game = viewer.game;
	CHECK(bs_game_state_on_eight(&game->shown));
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_TURN);
	char text[4096];
	hud_text(&viewer, text, sizeof text);
	CHECK_CONTAINS(text, "8-ball   > Ann 7 (solids)   Bob 3 (stripes)");
	CHECK_CONTAINS(text, "Ann to shoot, on the 8; click a pocket to call the 8");

	CHECK(run_keys(&viewer, "@0.3,0.3;!"));
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_TURN);
	CHECK_CONTAINS(viewer.status, "call.pocket: a shot at the 8 must call its pocket");
	CHECK_EQ_INT(bs_game_get_state(game->game)->shot_count, 12);
	hud_text(&viewer, text, sizeof text);
	CHECK_CONTAINS(text, "a shot at the 8 must call its pocket");

	// A click a few centimetres off the corner calls pocket 0; again, takes it back.
	CHECK(run_keys(&viewer, "@0.03,0.02;*"));
	CHECK_EQ_INT(game->called_pocket, 0);
	bs_shot_call call = bs_viewer_game_call(&viewer);
	CHECK_EQ_INT(call.ball, 8);
	CHECK_EQ_INT(call.pocket, 0);
	CHECK(run_keys(&viewer, "*"));
	CHECK_EQ_INT(game->called_pocket, -1);
	// A click away from every pocket is a strike, not a call.
	CHECK_EQ_INT(bs_viewer_game_pocket_near(&viewer, bs_v2(1.0, 0.6)), -1);

	CHECK(run_keys(&viewer, "@0.03,0.02;*@0.3,0.3;!"));
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_SHOT);
	CHECK_EQ_INT(game->call.ball, 8);
	CHECK_EQ_INT(game->call.pocket, 0);
	CHECK(run_keys(&viewer, "f"));
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_OVER);
	hud_text(&viewer, text, sizeof text);
	CHECK_CONTAINS(text, "GAME OVER: Ann wins");
	CHECK_CONTAINS(text, "the 8 in the called pocket 0");
	// Over: no aiming, no placing, no strike.
	CHECK(!viewer.aiming);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_S));
	CHECK(!viewer.aiming);
	CHECK_CONTAINS(viewer.status, "the game is over");
	bs_viewer_destroy(&viewer);
}

// The longest names and both groups: the scores wrap onto a second line
// rather than lose the second player's, within the HUD's lines.
static void test_hud_wraps_long_names(void) {
	bs_viewer viewer;
	if (!viewer_on_the_8("Alexandrina_Wilhelmina_Longname", "Bartholomew_Maximilian_Longname", &viewer)) {
		return;
	}
	CHECK_EQ_INT((int)strlen(bs_game_player(viewer.game->game, 1)), BS_GAME_NAME_SIZE - 1);
	char text[4096];
	hud_text(&viewer, text, sizeof text);
	CHECK_CONTAINS(text, "> Alexandrina_Wilhelmina_Longname 7 (solids)");
	CHECK_CONTAINS(text, "Bartholomew_Maximilian_Longname 3");
	CHECK_CONTAINS(text, "(stripes)");
	CHECK_CONTAINS(text, "Alexandrina_Wilhelmina_Longname to shoot, on the 8");
	bs_viewer_destroy(&viewer);
}

// 10-ball's call shot: the called pocket with the first ball the previewed
// cue ball touches (the 1, straight up the table on the break).
static void test_ten_ball_call_names_the_first_ball_hit(void) {
	bs_viewer viewer;
	if (!viewer_on_new_game(BS_GAME_10_BALL, &viewer)) {
		return;
	}
	CHECK(run_keys(&viewer, "a"));
	CHECK(viewer.aiming);
	bs_shot_call call = bs_viewer_game_call(&viewer);
	CHECK_EQ_INT(call.ball, -1); // no pocket called: no call
	CHECK_EQ_INT(call.pocket, -1);
	CHECK(run_keys(&viewer, "@2.54,1.27;*@2.0,0.635;"));
	call = bs_viewer_game_call(&viewer);
	CHECK_EQ_INT(call.pocket, 3);
	CHECK_EQ_INT(call.ball, 1);
	bs_viewer_destroy(&viewer);
}

// Keys that are no key, and malformed pointers, are refused by position.
static void test_script_refusals(void) {
	bs_viewer viewer;
	if (!viewer_on_new_game(BS_GAME_9_BALL, &viewer)) {
		return;
	}
	char error[512];
	CHECK(!bs_viewer_run_script(&viewer, "*", error, sizeof error));
	CHECK_CONTAINS(error, "'*' (character 1)");
	CHECK(!bs_viewer_run_script(&viewer, "a@1.0;", error, sizeof error));
	CHECK_CONTAINS(error, "'@' (character 2)");
	CHECK(!bs_viewer_run_script(&viewer, "@1.0,2.0", error, sizeof error));
	CHECK(!bs_viewer_run_script(&viewer, "@nan,2.0;", error, sizeof error));
	// R and J belong to scenes.
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_R));
	CHECK_CONTAINS(viewer.status, "a game goes on shot by shot");
	bs_viewer_destroy(&viewer);
}

int main(void) {
	if (!make_temp_dir("view-game", temp_dir, sizeof temp_dir)) {
		return 1;
	}
	RUN(test_break_by_keys_equals_the_game);
	RUN(test_foul_gives_ball_in_hand_placed_by_script);
	RUN(test_hud_names_scores_and_ruling);
	RUN(test_hud_wraps_long_names);
	RUN(test_the_8_needs_a_called_pocket);
	RUN(test_ten_ball_call_names_the_first_ball_hit);
	RUN(test_script_refusals);
	remove_tree(temp_dir);
	return check_summary();
}
