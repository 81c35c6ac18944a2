// The viewer's hint key apart from GL (render/viewer_hints.c,
// render/shot_hints.c): from the position shown, I shows the shot search's
// best shots with their paths, each path the shot without noise from the
// very world the search strikes (its cue ball comes to rest where the
// search's evaluator puts it, to the bit), a digit sets a hint up on the cue
// and Enter plays exactly the shot traced; I again, a step or a shot hides
// them; moving balls and a cue ball in hand are refused with a reason.
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "hud.h"
#include "process_helpers.h"
#include "shot_hints.h"
#include "view_helpers.h"
#include "viewer.h"
#include "viewer_game.h"
#include "viewer_hints.h"
#include <breakshot/game.h>
#include <breakshot/solve.h>
#include <breakshot/table.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

static char temp_dir[256];

// A cut of the 1 into corner pocket 2, (W, 0), of about 18 degrees, which
// leaves the cue ball on the table. The scene's own cue strikes the cue
// ball away from it, so that its first instant is a position with a
// strike to take back.
static const char cut_scene[] = "{\n"
										 "  \"table\": {\"preset\": \"9ft\"},\n"
										 "  \"physics\": \"pool\",\n"
										 "  \"balls\": [\n"
										 "    {\"id\": 0, \"pos\": [1.6, 0.64]},\n"
										 "    {\"id\": 1, \"pos\": [2.2, 0.34]}\n"
										 "  ],\n"
										 "  \"cue\": {\"stick_speed\": 2.0, \"angle_deg\": 90.0}\n"
										 "}\n";

static bool viewer_on_text(const char* name, const char* text, bs_viewer* viewer) {
	char path[512];
	path_in(temp_dir, name, path, sizeof path);
	if (!write_file(path, text)) {
		CHECK_FAIL("cannot write %s", path);
		return false;
	}
	char error[512];
	if (!bs_viewer_create(path, viewer, error, sizeof error)) {
		CHECK_FAIL("%s", error);
		return false;
	}
	return true;
}

static const bs_preview_path* path_of(const bs_shot_preview* path, int id) {
	for (int i = 0; i < path->path_count; ++i) {
		if (path->paths[i].id == id) {
			return &path->paths[i];
		}
	}
	return NULL;
}

// The displayed position of ball `id`.
static bs_vec2 shown_at(const bs_viewer* viewer, int id) {
	for (int i = 0; i < viewer->timeline.ball_count; ++i) {
		if (viewer->balls[i].id == id) {
			return viewer->balls[i].pos;
		}
	}
	CHECK_FAIL("ball %d is not shown", id);
	return bs_v2(NAN, NAN);
}

// What every hint shown must be: a probability within its interval, a path
// for every ball starting where the ball is shown, the cue ball's path
// moving, and the paths of no two hints ending alike.
static void check_hints_are_sound(const bs_viewer* viewer) {
	const bs_shot_hints* hints = &viewer->hints;
	CHECK(viewer->show_hints);
	CHECK(hints->count >= 1 && hints->count <= BS_HINT_MAX);
	for (int k = 0; k < hints->count; ++k) {
		const bs_shot_hint* hint = &hints->hints[k];
		const bs_solved_shot* shot = &hint->shot;
		CHECK(shot->probability >= 0.0 && shot->probability <= 1.0);
		if (!(shot->low <= shot->probability && shot->probability <= shot->high)) {
			CHECK_FAIL("hint %d: %.17g outside its interval [%.17g, %.17g]", k + 1, shot->probability, shot->low,
				shot->high);
		}
		CHECK_EQ_INT(shot->samples, viewer->hint_search.samples);
		CHECK_EQ_INT(hint->cue_ball, viewer->cue_id);
		if (k > 0 && shot->value > hints->hints[k - 1].shot.value) {
			CHECK_FAIL("hint %d ranks above hint %d: %.17g > %.17g", k + 1, k, shot->value,
				hints->hints[k - 1].shot.value);
		}
		for (int i = 0; i < hint->path.path_count; ++i) {
			const bs_preview_path* path = &hint->path.paths[i];
			bs_vec2 at = shown_at(viewer, path->id);
			CHECK(path->count >= 1);
			CHECK_EQ_DBL(path->points[0].x, at.x);
			CHECK_EQ_DBL(path->points[0].y, at.y);
		}
		const bs_preview_path* cue = path_of(&hint->path, hint->cue_ball);
		CHECK(cue && cue->count >= 2);
		CHECK(hint->path.complete);
		// Unlike every better hint: another first ball or pot, or the cue
		// ball stopping more than a ball's width away.
		for (int j = 0; j < k; ++j) {
			const bs_shot_preview* a = &hint->path;
			const bs_shot_preview* b = &hints->hints[j].path;
			bool alike = a->path_count == b->path_count;
			for (int i = 0; alike && i < a->path_count; ++i) {
				const bs_preview_path* mine = &a->paths[i];
				const bs_preview_path* other = path_of(b, mine->id);
				alike = other && other->pocket == mine->pocket;
				if (alike && mine->id == hint->cue_ball) {
					bs_vec2 gap = bs_v2_sub(mine->points[mine->count - 1], other->points[other->count - 1]);
					double width = 2.0 * viewer->balls[bs_viewer_cue_index(viewer)].radius;
					alike = other->first_hit == mine->first_hit && bs_v2_len(gap) <= width;
				}
			}
			if (alike) {
				CHECK_FAIL("hints %d and %d end alike", j + 1, k + 1);
			}
		}
	}
}

