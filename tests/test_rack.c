// Unit tests: each game's rack puts its balls where its rules say (the
// pool racks' fixed balls, snooker's spots from the WPBSA's distances, the
// UMB's three-cushion break), with their kinds, sizes and masses, jittered
// by the seed within the jitter; a snooker rack is refused on any table but
// a snooker table; and the breaks of the new games run to rest, on plain
// tables of their sizes and on their presets.
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "world_helpers.h"
#include <breakshot/rack.h>
#include <breakshot/spots.h>

static const double pool_radius = BS_DEFAULT_RADIUS;

static bs_table_def snooker_table(void) {
	return bs_table_rect(3.569, 1.778);
}

static bs_table_def carom_table(void) {
	return bs_table_rect(2.84, 1.42);
}

// The ball with this id in balls[0, count), or NULL.
static const bs_ball_def* ball_with_id(const bs_ball_def* balls, int count, int id) {
	for (int i = 0; i < count; ++i) {
		if (balls[i].id == id) {
			return &balls[i];
		}
	}
	return NULL;
}

// Checks that `ball` lies within `jitter` (m) of `spot`, naming it.
static void check_within(const bs_ball_def* ball, bs_vec2 spot, double jitter) {
	double off = bs_v2_len(bs_v2_sub(ball->pos, spot));
	if (!(off <= jitter * (1.0 + 1e-9) + 1e-15)) {
		CHECK_FAIL("ball %d at (%.17g, %.17g) is %.3g m from its place (%.17g, %.17g), more than the jitter %.3g m",
			ball->id, ball->pos.x, ball->pos.y, off, spot.x, spot.y, jitter);
	}
}

// Whether a pool object ball sits at row `row`, place `place` of a
// triangle whose apex is on the foot spot (within the jitter).
static void check_pool_spot(const bs_ball_def* ball, const bs_table_def* table, const bs_rack_def* rack, int row,
	int row_size, int place) {
	double pitch = 2.0 * pool_radius + rack->gap;
	bs_vec2 spot = bs_v2(0.75 * table->width + row * pitch * sqrt(3.0) / 2.0,
		0.5 * table->height + (place - 0.5 * (row_size - 1)) * pitch);
	check_within(ball, spot, rack->jitter);
}

// The 8-ball triangle: 15 object balls and the cue ball, each number once;
// the 8 in the centre (the middle of the third row); a solid and a stripe
// on the back corners; the 9- and 10-ball racks' 1 at the apex and their
// money ball in the centre. All numbered pool balls.
static void pool_racks_put_the_fixed_balls_in_place(void) {
	bs_table_def table;
	CHECK(bs_table_preset("9ft", true, &table));
	for (uint64_t seed = 1; seed <= 30; ++seed) {
		for (int game = BS_GAME_9_BALL; game <= BS_GAME_10_BALL; ++game) {
			bs_rack_def rack = bs_default_rack_def();
			rack.game = (bs_game_kind)game;
			rack.seed = seed;
			bs_ball_def balls[BS_RACK_MAX_BALLS];
			int count = bs_rack_make(&rack, &table, balls);
			int expected = game == BS_GAME_9_BALL ? 10 : game == BS_GAME_8_BALL ? 16 : 11;
			CHECK_EQ_INT(count, expected);
			for (int id = 0; id < count; ++id) {
				const bs_ball_def* ball = ball_with_id(balls, count, id);
				if (!ball) {
					CHECK_FAIL("game %s seed %llu: no ball %d", bs_game_kind_name(rack.game), (unsigned long long)seed, id);
					continue;
				}
				CHECK_EQ_INT(ball->kind, BS_BALL_NUMBERED);
				CHECK_EQ_DBL(ball->radius, BS_DEFAULT_RADIUS);
				CHECK_EQ_DBL(ball->mass, BS_DEFAULT_MASS);
			}
			const bs_ball_def* cue = ball_with_id(balls, count, 0);
			if (cue) {
				CHECK_EQ_DBL(cue->pos.x, 0.25 * table.width);
				CHECK_EQ_DBL(cue->pos.y, 0.5 * table.height);
			}
			if (game == BS_GAME_8_BALL) {
				const bs_ball_def* eight = ball_with_id(balls, count, 8);
				if (eight) {
					check_pool_spot(eight, &table, &rack, 2, 3, 1);
				}
				// The back corners, by place: one solid, one stripe.
				int solids = 0, stripes = 0;
				for (int i = 1; i < count; ++i) {
					for (int corner = 0; corner <= 4; corner += 4) {
						double pitch = 2.0 * pool_radius + rack.gap;
						bs_vec2 spot = bs_v2(0.75 * table.width + 4 * pitch * sqrt(3.0) / 2.0,
							0.5 * table.height + (corner - 2) * pitch);
						if (bs_v2_len(bs_v2_sub(balls[i].pos, spot)) <= rack.jitter * (1.0 + 1e-9)) {
							solids += balls[i].id >= 1 && balls[i].id <= 7;
							stripes += balls[i].id >= 9 && balls[i].id <= 15;
						}
					}
				}
				CHECK_EQ_INT(solids, 1);
				CHECK_EQ_INT(stripes, 1);
			} else {
				const bs_ball_def* one = ball_with_id(balls, count, 1);
				const bs_ball_def* money = ball_with_id(balls, count, game == BS_GAME_9_BALL ? 9 : 10);
				if (one && money) {
					check_pool_spot(one, &table, &rack, 0, 1, 0);
					check_pool_spot(money, &table, &rack, 2, 3, 1);
				}
			}
		}
	}
}

