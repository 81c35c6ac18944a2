// Unit tests: the first entry of a polynomial into p <= 0 (sim/poly.h), the
// time of impact of decelerating balls.
#include <float.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "collide.h"
#include "poly.h"
#include "rng.h"

// p(t) as the solver computes it: Horner's rule in double.
static double horner(const double* c, int degree, double t) {
	double p = c[degree];
	for (int k = degree - 1; k >= 0; --k) {
		p = p * t + c[k];
	}
	return p;
}

// The coefficients of the product of (t - roots[i]), times `scale`.
static void from_roots(double scale, const double* roots, int count, double* c) {
	c[0] = scale;
	for (int i = 0; i < count; ++i) {
		c[i + 1] = 0.0;
		for (int k = i + 1; k > 0; --k) {
			c[k] = c[k - 1] - roots[i] * c[k];
		}
		c[0] = -roots[i] * c[0];
	}
}

// The solver's time for p lies at `expected` (s) to within `tolerance` (s),
// and the computed p is <= 0 there (the solver is never early).
static void check_entry_at(const char* what, const double* c, int degree, double t_end, double expected,
	double tolerance) {
	double t = bs_poly_first_entry(c, degree, t_end);
	if (!(fabs(t - expected) <= tolerance)) {
		CHECK_FAIL("%s: entry at %.17g s, expected %.17g within %.3g", what, t, expected, tolerance);
	} else if (!(horner(c, degree, t) <= 0.0)) {
		CHECK_FAIL("%s: entry at %.17g s, where p = %.3g > 0", what, t, horner(c, degree, t));
	}
}

static void check_no_entry(const char* what, const double* c, int degree, double t_end) {
	double t = bs_poly_first_entry(c, degree, t_end);
	if (!(t == INFINITY)) {
		CHECK_FAIL("%s: entry at %.17g s, expected none", what, t);
	}
}

// A simple root to which every operation is exact, or nearly: a few ulps.
static double ulps(double t) {
	return 4.0 * DBL_EPSILON * t;
}

static void linear(void) {
	double falling[] = {1.0, -2.0};
	check_entry_at("1 - 2t", falling, 1, 10.0, 0.5, ulps(0.5));
	check_no_entry("1 - 2t, ending before", falling, 1, 0.25);
	check_entry_at("1 - 2t, ending at the root", falling, 1, 0.5, 0.5, 0.0);
	double rising[] = {-1.0, 2.0}; // overlapping and separating
	check_no_entry("-1 + 2t", rising, 1, 10.0);
	double closing[] = {-1.0, -1.0}; // overlapping and closing
	check_entry_at("-1 - t", closing, 1, 10.0, 0.0, 0.0);
	double slow[] = {1.0, -1e-9};
	check_entry_at("1 - 1e-9 t", slow, 1, 2e9, 1e9, ulps(1e9));
	double tenth[] = {0.1, -0.3};
	check_entry_at("0.1 - 0.3t", tenth, 1, 1.0, 1.0 / 3.0, ulps(1.0 / 3.0));
}

static void quadratic(void) {
	double c[3];
	from_roots(1.0, (double[]){1.0, 3.0}, 2, c);
	check_entry_at("(t-1)(t-3)", c, 2, 10.0, 1.0, ulps(1.0));
	check_entry_at("(t-1)(t-3), ending at the root", c, 2, 1.0, 1.0, 0.0);
	check_no_entry("(t-1)(t-3), ending before", c, 2, 0.999);
	from_roots(-1.0, (double[]){1.0, 3.0}, 2, c); // overlapping and separating, apart from 1 to 3
	check_entry_at("-(t-1)(t-3)", c, 2, 10.0, 3.0, ulps(3.0));
	check_no_entry("-(t-1)(t-3), ending before 3", c, 2, 2.5);
	from_roots(1.0, (double[]){-1.0, -3.0}, 2, c);
	check_no_entry("(t+1)(t+3)", c, 2, 10.0);
	from_roots(1.0, (double[]){-1.0, 2.0}, 2, c); // p(0) = -2, closing
	check_entry_at("(t+1)(t-2)", c, 2, 10.0, 0.0, 0.0);
	from_roots(1.0, (double[]){2.0, 2.0}, 2, c);
	check_no_entry("(t-2)^2, a graze", c, 2, 10.0);
	from_roots(-1.0, (double[]){2.0, 2.0}, 2, c); // touching at 2 from inside, then closing
	check_entry_at("-(t-2)^2", c, 2, 10.0, 2.0, ulps(2.0));
	// t^2 - 1e8 t + 1: a root at 1e-8, the other at 1e8.
	double wide[] = {1.0, -1e8, 1.0};
	check_entry_at("t^2 - 1e8 t + 1", wide, 2, 1.0, 1.0000000000000001e-08, ulps(1e-8));
}

static void quartic_from_roots(void) {
	double c[5];
	from_roots(1.0, (double[]){1.0, 2.0, 3.0, 4.0}, 4, c);
	check_entry_at("(t-1)(t-2)(t-3)(t-4)", c, 4, 10.0, 1.0, ulps(1.0));
	check_entry_at("(t-1)(t-2)(t-3)(t-4), ending at 1", c, 4, 1.0, 1.0, 0.0);
	check_no_entry("(t-1)(t-2)(t-3)(t-4), ending before 1", c, 4, 0.999999);
	from_roots(-1.0, (double[]){1.0, 2.0, 3.0, 4.0}, 4, c); // p(0) < 0, separating, back at 2
	check_entry_at("-(t-1)(t-2)(t-3)(t-4)", c, 4, 10.0, 2.0, ulps(2.0));
	check_no_entry("-(t-1)(t-2)(t-3)(t-4), ending at 1.9", c, 4, 1.9);
	from_roots(1.0, (double[]){-1.0, -2.0, 3.0, 4.0}, 4, c);
	check_entry_at("(t+1)(t+2)(t-3)(t-4)", c, 4, 10.0, 3.0, ulps(3.0));
	from_roots(1.0, (double[]){-1.0, -2.0, -3.0, -4.0}, 4, c);
	check_no_entry("negative roots only", c, 4, 100.0);
	check_no_entry("negative roots only, no end", c, 4, INFINITY);
	from_roots(1.0, (double[]){0.001, 10.0, 100.0, 1000.0}, 4, c);
	check_entry_at("roots 0.001 to 1000", c, 4, 2000.0, 0.001, ulps(0.001));
	from_roots(0.25, (double[]){5.0, 6.0, 7.0, 8.0}, 4, c);
	check_no_entry("roots beyond the end", c, 4, 4.0);
	// Roots that no double holds exactly: against the product itself.
	double r0 = 0.1, r1 = 0.7;
	from_roots(2.0, (double[]){r0, r1, 1.3, 2.9}, 4, c);
	check_entry_at("roots 0.1, 0.7, 1.3, 2.9", c, 4, 10.0, r0, 1e-15);
	from_roots(-2.0, (double[]){r0, r1, 1.3, 2.9}, 4, c);
	check_entry_at("-(roots 0.1, 0.7, 1.3, 2.9)", c, 4, 10.0, r1, 1e-15);
	// A complex pair and two real roots.
	double complex_pair[] = {1.0, 0.0, 1.0}; // t^2 + 1
	double real_pair[3];
	from_roots(1.0, (double[]){0.5, 1.5}, 2, real_pair);
	double product[5] = {0.0};
	for (int i = 0; i < 3; ++i) {
		for (int j = 0; j < 3; ++j) {
			product[i + j] += complex_pair[i] * real_pair[j];
		}
	}
	check_entry_at("(t^2+1)(t-0.5)(t-1.5)", product, 4, 10.0, 0.5, ulps(0.5));
}