// The HUD's lines joined by newlines.
static void hud_text(const bs_viewer* viewer, char* dest, size_t size) {
	bs_hud_line lines[BS_HUD_MAX_LINES];
	bs_hud_stats stats = {0.0, 0.0, NULL};
	int count = bs_hud_lines(viewer, &stats, lines);
	dest[0] = '\0';
	for (int i = 0; i < count; ++i) {
		strncat(dest, lines[i].text, size - strlen(dest) - 1);
		strncat(dest, "\n", size - strlen(dest) - 1);
	}
}

// Whether the HUD shows hint `rank`'s label in its colour.
static bool hud_shows_hint(const bs_viewer* viewer, int rank) {
	char label[256];
	bs_shot_hint_label(&viewer->hints.hints[rank - 1], rank, label, sizeof label);
	bs_hud_line lines[BS_HUD_MAX_LINES];
	bs_hud_stats stats = {0.0, 0.0, NULL};
	int count = bs_hud_lines(viewer, &stats, lines);
	for (int i = 0; i < count; ++i) {
		if (strcmp(lines[i].text, label) == 0 && lines[i].colour == bs_hint_colours[rank - 1]) {
			return true;
		}
	}
	char text[4096];
	hud_text(viewer, text, sizeof text);
	CHECK_FAIL("the HUD does not show \"%s\" in its colour:\n%s", label, text);
	return false;
}

// The scene's first instant: the cue ball is struck away, but the position
// is the one it is struck from. I finds the cut; its path pots the 1 and
// leaves the cue ball where the search's evaluator leaves it.
static void test_scene_cut(void) {
	bs_viewer viewer;
	if (!viewer_on_text("cut.json", cut_scene, &viewer)) {
		return;
	}
	CHECK(!viewer.show_hints);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I));
	check_hints_are_sound(&viewer);
	CHECK_EQ_INT(viewer.hints.count, 1); // one object ball, one search
	CHECK_EQ_INT(viewer.hints.searches, 1);
	if (viewer.hints.count != 1) {
		fprintf(stderr, "  status: %s\n", viewer.status);
		bs_viewer_destroy(&viewer);
		return;
	}
	const bs_shot_hint* hint = &viewer.hints.hints[0];
	CHECK(hint->shot.nominal_success);
	CHECK_EQ_INT(hint->shot.family, BS_SHOT_DIRECT);
	CHECK_EQ_INT(hint->ball, 1);
	CHECK_EQ_INT(hint->pocket, 2);
	CHECK(hint->shot.probability > 0.5); // an easy cut
	const bs_preview_path* object = path_of(&hint->path, 1);
	CHECK(object && object->pocket == 2);
	const bs_preview_path* cue = path_of(&hint->path, 0);
	CHECK(cue && cue->pocket == -1 && cue->first_hit == 1);
	CHECK(hud_shows_hint(&viewer, 1));
	char label[256];
	bs_shot_hint_label(hint, 1, label, sizeof label);
	CHECK(strncmp(label, "1  direct 1->P2  ", 17) == 0);

	// The path is the search's own shot: the search's evaluator, on the
	// position the hint searched, leaves the cue ball where the path ends.
	bs_world_def position;
	char error[512];
	CHECK(bs_viewer_rest_position(&viewer, &position, viewer.shot_balls, error, sizeof error));
	bs_solve_def def = bs_hint_solve_def();
	def.world = position;
	def.goal.ball = 1;
	bs_shot_evaluator* evaluator = bs_shot_evaluator_create(&def, error, sizeof error);
	CHECK(evaluator);
	if (evaluator && cue) {
		bs_shot_outcome outcome = bs_shot_evaluate(evaluator, &hint->shot.cue, NULL, true);
		CHECK(outcome.success);
		CHECK(outcome.cue_on_table);
		CHECK_EQ_DBL(cue->points[cue->count - 1].x, outcome.cue_end.x);
		CHECK_EQ_DBL(cue->points[cue->count - 1].y, outcome.cue_end.y);
		CHECK_EQ_INT(hint->path.events, outcome.events);
	}
	bs_shot_evaluator_destroy(evaluator);

	// I again hides them.
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I));
	CHECK(!viewer.show_hints);
	CHECK_EQ_INT(viewer.hints.count, 0);
	bs_viewer_destroy(&viewer);
}