// The colours' spots, from the WPBSA's distances on a 3569 x 1778 mm
// table: the baulk line 737 mm from the baulk cushion, the D of 292 mm, the
// black 324 mm from the top cushion, the pink midway between the centre
// and the top cushion.
static void snooker_spots_are_the_rules_distances(void) {
	bs_table_def table = snooker_table();
	const double length = 3.569, middle = 1.778 / 2.0;
	const struct {
		bs_ball_kind colour;
		double x, y;
	} spots[] = {
		{BS_BALL_SNOOKER_YELLOW, 0.737, middle - 0.292},
		{BS_BALL_SNOOKER_GREEN, 0.737, middle + 0.292},
		{BS_BALL_SNOOKER_BROWN, 0.737, middle},
		{BS_BALL_SNOOKER_BLUE, 0.5 * length, middle},
		{BS_BALL_SNOOKER_PINK, 0.75 * length, middle},
		{BS_BALL_SNOOKER_BLACK, length - 0.324, middle},
	};
	// The rules' arithmetic, bit for bit, and the rules' numbers in mm.
	for (size_t k = 0; k < sizeof spots / sizeof spots[0]; ++k) {
		bs_vec2 spot = bs_v2(-1.0, -1.0);
		CHECK(bs_snooker_spot(&table, spots[k].colour, &spot));
		CHECK_SAME_BITS(spot.x, spots[k].x);
		CHECK_SAME_BITS(spot.y, spots[k].y);
	}
	const double in_mm[6][2] = {{737, 597}, {737, 1181}, {737, 889}, {1784.5, 889}, {2676.75, 889}, {3245, 889}};
	for (int k = 0; k < 6; ++k) {
		CHECK_NEAR(spots[k].x * 1000.0, in_mm[k][0], 1e-9);
		CHECK_NEAR(spots[k].y * 1000.0, in_mm[k][1], 1e-9);
	}
	bs_vec2 untouched = bs_v2(7.0, 7.0);
	CHECK(!bs_snooker_spot(&table, BS_BALL_SNOOKER_RED, &untouched));
	CHECK(!bs_snooker_spot(&table, BS_BALL_SNOOKER_WHITE, &untouched));
	CHECK(!bs_snooker_spot(&table, BS_BALL_NUMBERED, &untouched));
	CHECK_EQ_DBL(untouched.x, 7.0);
	bs_snooker_marks marks;
	CHECK(bs_snooker_marks_of(&table, &marks));
	CHECK_EQ_DBL(marks.baulk_x, 0.737);
	CHECK_EQ_DBL(marks.d_radius, 0.292);
	CHECK_EQ_DBL(marks.d_centre.y, 0.889);
	// The D: behind the baulk line, within its radius of the brown spot.
	CHECK(bs_snooker_in_d(&marks, bs_v2(0.737, 0.889 - 0.292)));
	CHECK(bs_snooker_in_d(&marks, bs_v2(0.737 - 0.29, 0.889)));
	CHECK(!bs_snooker_in_d(&marks, bs_v2(0.737 + 1e-9, 0.889)));
	CHECK(bs_snooker_in_d(&marks, bs_v2(0.737 - 0.2, 0.889 + 0.2)));
	CHECK(!bs_snooker_in_d(&marks, bs_v2(0.737 - 0.21, 0.889 + 0.21)));
	bs_vec2 yellow, green;
	CHECK(bs_snooker_spot(&table, BS_BALL_SNOOKER_YELLOW, &yellow));
	CHECK(bs_snooker_spot(&table, BS_BALL_SNOOKER_GREEN, &green));
	CHECK(bs_snooker_in_d(&marks, yellow));
	CHECK(bs_snooker_in_d(&marks, green));
	// Any other table has no snooker markings.
	bs_table_def nine_foot;
	CHECK(bs_table_preset("9ft", true, &nine_foot));
	CHECK(!bs_snooker_marks_of(&nine_foot, &marks));
	CHECK(!bs_snooker_spot(&nine_foot, BS_BALL_SNOOKER_BLUE, &untouched));
	CHECK(!bs_snooker_table(&nine_foot));
	bs_table_def box = bs_table_periodic(3.569, 1.778);
	CHECK(!bs_snooker_table(&box));
	bs_table_def within = bs_table_rect(3.569 + 0.012, 1.778 - 0.012);
	CHECK(bs_snooker_table(&within));
	bs_table_def beyond = bs_table_rect(3.569, 1.778 + 0.014);
	CHECK(!bs_snooker_table(&beyond));
}