static void grazes_and_multiple_roots(void) {
	double c[5];
	// A double root is a graze: p touches 0 and rises again.
	from_roots(1.0, (double[]){1.0, 1.0, 3.0, 4.0}, 4, c);
	check_entry_at("(t-1)^2 (t-3)(t-4)", c, 4, 10.0, 3.0, ulps(3.0));
	check_no_entry("(t-1)^2 (t-3)(t-4), ending at 2", c, 4, 2.0);
	from_roots(1.0, (double[]){1.0, 1.0, 2.0, 2.0}, 4, c);
	check_no_entry("(t-1)^2 (t-2)^2", c, 4, 10.0);
	from_roots(1.0, (double[]){1.0, 1.0, 1.0, 1.0}, 4, c);
	check_no_entry("(t-1)^4", c, 4, 10.0);
	from_roots(1.0, (double[]){0.3, 0.3}, 2, c);
	c[3] = 0.0;
	c[4] = 1.0; // (t - 0.3)^2 + t^4: clear of 0 by 0.0081 at 0.3
	check_no_entry("(t-0.3)^2 + t^4", c, 4, 10.0);
	double graze[5];
	from_roots(1.0, (double[]){0.3, 0.3}, 2, graze);
	double complex_pair[] = {2.0, -1.0, 1.0}; // t^2 - t + 2, no real root
	double product[5] = {0.0};
	for (int i = 0; i < 3; ++i) {
		for (int j = 0; j < 3; ++j) {
			product[i + j] += graze[i] * complex_pair[j];
		}
	}
	check_no_entry("(t-0.3)^2 (t^2-t+2), a graze at 0.3", product, 4, 10.0);
	// A triple root crosses: p goes from + to - at 1. Near 1 Horner's
	// rounding is a few eps times sum |c_k| = 32, some 1e-14, and p =
	// -2 (t-1)^3: the root is only defined to (1e-14 / 2)^(1/3) = 2e-5.
	from_roots(1.0, (double[]){1.0, 1.0, 1.0, 3.0}, 4, c);
	check_entry_at("(t-1)^3 (t-3)", c, 4, 10.0, 1.0, 1e-4);
	from_roots(-1.0, (double[]){1.0, 1.0, 1.0, 3.0}, 4, c); // - to +: separating at 1, closing at 3
	check_entry_at("-(t-1)^3 (t-3)", c, 4, 10.0, 3.0, ulps(3.0));
	from_roots(1.0, (double[]){1.0, 1.0, 1.0}, 3, c);
	c[0] = -c[0];
	c[1] = -c[1];
	c[2] = -c[2];
	c[3] = -c[3]; // -(t-1)^3: + before 1, - after
	check_entry_at("-(t-1)^3", c, 3, 10.0, 1.0, 1e-4);
}

static void touching_at_zero(void) {
	double closing[] = {0.0, -1.0, 1.0}; // t^2 - t
	check_entry_at("t^2 - t", closing, 2, 10.0, 0.0, 0.0);
	double separating[] = {0.0, 1.0, 1.0};
	check_no_entry("t^2 + t", separating, 2, 10.0);
	double curving_in[] = {0.0, 0.0, -1.0, 0.0, 0.5};
	check_entry_at("-t^2 + t^4/2", curving_in, 4, 10.0, 0.0, 0.0);
	double curving_out[] = {0.0, 0.0, 1.0, 0.0, -0.5}; // touching and separating, back at sqrt(2)
	check_entry_at("t^2 - t^4/2", curving_out, 4, 10.0, sqrt(2.0), ulps(sqrt(2.0)));
	double cubic_in[] = {0.0, 0.0, 0.0, -1.0};
	check_entry_at("-t^3", cubic_in, 3, 10.0, 0.0, 0.0);
	double back[] = {0.0, 0.0, 1.0, -1.0}; // t^2 - t^3: touching and separating, back at 1
	check_entry_at("t^2 - t^3", back, 3, 10.0, 1.0, ulps(1.0));
	double negative_zero[] = {-0.0, -1.0};
	check_entry_at("-0 - t", negative_zero, 1, 10.0, 0.0, 0.0);
	// Overlapping by rounding and separating, then turning back while still
	// overlapping: the entry is the turn, at the critical point.
	double turn2[] = {-1e-12, 1e-6, -1.0}; // maximum -7.5e-13 at 5e-7
	check_entry_at("-1e-12 + 1e-6 t - t^2", turn2, 2, 1.0, 5e-7, 1e-20);
	double turn4[] = {-1e-12, 1e-10, 0.0, 0.0, -1.0}; // maximum at (2.5e-11)^(1/3)
	check_entry_at("-1e-12 + 1e-10 t - t^4", turn4, 4, 1.0, cbrt(2.5e-11), 1e-18);
	// A turn at 3e-8, where p' = 3 (t - 3e-8)(t - 1e8) has roots 16 orders
	// apart: the textbook quadratic formula would lose the small one.
	double spread[] = {-1.0, 9.0, -1.5 * (3e-8 + 1e8), 1.0};
	check_entry_at("-1 + 9 t - 1.5 (3e-8 + 1e8) t^2 + t^3", spread, 3, 1.0, 3e-8, 3e-22);
	// Out of contact in between, then the first root after: t^2 - 1e-5 t + 1e-12 = 0.
	double out[] = {-1e-12, 1e-5, -1.0};
	double larger = (1e-5 + sqrt(1e-10 - 4e-12)) / 2.0;
	check_entry_at("-1e-12 + 1e-5 t - t^2", out, 2, 1.0, larger, ulps(larger));
	// No end: touching and turning at the maximum of -(t-1)^2 = 0.
	double inside[] = {-1.0, 2.0, -1.0};
	check_entry_at("-(t-1)^2", inside, 2, INFINITY, 1.0, ulps(1.0));
	// t_end = 0: only a closing start counts; below 0, nothing does.
	check_entry_at("t^2 - t, t_end 0", closing, 2, 0.0, 0.0, 0.0);
	check_no_entry("t^2 + t, t_end 0", separating, 2, 0.0);
	check_no_entry("t^2 - t, t_end -1", closing, 2, -1.0);
}

