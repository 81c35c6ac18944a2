// Unit tests: exact times of impact and impulse responses.
#include <float.h>
#include <math.h>

#include "check.h"
#include "collide.h"
#include "double_double.h"
#include "rng.h"
#include <breakshot/world.h>

static const double r = 0.028575;

static void toi_head_on(void) {
	// Centres 1 m apart closing at 2 m/s: they touch when 2r apart.
	double t = bs_toi_circles(bs_v2(1.0, 0.0), bs_v2(-2.0, 0.0), 2.0 * r);
	CHECK_REL(t, (1.0 - 2.0 * r) / 2.0, 1e-15);
}

static void toi_ball_at_rest(void) {
	// The second ball rests; the first moves at 3 m/s along the diagonal.
	bs_vec2 d = bs_v2(0.3, 0.4);                      // 0.5 m apart
	bs_vec2 w = bs_v2_scale(-3.0 / 0.5, d);           // second minus first: -v1
	double t = bs_toi_circles(d, w, 2.0 * r);
	CHECK_REL(t, (0.5 - 2.0 * r) / 3.0, 1e-14);
}

static void toi_miss(void) {
	CHECK(isinf(bs_toi_circles(bs_v2(1.0, 3.0 * r), bs_v2(-1.0, 0.0), 2.0 * r)));
}

static void toi_graze(void) {
	// Offset just inside the radius sum: a hit at the foot of the approach.
	double sigma = 2.0 * r;
	double t_in = bs_toi_circles(bs_v2(1.0, sigma * (1.0 - 1e-9)), bs_v2(-1.0, 0.0), sigma);
	CHECK(isfinite(t_in));
	CHECK_NEAR(t_in, 1.0, 1e-5); // a near-graze meets close to the closest approach
	CHECK(t_in < 1.0);
	// Just outside: a miss.
	CHECK(isinf(bs_toi_circles(bs_v2(1.0, sigma * (1.0 + 1e-9)), bs_v2(-1.0, 0.0), sigma)));
}

static void toi_touching_and_approaching(void) {
	double sigma = 2.0 * r;
	CHECK_EQ_DBL(bs_toi_circles(bs_v2(sigma, 0.0), bs_v2(-1.0, 0.0), sigma), 0.0);
	// Overlapping by rounding and approaching: now, never in the past.
	CHECK_EQ_DBL(bs_toi_circles(bs_v2(sigma * (1.0 - 1e-15), 0.0), bs_v2(-1.0, 0.1), sigma), 0.0);
}

static void toi_touching_and_separating(void) {
	double sigma = 2.0 * r;
	CHECK(isinf(bs_toi_circles(bs_v2(sigma, 0.0), bs_v2(1.0, 0.0), sigma)));
	CHECK(isinf(bs_toi_circles(bs_v2(sigma * (1.0 - 1e-12), 0.0), bs_v2(1.0, 0.5), sigma)));
	// Touching with zero normal velocity (sliding past): no collision.
	CHECK(isinf(bs_toi_circles(bs_v2(sigma, 0.0), bs_v2(0.0, 1.0), sigma)));
}

static void toi_parallel_motion(void) {
	// Same velocity: the relative velocity is zero.
	CHECK(isinf(bs_toi_circles(bs_v2(0.5, 0.0), bs_v2(0.0, 0.0), 2.0 * r)));
	// Relative motion perpendicular to the separation at its closest point.
	CHECK(isinf(bs_toi_circles(bs_v2(0.5, 0.0), bs_v2(0.0, 2.0), 2.0 * r)));
}