// A snooker rack: the white in the D between the brown and the yellow, 15
// reds in a triangle of five rows whose apex is as near the pink as the gap
// allows and whose rows open towards the top cushion, the colours exactly
// on their spots, every ball of snooker's size and kind.
static void snooker_rack_follows_the_rules(void) {
	bs_table_def table = snooker_table();
	for (uint64_t seed = 1; seed <= 10; ++seed) {
		bs_rack_def rack = bs_default_rack_def();
		rack.game = BS_GAME_SNOOKER;
		rack.seed = seed;
		bs_ball_def balls[BS_RACK_MAX_BALLS];
		CHECK(bs_rack_problem(&rack, &table) == NULL);
		int count = bs_rack_make(&rack, &table, balls);
		CHECK_EQ_INT(count, 22);
		for (int i = 0; i < count; ++i) {
			CHECK_EQ_INT(balls[i].id, i);
			CHECK_EQ_DBL(balls[i].radius, 0.02625);
			CHECK_EQ_DBL(balls[i].mass, BS_SNOOKER_BALL_MASS);
			bs_ball_kind kind = i == 0 ? BS_BALL_SNOOKER_WHITE
				: i <= 15             ? BS_BALL_SNOOKER_RED
									  : (bs_ball_kind)(BS_BALL_SNOOKER_YELLOW + (i - 16));
			CHECK_EQ_INT(balls[i].kind, kind);
		}
		bs_snooker_marks marks;
		CHECK(bs_snooker_marks_of(&table, &marks));
		CHECK(bs_snooker_in_d(&marks, balls[0].pos));
		CHECK_NEAR(balls[0].pos.x, 0.737, 1e-12);
		CHECK_NEAR(balls[0].pos.y, 0.889 - 0.146, 1e-12);
		for (int i = 16; i < 22; ++i) {
			bs_vec2 spot;
			CHECK(bs_snooker_spot(&table, balls[i].kind, &spot));
			CHECK_EQ_DBL(balls[i].pos.x, spot.x);
			CHECK_EQ_DBL(balls[i].pos.y, spot.y);
		}
		bs_vec2 pink = balls[20].pos;
		double pitch = 2.0 * 0.02625 + rack.gap;
		double row_step = pitch * sqrt(3.0) / 2.0;
		int red = 1;
		for (int row = 0; row < 5; ++row) {
			for (int place = 0; place <= row; ++place, ++red) {
				check_within(&balls[red], bs_v2(pink.x + pitch + row * row_step, pink.y + (place - 0.5 * row) * pitch),
					rack.jitter);
			}
		}
		// The apex: nearer the pink than a radius sum and the gap, yet
		// apart by at least the gap less the jitter.
		double apart = bs_v2_len(bs_v2_sub(balls[1].pos, pink)) - 2.0 * 0.02625;
		CHECK(apart >= rack.gap - rack.jitter && apart <= rack.gap + rack.jitter);
		bs_world_def def = bs_default_pool_world_def();
		def.table = table;
		def.balls = balls;
		def.ball_count = count;
		CHECK_DEF_OK(&def);
	}
}