static void constants_and_zero_leading(void) {
	check_no_entry("1", (double[]){1.0}, 0, 10.0);
	check_no_entry("-1", (double[]){-1.0}, 0, 10.0);
	check_no_entry("0", (double[]){0.0}, 0, 10.0);
	check_no_entry("all zero", (double[]){0.0, 0.0, 0.0, 0.0, 0.0}, 4, 10.0);
	check_no_entry("-1, zero above", (double[]){-1.0, 0.0, 0.0, -0.0, 0.0}, 4, INFINITY);
	check_entry_at("1 - 2t as a quartic", (double[]){1.0, -2.0, 0.0, 0.0, 0.0}, 4, 10.0, 0.5, ulps(0.5));
	check_entry_at("(t-1)(t-3) as a quartic", (double[]){3.0, -4.0, 1.0, 0.0, -0.0}, 4, 10.0, 1.0, ulps(1.0));
	check_entry_at("(t-1)(t-3) as a cubic", (double[]){3.0, -4.0, 1.0, 0.0}, 3, 10.0, 1.0, ulps(1.0));
	// The pure power c t^n: at 0 with a negative c, never with a positive one.
	check_entry_at("-t^4", (double[]){0.0, 0.0, 0.0, 0.0, -1.0}, 4, INFINITY, 0.0, 0.0);
	check_no_entry("t^4", (double[]){0.0, 0.0, 0.0, 0.0, 1.0}, 4, INFINITY);
}

static void no_end(void) {
	double c[5];
	from_roots(1.0, (double[]){5.0, 7.0, -1.0, -2.0}, 4, c);
	check_entry_at("roots 5, 7, -1, -2", c, 4, INFINITY, 5.0, ulps(5.0));
	from_roots(1.0, (double[]){1e6, 2e6}, 2, c);
	c[3] = 0.0;
	c[4] = 0.0;
	check_entry_at("(t-1e6)(t-2e6)", c, 4, INFINITY, 1e6, ulps(1e6));
	from_roots(1.0, (double[]){0.5, -10.0, -20.0, -30.0}, 4, c); // overlapping, separating for ever
	check_no_entry("(t-0.5)(t+10)(t+20)(t+30)", c, 4, INFINITY);
	double positive[] = {2.0, 0.0, 3.0, 0.0, 1.0}; // (t^2+1)(t^2+2)
	check_no_entry("(t^2+1)(t^2+2)", positive, 4, INFINITY);
	double slow[] = {1.0, -1e-9};
	check_entry_at("1 - 1e-9 t, no end", slow, 1, INFINITY, 1e9, ulps(1e9));
	// A tiny leading coefficient puts the quartic's own roots far away.
	double far[] = {1.0, -1.0, 0.0, 0.0, 1e-30};
	check_entry_at("1 - t + 1e-30 t^4", far, 4, INFINITY, 1.0, ulps(1.0));
	// A coefficient ratio that underflows in the root bound.
	double tiny[] = {1e-300, 0.0, 0.0, 0.0, -1e10};
	double fourth_root = pow(1e-300, 0.25) / pow(1e10, 0.25);
	check_entry_at("1e-300 - 1e10 t^4", tiny, 4, INFINITY, fourth_root, 1e-14 * fourth_root);
}

// NaN or infinite inputs, or a degree out of range: an assertion in debug
// builds, INFINITY without.
static void invalid_inputs(void) {
	double nan_c[] = {1.0, NAN, 1.0};
	double inf_c[] = {1.0, -INFINITY, 1.0};
	double good[] = {1.0, -1.0, 0.1};
#ifdef NDEBUG
	CHECK(isinf(bs_poly_first_entry(nan_c, 2, 1.0)));
	CHECK(isinf(bs_poly_first_entry(inf_c, 2, 1.0)));
	CHECK(isinf(bs_poly_first_entry(good, 2, NAN)));
	CHECK(isinf(bs_poly_first_entry(good, 7, 1.0)));
#else
	const double* inputs[] = {nan_c, inf_c, good, good};
	const int degrees[] = {2, 2, 2, 7};
	const double ends[] = {1.0, 1.0, NAN, 1.0};
	for (int k = 0; k < 4; ++k) {
		fflush(NULL);
		pid_t child = fork();
		CHECK(child >= 0);
		if (child == 0) {
			if (!freopen("/dev/null", "w", stderr)) { // the assertion's message
				_exit(3);
			}
			bs_poly_first_entry(inputs[k], degrees[k], ends[k]);
			_exit(0);
		}
		int status = 0;
		CHECK_EQ_INT(waitpid(child, &status, 0), child);
		if (!(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT)) {
			CHECK_FAIL("input %d: the assertion did not stop the call (status %d)", k, status);
		}
	}
#endif
}

