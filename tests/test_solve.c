// breakshot tests: the shot search (solve.h). Straight-in pots built by
// construction must be found, and the shot found must pot the ball when a
// plain scene plays it; the probabilities must agree with a brute-force
// Monte Carlo run through another path (bs_shot_strike and a world stepped
// here); the result must be the same bytes on any number of threads; a game
// shot the search calls a success must be one the game's rules score; and
// a def the search cannot run must be refused by its field.
#include <limits.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "game_internal.h"
#include "rng.h"
#include "solve_internal.h"
#include <breakshot/aim.h>
#include <breakshot/game.h>
#include <breakshot/scene.h>
#include <breakshot/shot.h>
#include <breakshot/solve.h>
#include <breakshot/table.h>

// A search light enough to run hundreds of times; lighter still in the
// fast tier, which runs under the sanitizers with validation on.
static bs_solve_def light_def(const bs_world_def* world) {
	bs_solve_def def = bs_default_solve_def();
	def.world = *world;
	def.samples = check_scaled(200, 100);
	def.screen_samples = check_scaled(32, 16);
	def.top = 2;
	def.refine = 6;
	if (check_tier_fast()) {
		def.speed_count = 2; // 2 and 3.5 m/s
		def.tip_count = 3;   // centre, follow, draw
		def.aim_reach_deg = 1.5;
	}
	return def;
}

// A straight-in layout on the 9 ft table: the object ball on the line from
// a pocket's target, the cue ball farther along it, and up to three other
// balls kept clear of that line. Writes the balls; returns the object ball's id.
static int straight_in_layout(uint64_t seed, bs_world_def* def, bs_ball_def* balls, int* pocket) {
	bs_rng rng = bs_rng_make(seed);
	*def = bs_default_pool_world_def();
	bs_table_preset("9ft", true, &def->table);
	bs_table* table = bs_table_create(&def->table);
	double r = BS_DEFAULT_RADIUS;
	for (;;) {
		*pocket = (int)(bs_rng_uniform(&rng) * 6.0);
		bs_vec2 target;
		bs_aim_pocket_target(table, *pocket, &target);
		// Into the table from the pocket, within 60 degrees of its bisector.
		bs_vec2 centre = {0.5 * def->table.width, 0.5 * def->table.height};
		bs_vec2 inward = bs_v2_normalize(bs_v2_sub(centre, target));
		double turn = bs_rng_range(&rng, -0.8, 0.8) * ((*pocket == 1 || *pocket == 4) ? 0.6 : 1.0);
		bs_vec2 u = {inward.x * cos(turn) - inward.y * sin(turn), inward.x * sin(turn) + inward.y * cos(turn)};
		bs_vec2 object = bs_v2_add(target, bs_v2_scale(bs_rng_range(&rng, 0.15, 1.0), u));
		bs_vec2 cue = bs_v2_add(object, bs_v2_scale(bs_rng_range(&rng, 0.15, 0.9), u));
		double margin = 1.5 * r;
		bool inside = object.x > margin && object.x < def->table.width - margin && object.y > margin &&
			object.y < def->table.height - margin && cue.x > margin && cue.x < def->table.width - margin &&
			cue.y > margin && cue.y < def->table.height - margin;
		if (!inside) {
			continue;
		}
		int n = 0;
		balls[n] = bs_default_ball_def();
		balls[n].id = 0;
		balls[n++].pos = cue;
		balls[n] = bs_default_ball_def();
		balls[n].id = 1;
		balls[n++].pos = object;
		int extra = (int)(bs_rng_uniform(&rng) * 4.0);
		for (int tries = 0; tries < 200 && n < 2 + extra; ++tries) {
			bs_vec2 p = {bs_rng_range(&rng, margin, def->table.width - margin),
				bs_rng_range(&rng, margin, def->table.height - margin)};
			// Clear of the line from the target to the cue ball, and of every ball.
			bool clear = bs_v2_distance_to_segment(p, target, cue) > 3.0 * r;
			for (int k = 0; k < n && clear; ++k) {
				clear = bs_v2_len(bs_v2_sub(p, balls[k].pos)) > 2.5 * r;
			}
			if (clear) {
				balls[n] = bs_default_ball_def();
				balls[n].id = n;
				balls[n++].pos = p;
			}
		}
		def->balls = balls;
		def->ball_count = n;
		bs_def_report report;
		if (bs_world_def_check(def, &report)) {
			bs_table_destroy(table);
			return 1;
		}
	}
}

// Plays `cue` as `breakshot run` would: the shot written as a scene, read
// back, and run to rest. Returns the pocket ball `id` went into, or -1.
static int pocket_by_scene(const bs_world_def* def, const bs_cue_def* cue, int id) {
	char* text = bs_scene_dump_shot(def, cue);
	char error[512];
	bs_scene* scene = bs_scene_create_text(text, "shot.json", error, sizeof error);
	free(text);
	if (!scene) {
		CHECK_FAIL("the shot does not load as a scene: %s", error);
		return -2;
	}
	bs_world* world = bs_scene_create_world(scene);
	while (bs_world_step(world)) {
	}
	int pocket = -1;
	for (int k = 0; k < bs_world_ball_count(world); ++k) {
		bs_ball_state ball = bs_world_ball_state(world, k, bs_world_time(world));
		if (ball.id == id && ball.pocketed) {
			pocket = ball.pocket;
		}
	}
	bs_world_destroy(world);
	bs_scene_destroy(scene);
	return pocket;
}