// A snooker rack needs a snooker table: a pool table, a periodic box or an
// unknown game are refused with a reason, and nothing is built.
static void snooker_rack_is_refused_off_a_snooker_table(void) {
	bs_rack_def rack = bs_default_rack_def();
	rack.game = BS_GAME_SNOOKER;
	bs_table_def tables[3];
	CHECK(bs_table_preset("9ft", true, &tables[0]));
	tables[1] = bs_table_periodic(3.569, 1.778);
	tables[2] = bs_table_rect(4.0, 2.0);
	for (int t = 0; t < 3; ++t) {
		const char* problem = bs_rack_problem(&rack, &tables[t]);
		CHECK(problem != NULL);
		if (problem) {
			CHECK_CONTAINS(problem, "a snooker rack needs a snooker table, 3.569 x 1.778 m");
		}
		bs_ball_def balls[BS_RACK_MAX_BALLS];
		balls[0].id = 12345;
		CHECK_EQ_INT(bs_rack_make(&rack, &tables[t], balls), 0);
		CHECK_EQ_INT(balls[0].id, 12345);
	}
	rack.game = BS_GAME_KIND_COUNT;
	bs_table_def table = snooker_table();
	CHECK(bs_rack_problem(&rack, &table) != NULL);
	bs_ball_def balls[BS_RACK_MAX_BALLS];
	CHECK_EQ_INT(bs_rack_make(&rack, &table, balls), 0);
	CHECK_CONTAINS(bs_game_kind_name(BS_GAME_KIND_COUNT), "none");
	// The other games go on any table.
	for (int game = BS_GAME_9_BALL; game < BS_GAME_KIND_COUNT; ++game) {
		rack.game = (bs_game_kind)game;
		CHECK((bs_rack_problem(&rack, &table) == NULL));
		bs_game_kind parsed = BS_GAME_KIND_COUNT;
		CHECK(bs_game_kind_from_name(bs_game_kind_name(rack.game), &parsed));
		CHECK_EQ_INT(parsed, game);
	}
	CHECK_CONTAINS(bs_game_kind_name(BS_GAME_SNOOKER), "snooker");
	CHECK_CONTAINS(bs_game_kind_name(BS_GAME_THREE_CUSHION), "three-cushion");
	// Pool is the three pocket games racked with numbered balls.
	CHECK(bs_game_kind_is_pool(BS_GAME_9_BALL));
	CHECK(bs_game_kind_is_pool(BS_GAME_8_BALL));
	CHECK(bs_game_kind_is_pool(BS_GAME_10_BALL));
	CHECK(!bs_game_kind_is_pool(BS_GAME_SNOOKER));
	CHECK(!bs_game_kind_is_pool(BS_GAME_THREE_CUSHION));
	CHECK(!bs_game_kind_is_pool(BS_GAME_KIND_COUNT));
}

// The UMB's break: the red on the top spot, the opponent's yellow on the
// bottom spot, the breaker's white 182.5 mm to its right on the starting
// line; carom balls of 61.5 mm and 210 g.
static void three_cushion_rack_is_the_umb_break(void) {
	bs_table_def table = carom_table();
	for (uint64_t seed = 1; seed <= 10; ++seed) {
		bs_rack_def rack = bs_default_rack_def();
		rack.game = BS_GAME_THREE_CUSHION;
		rack.seed = seed;
		bs_ball_def balls[BS_RACK_MAX_BALLS];
		int count = bs_rack_make(&rack, &table, balls);
		CHECK_EQ_INT(count, 3);
		const bs_ball_kind kinds[3] = {BS_BALL_CAROM_WHITE, BS_BALL_CAROM_YELLOW, BS_BALL_CAROM_RED};
		for (int i = 0; i < 3; ++i) {
			CHECK_EQ_INT(balls[i].id, i);
			CHECK_EQ_INT(balls[i].kind, kinds[i]);
			CHECK_EQ_DBL(balls[i].radius, 0.03075);
			CHECK_EQ_DBL(balls[i].mass, 0.21);
		}
		CHECK_NEAR(balls[0].pos.x, 0.71, 1e-12);
		CHECK_NEAR(balls[0].pos.y, 0.71 - 0.1825, 1e-12);
		check_within(&balls[1], bs_v2(0.71, 0.71), rack.jitter);
		check_within(&balls[2], bs_v2(2.13, 0.71), rack.jitter);
		bs_vec2 spot;
		CHECK(bs_carom_spot_of(&table, BS_CAROM_START_LEFT, &spot));
		CHECK_NEAR(spot.y, 0.71 + 0.1825, 1e-12);
		CHECK(bs_carom_spot_of(&table, BS_CAROM_CENTRE_SPOT, &spot));
		CHECK_EQ_DBL(spot.x, 1.42);
		CHECK(!bs_carom_spot_of(&table, BS_CAROM_SPOT_COUNT, &spot));
		bs_world_def def = bs_default_pool_world_def();
		def.table = table;
		def.balls = balls;
		def.ball_count = count;
		CHECK_DEF_OK(&def);
	}
}

