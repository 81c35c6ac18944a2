// Neighbour search: the cell grid examines fewer pairs than brute force but
// never changes the arithmetic, so both give the same events, bit for bit.
// Also: the periodic table keeps energy and momentum over 10^6 events.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "anchor_history.h"
#include "grid.h"
#include "rng.h"
#include <breakshot/world.h>

#include "check.h"
#include "world_helpers.h"
#include "world_internal.h"

// Mixed radii (5-20 mm) in a box, placed by rejection, ids shuffled.
static int mixed_scene(uint64_t seed, bool periodic, bs_ball_def* balls, int count, bs_world_def* def) {
	bs_rng rng = bs_rng_make(seed);
	double box = 1.2;
	*def = bs_default_world_def();
	def->table = periodic ? bs_table_periodic(box, box) : bs_table_rect(box, box);
	int n = 0;
	for (int tries = 0; n < count && tries < 100000; ++tries) {
		bs_ball_def ball = bs_default_ball_def();
		ball.id = (n * 7919) % 100003;
		ball.radius = bs_rng_range(&rng, 0.005, 0.02);
		ball.mass = bs_rng_range(&rng, 0.05, 0.5);
		double lo = periodic ? 0.0 : ball.radius;
		double hi = periodic ? box : box - ball.radius;
		ball.pos = bs_v2(bs_rng_range(&rng, lo, hi), bs_rng_range(&rng, lo, hi));
		ball.vel = bs_v2(bs_rng_normal(&rng), bs_rng_normal(&rng));
		if (spot_is_free(&def->table, balls, n, &ball)) {
			balls[n++] = ball;
		}
	}
	def->balls = balls;
	def->ball_count = n;
	return n;
}

// Steps both worlds `events` times and returns how many events were the
// same, bit for bit, before the first difference (which it prints).
static int same_events(bs_world* x, bs_world* y, int events, const char* label, int seed) {
	for (int k = 0; k < events; ++k) {
		bool a = bs_world_step(x), b = bs_world_step(y);
		bs_event ex = bs_world_last_event(x), ey = bs_world_last_event(y);
		if (!a || a != b || !same_event(ex, ey)) {
			char tx[160], ty[160];
			fprintf(stderr, "  %s seed %d: event %d differs: %s vs %s\n", label, seed, k, event_text(ex, tx, sizeof tx),
				event_text(ey, ty, sizeof ty));
			return k;
		}
	}
	return events;
}

// Three scenes of each kind, 10^4 events; the fast tier: one, 500 events.
static void grid_and_brute_force_give_the_same_events(void) {
	enum { BALLS = 600 };
	const int events = check_scaled(10000, 500);
	const uint64_t seeds = (uint64_t)check_scaled(3, 1);
	static bs_ball_def balls[BALLS];
	for (int periodic = 0; periodic <= 1; ++periodic) {
		for (uint64_t seed = 1; seed <= seeds; ++seed) {
			bs_world_def def;
			int n = mixed_scene(seed, periodic, balls, BALLS, &def);
			CHECK(n > 500);
			def.neighbour_search = BS_NEIGHBOURS_ALL;
			bs_world* brute = bs_world_create(&def);
			def.neighbour_search = BS_NEIGHBOURS_GRID;
			bs_world* grid = bs_world_create(&def);
			CHECK(!bs_world_get_counters(brute).uses_grid);
			CHECK(bs_world_get_counters(grid).uses_grid);
			CHECK_EQ_INT(same_events(brute, grid, events, periodic ? "periodic" : "walled", (int)seed), events);
			CHECK_SAME_TOTALS(bs_world_totals(brute), bs_world_totals(grid));
			bs_world_destroy(brute);
			bs_world_destroy(grid);
		}
	}
}

// 2·10^4 events; the fast tier: 500.
static void calendar_and_heap_give_the_same_events(void) {
	enum { BALLS = 600 };
	const int events = check_scaled(20000, 500);
	static bs_ball_def balls[BALLS];
	for (int periodic = 0; periodic <= 1; ++periodic) {
		bs_world_def def;
		mixed_scene(7 + (uint64_t)periodic, periodic, balls, BALLS, &def);
		def.queue = BS_QUEUE_HEAP;
		bs_world* heap = bs_world_create(&def);
		def.queue = BS_QUEUE_CALENDAR;
		bs_world* calendar = bs_world_create(&def);
		CHECK_EQ_INT(same_events(heap, calendar, events, periodic ? "periodic" : "walled", 1), events);
		CHECK_VALID(calendar);
		bs_world_destroy(heap);
		bs_world_destroy(calendar);
	}
}