static void agrees_with_the_linear_toi(void) {
	// Without acceleration p = |d + w t|^2 - sigma^2 is a quadratic, which
	// bs_toi_circles solves in closed form from the same coefficients. Each
	// answer is within a few ulps of the exact root of those coefficients
	// (in long double), widened by what rounding moves that root: the error of
	// evaluating p over its slope for the bracket, and for the closed form the
	// error of b^2 - a c, which cancels on a nearly head-on pair far apart
	// for its size (|d|^2 / sigma^2 digits).
	bs_rng rng = bs_rng_make(23);
	int hits = 0;
	int grazes = 0;
	double worst_eps = 0.0;
	double worst_of_tolerance = 0.0;
	double worst_own_eps = 0.0;
	for (int k = 0; k < 100000; ++k) {
		double sigma = bs_rng_range(&rng, 0.01, 0.1);
		bs_vec2 d = bs_v2(bs_rng_range(&rng, -1.0, 1.0), bs_rng_range(&rng, -1.0, 1.0));
		bs_vec2 w = bs_v2(bs_rng_range(&rng, -3.0, 3.0), bs_rng_range(&rng, -3.0, 3.0));
		if (k % 4 == 0) {
			d = bs_v2_scale(sigma * (1.0 + pow(10.0, bs_rng_range(&rng, -12.0, -1.0))) / bs_v2_len(d), d);
		}
		bs_circle_approach q = bs_circle_approach_of(d, w, sigma);
		double c[3] = {q.c, 2.0 * q.b, q.a};
		double expected = bs_toi_circles(d, w, sigma);
		double found = bs_poly_first_entry(c, 2, INFINITY);
		// What rounding may move b^2 - a c by: a pair this close to a graze
		// may be decided either way.
		long double b = q.b;
		long double discriminant = b * b - (long double)q.a * q.c;
		bool graze = fabsl(discriminant) <= 4.0L * DBL_EPSILON * (b * b + fabsl((long double)q.a * q.c));
		if (isinf(found) || isinf(expected) || found == 0.0 || expected == 0.0) {
			if (!(found == expected) && !graze) {
				CHECK_FAIL("pair %d: bs_poly_first_entry %.17g s, bs_toi_circles %.17g s; d (%.17g, %.17g), "
						   "w (%.17g, %.17g), sigma %.17g",
					k, found, expected, d.x, d.y, w.x, w.y, sigma);
			}
			grazes += !(found == expected);
			continue;
		}
		hits += 1;
		long double root = (long double)q.c / (-b + sqrtl(discriminant));
		double t = (double)root;
		double slope = fabs(c[1] + 2.0 * c[2] * t);
		double evaluation = 4.0 * DBL_EPSILON * (fabs(c[0]) + fabs(c[1]) * t + c[2] * t * t) / slope;
		double closed_form = 4.0 * DBL_EPSILON * (q.b * q.b + fabs(q.a * q.c)) / (q.a * slope);
		double own_tolerance = 4.0 * DBL_EPSILON * t + evaluation;
		double tolerance = 8.0 * DBL_EPSILON * t + evaluation + closed_form;
		double own_error = fabs((double)(found - root));
		double error = fabs(found - expected);
		worst_eps = fmax(worst_eps, error / t / DBL_EPSILON);
		worst_of_tolerance = fmax(worst_of_tolerance, error / tolerance);
		worst_own_eps = fmax(worst_own_eps, own_error / t / DBL_EPSILON);
		if (!(error <= tolerance && own_error <= own_tolerance)) {
			CHECK_FAIL("pair %d: bs_poly_first_entry %.17g s, bs_toi_circles %.17g s, the exact root %.17Lg s, "
					   "tolerances %.3g and %.3g s; d (%.17g, %.17g), w (%.17g, %.17g), sigma %.17g",
				k, found, expected, root, tolerance, own_tolerance, d.x, d.y, w.x, w.y, sigma);
		}
	}
	printf("  %d of 100000 pairs meet, %d grazes decided otherwise; the largest difference %.3g eps (%.2g of its "
		   "tolerance), from the exact root %.3g eps\n",
		hits, grazes, worst_eps, worst_of_tolerance, worst_own_eps);
	CHECK(hits > 10000);
}

// The randomized exactness test: pairs of decelerating balls, each with
// r(t) = d + w t + a t^2 / 2 (relative position, velocity, acceleration)
// over a motion interval [0, t_end].
typedef struct pair_motion {
	bs_vec2 d;    // relative position, second centre minus first (m)
	bs_vec2 w;    // relative velocity (m/s)
	bs_vec2 a;    // relative acceleration (m/s^2)
	double sigma; // sum of radii (m)
	double t_end; // the motion interval (s)
} pair_motion;

// |r(t)|^2 - sigma^2 as a quartic, as prediction will form it.
static void gap_coefficients(const pair_motion* m, double c[5]) {
	c[0] = bs_v2_dot(m->d, m->d) - m->sigma * m->sigma;
	c[1] = 2.0 * bs_v2_dot(m->d, m->w);
	c[2] = bs_v2_dot(m->w, m->w) + bs_v2_dot(m->d, m->a);
	c[3] = bs_v2_dot(m->w, m->a);
	c[4] = 0.25 * bs_v2_dot(m->a, m->a);
}

// The reference: p(t) = |r(t)|^2 - sigma^2, its slope and its curvature
// computed from the motion in long double, not from the coefficients, and
// isolated by sampling rather than through the roots of the derivatives.
// Sampling walks the interval by conservative advancement: while the centres
// are more than 2.5 sigma apart, a step over which |r| cannot fall below
// 2 sigma (from |r'| and |a|), where p > 3 sigma^2 and nothing can happen;
// nearer, steps of 1/32 of the time the motion takes to change on the scale
// of sigma (sigma over the speed, or sqrt(sigma / |a|) for a slow, curving
// one), and never more than 1/64 of t_end. 78 points a pair on average. Between samples p' may still turn
// twice (a dip and a bump of p shorter than a step): each sampled extremum
// of p' is refined by golden-section search and made a point, so that p' is
// monotone between points, and every sign change of p' (a turn of p, the
// bottom of a dip however short) shows between two of them and is found.
enum {
	REFERENCE_NEAR_STEPS = 32, // steps in the time p takes to change on the scale of sigma
	REFERENCE_MIN_STEPS = 64,  // near contact, no step longer than t_end over this
	REFERENCE_MAX_SAMPLES = 16384,
	REFERENCE_MAX_EXTRA = 16,
	REFERENCE_MAX_POINTS = REFERENCE_MAX_SAMPLES + 2 * REFERENCE_MAX_EXTRA
};

typedef struct reference {
	long double dx, dy, wx, wy, ax, ay, hx, hy, sigma2;
	double d_length, w_length, a_length, sigma;
	int count; // points, ascending: the samples, the extrema of p' and the turns of p
	long double t[REFERENCE_MAX_POINTS];
	long double gap[REFERENCE_MAX_POINTS];
	long double slope[REFERENCE_MAX_POINTS];
	long double gap_bound_at_end;           // gap_rounding at t_end, the largest
	long double turns[REFERENCE_MAX_EXTRA]; // where p' changes sign
	int turn_count;
	bool unresolved; // more samples, extrema or turns than there is room for
} reference;

static long double reference_gap(const reference* r, long double t, long double* slope) {
	long double x = r->dx + t * (r->wx + t * r->hx);
	long double y = r->dy + t * (r->wy + t * r->hy);
	*slope = 2.0L * (x * (r->wx + t * r->ax) + y * (r->wy + t * r->ay));
	return x * x + y * y - r->sigma2;
}