// The seed moves the object balls, each within the jitter of its place:
// the same seed the same rack, bit for bit, another seed another; no
// jitter, every ball exactly on its place.
static void racks_jitter_with_the_seed(void) {
	for (int game = BS_GAME_9_BALL; game < BS_GAME_KIND_COUNT; ++game) {
		bs_table_def table = game == BS_GAME_SNOOKER ? snooker_table() : carom_table();
		bs_rack_def rack = bs_default_rack_def();
		rack.game = (bs_game_kind)game;
		bs_ball_def first[BS_RACK_MAX_BALLS], again[BS_RACK_MAX_BALLS], other[BS_RACK_MAX_BALLS],
			still[BS_RACK_MAX_BALLS];
		rack.seed = 5;
		int count = bs_rack_make(&rack, &table, first);
		CHECK_EQ_INT(bs_rack_make(&rack, &table, again), count);
		rack.seed = 6;
		CHECK_EQ_INT(bs_rack_make(&rack, &table, other), count);
		rack.jitter = 0.0;
		CHECK_EQ_INT(bs_rack_make(&rack, &table, still), count);
		int moved = 0;
		for (int i = 0; i < count; ++i) {
			CHECK_SAME_BITS(first[i].pos.x, again[i].pos.x);
			CHECK_SAME_BITS(first[i].pos.y, again[i].pos.y);
			CHECK_EQ_INT(first[i].id, again[i].id);
			// Pool racks also shuffle their free numbers: compare by id.
			const bs_ball_def* b = ball_with_id(other, count, first[i].id);
			const bs_ball_def* at_rest = ball_with_id(still, count, first[i].id);
			moved += b && (b->pos.x != first[i].pos.x || b->pos.y != first[i].pos.y);
			if (game >= BS_GAME_SNOOKER && at_rest) {
				check_within(&first[i], at_rest->pos, BS_RACK_DEFAULT_JITTER);
			}
		}
		if (moved < 2) {
			CHECK_FAIL("game %s: seeds 5 and 6 moved %d balls", bs_game_kind_name(rack.game), moved);
		}
	}
}