static void test_straight_in_pots_are_found(void) {
	int layouts = check_scaled(200, 6);
	int found = 0;
	for (int i = 0; i < layouts; ++i) {
		bs_world_def world;
		bs_ball_def balls[8];
		int pocket;
		int object = straight_in_layout(1000 + (uint64_t)i, &world, balls, &pocket);
		bs_solve_def def = light_def(&world);
		def.goal.ball = object;
		bs_solve_result* result = bs_solve_result_create();
		char error[256];
		if (!bs_solve(&def, result, error, sizeof error)) {
			CHECK_FAIL("layout %d: the search failed: %s", i, error);
		} else if (bs_solve_result_count(result) == 0) {
			CHECK_FAIL("layout %d: no shot found for a straight-in pot into pocket %d", i, pocket);
		} else {
			const bs_solved_shot* best = bs_solve_result_shot(result, 0);
			int went = pocket_by_scene(&world, &best->cue, object);
			if (went < 0) {
				CHECK_FAIL("layout %d: the best shot (angle %.9g, speed %g, p %.3f) does not pot the %d when run",
					i, best->cue.angle_deg, best->cue.speed, best->probability, object);
			} else {
				++found;
			}
			CHECK(best->nominal_success);
			CHECK(best->low <= best->probability && best->probability <= best->high);
		}
		bs_solve_result_destroy(result);
	}
	CHECK_EQ_INT(found, layouts);
}

// The brute force: noise drawn from another seed, each shot struck with
// bs_shot_strike on a world of the position and stepped here until the
// ball drops or everything rests.
static double brute_force(const bs_world_def* world, const bs_noise_def* noise, const bs_cue_def* cue, int object,
	int samples, uint64_t seed) {
	bs_world* start = bs_world_create(world);
	int successes = 0;
	char error[256];
	for (int i = 0; i < samples; ++i) {
		bs_cue_def drawn = bs_noise_draw(noise, cue, BS_DEFAULT_RADIUS, seed, i);
		bs_world* shot = bs_shot_strike(start, &drawn, error, sizeof error);
		if (!shot) {
			continue; // a miscue
		}
		bool potted = false;
		while (!potted && bs_world_step(shot)) {
			bs_event e = bs_world_last_event(shot);
			potted = e.kind == BS_EVENT_POCKET && e.a == object;
		}
		successes += potted;
		bs_world_destroy(shot);
	}
	bs_world_destroy(start);
	return (double)successes / samples;
}

// Wilson's interval at z standard deviations.
static void wilson_at(double z, int64_t successes, int64_t n, double* low, double* high) {
	double p = (double)successes / n, z2 = z * z;
	double centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
	double half = z / (1.0 + z2 / n) * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
	*low = successes == 0 ? 0.0 : fmax(0.0, centre - half);
	*high = successes == n ? 1.0 : fmin(1.0, centre + half);
}

// Each shot's probability against a brute force of 10^5 samples: a 95 %
// interval misses the truth one time in twenty, so of nine shots at most
// two may miss it (a third would happen by chance less than once in a
// hundred), and none may miss the 99.9 % interval.
static void test_probabilities_match_brute_force(void) {
	int samples = check_scaled(100000, 2000);
	int compared = 0, outside = 0;
	int layouts = check_scaled(3, 1);
	for (int i = 0; i < layouts; ++i) {
		bs_world_def world;
		bs_ball_def balls[8];
		int pocket;
		int object = straight_in_layout(77 + (uint64_t)i, &world, balls, &pocket);
		bs_solve_def def = light_def(&world);
		def.goal.ball = object;
		def.samples = check_scaled(1000, 300);
		def.top = 3;
		bs_solve_result* result = bs_solve_result_create();
		char error[256];
		CHECK(bs_solve(&def, result, error, sizeof error));
		for (int k = 0; k < bs_solve_result_count(result); ++k) {
			const bs_solved_shot* shot = bs_solve_result_shot(result, k);
			double p = brute_force(&world, &def.noise, &shot->cue, object, samples, 0xB207E + (uint64_t)k);
			// The brute force's own error is a fraction of the interval's
			// half-width at 10^5 samples; in the fast tier, allow for it.
			double slack = check_tier_fast() ? 2.0 * sqrt(p * (1.0 - p) / samples) : 0.0;
			double low, high;
			wilson_at(3.2905, shot->successes, shot->samples, &low, &high);
			++compared;
			if (p < shot->low - slack || p > shot->high + slack) {
				++outside;
				printf("  layout %d shot %d: brute force %.4f outside the 95 %% interval %.4f [%.4f, %.4f]\n", i, k, p,
					shot->probability, shot->low, shot->high);
			}
			if (p < low - slack || p > high + slack) {
				CHECK_FAIL("layout %d shot %d: brute force %.4f over %d samples, outside the search's 99.9 %% interval "
						   "[%.4f, %.4f] about %.4f", i, k, p, samples, low, high, shot->probability);
			}
		}
		bs_solve_result_destroy(result);
	}
	CHECK(compared >= 2 * layouts);
	if (outside > 2) {
		CHECK_FAIL("%d of %d brute-force probabilities outside the search's 95 %% intervals", outside, compared);
	}
}