static long double reference_slope(const reference* r, long double t) {
	long double slope;
	reference_gap(r, t, &slope);
	return slope;
}

static long double reference_curvature(const reference* r, long double t) {
	long double x = r->dx + t * (r->wx + t * r->hx);
	long double y = r->dy + t * (r->wy + t * r->hy);
	long double vx = r->wx + t * r->ax;
	long double vy = r->wy + t * r->ay;
	return 2.0L * (vx * vx + vy * vy + x * r->ax + y * r->ay);
}

// |d| + |w| t + |a| t^2 / 2 (m): how far apart the terms of r(t) reach.
static double reference_reach(const reference* r, double t) {
	return r->d_length + r->w_length * t + 0.5 * r->a_length * t * t;
}

// What rounding may move the computed p(t) by (m^2). With M = the reach,
// sum |c_k| t^k <= M^2 + sigma^2 (the coefficients' magnitudes are the terms
// of (|d| + |w| t + |a| t^2 / 2)^2). Forming the coefficients from d, w and a
// costs at most 3 u of that (u = eps / 2), Horner's rule on them at most
// gamma_8 = 8 u, and the solver treats a minimum within 4 eps of it as a
// graze: a dip deeper than 9.5 eps is one the solver must see. 16 eps
// (M^2 + sigma^2) is that with room: 3e-13 sigma^2 for pool balls half a
// metre apart, 1e-12 sigma^2 at a metre.
static double gap_rounding(const reference* r, double t) {
	double reach = reference_reach(r, t);
	return 16.0 * DBL_EPSILON * (reach * reach + r->sigma * r->sigma);
}

// The same for the slope p'(t) (m^2/s): the derivative of that in t.
static double slope_rounding(const reference* r, double t) {
	return 32.0 * DBL_EPSILON * reference_reach(r, t) * (r->w_length + r->a_length * t);
}

// p - level (or p' - level, `of_slope`) at t, with a zero moved to the side
// it is on for the entry: p <= level holds there, p' < level does not.
static long double reference_offset(const reference* r, long double t, bool of_slope, long double level) {
	long double slope;
	long double gap = reference_gap(r, t, &slope);
	long double offset = (of_slope ? slope : gap) - level;
	return offset != 0.0L ? offset : of_slope ? LDBL_MIN : -LDBL_MIN;
}

// Where p <= level (or p' < level, `of_slope`) starts or stops holding in
// [lo, hi], across which it does: the end, on the side of `hi`, of a final
// bracket at most 2^-57 of it wide (a 32nd of a double's ulp). Brent's method
// (bisection, secant and inverse quadratic interpolation).
static long double reference_cross(const reference* r, long double lo, long double hi, bool of_slope,
	long double level) {
	long double a = lo;
	long double b = hi;
	long double fa = reference_offset(r, a, of_slope, level);
	long double fb = reference_offset(r, b, of_slope, level);
	bool below_at_hi = fb < 0.0L;
	long double c = a;
	long double fc = fa;
	long double d = b - a;
	long double e = d;
	for (;;) {
		if ((fb > 0.0L) == (fc > 0.0L)) {
			c = a;
			fc = fa;
			d = b - a;
			e = d;
		}
		if (fabsl(fc) < fabsl(fb)) {
			a = b;
			b = c;
			c = a;
			fa = fb;
			fb = fc;
			fc = fa;
		}
		long double tolerance = 0x1p-58L * fabsl(b) + LDBL_MIN;
		long double half = 0.5L * (c - b);
		if (fabsl(half) <= tolerance) {
			return (fb < 0.0L) == below_at_hi ? b : c;
		}
		if (fabsl(e) >= tolerance && fabsl(fa) > fabsl(fb)) {
			long double s = fb / fa;
			long double p;
			long double q;
			if (a == c) {
				p = 2.0L * half * s;
				q = 1.0L - s;
			} else {
				long double qa = fa / fc;
				long double rb = fb / fc;
				p = s * (2.0L * half * qa * (qa - rb) - (b - a) * (rb - 1.0L));
				q = (qa - 1.0L) * (rb - 1.0L) * (s - 1.0L);
			}
			if (p > 0.0L) {
				q = -q;
			} else {
				p = -p;
			}
			if (2.0L * p < fminl(3.0L * half * q - fabsl(tolerance * q), fabsl(e * q))) {
				e = d;
				d = p / q;
			} else {
				d = half;
				e = d;
			}
		} else {
			d = half;
			e = d;
		}
		a = b;
		fa = fb;
		b += fabsl(d) > tolerance ? d : half > 0.0L ? tolerance : -tolerance;
		fb = reference_offset(r, b, of_slope, level);
	}
}

// The extremum of p' in [lo, hi] (a minimum for sign +1, a maximum for -1),
// by golden-section search, to 1e-10 of the bracket: p' then strays from
// monotone between the points by 1e-20 |p'''| (hi - lo)^2 at most, far below
// its rounding bound.
static long double reference_slope_extremum(const reference* r, long double lo, long double hi, long double sign) {
	const long double shrink = 0.61803398874989484820L;
	long double a = hi - shrink * (hi - lo);
	long double b = lo + shrink * (hi - lo);
	long double at_a = sign * reference_slope(r, a);
	long double at_b = sign * reference_slope(r, b);
	for (int i = 0; i < 48; ++i) {
		if (at_a < at_b) {
			hi = b;
			b = a;
			at_b = at_a;
			a = hi - shrink * (hi - lo);
			at_a = sign * reference_slope(r, a);
		} else {
			lo = a;
			a = b;
			at_a = at_b;
			b = lo + shrink * (hi - lo);
			at_b = sign * reference_slope(r, b);
		}
	}
	return 0.5L * (lo + hi);
}

// Inserts the point t among r's points, keeping them ascending, with p and
// p' there.
static void reference_insert(reference* r, long double t) {
	int at = r->count;
	while (at > 0 && r->t[at - 1] > t) {
		at -= 1;
	}
	size_t tail = (size_t)(r->count - at);
	memmove(&r->t[at + 1], &r->t[at], tail * sizeof r->t[0]);
	memmove(&r->gap[at + 1], &r->gap[at], tail * sizeof r->gap[0]);
	memmove(&r->slope[at + 1], &r->slope[at], tail * sizeof r->slope[0]);
	r->t[at] = t;
	r->gap[at] = reference_gap(r, t, &r->slope[at]);
	r->count += 1;
}

