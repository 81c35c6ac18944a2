// breakshot bench --solve: times the shot search (solve.h) on one thread:
// the rate of shot evaluations on a mid-game 9-ball layout, and the time to
// the best shot and its probability for a lone object ball with a direct
// pot. A benchmark, not a test: it prints figures and never fails on them.
#include "bench_solve.h"

#include <stdio.h>

#include "cli.h"
#include <breakshot/solve.h>
#include <breakshot/table.h>

/// Times each search this many times and keeps the fastest, against the
/// machine's noise.
#define SOLVE_REPEATS 5

// A 9-ball layout in the middle of a rack: the cue ball and five balls,
// the 5 lowest, on the 9 ft table.
static int mid_game_layout(bs_ball_def* balls) {
	static const struct {
		int id;
		double x, y;
	} layout[] = {{0, 0.80, 0.60}, {5, 1.40, 0.90}, {6, 2.00, 0.30}, {7, 1.10, 0.25}, {8, 2.30, 1.00},
		{9, 1.70, 0.62}};
	int n = (int)(sizeof layout / sizeof layout[0]);
	for (int k = 0; k < n; ++k) {
		balls[k] = bs_default_ball_def();
		balls[k].id = layout[k].id;
		balls[k].pos = bs_v2(layout[k].x, layout[k].y);
	}
	return n;
}

// Runs one search SOLVE_REPEATS times; prints its fastest CPU time and rate.
static int time_search(const char* name, const bs_solve_def* def) {
	double best = 1e300;
	bs_solve_result* result = bs_solve_result_create();
	char error[512];
	for (int r = 0; r < SOLVE_REPEATS; ++r) {
		double start = bs_cli_cpu_seconds();
		if (!bs_solve(def, result, error, sizeof error)) {
			bs_solve_result_destroy(result);
			return bs_cli_fail("bench: %s", error);
		}
		double cpu = bs_cli_cpu_seconds() - start;
		best = cpu < best ? cpu : best;
	}
	int64_t evaluations = bs_solve_result_evaluations(result);
	printf("  %-44s %8lld evaluations  %7.3f s CPU  %9.0f evaluations/s", name, (long long)evaluations, best,
		(double)evaluations / best);
	if (bs_solve_result_count(result) > 0) {
		const bs_solved_shot* shot = bs_solve_result_shot(result, 0);
		printf("  best %s p %.3f [%.3f, %.3f]", bs_shot_family_name(shot->family), shot->probability, shot->low,
			shot->high);
	}
	printf("\n");
	bs_solve_result_destroy(result);
	return 0;
}

int bs_bench_solve(void) {
	printf("solve: the shot search on one thread, the fastest of %d (default noise, seed 1)\n", SOLVE_REPEATS);
	bs_ball_def balls[8];
	bs_solve_def def = bs_default_solve_def();
	bs_table_preset("9ft", true, &def.world.table);
	def.world.balls = balls;
	def.world.ball_count = mid_game_layout(balls);
	def.goal.ball = 5;
	int status = time_search("mid-game 9-ball, pot the 5 (6 balls)", &def);
	def.goal.has_region = true;
	def.goal.region_min = bs_v2(0.0, 0.0);
	def.goal.region_max = bs_v2(def.world.table.width, def.world.table.height);
	status = status ? status : time_search("the same, to rest (cue ball on the table)", &def);
	def.goal.has_region = false;
	def.world.ball_count = 2;
	balls[1].id = 1;
	balls[1].pos = bs_v2(1.8, 0.85);
	balls[0].pos = bs_v2(0.7, 0.5);
	def.goal.ball = 1;
	return status ? status : time_search("lone ball, direct pot, 1000 samples", &def);
}