// Two results hold the same shots, byte for byte (padding too).
static void check_same_results(const bs_solve_result* result, const bs_solve_result* expected, const char* what) {
	CHECK_EQ_INT(bs_solve_result_count(result), bs_solve_result_count(expected));
	CHECK(bs_solve_result_evaluations(result) == bs_solve_result_evaluations(expected));
	for (int k = 0; k < bs_solve_result_count(result) && k < bs_solve_result_count(expected); ++k) {
		const bs_solved_shot* shot = bs_solve_result_shot(result, k);
		const bs_solved_shot* other = bs_solve_result_shot(expected, k);
		if (memcmp(shot, other, sizeof *shot) != 0) {
			CHECK_FAIL("%s: shot %d differs (p %.17g against %.17g)", what, k, shot->probability, other->probability);
		}
	}
}

static void test_same_bytes_on_any_threads(void) {
	bs_world_def world;
	bs_ball_def balls[8];
	int pocket;
	int object = straight_in_layout(5, &world, balls, &pocket);
	bs_solve_result* first = bs_solve_result_create();
	bs_solve_result* result = bs_solve_result_create();
	for (int threads = 1; threads <= 3; ++threads) {
		bs_solve_def def = light_def(&world);
		def.goal.ball = object;
		def.top = 4;
		def.threads = threads;
		char error[256];
		CHECK(bs_solve(&def, threads == 1 ? first : result, error, sizeof error));
		if (threads > 1) {
			char what[64];
			snprintf(what, sizeof what, "%d threads against one", threads);
			check_same_results(result, first, what);
		}
	}
	bs_solve_result_destroy(result);
	bs_solve_result_destroy(first);
}

// A heat map's cell at the best shot's own aim and speed draws the same
// samples as the search did for it, so it must give the same probability.
static void test_heat_map_agrees_with_the_search(void) {
	bs_world_def world;
	bs_ball_def balls[8];
	int pocket;
	int object = straight_in_layout(9, &world, balls, &pocket);
	bs_solve_def def = light_def(&world);
	def.goal.ball = object;
	def.samples = 300;
	bs_solve_result* result = bs_solve_result_create();
	char error[256];
	CHECK(bs_solve(&def, result, error, sizeof error));
	CHECK(bs_solve_result_count(result) > 0);
	if (bs_solve_result_count(result) > 0) {
		const bs_solved_shot* best = bs_solve_result_shot(result, 0);
		double heat[5 * 3];
		CHECK(bs_solve_heat_map(&def, best, 2.0, 5, best->cue.speed, best->cue.speed + 1.0, 3, 300, heat, error,
			sizeof error));
		CHECK_EQ_DBL(heat[2], best->probability);
	}
	bs_solve_result_destroy(result);
}

// A 9-ball game after its break: each shot the search finds that succeeds
// without noise must be one the game's rules score when the game plays it.
static void test_game_shots_are_scored_by_the_rules(void) {
	int games = check_scaled(6, 1);
	int judged = 0;
	for (int g = 0; g < games; ++g) {
		char error[512];
		bs_game* game = bs_game_new(BS_GAME_9_BALL, 11 + (uint64_t)g, NULL, NULL, 0, error, sizeof error);
		bs_cue_def brk = bs_default_cue_def();
		brk.stick = true;
		brk.speed = 8.0;
		brk.angle_deg = 0.0;
		bs_ruling ruling;
		CHECK(bs_game_shoot(game, &brk, NULL, &ruling, error, sizeof error));
		for (int shot = 0; shot < check_scaled(4, 2) && !bs_game_get_state(game)->over; ++shot) {
			const bs_game_state* state = bs_game_get_state(game);
			if (state->in_hand != BS_IN_HAND_NONE) {
				break; // placing is the player's business, not the search's
			}
			bs_world_def no_world = bs_default_pool_world_def();
			bs_solve_def def = light_def(&no_world);
			def.game = game;
			def.goal.kind = BS_GOAL_GAME;
			def.samples = 100;
			def.screen_samples = 16;
			def.top = 1;
			def.refine = 4;
			bs_solve_result* result = bs_solve_result_create();
			CHECK(bs_solve(&def, result, error, sizeof error));
			if (bs_solve_result_count(result) == 0) {
				bs_solve_result_destroy(result);
				break;
			}
			bs_solved_shot best = *bs_solve_result_shot(result, 0);
			bs_solve_result_destroy(result);
			int shooter = state->shooter;
			CHECK(bs_game_shoot(game, &best.cue, &best.call, &ruling, error, sizeof error));
			bool scored = ruling.foul == BS_FOUL_NONE &&
				(ruling.scored || (ruling.after.over && ruling.after.winner == shooter));
			if (!scored) {
				CHECK_FAIL("game %d shot %d: the search's shot (p %.3f) was ruled: %s", g, shot, best.probability,
					ruling.text);
				break;
			}
			++judged;
		}
		bs_game_destroy(game);
	}
	CHECK(judged > 0);
}