static bool same_bits(double x, double y) {
	return memcmp(&x, &y, sizeof x) == 0;
}

// Field by field: padding bytes may differ.
static bool same_ball_def(const bs_ball_def* a, const bs_ball_def* b) {
	const bs_ball_anchor* p = &a->anchor;
	const bs_ball_anchor* q = &b->anchor;
	bs_history hp = bs_history_of(p);
	bs_history hq = bs_history_of(q);
	return a->id == b->id && same_bits(a->pos.x, b->pos.x) && same_bits(a->pos.y, b->pos.y) &&
		same_bits(a->vel.x, b->vel.x) && same_bits(a->vel.y, b->vel.y) && same_bits(a->radius, b->radius) &&
		same_bits(a->mass, b->mass) && p->set == q->set && same_bits(p->time, q->time) &&
		same_bits(p->pos.x, q->pos.x) && same_bits(p->pos.y, q->pos.y) && hp.last_kind == hq.last_kind &&
		hp.last_target == hq.last_target && same_bits(hp.last_collision_time, hq.last_collision_time) &&
		same_bits(hp.arrival_speed, hq.arrival_speed);
}

// Storage order moves each ball's data in memory, nothing else: the events
// are the same, bit for bit, whether the balls are stored as given or by cell.
// Two scenes of each kind, 10^4 events; the fast tier: one, 500 events.
static void spatial_and_given_order_give_the_same_events(void) {
	enum { BALLS = 600 };
	const int events = check_scaled(10000, 500);
	const uint64_t last_seed = (uint64_t)check_scaled(12, 11);
	static bs_ball_def balls[BALLS];
	for (int periodic = 0; periodic <= 1; ++periodic) {
		for (uint64_t seed = 11; seed <= last_seed; ++seed) {
			bs_world_def def;
			int n = mixed_scene(seed, periodic, balls, BALLS, &def);
			def.neighbour_search = BS_NEIGHBOURS_GRID;
			def.order = BS_ORDER_AS_GIVEN;
			bs_world* given = bs_world_create(&def);
			def.order = BS_ORDER_SPATIAL;
			bs_world* spatial = bs_world_create(&def);
			// The orders differ: most balls sit elsewhere in the spatial world.
			CHECK_EQ_INT(bs_world_get_counters(given).order, BS_ORDER_AS_GIVEN);
			CHECK_EQ_INT(bs_world_get_counters(spatial).order, BS_ORDER_SPATIAL);
			int moved = 0;
			for (int i = 0; i < n; ++i) {
				moved += bs_world_storage_of_id(spatial, balls[i].id) != i;
			}
			CHECK(moved > n / 2);
			// The API speaks of def indices whatever the order.
			for (int i = 0; i < n; ++i) {
				CHECK_EQ_INT(bs_world_find_ball(given, balls[i].id), i);
				CHECK_EQ_INT(bs_world_find_ball(spatial, balls[i].id), i);
			}
			CHECK_EQ_INT(same_events(given, spatial, events, periodic ? "periodic" : "walled", (int)seed), events);
			CHECK_VALID(spatial);
			for (int i = 0; i < n; ++i) {
				bs_ball_state a = bs_world_ball_state(given, i, bs_world_time(given));
				bs_ball_state b = bs_world_ball_state(spatial, i, bs_world_time(spatial));
				CHECK_EQ_INT(a.id, balls[i].id);
				CHECK_EQ_INT(b.id, balls[i].id);
				CHECK_SAME_BITS(a.pos.x, b.pos.x);
				CHECK_SAME_BITS(a.pos.y, b.pos.y);
				CHECK_SAME_BITS(a.vel.x, b.vel.x);
				CHECK_SAME_BITS(a.vel.y, b.vel.y);
			}
			bs_totals given_totals = bs_world_totals(given);
			bs_totals spatial_totals = bs_world_totals(spatial);
			CHECK_SAME_BITS(given_totals.kinetic_energy, spatial_totals.kinetic_energy);
			CHECK_SAME_BITS(given_totals.momentum.x, spatial_totals.momentum.x);
			CHECK_SAME_BITS(given_totals.momentum.y, spatial_totals.momentum.y);

			// Saved anchors go with their balls: worlds made from the saved
			// balls, stored either way, continue the first two exactly.
			static bs_ball_def saved[BALLS];
			bs_world_def resumed = def;
			resumed.time = bs_world_time(given);
			resumed.balls = saved;
			resumed.ball_count = bs_world_export_balls(given, saved);
			CHECK_EQ_INT(resumed.ball_count, n);
			static bs_ball_def saved_spatial[BALLS];
			CHECK_EQ_INT(bs_world_export_balls(spatial, saved_spatial), n);
			for (int i = 0; i < n; ++i) {
				if (!same_ball_def(&saved[i], &saved_spatial[i])) {
					CHECK_FAIL("ball %d (id %d) saved differently from the two orders", i, saved[i].id);
				}
			}
			resumed.order = BS_ORDER_AS_GIVEN;
			bs_world* resumed_given = bs_world_create(&resumed);
			resumed.order = BS_ORDER_SPATIAL;
			bs_world* resumed_spatial = bs_world_create(&resumed);
			CHECK(resumed_given);
			CHECK(resumed_spatial);
			CHECK_EQ_INT(same_events(given, resumed_spatial, events, "resumed spatial", (int)seed), events);
			CHECK_EQ_INT(same_events(spatial, resumed_given, events, "resumed as given", (int)seed), events);
			bs_world_destroy(given);
			bs_world_destroy(spatial);
			bs_world_destroy(resumed_given);
			bs_world_destroy(resumed_spatial);
		}
	}
}

