// breakshot: a minimal test harness. Each test file defines test functions,
// lists them in main with RUN(name), and ends with `return check_summary();`,
// which prints "N passed, N failed" and returns non-zero on any failure.
#ifndef BREAKSHOT_CHECK_H
#define BREAKSHOT_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failures_in_test __attribute__((unused));
static int check_tests_passed;
static int check_tests_failed;

#define CHECK(cond)                                                                                                    \
	do {                                                                                                               \
		if (!(cond)) {                                                                                                 \
			fprintf(stderr, "  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond);                               \
			check_failures_in_test += 1;                                                                               \
		}                                                                                                              \
	} while (0)

/// |actual - expected| <= tol (absolute).
#define CHECK_NEAR(actual, expected, tol)                                                                              \
	do {                                                                                                               \
		double check_a_ = (actual), check_e_ = (expected), check_t_ = (tol);                                           \
		if (!(fabs(check_a_ - check_e_) <= check_t_)) {                                                               \
			fprintf(stderr, "  %s:%d: %s = %.17g, expected %.17g within %.3g\n", __FILE__, __LINE__, #actual,          \
				check_a_, check_e_, check_t_);                                                                         \
			check_failures_in_test += 1;                                                                               \
		}                                                                                                              \
	} while (0)

/// |actual - expected| <= rel * max(|expected|, tiny) (relative).
#define CHECK_REL(actual, expected, rel)                                                                               \
	do {                                                                                                               \
		double check_a_ = (actual), check_e_ = (expected), check_r_ = (rel);                                           \
		double check_s_ = fabs(check_e_) > 1e-300 ? fabs(check_e_) : 1e-300;                                          \
		if (!(fabs(check_a_ - check_e_) <= check_r_ * check_s_)) {                                                     \
			fprintf(stderr, "  %s:%d: %s = %.17g, expected %.17g within %.3g relative (off by %.3g)\n", __FILE__,      \
				__LINE__, #actual, check_a_, check_e_, check_r_, fabs(check_a_ - check_e_) / check_s_);                \
			check_failures_in_test += 1;                                                                               \
		}                                                                                                              \
	} while (0)

/// The string `haystack` contains `needle`.
#define CHECK_CONTAINS(haystack, needle)                                                                               \
	do {                                                                                                               \
		const char* check_h_ = (haystack);                                                                             \
		const char* check_n_ = (needle);                                                                               \
		if (!check_h_ || !strstr(check_h_, check_n_)) {                                                                \
			fprintf(stderr, "  %s:%d: \"%s\" does not contain \"%s\"\n", __FILE__, __LINE__,                          \
				check_h_ ? check_h_ : "(null)", check_n_);                                                             \
			check_failures_in_test += 1;                                                                               \
		}                                                                                                              \
	} while (0)

#define RUN(test)                                                                                                      \
	do {                                                                                                               \
		check_failures_in_test = 0;                                                                                    \
		test();                                                                                                        \
		if (check_failures_in_test == 0) {                                                                             \
			check_tests_passed += 1;                                                                                   \
			printf("ok   %s\n", #test);                                                                                \
		} else {                                                                                                       \
			check_tests_failed += 1;                                                                                   \
			printf("FAIL %s\n", #test);                                                                                \
		}                                                                                                              \
		fflush(stdout);                                                                                                \
	} while (0)

#ifdef BREAKSHOT_WORLD_H
/// A ball with the default radius and mass at (x, y) moving at (vx, vy).
static inline bs_ball_def check_ball_at(int id, double x, double y, double vx, double vy) {
	bs_ball_def ball = bs_default_ball_def();
	ball.id = id;
	ball.pos = bs_v2(x, y);
	ball.vel = bs_v2(vx, vy);
	return ball;
}

/// Field by field (structs have padding, so memcmp is not a comparison).
static inline bool check_same_event(bs_event x, bs_event y) {
	return x.kind == y.kind && x.time == y.time && x.a == y.a && x.b == y.b && x.impulse == y.impulse &&
		x.point.x == y.point.x && x.point.y == y.point.y && x.normal.x == y.normal.x && x.normal.y == y.normal.y;
}

static inline bool check_same_totals(bs_totals x, bs_totals y) {
	return x.kinetic_energy == y.kinetic_energy && x.momentum.x == y.momentum.x && x.momentum.y == y.momentum.y &&
		x.balls_on_table == y.balls_on_table && x.pocketed_energy == y.pocketed_energy;
}
#endif

static inline int check_summary(void) {
	printf("%d passed, %d failed\n", check_tests_passed, check_tests_failed);
	return check_tests_failed == 0 ? 0 : 1;
}

#endif