// Counts, along the struck world, the cue ball's cushions before its first
// touch of a second object ball; -1 when it never touches two.
static int cushions_before_second(const bs_world_def* world, const bs_cue_def* cue) {
	bs_world* start = bs_world_create(world);
	char error[256];
	bs_world* shot = bs_shot_strike(start, cue, error, sizeof error);
	int first = -1, cushions = 0, result = -1;
	while (shot && result < 0 && bs_world_step(shot)) {
		bs_event e = bs_world_last_event(shot);
		if ((e.kind == BS_EVENT_CUSHION || e.kind == BS_EVENT_JAW) && e.a == cue->ball) {
			++cushions;
		} else if (e.kind == BS_EVENT_BALL && (e.a == cue->ball || e.b == cue->ball)) {
			int other = e.a == cue->ball ? e.b : e.a;
			if (first < 0) {
				first = other;
			} else if (other != first) {
				result = cushions;
			}
		}
	}
	bs_world_destroy(shot);
	bs_world_destroy(start);
	return result;
}

// Three-cushion: the point the search finds from the start position is one
// when counted along the struck world; and in a game, whose opening stroke
// must strike the red first, the search's shot scores by the rules.
static void test_three_cushion_point(void) {
	char error[512];
	bs_game* game = bs_game_new(BS_GAME_THREE_CUSHION, 1, NULL, NULL, 15, error, sizeof error);
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	bs_world_def world = bs_game_world_def(game, balls);
	for (int as_game = 0; as_game <= 1; ++as_game) {
		bs_solve_def def = bs_default_solve_def();
		if (as_game) {
			def.game = game;
			def.goal.kind = BS_GOAL_GAME;
		} else {
			def.world = world;
			def.cue_ball = bs_game_get_state(game)->cue_ball;
			def.goal.kind = BS_GOAL_THREE_CUSHION;
		}
		def.samples = check_scaled(200, 50);
		if (check_tier_fast()) {
			def.speed_count = 1;
			def.speeds[0] = 4.0; // a point wants a firm shot
		}
		def.screen_samples = 16;
		def.top = 1;
		def.refine = 4;
		bs_solve_result* result = bs_solve_result_create();
		CHECK(bs_solve(&def, result, error, sizeof error));
		CHECK_EQ_INT(bs_solve_result_count(result), 1);
		if (bs_solve_result_count(result) == 1) {
			bs_solved_shot best = *bs_solve_result_shot(result, 0);
			if (as_game) {
				bs_ruling ruling;
				CHECK(bs_game_shoot(game, &best.cue, NULL, &ruling, error, sizeof error));
				if (ruling.points != 1) {
					CHECK_FAIL("the search's three-cushion shot in a game scored %d: %s", ruling.points, ruling.text);
				}
			} else {
				best.cue.ball = def.cue_ball;
				int cushions = cushions_before_second(&world, &best.cue);
				if (cushions < 3) {
					CHECK_FAIL("the search's three-cushion point has %d cushions before the second ball", cushions);
				}
			}
		}
		bs_solve_result_destroy(result);
	}
	bs_game_destroy(game);
}

// An evaluator on balls placed by hand on the 9 ft table, the cue ball 0.
static bs_shot_evaluator* evaluator_on(const bs_vec2* places, int count, bs_ball_def* balls) {
	bs_world_def world = bs_default_pool_world_def();
	bs_table_preset("9ft", true, &world.table);
	for (int k = 0; k < count; ++k) {
		balls[k] = bs_default_ball_def();
		balls[k].id = k;
		balls[k].pos = places[k];
	}
	world.balls = balls;
	world.ball_count = count;
	bs_solve_def def = bs_default_solve_def();
	def.world = world;
	char error[256];
	bs_shot_evaluator* evaluator = bs_shot_evaluator_create(&def, error, sizeof error);
	if (!evaluator) {
		CHECK_FAIL("no evaluator: %s", error);
	}
	return evaluator;
}