// 10^6 events; the fast tier: 5000.
static void periodic_gas_keeps_energy_and_momentum(void) {
	enum { N = 400 };
	const int events = check_scaled(1000000, 5000);
	static bs_ball_def balls[N];
	bs_world_def def;
	if (!make_periodic_gas(N, 0.5, balls, &def)) {
		return;
	}
	bs_world* world = bs_world_create(&def);
	bs_totals start = bs_world_totals(world);
	double scale = momentum_scale(balls, N);
	double worst_energy = 0.0, worst_momentum = 0.0;
	for (int k = 1; k <= events; ++k) {
		if (!bs_world_step(world)) {
			CHECK_FAIL("no event %d", k);
			break;
		}
		if (k % 1000 == 0) {
			bs_totals t = bs_world_totals(world);
			double de = fabs(t.kinetic_energy - start.kinetic_energy) / start.kinetic_energy;
			double dp = bs_v2_len(bs_v2_sub(t.momentum, start.momentum)) / scale;
			worst_energy = de > worst_energy ? de : worst_energy;
			worst_momentum = dp > worst_momentum ? dp : worst_momentum;
		}
	}
	printf("  periodic gas, %d discs at 0.5, %d events (%lld collisions): energy drift %.3g, momentum drift %.3g\n", N,
		events, (long long)bs_world_event_count_of(world, BS_EVENT_BALL), worst_energy, worst_momentum);
	CHECK_EQ_INT(bs_world_event_count_of(world, BS_EVENT_BALL), events); // no walls: every event is a collision
	CHECK(worst_energy <= 1e-12);
	CHECK(worst_momentum <= 1e-12);
	CHECK_VALID(world);
	bs_world_destroy(world);
}

// Cells of twice a micrometre ball on a 10 km table would number 10^19: the
// grid coarsens to a few cells per ball, never below the reach.
static void grid_memory_stays_linear_in_the_balls(void) {
	bs_table_def box = bs_table_periodic(BS_MAX_LENGTH, BS_MAX_LENGTH);
	bs_table table = geometry_of(&box);
	double reach = 2.0 * BS_MIN_RADIUS;
	CHECK(bs_grid_fits(&table, reach));
	bs_grid grid;
	CHECK(bs_grid_create(&grid, &table, reach, 10));
	CHECK(grid.nx >= 3);
	CHECK(grid.ny >= 3);
	CHECK((double)grid.nx * grid.ny <= 4.0 * 10 + 16.0);
	CHECK(grid.cell_w >= reach);
	CHECK(grid.cell_h >= reach);
	bs_grid_place(&grid, 3, bs_v2(0.5 * BS_MAX_LENGTH, 0.25 * BS_MAX_LENGTH));
	int cells[9];
	CHECK_EQ_INT(bs_grid_neighbourhood(&grid, 3, cells), 9);
	bs_grid_destroy(&grid);

	bs_table_def narrow_def = bs_table_rect(BS_MAX_LENGTH, 0.1);
	bs_table narrow = geometry_of(&narrow_def);
	CHECK(bs_grid_create(&grid, &narrow, 0.01, 100));
	CHECK((double)grid.nx * grid.ny <= 4.0 * 100 + 16.0);
	CHECK(grid.ny >= 3);
	CHECK(grid.nx >= 3);
	CHECK(grid.cell_w >= 0.01);
	CHECK(grid.cell_h >= 0.01);
	bs_grid_destroy(&grid);
}