// Refines the extremum of p' in [lo, hi] (`sign` +1 a minimum, -1 a
// maximum) into `extra`, unless the search ends at the bracket's end.
static void reference_add_extremum(reference* r, long double lo, long double hi, long double sign, long double* extra,
	int* extra_count) {
	long double t = reference_slope_extremum(r, lo, hi, sign);
	if (t - lo > 1e-9L * (hi - lo) && hi - t > 1e-9L * (hi - lo)) {
		if (*extra_count == REFERENCE_MAX_EXTRA) {
			r->unresolved = true;
			return;
		}
		extra[(*extra_count)++] = t;
	}
}

static void reference_make(reference* r, const pair_motion* m) {
	r->dx = m->d.x;
	r->dy = m->d.y;
	r->wx = m->w.x;
	r->wy = m->w.y;
	r->ax = m->a.x;
	r->ay = m->a.y;
	r->hx = 0.5L * r->ax;
	r->hy = 0.5L * r->ay;
	r->sigma2 = (long double)m->sigma * m->sigma;
	r->d_length = bs_v2_len(m->d);
	r->w_length = bs_v2_len(m->w);
	r->a_length = bs_v2_len(m->a);
	r->sigma = m->sigma;
	r->unresolved = false;
	// The steps need no precision: they are taken in double.
	double sigma = m->sigma;
	double t_end = m->t_end;
	double curving_speed = sqrt(sigma * r->a_length); // sigma over sqrt(sigma / |a|)
	double t = 0.0;
	r->count = 0;
	for (;;) {
		if (r->count == REFERENCE_MAX_SAMPLES) {
			r->unresolved = true;
			return;
		}
		r->t[r->count] = t;
		r->gap[r->count] = reference_gap(r, t, &r->slope[r->count]);
		r->count += 1;
		if (t == t_end) {
			break;
		}
		double distance = bs_v2_len(bs_v2_mad(bs_v2_mad(m->d, t, m->w), 0.5 * t * t, m->a));
		double speed = bs_v2_len(bs_v2_mad(m->w, t, m->a));
		double step = t_end / REFERENCE_MIN_STEPS;
		if (distance > 2.5 * sigma) {
			// |r| >= distance - speed h - |a| h^2 / 2 >= 2 sigma over the step
			// (with room for the rounding of these doubles).
			double room = 0.999 * (distance - 2.0 * sigma);
			step = 2.0 * room / (speed + sqrt(speed * speed + 2.0 * r->a_length * room));
		} else if (fmax(speed, curving_speed) > 0.0) {
			step = fmin(step, sigma / (REFERENCE_NEAR_STEPS * fmax(speed, curving_speed)));
		}
		t = t + step < t_end ? t + step : t_end;
	}
	// The extrema of p' near each sampled one.
	long double extra[REFERENCE_MAX_EXTRA];
	int extra_count = 0;
	for (int k = 1; k + 1 < r->count; ++k) {
		long double before = r->slope[k - 1];
		long double here = r->slope[k];
		long double after = r->slope[k + 1];
		if ((here < before && here <= after) || (here > before && here >= after)) {
			reference_add_extremum(r, r->t[k - 1], r->t[k + 1], here < before ? 1.0L : -1.0L, extra, &extra_count);
		}
	}
	// One in an end interval shows as a sign change of p'' across it.
	for (int end = 0; end < 2; ++end) {
		long double lo = r->t[end ? r->count - 2 : 0];
		long double hi = r->t[end ? r->count - 1 : 1];
		long double curvature_lo = reference_curvature(r, lo);
		if ((curvature_lo < 0.0L) != (reference_curvature(r, hi) < 0.0L)) {
			reference_add_extremum(r, lo, hi, curvature_lo < 0.0L ? 1.0L : -1.0L, extra, &extra_count);
		}
	}
	if (r->unresolved) {
		return;
	}
	for (int e = 0; e < extra_count; ++e) {
		reference_insert(r, extra[e]);
	}
	// The turns of p: where p' changes sign between two points.
	extra_count = 0;
	for (int k = 0; k + 1 < r->count; ++k) {
		if ((r->slope[k] < 0.0L) != (r->slope[k + 1] < 0.0L)) {
			if (extra_count == REFERENCE_MAX_EXTRA) {
				r->unresolved = true;
				return;
			}
			long double t = reference_cross(r, r->t[k], r->t[k + 1], true, 0.0L);
			if (t < r->t[k + 1]) {
				extra[extra_count++] = t;
			}
		}
	}
	for (int e = 0; e < extra_count; ++e) {
		reference_insert(r, extra[e]);
		r->turns[e] = extra[e];
	}
	r->turn_count = extra_count;
	r->gap_bound_at_end = gap_rounding(r, m->t_end);
}

// On [x, y], where p is monotone and p' - slope_level keeps its sign
// (`closing` when negative): the first time p <= level, or INFINITY.
static long double reference_piece_entry(const reference* r, long double x, long double gap_x, long double y,
	long double gap_y, bool closing, long double level) {
	if (!closing) {
		return INFINITY;
	}
	if (gap_x <= level) {
		return x;
	}
	if (gap_y <= level) {
		return reference_cross(r, x, y, false, level);
	}
	return INFINITY;
}

// The first time at which p <= side E(t) while p' < side E'(t), with E and
// E' the rounding bounds: side +1 gives the earliest time the solver may
// answer (rounding could already have closed the pair), 0 the exact entry,
// -1 the latest (the pair is surely in contact and closing). E and E' grow
// with t and are taken at the end of each interval between points, which
// only widens the band. INFINITY when there is none.
// `*from`: the interval to start at, no later than the answer's (the
// answers' order: side +1 no later than 0, 0 no later than -1); set to the
// answer's.
static long double reference_entry(const reference* r, int side, int* from) {
	for (int k = *from; k + 1 < r->count; ++k) {
		if (r->gap[k] > r->gap_bound_at_end && r->gap[k + 1] > r->gap_bound_at_end) {
			continue; // above every level in between: p is monotone there, or a far step keeps it > 3 sigma^2
		}
		long double x = r->t[k];
		long double y = r->t[k + 1];
		long double level = side * (long double)gap_rounding(r, (double)y);
		long double slope_level = side * (long double)slope_rounding(r, (double)y);
		bool closing_x = r->slope[k] < slope_level;
		bool closing_y = r->slope[k + 1] < slope_level;
		long double found;
		if (closing_x == closing_y) {
			found = reference_piece_entry(r, x, r->gap[k], y, r->gap[k + 1], closing_x, level);
		} else {
			// p' is monotone here and crosses slope_level once.
			long double z = reference_cross(r, x, y, true, slope_level);
			long double slope_z;
			long double gap_z = reference_gap(r, z, &slope_z);
			found = reference_piece_entry(r, x, r->gap[k], z, gap_z, closing_x, level);
			if (!(found < INFINITY)) {
				found = reference_piece_entry(r, z, gap_z, y, r->gap[k + 1], closing_y, level);
			}
		}
		if (found < INFINITY) {
			*from = k;
			return found;
		}
	}
	*from = r->count;
	return INFINITY;
}