// What a shot does, told apart by its events: three balls in a line to a
// pocket make a combination (the cue ball never meets the ball potted);
// the first two alone a direct pot; and a shot whose object ball meets a
// cushion far from the pocket it drops into, found by stepping the struck
// world here, a bank.
static void test_shots_are_named_by_what_they_do(void) {
	bs_table_def table;
	bs_table_preset("9ft", true, &table);
	bs_table* geometry = bs_table_create(&table);
	bs_vec2 target;
	bs_aim_pocket_target(geometry, 3, &target); // a corner at the foot end
	bs_table_destroy(geometry);
	bs_vec2 inward = bs_v2_normalize(bs_v2_sub(bs_v2(0.5 * table.width, 0.5 * table.height), target));
	bs_vec2 line[3] = {bs_v2_add(target, bs_v2_scale(0.9, inward)), bs_v2_add(target, bs_v2_scale(0.5, inward)),
		bs_v2_add(target, bs_v2_scale(0.25, inward))};
	bs_cue_def cue = bs_default_cue_def();
	cue.stick = true;
	cue.speed = 3.0;
	cue.angle_deg = atan2(-inward.y, -inward.x) * (180.0 / BS_PI);
	bs_ball_def balls[3];
	bs_shot_call potted;
	bs_shot_evaluator* two = evaluator_on(line, 2, balls);
	if (two) {
		bs_shot_family family = solve_classify(two, &cue, 1, BS_SHOT_BANK, &potted);
		CHECK_EQ_INT((int)family, (int)BS_SHOT_DIRECT);
		CHECK_EQ_INT(potted.ball, 1);
		CHECK_EQ_INT(potted.pocket, 3);
		bs_shot_evaluator_destroy(two);
	}
	bs_shot_evaluator* three = evaluator_on(line, 3, balls);
	if (three) {
		CHECK_EQ_INT((int)solve_classify(three, &cue, 2, BS_SHOT_DIRECT, &potted), (int)BS_SHOT_COMBINATION);
		CHECK_EQ_INT(potted.ball, 2);
		// Meant for the 1, it pots the 2: named by the 2, as it plays.
		CHECK_EQ_INT((int)solve_classify(three, &cue, 1, BS_SHOT_DIRECT, &potted), (int)BS_SHOT_COMBINATION);
		CHECK_EQ_INT(potted.ball, 2);
		bs_shot_evaluator_destroy(three);
	}
	// The lone ball's bank (tests/data/solve_lone_ball.json): the 1 meets
	// cushions on its way round, as its events show.
	bs_vec2 lone[2] = {{0.7, 0.5}, {1.8, 0.85}};
	bs_ball_def lone_balls[2];
	bs_shot_evaluator* bank = evaluator_on(lone, 2, lone_balls);
	if (bank) {
		bs_cue_def banked = bs_default_cue_def();
		banked.stick = true;
		banked.speed = 6.0;
		banked.angle_deg = 18.277362599170157;
		banked.tip = bs_v2(0.0, 0.3);
		bs_world_def world = bs_default_pool_world_def();
		bs_table_preset("9ft", true, &world.table);
		world.balls = lone_balls;
		world.ball_count = 2;
		bs_world* start = bs_world_create(&world);
		char error[256];
		bs_world* shot = bs_shot_strike(start, &banked, error, sizeof error);
		double farthest = 0.0; // the 1's cushion contact farthest from where it drops
		bs_vec2 contacts[32];
		int contact_count = 0, pocket = -1;
		while (shot && pocket < 0 && bs_world_step(shot)) {
			bs_event e = bs_world_last_event(shot);
			if ((e.kind == BS_EVENT_CUSHION || e.kind == BS_EVENT_JAW) && e.a == 1 && contact_count < 32) {
				contacts[contact_count++] = e.point;
			} else if (e.kind == BS_EVENT_POCKET && e.a == 1) {
				pocket = e.b;
			}
		}
		CHECK(pocket >= 0);
		if (pocket >= 0) {
			bs_vec2 mouth = bs_table_pocket(bs_world_table(shot), pocket).centre;
			for (int k = 0; k < contact_count; ++k) {
				farthest = fmax(farthest, bs_v2_len(bs_v2_sub(contacts[k], mouth)));
			}
			if (!(farthest > 0.5)) {
				CHECK_FAIL("the shot is no bank to test: the 1 meets cushions at most %.3f m from its pocket", farthest);
			}
			CHECK_EQ_INT((int)solve_classify(bank, &banked, 1, BS_SHOT_DIRECT, &potted), (int)BS_SHOT_BANK);
			CHECK_EQ_INT(potted.pocket, pocket);
		}
		bs_world_destroy(shot);
		bs_world_destroy(start);
		bs_shot_evaluator_destroy(bank);
	}
}

static void test_noise_and_interval(void) {
	bs_noise_def none = {0.0, 0.0, 0.0, 0.0};
	bs_cue_def cue = bs_default_cue_def();
	cue.stick = true;
	cue.speed = 3.0;
	cue.angle_deg = 12.5;
	cue.tip = bs_v2(0.1, -0.2);
	cue.elevation_deg = 5.0;
	bs_cue_def same = bs_noise_draw(&none, &cue, BS_DEFAULT_RADIUS, 3, 17);
	CHECK(memcmp(&same, &cue, sizeof cue) == 0);
	// The draws' spread is the σ asked for.
	bs_noise_def noise = bs_default_noise_def();
	int n = 100000;
	double sum = 0.0, sum2 = 0.0, tip2 = 0.0;
	for (int i = 0; i < n; ++i) {
		bs_cue_def d = bs_noise_draw(&noise, &cue, BS_DEFAULT_RADIUS, 3, i);
		sum += d.angle_deg - cue.angle_deg;
		sum2 += (d.speed - cue.speed) * (d.speed - cue.speed);
		tip2 += (d.tip.x - cue.tip.x) * (d.tip.x - cue.tip.x);
	}
	CHECK_NEAR(sum / n, 0.0, 0.002);
	CHECK_REL(sqrt(sum2 / n), noise.speed, 0.01);
	CHECK_REL(sqrt(tip2 / n) * BS_DEFAULT_RADIUS, noise.tip, 0.01);
	// Wilson's interval: 80 of 100 gives [0.7111, 0.8666].
	double low, high;
	bs_wilson_interval(80, 100, &low, &high);
	CHECK_NEAR(low, 0.71111, 1e-4);
	CHECK_NEAR(high, 0.86664, 1e-4);
	bs_wilson_interval(0, 50, &low, &high);
	CHECK_EQ_DBL(low, 0.0);
	bs_wilson_interval(50, 50, &low, &high);
	CHECK_EQ_DBL(high, 1.0);
}

static void expect_refused(const bs_solve_def* def, const char* field) {
	char error[512] = "";
	bs_solve_result* result = bs_solve_result_create();
	CHECK(!bs_solve(def, result, error, sizeof error));
	CHECK_STARTS_WITH(error, field);
	bs_solve_result_destroy(result);
}