// A snooker break and a three-cushion break under pool physics end at rest
// within 10^4 events, the energy never rising (and, in the test builds,
// validation after every event finds no overlap and no ball off the table).
static void new_games_break_to_rest(void) {
	for (int game = BS_GAME_SNOOKER; game <= BS_GAME_THREE_CUSHION; ++game) {
		for (uint64_t seed = 1; seed <= 3; ++seed) {
			bs_table_def table = game == BS_GAME_SNOOKER ? snooker_table() : carom_table();
			bs_rack_def rack = bs_default_rack_def();
			rack.game = (bs_game_kind)game;
			rack.seed = seed;
			bs_ball_def balls[BS_RACK_MAX_BALLS];
			int count = bs_rack_make(&rack, &table, balls);
			// Snooker's white passes the blue and the pink into the reds'
			// corner nearest it; carom's white goes straight at the red.
			bs_vec2 target = game == BS_GAME_SNOOKER ? balls[11].pos : balls[2].pos;
			balls[0].vel = bs_v2_scale(8.0, bs_v2_normalize(bs_v2_sub(target, balls[0].pos)));
			bs_world_def def = bs_default_pool_world_def();
			def.table = table;
			def.balls = balls;
			def.ball_count = count;
			CHECK_DEF_OK(&def);
			bs_world* world = bs_world_create(&def);
			double energy = bs_world_totals(world).kinetic_energy;
			int64_t events = 0;
			int collisions = 0;
			while (events < 10000 && bs_world_step(world)) {
				events += 1;
				collisions += bs_world_last_event(world).kind == BS_EVENT_BALL;
				double now = bs_world_totals(world).kinetic_energy;
				if (!(now <= energy * (1.0 + 1e-12))) {
					CHECK_FAIL("%s seed %llu: energy rose from %.17g to %.17g J at event %lld",
						bs_game_kind_name(rack.game), (unsigned long long)seed, energy, now, (long long)events);
				}
				energy = now;
			}
			CHECK(events < 10000);
			CHECK(collisions >= (game == BS_GAME_SNOOKER ? 15 : 1));
			printf("  %s break, seed %llu: %lld events, %d between balls\n", bs_game_kind_name(rack.game),
				(unsigned long long)seed, (long long)events, collisions);
			for (int i = 0; i < count; ++i) {
				bs_ball_state state = bs_world_ball_state(world, i, bs_world_time(world));
				CHECK(state.motion == BS_MOTION_STATIONARY);
				CHECK_EQ_INT(state.kind, balls[i].kind);
			}
			bs_world_destroy(world);
		}
	}
}

// On the snooker and carom presets (the snooker table's pockets and
// rounded jaws, the carom table's bare cushions) the racks are the same as
// on plain tables of their sizes, the check accepts them, and a break runs
// to rest within 10^4 events (balls pocketed or stopped).
static void racks_fit_their_presets(void) {
	for (int game = BS_GAME_SNOOKER; game <= BS_GAME_THREE_CUSHION; ++game) {
		bs_table_def preset;
		CHECK(bs_table_preset(game == BS_GAME_SNOOKER ? "snooker" : "carom", true, &preset));
		CHECK_EQ_INT(bs_snooker_table(&preset), game == BS_GAME_SNOOKER);
		bs_table_def plain = game == BS_GAME_SNOOKER ? snooker_table() : carom_table();
		bs_rack_def rack = bs_default_rack_def();
		rack.game = (bs_game_kind)game;
		bs_ball_def balls[BS_RACK_MAX_BALLS], same[BS_RACK_MAX_BALLS];
		int count = bs_rack_make(&rack, &preset, balls);
		CHECK_EQ_INT(bs_rack_make(&rack, &plain, same), count);
		for (int i = 0; i < count; ++i) {
			CHECK_SAME_BITS(balls[i].pos.x, same[i].pos.x);
			CHECK_SAME_BITS(balls[i].pos.y, same[i].pos.y);
		}
		bs_vec2 target = game == BS_GAME_SNOOKER ? balls[11].pos : balls[2].pos;
		balls[0].vel = bs_v2_scale(8.0, bs_v2_normalize(bs_v2_sub(target, balls[0].pos)));
		bs_world_def def = bs_default_pool_world_def();
		def.table = preset;
		def.balls = balls;
		def.ball_count = count;
		CHECK_DEF_OK(&def);
		bs_world* world = bs_world_create(&def);
		int64_t events = 0;
		while (events < 10000 && bs_world_step(world)) {
			events += 1;
		}
		CHECK(events > 10 && events < 10000);
		for (int i = 0; i < count; ++i) {
			bs_ball_state state = bs_world_ball_state(world, i, bs_world_time(world));
			CHECK(state.motion == BS_MOTION_STATIONARY || state.motion == BS_MOTION_POCKETED);
		}
		printf("  %s break on the %s preset: %lld events\n", bs_game_kind_name(rack.game), preset.preset,
			(long long)events);
		bs_world_destroy(world);
	}
}

int main(void) {
	RUN(pool_racks_put_the_fixed_balls_in_place);
	RUN(snooker_spots_are_the_rules_distances);
	RUN(snooker_rack_follows_the_rules);
	RUN(snooker_rack_is_refused_off_a_snooker_table);
	RUN(three_cushion_rack_is_the_umb_break);
	RUN(racks_jitter_with_the_seed);
	RUN(new_games_break_to_rest);
	RUN(racks_fit_their_presets);
	return check_summary();
}