enum motion_mix {
	MIX_BOTH_DECELERATING,
	MIX_ONE_AT_REST,
	MIX_BOTH_AT_REST,
	MIX_SAME_ACCELERATION,
	MIX_GRAZE,
	MIX_TOUCHING,
	MIX_TINY_GAP,
	MIX_FAR,
	MIX_COUNT
};

static const char* const mix_names[MIX_COUNT] = {"both decelerating", "one at rest", "both at rest",
	"equal accelerations", "grazes", "touching", "tiny gaps", "far apart"};

static double log_uniform(bs_rng* rng, double lo, double hi) {
	return pow(10.0, bs_rng_range(rng, log10(lo), log10(hi)));
}

static bs_vec2 random_direction(bs_rng* rng) {
	double angle = bs_rng_range(rng, 0.0, 2.0 * BS_PI);
	return bs_v2(cos(angle), sin(angle));
}

static bs_vec2 rotated(bs_vec2 v, double angle) {
	return bs_v2(v.x * cos(angle) - v.y * sin(angle), v.x * sin(angle) + v.y * cos(angle));
}

// One ball's deceleration: from rolling resistance (0.01 g) to sliding
// friction (0.2 g) with the cloth's factor of 3.5, in any direction.
static bs_vec2 random_deceleration(bs_rng* rng) {
	return bs_v2_scale(bs_rng_range(rng, 0.01 * 9.81, 0.2 * 9.81 * 3.5), random_direction(rng));
}

// A relative velocity of `speed` aimed at the other ball, off by up to half a
// radian, or in any direction.
static bs_vec2 random_approach(bs_rng* rng, bs_vec2 d, double speed) {
	bs_vec2 toward = bs_v2_scale(-1.0 / bs_v2_len(d), d);
	bs_vec2 direction =
		bs_rng_uniform(rng) < 0.7 ? rotated(toward, bs_rng_range(rng, -0.5, 0.5)) : random_direction(rng);
	return bs_v2_scale(speed, direction);
}

static pair_motion random_motion(bs_rng* rng, int mix) {
	pair_motion m;
	m.sigma =
		bs_rng_uniform(rng) < 0.7 ? 2.0 * 0.028575 : bs_rng_range(rng, 0.01, 0.04) + bs_rng_range(rng, 0.01, 0.04);
	m.t_end = log_uniform(rng, 0.01, 20.0);
	m.d = bs_v2_scale(m.sigma * (1.0 + log_uniform(rng, 1e-3, 40.0)), random_direction(rng));
	m.w = random_approach(rng, m.d, log_uniform(rng, 0.01, 8.0));
	m.a = bs_v2_sub(random_deceleration(rng), random_deceleration(rng));
	switch (mix) {
	case MIX_ONE_AT_REST:
		m.a = random_deceleration(rng);
		break;
	case MIX_BOTH_AT_REST:
		m.w = bs_v2(0.0, 0.0);
		m.a = bs_v2(0.0, 0.0);
		if (bs_rng_uniform(rng) < 0.3) {
			m.d = bs_v2_scale(m.sigma, random_direction(rng));
		}
		break;
	case MIX_SAME_ACCELERATION: {
		// Equal decelerations, or all but: the leading coefficients vanish,
		// or the quartic's own roots move out of sight.
		bs_vec2 deceleration = random_deceleration(rng);
		bs_vec2 turned = rotated(deceleration, log_uniform(rng, 1e-12, 1e-3));
		m.a = bs_rng_uniform(rng) < 0.5 ? bs_v2(0.0, 0.0) : bs_v2_sub(turned, deceleration);
		break;
	}
	case MIX_GRAZE: {
		// Closest approach sigma (1 + miss) at t_c, moving at v_c across the
		// line of centres; the miss from 1e-9 down to rounding, either side.
		double t_c = bs_rng_range(rng, 0.0, 1.2) * fmin(m.t_end, 2.0);
		bs_vec2 v_c = bs_v2_scale(log_uniform(rng, 0.3, 8.0), random_direction(rng));
		double miss = bs_rng_uniform(rng) < 0.1 ? 0.0 : log_uniform(rng, 1e-16, 1e-9);
		miss *= bs_rng_uniform(rng) < 0.5 ? -1.0 : 1.0;
		bs_vec2 side = bs_v2_scale((bs_rng_uniform(rng) < 0.5 ? -1.0 : 1.0) / bs_v2_len(v_c), bs_v2_perp(v_c));
		bs_vec2 r_c = bs_v2_scale(m.sigma * (1.0 + miss), side);
		if (bs_rng_uniform(rng) < 0.2) {
			m.a = bs_v2(0.0, 0.0);
		}
		m.w = bs_v2_mad(v_c, -t_c, m.a);
		m.d = bs_v2_mad(bs_v2_mad(r_c, -t_c, v_c), 0.5 * t_c * t_c, m.a);
		break;
	}
	case MIX_TOUCHING: {
		// |d| = sigma within rounding, closing or separating.
		double off = bs_rng_uniform(rng) < 0.3 ? 0.0 : log_uniform(rng, 1e-17, 1e-14);
		off *= bs_rng_uniform(rng) < 0.5 ? -1.0 : 1.0;
		m.d = bs_v2_scale(m.sigma * (1.0 + off), random_direction(rng));
		m.w = bs_v2_scale(log_uniform(rng, 1e-3, 8.0), random_direction(rng));
		if (bs_rng_uniform(rng) < 0.2) {
			m.a = bs_v2(0.0, 0.0);
		}
		break;
	}
	case MIX_TINY_GAP:
		m.d = bs_v2_scale(m.sigma * (1.0 + log_uniform(rng, 1e-12, 1e-3)), random_direction(rng));
		m.w = random_approach(rng, m.d, log_uniform(rng, 1e-4, 5.0));
		break;
	case MIX_FAR: {
		// 3 to 100 m apart, aimed to pass within a few sigma, lightly slowed.
		m.d = bs_v2_scale(log_uniform(rng, 3.0, 100.0), random_direction(rng));
		bs_vec2 toward = bs_v2_scale(-1.0 / bs_v2_len(m.d), m.d);
		double aim = bs_rng_range(rng, -3.0, 3.0) * m.sigma / bs_v2_len(m.d);
		m.w = bs_v2_scale(log_uniform(rng, 5.0, 30.0), rotated(toward, aim));
		m.t_end = log_uniform(rng, 1.0, 20.0);
		m.a = bs_v2_scale(bs_rng_range(rng, 0.0, 0.1), m.a);
		break;
	}
	default:
		break;
	}
	return m;
}