static void test_bad_defs_are_refused_by_field(void) {
	bs_world_def world;
	bs_ball_def balls[8];
	int pocket;
	straight_in_layout(3, &world, balls, &pocket);
	bs_solve_def def = light_def(&world);
	def.goal.ball = 12;
	expect_refused(&def, "goal.ball: no ball with id 12");
	def = light_def(&world);
	def.goal.ball = 0;
	expect_refused(&def, "goal.ball: 0 is the cue ball");
	def = light_def(&world);
	def.goal.pocket = 6;
	expect_refused(&def, "goal.pocket: 6 is no pocket");
	def = light_def(&world);
	def.noise.aim_deg = -0.1;
	expect_refused(&def, "noise.aim_deg:");
	def = light_def(&world);
	def.noise.tip = NAN;
	expect_refused(&def, "noise.tip:");
	def = light_def(&world);
	def.samples = 0;
	expect_refused(&def, "samples:");
	def = light_def(&world);
	def.speeds[1] = 11.0;
	expect_refused(&def, "speeds[1]:");
	def = light_def(&world);
	def.tips[0] = bs_v2(0.5, 0.0);
	expect_refused(&def, "tips[0]:");
	def = light_def(&world);
	def.cue_ball = 9;
	expect_refused(&def, "cue_ball: no ball with id 9");
	def = light_def(&world);
	def.goal.has_region = true;
	def.goal.region_min = bs_v2(1.0, 1.0);
	def.goal.region_max = bs_v2(0.5, 2.0);
	expect_refused(&def, "goal.region:");
	def = light_def(&world);
	def.goal.kind = BS_GOAL_GAME;
	expect_refused(&def, "goal: game needs a game");
	def = light_def(&world);
	def.world.physics = BS_PHYSICS_IDEAL;
	expect_refused(&def, "world.physics:");
	def = light_def(&world);
	def.ranks = 2;
	expect_refused(&def, "ranks:");
}

// Position play: every success leaves the cue ball in the region, so the
// mean of where it ends lies inside it.
static void test_region_holds_the_cue_ball(void) {
	bs_world_def world;
	bs_ball_def balls[8];
	int pocket;
	int object = straight_in_layout(21, &world, balls, &pocket);
	bs_solve_def def = light_def(&world);
	def.goal.ball = object;
	def.goal.has_region = true;
	def.goal.region_min = bs_v2(0.0, 0.0);
	def.goal.region_max = bs_v2(0.5 * world.table.width, world.table.height);
	bs_solve_result* result = bs_solve_result_create();
	char error[256];
	CHECK(bs_solve(&def, result, error, sizeof error));
	CHECK(bs_solve_result_count(result) > 0);
	for (int k = 0; k < bs_solve_result_count(result); ++k) {
		const bs_solved_shot* shot = bs_solve_result_shot(result, k);
		CHECK(shot->successes > 0);
		if (shot->successes > 0 && !(shot->cue_end_mean.x <= def.goal.region_max.x)) {
			CHECK_FAIL("shot %d: the cue ball ends at x = %.4f on average, outside the region (x <= %.4f)", k,
				shot->cue_end_mean.x, def.goal.region_max.x);
		}
	}
	bs_solve_result_destroy(result);
}

// A cancel function that says stop from its `stop_at`th question on.
typedef struct stop_after {
	atomic_int asked;
	int stop_at;
} stop_after;

static bool stop_after_asked(void* closure) {
	stop_after* s = closure;
	return atomic_fetch_add(&s->asked, 1) + 1 >= s->stop_at;
}

static void share_nothing(void* closure, void* items, size_t item_size, int count) {
	(void)closure, (void)items, (void)item_size, (void)count;
}

// A cancel function that never says stop changes nothing; one that does
// stops the search (and a heat map) with "cancelled" and no shots, at
// once or part way, on any number of threads.
static void test_cancel_stops_the_search(void) {
	bs_world_def world;
	bs_ball_def balls[8];
	int pocket;
	int object = straight_in_layout(5, &world, balls, &pocket);
	bs_solve_def def = light_def(&world);
	def.goal.ball = object;
	char error[256];
	bs_solve_result* plain = bs_solve_result_create();
	bs_solve_result* asked = bs_solve_result_create();
	CHECK(bs_solve(&def, plain, error, sizeof error));
	stop_after never = {0, INT_MAX};
	bs_solve_def with_cancel = def;
	with_cancel.cancel = stop_after_asked;
	with_cancel.cancel_closure = &never;
	CHECK(bs_solve(&with_cancel, asked, error, sizeof error));
	CHECK(atomic_load(&never.asked) > 0);
	check_same_results(asked, plain, "a cancel function that never stops");
	int total = atomic_load(&never.asked);
	for (int threads = 1; threads <= 3; ++threads) {
		const int stops[] = {1, total / 2};
		for (int i = 0; i < 2; ++i) {
			stop_after stop = {0, stops[i]};
			with_cancel.cancel_closure = &stop;
			with_cancel.threads = threads;
			strcpy(error, "");
			CHECK(!bs_solve(&with_cancel, asked, error, sizeof error));
			CHECK_EQ_STR(error, "cancelled");
			CHECK_EQ_INT(bs_solve_result_count(asked), 0);
			// Each thread asks once more at most before it stops.
			CHECK(atomic_load(&stop.asked) <= stops[i] + threads);
		}
	}
	if (bs_solve_result_count(plain) > 0) {
		stop_after stop = {0, 3};
		with_cancel.cancel_closure = &stop;
		double heat[4 * 4];
		CHECK(!bs_solve_heat_map(&with_cancel, bs_solve_result_shot(plain, 0), 2.0, 4, 1.0, 3.0, 4, 20, heat, error,
			sizeof error));
		CHECK_EQ_STR(error, "cancelled");
	}
	with_cancel.ranks = 2;
	with_cancel.share = share_nothing;
	expect_refused(&with_cancel, "cancel: must be NULL with 2 ranks");
	bs_solve_result_destroy(plain);
	bs_solve_result_destroy(asked);
}