static void toi_no_cancellation(void) {
	// sigma = 1 and a gap of 2^-46, approached obliquely. The textbook root
	// (-b - sqrt(b^2 - ac)) / a subtracts two numbers that agree to about 46
	// bits and keeps only a few digits; ours, c / (-b + sqrt(b^2 - ac)), adds
	// them and keeps all.
	double gap = 0x1.0p-46;
	bs_vec2 d = bs_v2(1.0 + gap, 0.0);
	bs_vec2 w = bs_v2(-1.0, 0.3);
	double t = bs_toi_circles(d, w, 1.0);
	// Reference in extended precision: |d + w t| = 1.
	long double x = 1.0L + (long double)gap;
	long double a = (long double)bs_v2_dot(w, w), b = -x, c = x * x - 1.0L;
	long double reference = c / (-b + sqrtl(b * b - a * c));
	CHECK_REL(t, (double)reference, 1e-14);
	double ad = bs_v2_dot(w, w), bd = -(1.0 + gap), cd = (1.0 + gap) * (1.0 + gap) - 1.0;
	double naive = (-bd - sqrt(bd * bd - ad * cd)) / ad;
	CHECK(fabs(naive - (double)reference) > 1e-4 * (double)reference); // the textbook form really fails here
}

static void toi_tiny_speeds(void) {
	// Speeds so small that b^2 and a c underflow (an inelastic world slowing
	// geometrically): the time of impact still scales exactly as gap / speed.
	double sigma = 2.0 * r;
	for (int k = 0; k < 4; ++k) {
		double speed = ldexp(1.0, -250 - 100 * k); // 5.5e-76 down to 2.4e-166
		double t = bs_toi_circles(bs_v2(1.0, 0.0), bs_v2(-speed, 0.0), sigma);
		CHECK_REL(t, (1.0 - sigma) / speed, 1e-14);
		// Oblique: closest approach 0.6 sigma, contact 0.8 sigma before it.
		double y = 0.6 * sigma;
		double t2 = bs_toi_circles(bs_v2(1.0, y), bs_v2(-speed, 0.0), sigma);
		CHECK_REL(t2, (1.0 - sqrt(sigma * sigma - y * y)) / speed, 1e-12);
		CHECK(isinf(bs_toi_circles(bs_v2(1.0, 1.2 * sigma), bs_v2(-speed, 0.0), sigma)));
	}
	// Not a power of two: |w|^2 is a subnormal with few digits left.
	for (double speed = 1e-160; speed > 1e-163; speed *= 0.1) {
		CHECK_REL(bs_toi_circles(bs_v2(1.0, 0.0), bs_v2(-speed, 0.0), sigma), (1.0 - sigma) / speed, 1e-14);
	}
}

static void toi_random_against_root(void) {
	// Against the analytic distance: at the returned time the centres are sigma apart.
	bs_rng rng = bs_rng_make(7);
	int hits = 0;
	for (int k = 0; k < 10000; ++k) {
		double sigma = bs_rng_range(&rng, 0.01, 0.1);
		bs_vec2 d = bs_v2(bs_rng_range(&rng, -1.0, 1.0), bs_rng_range(&rng, -1.0, 1.0));
		if (bs_v2_len(d) <= sigma) {
			continue;
		}
		bs_vec2 w = bs_v2(bs_rng_range(&rng, -3.0, 3.0), bs_rng_range(&rng, -3.0, 3.0));
		double t = bs_toi_circles(d, w, sigma);
		if (isfinite(t)) {
			hits += 1;
			CHECK(t >= 0.0);
			CHECK_REL(bs_v2_len(bs_v2_mad(d, t, w)), sigma, 1e-9);
		} else {
			// A miss: the closest approach stays outside, or they separate.
			double closest = bs_v2_dot(d, w) < 0.0 ? fabs(bs_v2_cross(d, w)) / bs_v2_len(w) : bs_v2_len(d);
			CHECK(closest >= sigma * (1.0 - 1e-12));
		}
	}
	CHECK(hits > 100);
}