// 1 sets the hint up on the cue, its angle exactly, and Enter plays the
// shot traced: the 1 falls into the same pocket, the cue ball stops where
// the path ends, and the shot hides the hints.
static void test_scene_hint_played(void) {
	bs_viewer viewer;
	if (!viewer_on_text("played.json", cut_scene, &viewer)) {
		return;
	}
	if (!run_keys(&viewer, "i") || !viewer.show_hints) {
		CHECK_FAIL("no hints: %s", viewer.status);
		bs_viewer_destroy(&viewer);
		return;
	}
	double rate = viewer.rate;
	viewer.rate = 2.0;
	CHECK(run_keys(&viewer, "1"));
	CHECK_EQ_DBL(viewer.rate, 2.0); // with hints shown, 1 is the first hint, not the clock's rate
	viewer.rate = rate;
	CHECK(viewer.aiming);
	CHECK(viewer.aim_exact);
	const bs_shot_hint* hint = &viewer.hints.hints[0];
	bs_cue_def cue;
	CHECK(bs_viewer_aimed_cue(&viewer, &cue));
	CHECK_EQ_DBL(cue.angle_deg, hint->shot.cue.angle_deg);
	CHECK_EQ_DBL(cue.speed, hint->shot.cue.speed);
	CHECK_EQ_DBL(cue.tip.x, hint->shot.cue.tip.x);
	CHECK_EQ_DBL(cue.tip.y, hint->shot.cue.tip.y);
	CHECK_EQ_DBL(cue.elevation_deg, hint->shot.cue.elevation_deg);
	CHECK_EQ_INT(cue.ball, 0);
	// The preview is the hint's path.
	const bs_preview_path* traced = path_of(&hint->path, 0);
	const bs_preview_path* previewed = path_of(&viewer.preview, 0);
	CHECK(traced && previewed && traced->count == previewed->count);
	bs_vec2 end = traced ? traced->points[traced->count - 1] : bs_v2(NAN, NAN);
	CHECK(previewed && previewed->points[previewed->count - 1].x == end.x &&
		previewed->points[previewed->count - 1].y == end.y);

	CHECK(run_keys(&viewer, "!"));
	CHECK(viewer.has_shot);
	CHECK(!viewer.show_hints); // a shot hides them
	CHECK_EQ_DBL(viewer.shot_cue.angle_deg, hint->shot.cue.angle_deg);
	viewer.playing = false;
	while (bs_timeline_step_forward(&viewer.timeline)) {
	}
	bs_viewer_refresh(&viewer);
	const bs_ball_state* one = NULL;
	const bs_ball_state* white = NULL;
	for (int i = 0; i < viewer.timeline.ball_count; ++i) {
		one = viewer.balls[i].id == 1 ? &viewer.balls[i] : one;
		white = viewer.balls[i].id == 0 ? &viewer.balls[i] : white;
	}
	CHECK(one && one->pocketed);
	CHECK(white && !white->pocketed);
	if (white) {
		CHECK_EQ_DBL(white->pos.x, end.x);
		CHECK_EQ_DBL(white->pos.y, end.y);
	}

	// At rest again: I searches the new position, which has no object ball.
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I));
	CHECK(!viewer.show_hints);
	CHECK(strstr(viewer.status, "no object ball") != NULL);
	bs_viewer_destroy(&viewer);
}