// Balls moving in parallel on a periodic table never meet: only cell
// crossings are pending. Stepping must say so rather than cross cells for
// ever, advancing must stop at its time, and brute force must agree.
static void parallel_flight_on_a_periodic_table_ends(void) {
	enum { SIDE = 10 };
	static bs_ball_def balls[SIDE * SIDE];
	for (int k = 0; k < SIDE * SIDE; ++k) {
		balls[k] = ball_at(k, 0.05 + 0.1 * (k % SIDE), 0.05 + 0.1 * (k / SIDE), 1.0, 0.0);
		balls[k].radius = 0.01;
	}
	bs_world_def def = world_def_with(balls, SIDE * SIDE);
	def.table = bs_table_periodic(1.0, 1.0);
	for (int search = 0; search < 2; ++search) {
		def.neighbour_search = search == 0 ? BS_NEIGHBOURS_ALL : BS_NEIGHBOURS_GRID;
		bs_world* world = bs_world_create(&def);
		CHECK_EQ_INT(bs_world_get_counters(world).uses_grid, search == 1);
		bs_event next;
		CHECK(!bs_world_peek(world, &next));
		CHECK(!bs_world_step(world));
		CHECK_EQ_INT(bs_world_advance(world, 10.0, 0), 0);
		CHECK_EQ_DBL(bs_world_time(world), 10.0);
		bs_ball_state state = bs_world_ball_state(world, 0, 10.25);
		CHECK_NEAR(state.pos.x, 0.30, 1e-12);
		CHECK(!bs_world_step(world));
		bs_world_destroy(world);
	}
}

// Two balls of radius 5 cm, ids 0 and 1, on a periodic 1 m square.
static bs_world_def two_balls_on_a_periodic_metre(bs_ball_def balls[2], bs_vec2 p0, bs_vec2 v0, bs_vec2 p1, bs_vec2 v1) {
	bs_vec2 pos[2] = {p0, p1};
	bs_vec2 vel[2] = {v0, v1};
	for (int k = 0; k < 2; ++k) {
		balls[k] = ball_at(k, pos[k].x, pos[k].y, vel[k].x, vel[k].y);
		balls[k].radius = 0.05;
	}
	bs_world_def def = world_def_with(balls, 2);
	def.table = bs_table_periodic(1.0, 1.0);
	return def;
}

// On a periodic table a ball meets the image of another that is nearest when
// they meet, not the one that was nearest at their last events: here the
// mover must first cross the right edge, 0.5 m away, to reach the other.
static void a_ball_meets_another_across_the_periodic_edge(void) {
	bs_ball_def balls[2];
	bs_world_def def = two_balls_on_a_periodic_metre(balls, bs_v2(0.9, 0.5), bs_v2(1.0, 0.0), bs_v2(0.5, 0.5), bs_v2(0, 0));
	for (int search = 0; search < 2; ++search) {
		def.neighbour_search = search == 0 ? BS_NEIGHBOURS_ALL : BS_NEIGHBOURS_GRID;
		bs_world* world = bs_world_create(&def);
		CHECK(bs_world_step(world));
		bs_event event = bs_world_last_event(world);
		CHECK_EQ_INT(event.kind, BS_EVENT_BALL);
		CHECK_EQ_INT(event.a, 0);
		CHECK_EQ_INT(event.b, 1);
		CHECK_NEAR(event.time, 0.5, 1e-12);
		CHECK_NEAR(bs_world_ball_state(world, 1, event.time).vel.x, 1.0, 1e-12);
		bs_world_destroy(world);
	}
	// Leftwards this time, from a cell border: the other ball enters the
	// mover's neighbourhood at exactly 2 cells, half the box when the grid is
	// 4 cells across: a tie between two images, and the contact must be found.
	balls[0].pos = bs_v2(0.125, 0.5);
	balls[0].vel = bs_v2(-1.0, 0.0);
	balls[1].pos = bs_v2(0.25, 0.5);
	for (int search = 0; search < 2; ++search) {
		def.neighbour_search = search == 0 ? BS_NEIGHBOURS_ALL : BS_NEIGHBOURS_GRID;
		bs_world* world = bs_world_create(&def);
		CHECK(bs_world_step(world));
		bs_event event = bs_world_last_event(world);
		CHECK_EQ_INT(event.kind, BS_EVENT_BALL);
		CHECK_NEAR(event.time, 0.775, 1e-12);
		bs_world_destroy(world);
	}
	// A side of 5 diameters or less is refused: neighbouring cells could be
	// half the box apart, a tie between two images.
	def.table = bs_table_periodic(0.5, 1.0);
	bs_def_report report;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_EQ_INT(report.problem, BS_DEF_BAD_TABLE);
}