// How many pairs: 10^6, or a tenth of that under the sanitizers, whose
// checks of memory and arithmetic the first 10^5 exercise as well.
#if defined(__SANITIZE_ADDRESS__)
enum { RANDOM_PAIRS = 100000 };
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
enum { RANDOM_PAIRS = 100000 };
#else
enum { RANDOM_PAIRS = 1000000 };
#endif
#else
enum { RANDOM_PAIRS = 1000000 };
#endif

// Whether p turns between a and b.
static bool reference_turns_between(const reference* r, long double a, long double b) {
	for (int i = 0; i < r->turn_count; ++i) {
		if (r->turns[i] > fminl(a, b) && r->turns[i] < fmaxl(a, b)) {
			return true;
		}
	}
	return false;
}

// Each pair's answer must lie in the band the reference draws: no earlier
// than the first time rounding could have closed the pair (p <= E while
// p' < E'), no later than the first time it surely has (p <= -E while
// p' < -E'). The band is the root's conditioning measured rather than
// estimated: around a simple root it spans E / |p'| either side, around a
// double one sqrt(2 E / p''), and a dip no deeper than E may be taken or not.
// So: no contact missed whose dip goes below -E, none early (and p <= E in
// long double at the time returned), none late. The printout counts the
// dips within rounding that the solver and the exact reference decided
// differently, and the largest error, at the same crossing, against the
// exact entry, in units of that conditioning.
static void random_pairs_against_reference(void) {
	static reference ref;
	bs_rng rng = bs_rng_make(31);
	long points = 0;
	int pairs[MIX_COUNT] = {0};
	int entries[MIX_COUNT] = {0};
	int otherwise[MIX_COUNT] = {0};
	int missed = 0;
	int early = 0;
	int late = 0;
	int unresolved = 0;
	double worst_of_conditioning = 0.0;
	double worst_simple_eps = 0.0;
	for (int k = 0; k < RANDOM_PAIRS; ++k) {
		int mix = k % MIX_COUNT;
		pair_motion m = random_motion(&rng, mix);
		double c[5];
		gap_coefficients(&m, c);
		double found = bs_poly_first_entry(c, 4, m.t_end);
		reference_make(&ref, &m);
		points += ref.count;
		if (ref.unresolved) {
			unresolved += 1;
			continue;
		}
		pairs[mix] += 1;
		entries[mix] += isfinite(found);
		int from = 0;
		long double earliest = reference_entry(&ref, 1, &from);
		long double exact = reference_entry(&ref, 0, &from);
		long double latest = reference_entry(&ref, -1, &from);
		// The solver's bracket is 4 ulps wide at most.
		double slack = 4.0 * DBL_EPSILON * found;
		const char* fault = NULL;
		if (isfinite(found)) {
			long double slope;
			long double gap = reference_gap(&ref, found, &slope);
			if (!(found >= earliest - slack) || !(gap <= gap_rounding(&ref, found))) {
				fault = "early";
				early += 1;
			} else if (isfinite(latest) && found > latest + slack) {
				fault = "late";
				late += 1;
			}
		} else if (isfinite(latest)) {
			fault = "missed";
			missed += 1;
		}
		if (fault) {
			CHECK_FAIL("%s pair %d (%s): found %.17g s, the reference %.17Lg s (band %.17Lg to %.17Lg); d (%.17g, "
					   "%.17g), w (%.17g, %.17g), a (%.17g, %.17g), sigma %.17g, t_end %.17g",
				fault, k, mix_names[mix], found, exact, earliest, latest, m.d.x, m.d.y, m.w.x, m.w.y, m.a.x, m.a.y,
				m.sigma, m.t_end);
			continue;
		}
		if (isinf(found) != isinf(exact) || (isfinite(found) && reference_turns_between(&ref, found, exact))) {
			// A dip within rounding of contact, which the solver and the
			// exact reference decide differently: inside the band, so
			// either is right.
			otherwise[mix] += 1;
			continue;
		}
		if (isfinite(found)) {
			// What a p-error of E moves a root by: E / |p'| at a simple root,
			// sqrt(2 E / p'') at a double one; the smaller of the two.
			double error = fabs((double)(found - exact));
			long double slope;
			reference_gap(&ref, exact, &slope);
			double curvature = fabs((double)reference_curvature(&ref, exact));
			double bound = gap_rounding(&ref, (double)exact);
			double conditioning = fmin(bound / fabs((double)slope), sqrt(2.0 * bound / curvature));
			worst_of_conditioning = fmax(worst_of_conditioning, error / (conditioning + slack + DBL_MIN));
			if (exact > 0.0L && bound / fabs((double)slope) < 1e-14 * (double)exact) {
				worst_simple_eps = fmax(worst_simple_eps, error / (double)exact / DBL_EPSILON);
			}
		}
	}
	printf("  %d pairs (%.0f reference points each):\n", RANDOM_PAIRS, (double)points / RANDOM_PAIRS);
	int otherwise_total = 0;
	for (int mix = 0; mix < MIX_COUNT; ++mix) {
		printf("    %-27s %7d, %7d meet, %5d dips within rounding decided otherwise\n", mix_names[mix], pairs[mix],
			entries[mix], otherwise[mix]);
		otherwise_total += otherwise[mix];
	}
	printf("  missed %d, early %d, late %d; decided otherwise within rounding %d; too fine for the sampling %d\n",
		missed, early, late, otherwise_total, unresolved);
	printf("  largest error against the exact entry: %.3g of its conditioning, %.3g eps at simple roots\n",
		worst_of_conditioning, worst_simple_eps);
	CHECK(unresolved <= RANDOM_PAIRS / 10000);
	for (int mix = 0; mix < MIX_COUNT; ++mix) {
		if (mix != MIX_BOTH_AT_REST) {
			CHECK(entries[mix] > pairs[mix] / 20);
		}
	}
}

int main(void) {
	RUN(linear);
	RUN(quadratic);
	RUN(quartic_from_roots);
	RUN(grazes_and_multiple_roots);
	RUN(touching_at_zero);
	RUN(constants_and_zero_leading);
	RUN(no_end);
	RUN(invalid_inputs);
	RUN(agrees_with_the_linear_toi);
	RUN(random_pairs_against_reference);
	return check_summary();
}