// A game after its break (the cue ball placed first where the game gives
// ball in hand), at its next shot with the cue ball on the table; NULL
// with the failure recorded.
static bs_game* game_after_break(bs_game_kind kind, uint64_t seed) {
	char error[512];
	bs_game* game = bs_game_new(kind, seed, NULL, NULL, 0, error, sizeof error);
	if (!game) {
		CHECK_FAIL("%s", error);
		return NULL;
	}
	for (int shot = 0; shot < 2; ++shot) {
		const bs_game_state* state = bs_game_get_state(game);
		bool placed = state->in_hand == BS_IN_HAND_NONE;
		for (int k = 0; k < 400 && !placed; ++k) {
			bs_vec2 at = bs_v2(state->table.width * (0.05 + 0.9 * (k % 20) / 19.0),
				state->table.height * (0.05 + 0.9 * (k / 20) / 19.0));
			placed = bs_game_place_cue_ball(game, at, error, sizeof error);
		}
		if (!placed) {
			CHECK_FAIL("%s: no place for the cue ball: %s", bs_game_kind_name(kind), error);
			bs_game_destroy(game);
			return NULL;
		}
		if (shot == 1 || !state->is_break) {
			break;
		}
		bs_cue_def brk = bs_default_cue_def();
		brk.stick = true;
		brk.speed = 8.0;
		bs_vec2 cue = state->balls[bs_game_state_find(state, state->cue_ball)].pos;
		brk.angle_deg = cue.x < 0.5 * state->table.width ? 0.0 : 180.0; // towards the rack
		bs_ruling ruling;
		CHECK(bs_game_shoot(game, &brk, NULL, &ruling, error, sizeof error));
	}
	return game;
}

// The game with its state changed by `change`, for positions a break
// seldom leaves (8-ball's groups taken, snooker's colour on).
static bs_game* game_with(const bs_game* game, void (*change)(bs_game_state*)) {
	bs_game_state state = *bs_game_get_state(game);
	change(&state);
	char error[512];
	bs_game* changed = bs_game_start(&game->world, &state, game->players[0], game->players[1], error, sizeof error);
	if (!changed) {
		CHECK_FAIL("%s", error);
	}
	return changed;
}

static void take_groups(bs_game_state* state) {
	state->group[state->shooter] = BS_GROUP_SOLIDS;
	state->group[1 - state->shooter] = BS_GROUP_STRIPES;
}

static void colour_on(bs_game_state* state) {
	state->on = BS_BALL_NUMBERED; // any colour: the shooter nominates one
}

// A shot screened for its success alone stops at a foul it cannot undo (the
// cue ball dropped, or no ball on at its first contact); that verdict must
// be the rules' own. Random shots from positions of each game, with and
// without a call, judged both ways.
static void test_screening_stops_only_at_certain_fouls(void) {
	bs_game* games[6] = {
		game_after_break(BS_GAME_9_BALL, 3),
		game_after_break(BS_GAME_10_BALL, 4),
		game_after_break(BS_GAME_8_BALL, 5),
		NULL,
		game_after_break(BS_GAME_SNOOKER, 6),
		NULL,
	};
	games[3] = games[2] ? game_with(games[2], take_groups) : NULL;
	games[5] = games[4] ? game_with(games[4], colour_on) : NULL;
	bs_rng rng = bs_rng_make(77);
	int all_successes = 0;
	for (int g = 0; g < 6; ++g) {
		if (!games[g]) {
			continue;
		}
		const bs_game_state* state = bs_game_get_state(games[g]);
		bs_world_def no_world = bs_default_pool_world_def();
		bs_solve_def def = light_def(&no_world);
		def.game = games[g];
		def.goal.kind = BS_GOAL_GAME;
		char error[512];
		bs_shot_evaluator* evaluator = bs_shot_evaluator_create(&def, error, sizeof error);
		if (!evaluator) {
			CHECK_FAIL("position %d: %s", g, error);
			continue;
		}
		int on[BS_RULES_MAX_BALLS];
		int on_count = bs_rules_balls_on(state, on);
		int early = 0;
		int successes = 0;
		int shots = check_scaled(400, 80);
		for (int k = 0; k < shots; ++k) {
			bs_cue_def cue = bs_default_cue_def();
			cue.stick = true;
			// Most at a ball on, near full ball, so that some pot it.
			int aim_at = bs_game_state_find(state, on[bs_rng_next(&rng) % (uint64_t)on_count]);
			bs_vec2 from = state->balls[bs_game_state_find(state, state->cue_ball)].pos;
			bs_vec2 to = bs_v2_sub(state->balls[aim_at].pos, from);
			cue.angle_deg = k % 4 == 0 ? bs_rng_range(&rng, -180.0, 180.0)
									   : atan2(to.y, to.x) * (180.0 / BS_PI) + bs_rng_range(&rng, -3.0, 3.0);
			cue.speed = bs_rng_range(&rng, 0.5, 6.0);
			cue.tip = bs_v2(bs_rng_range(&rng, -0.3, 0.3), bs_rng_range(&rng, -0.3, 0.3));
			bs_shot_call call = {on[bs_rng_next(&rng) % (uint64_t)on_count], (int)(bs_rng_next(&rng) % 6)};
			const bs_shot_call* called = bs_rng_next(&rng) % 2 ? &call : NULL;
			bs_shot_outcome screened = bs_shot_evaluate(evaluator, &cue, called, false);
			bs_shot_outcome judged = bs_shot_evaluate(evaluator, &cue, called, true);
			if (screened.success != judged.success) {
				CHECK_FAIL("position %d (%s), shot %d (%.6f degrees at %.3f m/s): screened %d, run to rest %d (%s)",
					g, bs_game_kind_name(state->game), k, cue.angle_deg, cue.speed, screened.success,
					judged.success, evaluator->judged ? evaluator->ruling.text : "not judged");
			}
			early += screened.decided_early;
			successes += judged.success;
		}
		// Random shots foul often: some stop early.
		if (early == 0) {
			CHECK_FAIL("position %d (%s): none of %d shots stopped early", g, bs_game_kind_name(state->game), shots);
		}
		all_successes += successes;
		bs_shot_evaluator_destroy(evaluator);
	}
	CHECK(all_successes > 0); // and some score
	for (int g = 0; g < 6; ++g) {
		bs_game_destroy(games[g]);
	}
}