// The sieve prediction runs first must let through every pair that meets:
// random pairs, near misses, grazes, touching and overlapping pairs, pairs at
// rest and pairs so slow that the slow path solves them.
static void toi_possible_never_hides_a_contact(void) {
	bs_rng rng = bs_rng_make(11);
	int hits = 0;
	int sifted_out = 0;
	for (int k = 0; k < 200000; ++k) {
		double sigma = bs_rng_range(&rng, 0.01, 0.1);
		bs_vec2 d = bs_v2(bs_rng_range(&rng, -0.3, 0.3), bs_rng_range(&rng, -0.3, 0.3));
		bs_vec2 w = bs_v2(bs_rng_range(&rng, -3.0, 3.0), bs_rng_range(&rng, -3.0, 3.0));
		switch (k % 5) {
		case 1: // a graze: closest approach within a few roundings of sigma
			d = bs_v2_scale(sigma * (1.0 + bs_rng_range(&rng, -1e-14, 1e-14)) / bs_v2_len(d), d);
			w = bs_v2(-d.y, d.x);
			w = bs_v2_mad(w, bs_rng_range(&rng, -1e-15, 1e-15), d);
			break;
		case 2: // touching or overlapping by rounding
			d = bs_v2_scale(sigma * (1.0 + bs_rng_range(&rng, -1e-15, 1e-15)) / bs_v2_len(d), d);
			break;
		case 3: // so slow that b^2 underflows (the slow path), or at rest
			w = bs_v2_scale(k % 2 ? pow(10.0, bs_rng_range(&rng, -162.0, -155.0)) : 0.0, w);
			break;
		case 4: // moving in parallel
			w = bs_v2(0.0, 0.0);
			break;
		default:
			break;
		}
		double t = bs_toi_circles(d, w, sigma);
		bool possible = bs_toi_circles_possible(d, w, sigma);
		if (isfinite(t)) {
			hits += 1;
			CHECK(possible);
		} else {
			sifted_out += !possible;
		}
	}
	// A graze with a discriminant of exactly zero (every product exact).
	CHECK_EQ_DBL(bs_toi_circles(bs_v2(1.0, 0.5), bs_v2(-1.0, 0.0), 0.5), 1.0);
	CHECK(bs_toi_circles_possible(bs_v2(1.0, 0.5), bs_v2(-1.0, 0.0), 0.5));
	// Slow grazes (speeds from 1e-150 to 1e-76, any direction): the
	// discriminant can round below zero where the slow path finds a contact.
	int slow_grazes = 0;
	for (int k = 0; k < 20000; ++k) {
		double sigma = bs_rng_range(&rng, 0.01, 0.1);
		double angle = bs_rng_range(&rng, 0.0, 6.283185307179586);
		bs_vec2 along = bs_v2(cos(angle), sin(angle));
		bs_vec2 across = bs_v2(-along.y, along.x);
		double miss = sigma * (1.0 - fabs(bs_rng_range(&rng, 0.0, 1e-15)));
		bs_vec2 d = bs_v2_mad(bs_v2_scale(bs_rng_range(&rng, 0.1, 0.3), along), miss, across);
		bs_vec2 w = bs_v2_scale(-pow(10.0, bs_rng_range(&rng, -150.0, -76.0)), along);
		if (isfinite(bs_toi_circles(d, w, sigma))) {
			slow_grazes += 1;
			CHECK(bs_toi_circles_possible(d, w, sigma));
		}
	}
	CHECK(slow_grazes > 1000);
	// One such graze, found by search: b^2 - a c is -2.9e-188.
	bs_vec2 graze_d = bs_v2(0.248528916957795, 0.099999999999999992);
	bs_vec2 graze_w = bs_v2(-4.9259276100950167e-86, 0.0);
	CHECK(isfinite(bs_toi_circles(graze_d, graze_w, 0.1)));
	CHECK(bs_toi_circles_possible(graze_d, graze_w, 0.1));
	// Touching at a speed so large that |w|^2 overflows: a c is NaN.
	CHECK_EQ_DBL(bs_toi_circles(bs_v2(1.0, 0.0), bs_v2(-1e155, 0.0), 1.0), 0.0);
	CHECK(bs_toi_circles_possible(bs_v2(1.0, 0.0), bs_v2(-1e155, 0.0), 1.0));
	// The sieve is worth having: it turns most misses away.
	CHECK(hits > 10000);
	CHECK(sifted_out > 50000);
}

