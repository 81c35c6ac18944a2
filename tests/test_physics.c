// Physics-property tests on random mixed-mass scenes: energy over 10^5
// events, momentum in every ball-ball event, no overlap at any event, and
// bit-for-bit determinism.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include <breakshot/world.h>

#include "check.h"
#include "world_helpers.h"

enum { GAS_BALLS = 40 };

// Mixed radii (1-4 cm) and masses (0.05-0.5 kg) on a 2.54 x 1.27 m table,
// placed by rejection so that nothing overlaps.
static int random_scene(uint64_t seed, bs_ball_def* balls, int count) {
	bs_rng rng = bs_rng_make(seed);
	bs_table_def table = bs_default_world_def().table;
	int n = 0;
	while (n < count) {
		bs_ball_def ball = bs_default_ball_def();
		ball.id = 100 - 2 * n; // ids in no particular order
		ball.radius = bs_rng_range(&rng, 0.01, 0.04);
		ball.mass = bs_rng_range(&rng, 0.05, 0.5);
		ball.pos = bs_v2(bs_rng_range(&rng, ball.radius, 2.54 - ball.radius),
			bs_rng_range(&rng, ball.radius, 1.27 - ball.radius));
		ball.vel = bs_v2(bs_rng_normal(&rng), bs_rng_normal(&rng));
		if (spot_is_free(&table, balls, n, &ball)) {
			balls[n++] = ball;
		}
	}
	return n;
}

static bs_world* random_world(uint64_t seed) {
	bs_ball_def balls[GAS_BALLS];
	int n = random_scene(seed, balls, GAS_BALLS);
	bs_world_def def = world_def_with(balls, n);
	CHECK_DEF_OK(&def);
	return bs_world_create(&def);
}

// 10^5 events each; 10^4 in the fast tier.
static void energy_is_kept_over_1e5_events(void) {
	int events = check_scaled(100000, 10000);
	for (uint64_t seed = 1; seed <= 2; ++seed) {
		bs_world* world = random_world(seed);
		double e0 = bs_world_totals(world).kinetic_energy;
		double worst = 0.0;
		for (int k = 0; k < events; ++k) {
			CHECK(bs_world_step(world));
			double drift = fabs(bs_world_totals(world).kinetic_energy - e0) / e0;
			worst = drift > worst ? drift : worst;
		}
		printf("  seed %d: %d events, worst relative energy drift %.3g, %lld ball-ball events\n", (int)seed, events,
			worst, (long long)bs_world_event_count_of(world, BS_EVENT_BALL));
		CHECK(worst <= 1e-12);
		CHECK(bs_world_event_count_of(world, BS_EVENT_BALL) > events / 10);
		bs_world_destroy(world);
	}
}

static void momentum_is_kept_in_every_ball_event(void) {
	bs_world* world = random_world(3);
	int events = check_scaled(20000, 5000);
	int checked = 0;
	for (int k = 0; k < events; ++k) {
		bs_totals before = bs_world_totals(world);
		CHECK(bs_world_step(world));
		bs_event e = bs_world_last_event(world);
		if (e.kind != BS_EVENT_BALL) {
			continue;
		}
		bs_totals after = bs_world_totals(world);
		// Scale: the momentum the two balls carry (a rounding-sized allowance).
		bs_ball_state a = bs_world_ball_state(world, bs_world_find_ball(world, e.a), e.time);
		bs_ball_state b = bs_world_ball_state(world, bs_world_find_ball(world, e.b), e.time);
		double scale = a.mass * bs_v2_len(a.vel) + b.mass * bs_v2_len(b.vel) + e.impulse;
		CHECK_NEAR(after.momentum.x, before.momentum.x, 1e-14 * scale + 1e-15 * fabs(before.momentum.x));
		CHECK_NEAR(after.momentum.y, before.momentum.y, 1e-14 * scale + 1e-15 * fabs(before.momentum.y));
		if (check_failures_in_test) {
			break;
		}
		checked += 1;
	}
	CHECK(checked > events / 10);
	bs_world_destroy(world);
}

static void no_overlap_at_any_event(void) {
	bs_world* world = random_world(4);
	char problem[256];
	int events = check_scaled(20000, 5000);
	for (int k = 0; k < events; ++k) {
		CHECK(bs_world_step(world));
		if (!bs_world_validate(world, problem, sizeof problem)) {
			CHECK_FAIL("after event %d: %s", k, problem);
			break;
		}
	}
	bs_world_destroy(world);
}

static void same_scene_same_bytes(void) {
	bs_world* first = random_world(5);
	bs_world* second = random_world(5);
	int events = check_scaled(20000, 5000);
	for (int k = 0; k < events; ++k) {
		CHECK(bs_world_step(first));
		CHECK(bs_world_step(second));
		bs_event a = bs_world_last_event(first);
		bs_event b = bs_world_last_event(second);
		bs_totals ta = bs_world_totals(first);
		bs_totals tb = bs_world_totals(second);
		if (!same_event(a, b) || !same_totals(ta, tb)) {
			CHECK_FAIL("runs part at event %d", k);
			CHECK_SAME_EVENT(a, b);
			CHECK_SAME_TOTALS(ta, tb);
			break;
		}
	}
	bs_world_destroy(first);
	bs_world_destroy(second);
}

static void listing_order_does_not_change_the_events(void) {
	// The tie order uses ids, not positions in the list: reversing the list of
	// balls gives the same event sequence.
	bs_ball_def balls[GAS_BALLS], reversed[GAS_BALLS];
	int n = random_scene(6, balls, GAS_BALLS);
	for (int i = 0; i < n; ++i) {
		reversed[i] = balls[n - 1 - i];
	}
	bs_world* a = world_with(balls, n);
	bs_world* b = world_with(reversed, n);
	for (int k = 0; k < 5000; ++k) {
		CHECK(bs_world_step(a));
		CHECK(bs_world_step(b));
		bs_event x = bs_world_last_event(a), y = bs_world_last_event(b);
		if (x.kind != y.kind || x.a != y.a || x.b != y.b || x.time != y.time) {
			char tx[160], ty[160];
			CHECK_FAIL("orders part at event %d: %s != %s", k, event_text(x, tx, sizeof tx),
				event_text(y, ty, sizeof ty));
			break;
		}
	}
	bs_world_destroy(a);
	bs_world_destroy(b);
}

int main(void) {
	RUN(energy_is_kept_over_1e5_events);
	RUN(momentum_is_kept_in_every_ball_event);
	RUN(no_overlap_at_any_event);
	RUN(same_scene_same_bytes);
	RUN(listing_order_does_not_change_the_events);
	return check_summary();
}