// Moving balls are no position to search; a step away from the position
// the hints were found for hides them.
static void test_scene_moving_refused(void) {
	bs_viewer viewer;
	if (!viewer_on_text("moving.json", cut_scene, &viewer)) {
		return;
	}
	CHECK(run_keys(&viewer, "i"));
	CHECK(viewer.show_hints);
	CHECK(run_keys(&viewer, "n")); // one event on: the cue ball rolls
	CHECK(!viewer.show_hints);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I));
	CHECK(!viewer.show_hints);
	if (!strstr(viewer.status, "ball 0 is moving")) {
		CHECK_FAIL("status: \"%s\"", viewer.status);
	}
	// Without hints, 2 and 3 do nothing, and 1 is the clock's 1x.
	viewer.rate = 2.0;
	CHECK(!bs_viewer_key(&viewer, GLFW_KEY_2));
	CHECK(!bs_viewer_key(&viewer, GLFW_KEY_3));
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_1));
	CHECK_EQ_DBL(viewer.rate, 1.0);
	bs_viewer_destroy(&viewer);
}

// The keys of the 9-ball break (test_view_game.c): the cue ball played from
// where it lies, the stick up to 9 m/s along +x, struck, played to its end.
static const char break_keys[] = "a]]]]]]]]]]]]]]]]]]]]]]]]!f";

// In a game the hints are the shooter's scoring shots: with ball in hand
// there is none to find until it is placed; after the break, the best
// shot set up by 1 and struck by Enter is judged a scoring shot, and takes
// exactly the events its path took.
static void test_game_hints(void) {
	bs_viewer viewer;
	if (!viewer_on_new_game(BS_GAME_9_BALL, &viewer)) {
		return;
	}
	// A lighter search than the viewer's, which the sanitizer build takes
	// seconds over: one speed and tip, a narrower reach, fewer shots and
	// samples. The scenes above run the viewer's own.
	bs_solve_def* search = &viewer.hint_search;
	search->speed_count = 1;
	search->speeds[0] = 3.0;
	search->tip_count = 1;
	search->aim_reach_deg = 1.0;
	search->top = 8;
	search->refine = 8;
	search->samples = 100;
	search->screen_samples = 16;
	bs_viewer_game* game = viewer.game;
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_IN_HAND);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I));
	CHECK(!viewer.show_hints);
	if (!strstr(viewer.status, "ball in hand")) {
		CHECK_FAIL("status: \"%s\"", viewer.status);
	}
	if (!run_keys(&viewer, break_keys)) {
		bs_viewer_destroy(&viewer);
		return;
	}
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_TURN);
	int shooter = game->shown.shooter;
	CHECK(run_keys(&viewer, "i"));
	check_hints_are_sound(&viewer);
	if (!viewer.show_hints) {
		CHECK_FAIL("no hints: %s", viewer.status);
		bs_viewer_destroy(&viewer);
		return;
	}
	CHECK_EQ_INT(viewer.hints.searches, 1);
	for (int k = 0; k < viewer.hints.count; ++k) {
		CHECK(hud_shows_hint(&viewer, k + 1));
	}
	const bs_shot_hint best = viewer.hints.hints[0];
	CHECK(best.shot.nominal_success);
	// Scoring in 9-ball: the cue ball stays up and some object ball falls.
	int pots = 0;
	for (int i = 0; i < best.path.path_count; ++i) {
		const bs_preview_path* path = &best.path.paths[i];
		if (path->id == best.cue_ball) {
			CHECK_EQ_INT(path->pocket, -1);
		} else {
			pots += path->pocket >= 0;
		}
	}
	CHECK(pots >= 1);
	int64_t traced_events = best.path.events;

	CHECK(run_keys(&viewer, "1"));
	CHECK(game->has_hint_call);
	bs_shot_call call = bs_viewer_game_call(&viewer);
	CHECK_EQ_INT(call.ball, best.shot.call.ball);
	CHECK_EQ_INT(call.pocket, best.shot.call.pocket);
	CHECK(run_keys(&viewer, "!"));
	CHECK(!viewer.show_hints);
	CHECK_EQ_INT(game->phase, BS_GAME_PHASE_SHOT);
	CHECK_EQ_INT(game->shot_events, traced_events);
	CHECK_EQ_DBL(viewer.shot_cue.angle_deg, best.shot.cue.angle_deg);
	CHECK(run_keys(&viewer, "f"));
	CHECK(game->has_ruling);
	CHECK_EQ_INT(game->ruling.foul, BS_FOUL_NONE);
	CHECK(!game->ruling.turn_passes || (game->ruling.after.over && game->ruling.after.winner == shooter));
	CHECK_EQ_INT(game->ruling_shooter, shooter);
	bs_viewer_destroy(&viewer);
}