// The first contact of any image of the pair, found column by column, each
// image by prediction's own arithmetic: what the cell crossings would find.
static double periodic_meeting_column_by_column(bs_vec2 d, bs_vec2 w, double sigma, double width, double height,
	double horizon, bool skip_touched) {
	double dv[2] = {d.x, d.y};
	double wv[2] = {w.x, w.y};
	double length[2] = {width, height};
	int p = fabs(w.x) * height >= fabs(w.y) * width ? 0 : 1;
	int q = 1 - p;
	double forwards = wv[p] > 0.0 ? 1.0 : -1.0;
	double dp = forwards * dv[p];
	double slope = wv[q] / (forwards * wv[p]);
	double last = floor((dp + forwards * wv[p] * horizon) / length[p]) + 1.0;
	bs_vec2 touched = bs_v2(bs_periodic_nearest(d.x, width), bs_periodic_nearest(d.y, height));
	double far_distance2 = width * width + height * height;
	for (double i = -1.0; i <= last; i += 1.0) {
		double row = floor((dv[q] + slope * (i * length[p] - dp)) / length[q] + 0.5);
		double earliest = INFINITY;
		for (double j = row - 1.0; j <= row + 1.0; j += 1.0) {
			double k[2];
			k[p] = forwards * i;
			k[q] = j;
			bs_vec2 image = bs_v2(d.x - width * k[0], d.y - height * k[1]);
			if (skip_touched && image.x == touched.x && image.y == touched.y) {
				continue;
			}
			double t = bs_toi_periodic_image(d, k[0], k[1], width, height, image, w, sigma, far_distance2);
			earliest = t <= horizon && t < earliest ? t : earliest;
		}
		if (earliest < INFINITY) {
			return earliest;
		}
	}
	return INFINITY;
}

