// breakshot bench [--n N] [--phi PHI] [--events E] [--seed S]
//
// Times the engine on a random gas of equal discs in a walled square box and
// prints what it measured. Without --n it runs N = 1000 and N = 10000.
// A benchmark, not a test: it prints figures and never fails on them.
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rng.h"
#include "world.h"

static const char bench_usage[] = "usage: breakshot bench [--n N] [--phi PHI] [--events E] [--seed S]";

// N discs on a square lattice in a box sized for area fraction `phi`, each
// nudged within its lattice cell, with Gaussian velocities (1 m/s per axis).
static bs_ball_def* make_gas(int n, double phi, uint64_t seed, double* side) {
	double r = BS_DEFAULT_RADIUS;
	double box = sqrt((double)n * BS_PI * r * r / phi);
	int per_row = (int)ceil(sqrt((double)n));
	double spacing = box / per_row;
	double slack = 0.5 * (spacing - 2.0 * r) * 0.999;
	bs_ball_def* balls = malloc((size_t)n * sizeof *balls);
	if (!balls) {
		return NULL;
	}
	bs_rng rng = bs_rng_make(seed);
	for (int i = 0; i < n; ++i) {
		bs_ball_def ball = bs_default_ball_def();
		ball.id = i;
		ball.pos.x = (0.5 + (double)(i % per_row)) * spacing + bs_rng_range(&rng, -slack, slack);
		ball.pos.y = (0.5 + (double)(i / per_row)) * spacing + bs_rng_range(&rng, -slack, slack);
		ball.vel = bs_v2(bs_rng_normal(&rng), bs_rng_normal(&rng));
		balls[i] = ball;
	}
	*side = box;
	return balls;
}

static int bench_case(int n, double phi, int64_t events, uint64_t seed) {
	double side = 0.0;
	bs_ball_def* balls = make_gas(n, phi, seed, &side);
	if (!balls) {
		return bs_cli_fail("bench: out of memory");
	}
	bs_world_def def = bs_default_world_def();
	def.table = bs_table_rect(side, side);
	def.balls = balls;
	def.ball_count = n;
	bs_world* world = bs_world_create(&def);
	free(balls);
	if (!world) {
		return bs_cli_fail("bench: out of memory");
	}
	// Let the lattice melt a little before timing.
	int64_t warm = events / 10;
	for (int64_t k = 0; k < warm && bs_world_step(world); ++k) {
	}
	int64_t collisions_before = bs_world_event_count_of(world, BS_EVENT_BALL);
	int64_t done = 0;
	double wall0 = bs_cli_wall_seconds();
	double cpu0 = bs_cli_cpu_seconds();
	while (done < events && bs_world_step(world)) {
		++done;
	}
	double cpu = bs_cli_cpu_seconds() - cpu0;
	double wall = bs_cli_wall_seconds() - wall0;
	int64_t collisions = bs_world_event_count_of(world, BS_EVENT_BALL) - collisions_before;
	printf("%8d %6.2f %10" PRId64 " %14.4g %14.4g %12.1f %10.3f\n", n, phi, done,
		cpu > 0.0 ? (double)collisions / cpu : 0.0, wall > 0.0 ? (double)done / wall : 0.0,
		done > 0 ? 1e9 * wall / (double)done : 0.0, wall);
	bs_world_destroy(world);
	return 0;
}

int bs_cmd_bench(int argc, char** argv) {
	int64_t n = 0;
	double phi = 0.3;
	int64_t events = 0;
	int64_t seed = 1;
	for (int i = 0; i < argc; ++i) {
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		bool ok;
		if (strcmp(argv[i], "--n") == 0) {
			ok = bs_cli_parse_int64(value, "--n", 2, 10000000, &n);
		} else if (strcmp(argv[i], "--phi") == 0) {
			ok = bs_cli_parse_double(value, "--phi", &phi);
			if (ok && !(phi > 0.0 && phi <= 0.5)) {
				return bs_cli_fail("--phi must be in (0, 0.5] for the lattice gas");
			}
		} else if (strcmp(argv[i], "--events") == 0) {
			ok = bs_cli_parse_int64(value, "--events", 1, INT64_MAX, &events);
		} else if (strcmp(argv[i], "--seed") == 0) {
			ok = bs_cli_parse_int64(value, "--seed", 0, INT64_MAX, &seed);
		} else {
			return bs_cli_fail("bench: unknown argument '%s'\n%s", argv[i], bench_usage);
		}
		if (!ok) {
			return BS_EXIT_USAGE;
		}
		++i;
	}
	printf("breakshot bench: random gas of equal discs (r = %.6g m), walled square box, release timings\n",
		BS_DEFAULT_RADIUS);
	printf("%8s %6s %10s %14s %14s %12s %10s\n", "N", "phi", "events", "collisions/s", "events/s", "ns/event",
		"wall s");
	if (n > 0) {
		int64_t count = events > 0 ? events : (n <= 1000 ? 200000 : 2000000000 / n);
		return bench_case((int)n, phi, count, (uint64_t)seed);
	}
	int status = bench_case(1000, phi, events > 0 ? events : 200000, (uint64_t)seed);
	if (status == 0) {
		status = bench_case(10000, phi, events > 0 ? events : 20000, (uint64_t)seed);
	}
	return status;
}