// Two shots alike, field by field and bit for bit (their padding bytes are
// no part of their value, and a copy need not keep them).
#define SAME_BITS(field) (memcmp(&a->field, &b->field, sizeof a->field) == 0)
static bool same_shot_bits(const bs_solved_shot* a, const bs_solved_shot* b) {
	return SAME_BITS(cue.ball) && SAME_BITS(cue.speed) && SAME_BITS(cue.stick) && SAME_BITS(cue.has_aim) &&
		SAME_BITS(cue.aim) && SAME_BITS(cue.angle_deg) && SAME_BITS(cue.tip) && SAME_BITS(cue.elevation_deg) &&
		SAME_BITS(cue.squirt) && SAME_BITS(call) && SAME_BITS(family) && SAME_BITS(object_ball) &&
		SAME_BITS(samples) && SAME_BITS(successes) && SAME_BITS(probability) && SAME_BITS(low) && SAME_BITS(high) &&
		SAME_BITS(window_deg) && SAME_BITS(nominal_success) && SAME_BITS(cue_end_mean) && SAME_BITS(cue_end_sd) &&
		SAME_BITS(position) && SAME_BITS(value);
}
#undef SAME_BITS

// Waits for the background search, following it a frame at a time as the
// window does; false when it has not ended within `seconds`. Its progress
// never goes back and stays within [0, 1].
static bool wait_for_hint_search(bs_viewer* viewer, double seconds) {
	double last = 0.0;
	for (double waited = 0.0; viewer->hint_job && waited < seconds; waited += 0.005) {
		double progress = bs_hint_search_progress(viewer->hint_job);
		if (!(progress >= last && progress <= 1.0)) {
			CHECK_FAIL("the search's progress went from %g to %g", last, progress);
		}
		last = progress;
		bs_viewer_tick(viewer, 0.0);
		nanosleep(&(struct timespec){0, 5000000}, NULL);
	}
	return viewer->hint_job == NULL;
}