static void periodic_search_agrees_with_every_column(void) {
	// bs_toi_periodic skips from image to image by the rotation of the path
	// across the box; the cell crossings meet every image in turn. They must
	// agree to the bit, or a run would depend on which of them found its next
	// event, and a resumed run would not repeat the original. The hard
	// paths: images passed at the edge of contact many thousands of columns
	// ahead, where rounding grows with the distance, and paths drifting
	// through the edge of contact by as little as 1e-17 of their speed, as a
	// graze leaves them.
	// 240 paths and 120 near a diagonal; the fast tier: 60 and 40.
	const int paths = check_scaled(240, 60);
	const int diagonal_paths = check_scaled(120, 40);
	bs_rng rng = bs_rng_make(19);
	int met = 0;
	int edge_cases = 0;
	for (int trial = 0; trial < paths; ++trial) {
		double width = bs_rng_range(&rng, 0.5, 1.5);
		double height = bs_rng_range(&rng, 0.5, 1.5);
		double sigma = bs_rng_range(&rng, 0.02, 0.07);
		double speed = bs_rng_range(&rng, 1.0, 100.0);
		double angle = bs_rng_range(&rng, 0.0, 6.283185307179586);
		bs_vec2 w = bs_v2(speed * cos(angle), speed * sin(angle));
		bs_vec2 d = bs_v2(bs_rng_range(&rng, -0.5, 0.5) * width, bs_rng_range(&rng, -0.5, 0.5) * height);
		bool skip_touched = false;
		double margin = pow(10.0, bs_rng_range(&rng, -17.0, -7.0)) * (bs_rng_range(&rng, -1.0, 1.0) < 0.0 ? -1.0 : 1.0);
		int kind = trial % 4;
		if (kind == 1 || kind == 2) {
			// Along x, drifting across by 1e-17 to 1e-11 of the speed, at the
			// edge of contact with the nearest image: just after a graze
			// (kind 2, that image skipped) or just before one.
			double drift =
				pow(10.0, bs_rng_range(&rng, -17.0, -11.0)) * (bs_rng_range(&rng, -1.0, 1.0) < 0.0 ? -1.0 : 1.0);
			w = bs_v2(speed * (bs_rng_range(&rng, -1.0, 1.0) < 0.0 ? -1.0 : 1.0), speed * drift);
			d = bs_v2(kind == 2 ? 0.0 : 0.3 * width * (w.x > 0.0 ? -1.0 : 1.0), sigma * (1.0 + margin));
			skip_touched = kind == 2;
			edge_cases += 1;
		} else if (kind == 3) {
			// Aimed at an image 10 to 10^5 columns ahead, passing it at the
			// edge of contact, with balls a tenth of the usual size.
			sigma *= 0.1;
			double columns = floor(pow(10.0, bs_rng_range(&rng, 1.0, 5.0)));
			double rows = floor(columns * bs_rng_range(&rng, -0.7, 0.7));
			bs_vec2 target = bs_v2(d.x - columns * width, d.y - rows * height);
			double distance = bs_v2_len(target);
			double turn = asin(sigma * (1.0 + margin) / distance);
			bs_vec2 toward = bs_v2_scale(-1.0 / distance, target);
			w = bs_v2_scale(speed,
				bs_v2(toward.x * cos(turn) - toward.y * sin(turn), toward.x * sin(turn) + toward.y * cos(turn)));
			edge_cases += 1;
		}
		// At most about 10^5 columns, for the enumeration's sake.
		double horizon = 1.2e5 * (width < height ? width : height) / speed;
		double found = bs_toi_periodic(d, w, sigma, width, height, 0.0, horizon, skip_touched);
		double expected = periodic_meeting_column_by_column(d, w, sigma, width, height, horizon, skip_touched);
		met += expected < INFINITY;
		if (!(found == expected || (isinf(found) && isinf(expected)))) {
			CHECK_FAIL("trial %d (kind %d): the search says %.17g s, the columns %.17g s; d (%.17g, %.17g), w (%.17g, "
					   "%.17g), sigma %.17g, box %.17g x %.17g",
				trial, kind, found, expected, d.x, d.y, w.x, w.y, sigma, width, height);
		}
	}
	printf("  %d of %d paths meet an image, %d at the edge of contact\n", met, paths, edge_cases);
	CHECK(met > paths * 5 / 8);

	// Along a diagonal, drifting off it through the edge of contact: the
	// images in turn lie in different rows, and the double cross product of
	// the rounded images would let rounding decide which one first meets.
	// Decided on the exact images (bs_toi_far_image_meets), the search and
	// the columns agree to the bit here too. The second half drift into
	// contact from just outside it, slowly: hundreds of columns pass at the
	// edge before the path is inside.
	int met_near_diagonal = 0;
	for (int trial = 0; trial < diagonal_paths; ++trial) {
		double side = bs_rng_range(&rng, 0.5, 1.5);
		double sigma = bs_rng_range(&rng, 0.02, 0.07);
		double speed = bs_rng_range(&rng, 1.0, 100.0);
		double drift = pow(10.0, bs_rng_range(&rng, -16.0, -10.0)) * (trial % 2 ? -1.0 : 1.0);
		double margin = pow(10.0, bs_rng_range(&rng, -15.0, -9.0)) * (trial % 4 < 2 ? -1.0 : 1.0);
		if (trial >= diagonal_paths / 2) {
			drift = bs_rng_range(&rng, 2e-15, 2e-14);
			margin = pow(10.0, bs_rng_range(&rng, -12.0, -10.0));
		}
		bs_vec2 w = bs_v2(speed, speed * (1.0 + drift));
		bs_vec2 d = bs_v2_scale(0.3 * side, bs_v2(-0.7071067811865476, -0.7071067811865476));
		d = bs_v2_mad(d, sigma * (1.0 + margin), bs_v2(0.7071067811865476, -0.7071067811865476));
		double horizon = 1.2e5 * side / speed;
		double found = bs_toi_periodic(d, w, sigma, side, side, 0.0, horizon, false);
		double expected = periodic_meeting_column_by_column(d, w, sigma, side, side, horizon, false);
		met_near_diagonal += expected < INFINITY;
		if (!(found == expected || (isinf(found) && isinf(expected)))) {
			CHECK_FAIL("diagonal %d: the search says %.17g s, the columns %.17g s; d (%.17g, %.17g), w (%.17g, "
					   "%.17g), sigma %.17g, side %.17g",
				trial, found, expected, d.x, d.y, w.x, w.y, sigma, side);
		}
	}
	printf("  %d paths near a diagonal: %d meet an image\n", diagonal_paths, met_near_diagonal);
	CHECK(met_near_diagonal > diagonal_paths / 2);
}

// A 113-bit reference for double-double arithmetic (GCC's binary128).
__extension__ typedef __float128 quad;