// A split hit: the cue ball meets a solid and a stripe at one instant, the
// shooter on stripes. The rules take it as a legal first contact, so a
// screened shot must not stop there, whichever ball the engine resolves
// first (each side of the line in turn).
static void test_split_hit_is_no_early_foul(void) {
	char error[512];
	bs_game* rack = bs_game_new(BS_GAME_8_BALL, 1, NULL, NULL, 0, error, sizeof error);
	if (!rack) {
		CHECK_FAIL("%s", error);
		return;
	}
	double r = BS_DEFAULT_RADIUS;
	for (int side = -1; side <= 1; side += 2) {
		bs_game_state state = *bs_game_get_state(rack);
		state.is_break = false;
		state.in_hand = BS_IN_HAND_NONE;
		state.group[state.shooter] = BS_GROUP_STRIPES;
		state.group[1 - state.shooter] = BS_GROUP_SOLIDS;
		for (int i = 0; i < state.ball_count; ++i) {
			bs_rules_ball* ball = &state.balls[i];
			ball->on_table = ball->id == 0 || ball->id == 3 || ball->id == 8 || ball->id == 12;
			ball->pos = ball->id == 0 ? bs_v2(1.0, 0.625)
				: ball->id == 3      ? bs_v2(1.6, 0.625 + side * (r + 0.002))
				: ball->id == 12     ? bs_v2(1.6, 0.625 - side * (r + 0.002))
									 : bs_v2(0.3, 1.0);
		}
		bs_game* game = bs_game_start(&rack->world, &state, rack->players[0], rack->players[1], error, sizeof error);
		if (!game) {
			CHECK_FAIL("%s", error);
			continue;
		}
		bs_world_def no_world = bs_default_pool_world_def();
		bs_solve_def def = light_def(&no_world);
		def.game = game;
		def.goal.kind = BS_GOAL_GAME;
		bs_shot_evaluator* evaluator = bs_shot_evaluator_create(&def, error, sizeof error);
		CHECK(evaluator != NULL);
		if (evaluator) {
			bs_cue_def cue = bs_default_cue_def();
			cue.stick = true;
			cue.speed = 3.0;
			cue.angle_deg = 0.0;
			bs_shot_outcome screened = bs_shot_evaluate(evaluator, &cue, NULL, false);
			bs_shot_outcome judged = bs_shot_evaluate(evaluator, &cue, NULL, true);
			CHECK(!screened.decided_early);
			CHECK_EQ_INT(screened.success, judged.success);
			CHECK(evaluator->judged);
			if (evaluator->judged) {
				CHECK_EQ_INT(evaluator->ruling.foul, BS_FOUL_NONE);
				if (!strstr(evaluator->ruling.text, "at the same instant")) {
					CHECK_FAIL("side %d: not a split hit: %s", side, evaluator->ruling.text);
				}
			}
		}
		bs_shot_evaluator_destroy(evaluator);
		bs_game_destroy(game);
	}
	bs_game_destroy(rack);
}

int main(void) {
	RUN(test_noise_and_interval);
	RUN(test_shots_are_named_by_what_they_do);
	RUN(test_bad_defs_are_refused_by_field);
	RUN(test_straight_in_pots_are_found);
	RUN(test_probabilities_match_brute_force);
	RUN(test_same_bytes_on_any_threads);
	RUN(test_cancel_stops_the_search);
	RUN(test_heat_map_agrees_with_the_search);
	RUN(test_region_holds_the_cue_ball);
	RUN(test_game_shots_are_scored_by_the_rules);
	RUN(test_screening_stops_only_at_certain_fouls);
	RUN(test_split_hit_is_no_early_foul);
	RUN(test_three_cushion_point);
	return check_summary();
}