// In the background: I starts the search and the status follows it while
// frames go on; what it shows in the end is what a search that blocks
// shows, bit for bit. I again stops it, so does a step (the position
// changed), and so does closing the viewer.
static void test_background_search(void) {
	bs_viewer viewer;
	// Two object balls: two searches, whose progress adds up. The scene's
	// cue strikes, so that a step moves on from the position searched, and
	// W may hand the shots to the yellow.
	static const char two_balls[] = "{\"table\": {\"preset\": \"9ft\"}, \"physics\": \"pool\", \"balls\": ["
									"{\"id\": 0, \"pos\": [1.6, 0.64]}, {\"id\": 1, \"pos\": [2.2, 0.34]}, "
									"{\"id\": 2, \"kind\": \"carom_yellow\", \"pos\": [0.9, 0.9]}], "
									"\"cue\": {\"stick_speed\": 2.0, \"angle_deg\": 90.0}}\n";
	if (!viewer_on_text("background.json", two_balls, &viewer)) {
		return;
	}
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I));
	bs_shot_hints waited = viewer.hints;
	CHECK_EQ_INT(waited.searches, 2);
	CHECK(waited.count >= 1);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I)); // hidden
	viewer.hints_in_background = true;
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I));
	CHECK(!viewer.show_hints);
	CHECK(viewer.hint_job != NULL);
	CHECK(strncmp(viewer.status, "hints: searching", 16) == 0);
	CHECK(wait_for_hint_search(&viewer, 600.0));
	CHECK(viewer.show_hints);
	CHECK_EQ_INT(viewer.hints.count, waited.count);
	for (int k = 0; k < viewer.hints.count && k < waited.count; ++k) {
		if (!same_shot_bits(&viewer.hints.hints[k].shot, &waited.hints[k].shot)) {
			CHECK_FAIL("hint %d differs from the waited-for search's (p %.17g against %.17g)", k,
				viewer.hints.hints[k].shot.probability, waited.hints[k].shot.probability);
		}
		CHECK_EQ_INT(viewer.hints.hints[k].path.events, waited.hints[k].path.events);
	}
	check_hints_are_sound(&viewer);
	CHECK_EQ_INT(viewer.hints.searches, 2);
	CHECK(strncmp(viewer.status, "hints: ", 7) == 0 && strstr(viewer.status, " simulated)"));

	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I)); // hidden
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I)); // searching
	CHECK(viewer.hint_job != NULL);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I)); // stopped
	CHECK(viewer.hint_job == NULL);
	CHECK(!viewer.show_hints);
	CHECK_EQ_STR(viewer.status, "hints: search stopped");

	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I));
	CHECK(viewer.hint_job != NULL);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_N)); // the next event: another position
	bs_viewer_tick(&viewer, 0.0);
	CHECK(viewer.hint_job == NULL);
	CHECK(!viewer.show_hints);
	if (!strstr(viewer.status, "the position changed")) {
		CHECK_FAIL("status: \"%s\"", viewer.status);
	}

	CHECK(bs_viewer_key(&viewer, GLFW_KEY_R)); // back to the start, at rest again
	// Another cue ball: the search for the old one stops, and shows nothing.
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I));
	CHECK(viewer.hint_job != NULL);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_W));
	CHECK_EQ_INT(viewer.cue_id, 2);
	CHECK(viewer.hint_job == NULL);
	bs_viewer_tick(&viewer, 0.0);
	CHECK(!viewer.show_hints);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_W));
	CHECK_EQ_INT(viewer.cue_id, 0);
	CHECK(bs_viewer_key(&viewer, GLFW_KEY_I));
	if (!viewer.hint_job) {
		CHECK_FAIL("no search after R and I: \"%s\"", viewer.status);
	}
	bs_viewer_destroy(&viewer); // stops it and frees everything
}

// The search itself: a stop cuts a long one short, and a stop after the
// end finds nothing to cut. A rack's worth of balls, the viewer's own
// search, is far longer than the moment between start and stop.
static void test_hint_search_stops_when_asked(void) {
	bs_world_def position = bs_default_pool_world_def();
	bs_table_preset("9ft", true, &position.table);
	bs_ball_def balls[10];
	balls[0] = bs_default_ball_def();
	balls[0].pos = bs_v2(0.6, 0.635);
	for (int k = 1; k < 10; ++k) {
		balls[k] = bs_default_ball_def();
		balls[k].id = k;
		balls[k].pos = bs_v2(1.6 + 0.2 * (k % 3), 0.3 + 0.3 * (k / 3));
	}
	position.balls = balls;
	position.ball_count = 10;
	bs_solve_def search = bs_hint_solve_def();
	char error[512];
	bs_hint_search* job = bs_hint_search_start(NULL, &position, 0, &search, error, sizeof error);
	CHECK(job != NULL);
	CHECK(bs_hint_search_cancel(job));
	position.ball_count = 2; // the cue ball and the 1: short
	search.samples = 20;
	search.screen_samples = 8;
	job = bs_hint_search_start(NULL, &position, 0, &search, error, sizeof error);
	CHECK(job != NULL);
	while (job && !bs_hint_search_done(job)) {
		nanosleep(&(struct timespec){0, 5000000}, NULL);
	}
	CHECK(!bs_hint_search_cancel(job));
}

int main(void) {
	if (!make_temp_dir("view-hints", temp_dir, sizeof temp_dir)) {
		return 1;
	}
	RUN(test_scene_cut);
	RUN(test_scene_hint_played);
	RUN(test_scene_moving_refused);
	RUN(test_game_hints);
	RUN(test_background_search);
	RUN(test_hint_search_stops_when_asked);
	remove_tree(temp_dir);
	return check_summary();
}