static quad quad_of(bs_dd x) {
	return (quad)x.hi + (quad)x.lo;
}

static double relative_to(quad error, quad scale) {
	error = error < 0 ? -error : error;
	scale = scale < 0 ? -scale : scale;
	return scale > 0 ? (double)(error / scale) : (double)error;
}

// A double-double of random size and sign, its low part anywhere within
// half an ulp of its high part.
static bs_dd random_dd(bs_rng* rng, double low_exponent, double high_exponent) {
	double hi = pow(2.0, bs_rng_range(rng, low_exponent, high_exponent)) * (bs_rng_range(rng, -1.0, 1.0) < 0 ? -1 : 1);
	double lo = bs_rng_range(rng, -0.5, 0.5) * (nextafter(fabs(hi), INFINITY) - fabs(hi));
	return bs_dd_quick_sum(hi, lo);
}

static void double_double_arithmetic(void) {
	// The periodic search's exact decisions rest on these: each within
	// 2^-100 of its inputs' size (the rounding the search allows for), and
	// floor, ceiling and the whole numbers exact.
	bs_rng rng = bs_rng_make(31);
	const double bound = 0x1p-100;
	double worst[6] = {0};
	for (int trial = 0; trial < 200000; ++trial) {
		bs_dd a = random_dd(&rng, -40.0, 40.0);
		bs_dd b = random_dd(&rng, -40.0, 40.0);
		quad qa = quad_of(a);
		quad qb = quad_of(b);
		quad size = (qa < 0 ? -qa : qa) + (qb < 0 ? -qb : qb);
		worst[0] = fmax(worst[0], relative_to(quad_of(bs_dd_add(a, b)) - (qa + qb), size));
		worst[1] = fmax(worst[1], relative_to(quad_of(bs_dd_mul(a, b)) - qa * qb, qa * qb));
		worst[2] = fmax(worst[2], relative_to(quad_of(bs_dd_div(a, b)) - qa / qb, qa / qb));
		bs_dd positive = a.hi < 0.0 ? bs_dd_neg(a) : a;
		quad root = quad_of(bs_dd_sqrt(positive));
		worst[3] = fmax(worst[3], relative_to(root * root - quad_of(positive), quad_of(positive)));
		// a mod m for m > 0 and quotients up to 2^45.
		bs_dd m = random_dd(&rng, -10.0, 10.0);
		m = m.hi < 0.0 ? bs_dd_neg(m) : m;
		bs_dd x = bs_dd_mul_d(m, bs_rng_range(&rng, -0x1p45, 0x1p45));
		x = trial % 3 == 0 ? bs_dd_mul_d(m, floor(bs_rng_range(&rng, -1e6, 1e6))) : x; // exact multiples
		bs_dd r = bs_dd_mod(x, m);
		quad qm = quad_of(m);
		quad qx = quad_of(x);
		quad quotient = qx / qm;
		quad whole = (quad)floor((double)quotient);
		quad exact = qx - whole * qm;
		exact = exact < 0 ? exact + qm : exact;
		exact = exact >= qm ? exact - qm : exact;
		quad qr = quad_of(r);
		// Near a multiple, 0 and m are the same point of the circle.
		quad apart = qr - exact;
		apart = apart > qm / 2 ? apart - qm : apart < -qm / 2 ? apart + qm : apart;
		worst[4] = fmax(worst[4], relative_to(apart, (qx < 0 ? -qx : qx) + qm));
		if (!(qr >= 0 && qr < qm)) {
			CHECK_FAIL("mod: %.17g + %.17g mod %.17g + %.17g = %.17g + %.17g, outside [0, m)", x.hi, x.lo, m.hi, m.lo,
				r.hi, r.lo);
		}
		// floor and the ceiling's whole number: exact, with the low part
		// either side of a whole high part.
		bs_dd near_whole = bs_dd_quick_sum(floor(bs_rng_range(&rng, -1e15, 1e15)), bs_rng_range(&rng, -0.4, 0.4));
		quad qn = quad_of(near_whole);
		quad expected_floor = (quad)floor((double)qn);
		expected_floor = expected_floor > qn ? expected_floor - 1 : expected_floor;
		expected_floor = expected_floor + 1 <= qn ? expected_floor + 1 : expected_floor;
		quad expected_ceiling = expected_floor == qn ? qn : expected_floor + 1;
		if (quad_of(bs_dd_floor(near_whole)) != expected_floor || (quad)bs_dd_ceil_whole(near_whole) != expected_ceiling) {
			CHECK_FAIL("floor or ceiling of %.17g + %.17g: %.17g and %.17g", near_whole.hi, near_whole.lo,
				bs_dd_floor(near_whole).hi, bs_dd_ceil_whole(near_whole));
		}
		quad product = (quad)a.hi * (quad)b.hi;
		bs_dd two = bs_dd_two_product(a.hi, b.hi);
		worst[5] = fmax(worst[5], relative_to(quad_of(two) - product, product));
	}
	printf("  worst relative errors: add %.2g, mul %.2g, div %.2g, sqrt %.2g, mod %.2g; two_product %.2g\n", worst[0],
		worst[1], worst[2], worst[3], worst[4], worst[5]);
	const char* names[6] = {"add", "mul", "div", "sqrt", "mod", "two_product"};
	for (int k = 0; k < 6; ++k) {
		if (!(worst[k] <= (k == 5 ? 0.0 : bound))) {
			CHECK_FAIL("%s: relative error %.3g, over %.3g", names[k], worst[k], k == 5 ? 0.0 : bound);
		}
	}
}