// A sparse periodic gas: balls fly across the box between collisions. Both
// paths give the same events, and (in validated builds) no ball overlaps.
// Three gases, 4000 events of each; the fast tier: one, 400 events.
static void sparse_periodic_gas_same_events(void) {
	enum { BALLS = 40 };
	const int events = check_scaled(4000, 400);
	const uint64_t seeds = (uint64_t)check_scaled(3, 1);
	static bs_ball_def balls[BALLS];
	for (uint64_t seed = 1; seed <= seeds; ++seed) {
		bs_rng rng = bs_rng_make(seed);
		bs_table_def table = bs_table_periodic(2.0, 1.5);
		int n = 0;
		while (n < BALLS) {
			bs_ball_def ball = bs_default_ball_def();
			ball.id = n;
			ball.radius = bs_rng_range(&rng, 0.01, 0.03);
			ball.pos = bs_v2(bs_rng_range(&rng, 0.0, 2.0), bs_rng_range(&rng, 0.0, 1.5));
			ball.vel = bs_v2(bs_rng_normal(&rng), bs_rng_normal(&rng));
			if (spot_is_free(&table, balls, n, &ball)) {
				balls[n++] = ball;
			}
		}
		bs_world_def def = world_def_with(balls, n);
		def.table = table;
		def.neighbour_search = BS_NEIGHBOURS_ALL;
		bs_world* brute = bs_world_create(&def);
		def.neighbour_search = BS_NEIGHBOURS_GRID;
		bs_world* grid = bs_world_create(&def);
		CHECK_EQ_INT(same_events(brute, grid, events, "sparse", (int)seed), events);
		CHECK_VALID(grid);
		bs_world_destroy(brute);
		bs_world_destroy(grid);
	}
}

// Two balls in step along x, 0.45 m apart across: they meet only after the
// slow drift across (1 mm/s) has brought the other image within reach, at
// t = 450 s, with crossings all the way and no contact pending until t = 50 s.
// peek may give up before then (documented); peek_until and advance, which
// look as far as their time, must find the contact and leave no overlap.
static void a_long_flight_to_a_contact_is_followed_to_the_end(void) {
	bs_ball_def balls[2];
	bs_world_def def =
		two_balls_on_a_periodic_metre(balls, bs_v2(0.1, 0.1), bs_v2(1.0, 0.0), bs_v2(0.1, 0.55), bs_v2(1.0, 0.001));
	for (int search = 0; search < 2; ++search) {
		def.neighbour_search = search == 0 ? BS_NEIGHBOURS_ALL : BS_NEIGHBOURS_GRID;
		bs_world* world = bs_world_create(&def);
		bs_event next;
		CHECK(bs_world_peek_until(world, 500.0, &next));
		CHECK_EQ_INT(next.kind, BS_EVENT_BALL);
		CHECK_NEAR(next.time, 450.0, 1e-6);
		CHECK(!bs_world_peek_until(world, 400.0, &next));
		CHECK_EQ_INT(bs_world_advance(world, 500.0, 0), 1);
		CHECK_EQ_INT(bs_world_event_count_of(world, BS_EVENT_BALL), 1);
		CHECK_VALID(world);
		bs_world_destroy(world);
	}
}

int main(void) {
	RUN(a_long_flight_to_a_contact_is_followed_to_the_end);
	RUN(a_ball_meets_another_across_the_periodic_edge);
	RUN(sparse_periodic_gas_same_events);
	RUN(parallel_flight_on_a_periodic_table_ends);
	RUN(grid_memory_stays_linear_in_the_balls);
	RUN(grid_and_brute_force_give_the_same_events);
	RUN(calendar_and_heap_give_the_same_events);
	RUN(spatial_and_given_order_give_the_same_events);
	RUN(periodic_gas_keeps_energy_and_momentum);
	return check_summary();
}