static void toi_segment_linear(void) {
	bs_segment wall = {{0.0, 1.0}, {0.0, 0.0}}; // x = 0, table on +x
	CHECK_REL(bs_toi_segment(bs_v2(0.5, 0.5), bs_v2(-2.0, 0.0), 0.1, wall), 0.2, 1e-15);
	CHECK(isinf(bs_toi_segment(bs_v2(0.5, 0.5), bs_v2(2.0, 0.0), 0.1, wall)));       // moving away
	CHECK(isinf(bs_toi_segment(bs_v2(0.5, 0.5), bs_v2(0.0, 1.0), 0.1, wall)));       // parallel
	CHECK_EQ_DBL(bs_toi_segment(bs_v2(0.1, 0.5), bs_v2(-1.0, 0.3), 0.1, wall), 0.0); // touching, approaching
	CHECK(isinf(bs_toi_segment(bs_v2(0.5, 1.5), bs_v2(-1.0, 0.0), 0.1, wall)));      // beyond its end
	CHECK(isfinite(bs_toi_segment(bs_v2(0.5, 0.9), bs_v2(-1.0, 0.1), 0.1, wall)));   // contact at y = 0.94
}

static void toi_enter_circle(void) {
	CHECK_REL(bs_toi_enter_circle(bs_v2(1.0, 0.0), bs_v2(-1.0, 0.0), bs_v2(0.0, 0.0), 0.25), 0.75, 1e-15);
	CHECK_EQ_DBL(bs_toi_enter_circle(bs_v2(0.1, 0.0), bs_v2(1.0, 0.0), bs_v2(0.0, 0.0), 0.25), 0.0); // inside already
	CHECK(isinf(bs_toi_enter_circle(bs_v2(1.0, 0.0), bs_v2(1.0, 0.0), bs_v2(0.0, 0.0), 0.25)));
}

static void response_1d_unequal_masses(void) {
	double m1 = 0.17, m2 = 0.5;
	for (int k = 0; k <= 4; ++k) {
		double e = 0.25 * k;
		bs_vec2 v1 = bs_v2(2.0, 0.0), v2 = bs_v2(-0.5, 0.0);
		double u1 = 2.0, u2 = -0.5;
		double impulse = bs_resolve_balls(&v1, m1, &v2, m2, bs_v2(1.0, 0.0), e);
		// The textbook 1-D result with restitution.
		double w1 = (m1 * u1 + m2 * u2 - m2 * e * (u1 - u2)) / (m1 + m2);
		double w2 = (m1 * u1 + m2 * u2 + m1 * e * (u1 - u2)) / (m1 + m2);
		CHECK_REL(v1.x, w1, 1e-14);
		CHECK_REL(v2.x, w2, 1e-14);
		CHECK_EQ_DBL(v1.y, 0.0);
		CHECK_EQ_DBL(v2.y, 0.0);
		CHECK_REL(impulse, (1.0 + e) * m1 * m2 / (m1 + m2) * (u1 - u2), 1e-15);
		CHECK_NEAR(v2.x - v1.x, e * (u1 - u2), 1e-14 * (u1 - u2)); // separation speed = e * approach speed
	}
}

static void response_90_degree_rule(void) {
	// Equal masses, one at rest, oblique elastic hit: they leave at right angles.
	for (int k = 1; k < 8; ++k) {
		double angle = 0.2 * k;
		bs_vec2 n = bs_v2(cos(angle), sin(angle));
		bs_vec2 v1 = bs_v2(3.0, 0.0), v2 = bs_v2(0.0, 0.0);
		bs_resolve_balls(&v1, BS_DEFAULT_MASS, &v2, BS_DEFAULT_MASS, n, 1.0);
		CHECK_NEAR(bs_v2_dot(v1, v2), 0.0, 1e-14);
		CHECK_REL(bs_v2_len2(v1) + bs_v2_len2(v2), 9.0, 1e-15);
		// The struck ball leaves along the line of centres.
		CHECK_NEAR(bs_v2_cross(v2, n), 0.0, 1e-15);
	}
}

static void response_conserves(void) {
	bs_rng rng = bs_rng_make(11);
	for (int k = 0; k < 10000; ++k) {
		double m1 = bs_rng_range(&rng, 0.05, 1.0), m2 = bs_rng_range(&rng, 0.05, 1.0);
		double angle = bs_rng_range(&rng, 0.0, 2.0 * BS_PI);
		bs_vec2 n = bs_v2(cos(angle), sin(angle));
		bs_vec2 v1 = bs_v2(bs_rng_range(&rng, -3, 3), bs_rng_range(&rng, -3, 3));
		bs_vec2 v2 = bs_v2(bs_rng_range(&rng, -3, 3), bs_rng_range(&rng, -3, 3));
		bs_vec2 p0 = bs_v2_add(bs_v2_scale(m1, v1), bs_v2_scale(m2, v2));
		double e0 = 0.5 * m1 * bs_v2_len2(v1) + 0.5 * m2 * bs_v2_len2(v2);
		double scale = m1 * bs_v2_len(v1) + m2 * bs_v2_len(v2);
		bs_resolve_balls(&v1, m1, &v2, m2, n, 1.0);
		bs_vec2 p1 = bs_v2_add(bs_v2_scale(m1, v1), bs_v2_scale(m2, v2));
		CHECK_NEAR(p1.x, p0.x, 1e-14 * scale);
		CHECK_NEAR(p1.y, p0.y, 1e-14 * scale);
		CHECK_REL(0.5 * m1 * bs_v2_len2(v1) + 0.5 * m2 * bs_v2_len2(v2), e0, 1e-13);
	}
}

static void response_obstacle(void) {
	bs_vec2 v = bs_v2(-2.0, 1.0);
	double impulse = bs_resolve_obstacle(&v, 0.2, bs_v2(1.0, 0.0), 0.5);
	CHECK_EQ_DBL(v.x, 1.0);
	CHECK_EQ_DBL(v.y, 1.0);
	CHECK_REL(impulse, 0.2 * 3.0, 1e-15);
}

int main(void) {
	RUN(toi_head_on);
	RUN(toi_ball_at_rest);
	RUN(toi_miss);
	RUN(toi_graze);
	RUN(toi_touching_and_approaching);
	RUN(toi_touching_and_separating);
	RUN(toi_parallel_motion);
	RUN(toi_no_cancellation);
	RUN(toi_tiny_speeds);
	RUN(toi_random_against_root);
	RUN(toi_possible_never_hides_a_contact);
	RUN(periodic_search_agrees_with_every_column);
	RUN(toi_segment_linear);
	RUN(toi_enter_circle);
	RUN(response_1d_unequal_masses);
	RUN(response_90_degree_rule);
	RUN(response_conserves);
	RUN(response_obstacle);
	RUN(double_double_arithmetic);
	return check_summary();
}
