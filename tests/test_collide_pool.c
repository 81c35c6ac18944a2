// Unit tests: times of impact under pool physics (sim/collide_pool.h),
// against a reference in long double that samples the gap densely and
// refines by bisection, sharing nothing with the solver but the problem.
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "collide.h"
#include "collide_pool.h"
#include "motion.h"
#include "rng.h"

static const double radius = 0.028575;

// |d + w t + a t^2/2|^2 - sigma^2 in long double.
static long double gap_at(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, long double t) {
	long double x = (long double)d.x + (long double)w.x * t + 0.5L * (long double)a.x * t * t;
	long double y = (long double)d.y + (long double)w.y * t + 0.5L * (long double)a.y * t * t;
	return x * x + y * y - (long double)sigma * sigma;
}

// The reference: the first t in [0, t_end] where the gap enters <= 0 from
// above, by sampling 1000 points, refining around every sampled local
// minimum by golden section (so that a short dip between samples is not
// lost), then bisecting the first sign change. Also the depth of that dip
// (the least gap within it, <= 0), so that grazes within rounding can be
// told from contacts. INFINITY when the gap never goes below 0. A start
// inside contact counts only while closing (the solver's rule), which the
// tests avoid by starting apart.
typedef struct reference {
	long double entry;
	long double depth;
} reference;

static long double minimise(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, long double lo, long double hi) {
	const long double ratio = 0.6180339887498948482L;
	long double x1 = hi - ratio * (hi - lo);
	long double x2 = lo + ratio * (hi - lo);
	long double f1 = gap_at(d, w, a, sigma, x1);
	long double f2 = gap_at(d, w, a, sigma, x2);
	for (int k = 0; k < 100 && hi - lo > 1e-24L * (1.0L + hi); ++k) {
		if (f1 < f2) {
			hi = x2;
			x2 = x1;
			f2 = f1;
			x1 = hi - ratio * (hi - lo);
			f1 = gap_at(d, w, a, sigma, x1);
		} else {
			lo = x1;
			x1 = x2;
			f1 = f2;
			x2 = lo + ratio * (hi - lo);
			f2 = gap_at(d, w, a, sigma, x2);
		}
	}
	return 0.5L * (lo + hi);
}

static reference reference_entry(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, double t_end) {
	enum { SAMPLES = 1000 };
	reference r = {INFINITY, 0.0L};
	long double step = (long double)t_end / SAMPLES;
	long double gaps[SAMPLES + 2];
	for (int k = 0; k <= SAMPLES + 1; ++k) {
		gaps[k] = gap_at(d, w, a, sigma, step * k);
	}
	for (int k = 1; k <= SAMPLES; ++k) {
		long double lo = step * (k - 1);
		long double hi = step * k;
		bool crossing = gaps[k] <= 0.0L;
		if (!crossing && k < SAMPLES && gaps[k] <= gaps[k - 1] && gaps[k] <= gaps[k + 1]) {
			// A dip between this sample and its neighbours?
			long double m = minimise(d, w, a, sigma, lo, hi + step);
			if (gap_at(d, w, a, sigma, m) <= 0.0L && m > lo) {
				crossing = true;
				hi = m;
			}
		}
		if (crossing && gaps[k - 1] > 0.0L) {
			for (int i = 0; i < 100; ++i) {
				long double mid = 0.5L * (lo + hi);
				if (gap_at(d, w, a, sigma, mid) > 0.0L) {
					lo = mid;
				} else {
					hi = mid;
				}
			}
			r.entry = hi;
			// The dip's depth: the least gap from the entry on, over the next
			// stretch of the interval.
			long double end = hi + 4.0L * step < t_end ? hi + 4.0L * step : (long double)t_end;
			long double m = minimise(d, w, a, sigma, hi, end);
			long double depth = gap_at(d, w, a, sigma, m);
			r.depth = depth < 0.0L ? depth : 0.0L;
			return r;
		}
	}
	return r;
}

static bs_vec2 random_direction(bs_rng* rng) {
	double angle = bs_rng_range(rng, 0.0, 2.0 * BS_PI);
	return bs_v2(cos(angle), sin(angle));
}

// A pool ball's acceleration: sliding (mu_s g, in any direction) or
// rolling (mu_r g against its velocity), or none at rest.
static bs_vec2 random_acceleration(bs_rng* rng, bs_vec2 vel) {
	switch (bs_rng_next(rng) % 3) {
	case 0:
		return bs_v2_scale(0.2 * 9.81, random_direction(rng));
	case 1:
		return bs_v2_scale(-0.01 * 9.81, bs_v2_normalize(vel));
	default:
		return bs_v2(0.0, 0.0);
	}
}

// 2·10^5 random pairs of pool balls in every mix of motions, many aimed to
// graze or touch, against the reference: no contact deeper than rounding
// is missed, and none is found early or late beyond what the gap's rounding
// allows at its slope there.
static void pairs_agree_with_the_reference(void) {
	bs_rng rng = bs_rng_make(2026);
	int trials = check_scaled(200000, 20000); // 2·10^4 in the fast tier
	int contacts = 0, misses = 0, early = 0, late = 0, shallow = 0, spurious = 0;
	double worst_time = 0.0;
	for (int trial = 0; trial < trials; ++trial) {
		double sigma = trial % 4 == 0 ? bs_rng_range(&rng, 0.03, 0.07) : 2.0 * radius;
		bs_vec2 va = bs_v2_scale(bs_rng_range(&rng, 0.0, 6.0), random_direction(&rng));
		bs_vec2 vb = trial % 3 == 0 ? bs_v2(0.0, 0.0) : bs_v2_scale(bs_rng_range(&rng, 0.0, 6.0), random_direction(&rng));
		bs_vec2 aa = random_acceleration(&rng, va);
		bs_vec2 ab = bs_v2_len2(vb) > 0.0 ? random_acceleration(&rng, vb) : bs_v2(0.0, 0.0);
		bs_vec2 w = bs_v2_sub(vb, va);
		bs_vec2 a = bs_v2_sub(ab, aa);
		double t_end = bs_rng_range(&rng, 0.01, 4.0);
		bs_vec2 d;
		if (trial % 2 == 0) {
			// Aimed: b is where a's path takes it at some time, offset across
			// by up to a little more than sigma, so many pairs graze.
			double t_hit = bs_rng_range(&rng, 0.0, t_end);
			bs_vec2 along = bs_motion_position(bs_v2(0.0, 0.0), bs_v2_scale(-1.0, w), bs_v2_scale(-1.0, a), t_hit);
			double offset = sigma * bs_rng_range(&rng, -1.05, 1.05);
			d = bs_v2_add(along, bs_v2_scale(offset, bs_v2_perp(bs_v2_normalize(w))));
		} else {
			d = bs_v2_scale(bs_rng_range(&rng, sigma, 2.0), random_direction(&rng));
		}
		if (!(bs_v2_len(d) > sigma * (1.0 + 1e-9))) {
			continue; // starting apart, so that the reference's rule is the solver's
		}
		double t = bs_toi_pool_circles(d, w, a, sigma, t_end, INFINITY);
		// Looking only as far as some earlier time changes no time found
		// by then, to the bit.
		double needed = bs_rng_range(&rng, 0.0, t_end);
		double near = bs_toi_pool_circles(d, w, a, sigma, t_end, needed);
		if (!(near == t || (isinf(near) && t > needed))) {
			CHECK_FAIL("needed by %.17g: %.17g, the whole interval %.17g", needed, near, t);
		}
		reference ref = reference_entry(d, w, a, sigma, t_end);
		// What rounding does to the gap: a few ulps of the sum of the
		// squares it is made of.
		long double scale = (long double)(bs_v2_len(d) + bs_v2_len(w) * t_end + bs_v2_len(a) * t_end * t_end);
		long double rounding = 64.0L * DBL_EPSILON * scale * scale;
		if (ref.entry < INFINITY) {
			contacts += 1;
			if (!(t < INFINITY)) {
				if (ref.depth < -rounding) {
					misses += 1;
					CHECK_FAIL("missed: d (%.17g, %.17g) w (%.17g, %.17g) a (%.17g, %.17g) sigma %.17g t_end %.17g: "
							   "the reference enters at %.17Lg, %.3Lg deep",
						d.x, d.y, w.x, w.y, a.x, a.y, sigma, t_end, ref.entry, ref.depth);
				} else {
					shallow += 1;
				}
				continue;
			}
			// The time a gap error of `rounding` can move the entry: over the
			// slope there, or for a dip no deeper than it its whole width.
			long double slope = fabsl(gap_at(d, w, a, sigma, ref.entry) - gap_at(d, w, a, sigma, ref.entry - 1e-9L)) / 1e-9L;
			long double allowed = slope > 0.0L ? 4.0L * rounding / slope : (long double)t_end;
			if (ref.depth > -16.0L * rounding) {
				allowed = (long double)t_end; // a graze within rounding: its entry is anywhere in the dip
			}
			allowed += 1e-15L * (long double)t_end;
			long double off = (long double)t - ref.entry;
			worst_time = fabsl(off) / allowed > worst_time ? (double)(fabsl(off) / allowed) : worst_time;
			if (off < -allowed) {
				early += 1;
				CHECK_FAIL("early: t %.17g, the reference %.17Lg (allowed %.3Lg); d (%.17g, %.17g) w (%.17g, %.17g) a "
						   "(%.17g, %.17g) sigma %.17g t_end %.17g",
					t, ref.entry, allowed, d.x, d.y, w.x, w.y, a.x, a.y, sigma, t_end);
			} else if (off > allowed) {
				late += 1;
				CHECK_FAIL("late: t %.17g, the reference %.17Lg (allowed %.3Lg); d (%.17g, %.17g) w (%.17g, %.17g) a "
						   "(%.17g, %.17g) sigma %.17g t_end %.17g",
					t, ref.entry, allowed, d.x, d.y, w.x, w.y, a.x, a.y, sigma, t_end);
			}
		} else if (t < INFINITY) {
			// The solver found a contact the reference did not: only a graze
			// within rounding may be told either way.
			long double g = gap_at(d, w, a, sigma, t);
			if (g > rounding) {
				spurious += 1;
				CHECK_FAIL("contact where the gap is %.3Lg: t %.17g; d (%.17g, %.17g) w (%.17g, %.17g) a (%.17g, %.17g) "
						   "sigma %.17g t_end %.17g",
					g, t, d.x, d.y, w.x, w.y, a.x, a.y, sigma, t_end);
			} else {
				shallow += 1;
			}
		}
	}
	printf("  %d pairs, %d contacts: %d missed, %d early, %d late, %d spurious; %d grazes within rounding; worst time "
		   "error %.3g of its allowance\n",
		trials, contacts, misses, early, late, spurious, shallow, worst_time);
	CHECK(contacts > trials / 10);
}

// Pairs hundreds to 10^5 sums of radii apart, some at the speeds of a
// fuzzed cue (4000 m/s): the power-basis quartic loses eps |d|^2 to
// rounding, which would place the contact eps |d|^2 / sigma off (10^-8
// sigma at 10^4 sigma). The time found must instead put the pair at
// contact to within the rounding of their relative position there, a few
// ulps of |d| + |w| t + |a| t^2 / 2, and of the near root at the far
// threshold (eps BS_TOI_FAR_RATIO2 sigma, 2 10^-11 sigma): both far inside
// the engine's overlap tolerance (BS_CONTACT_TOLERANCE, 10^-9 sigma).
static void far_pairs_meet_at_contact(void) {
	bs_rng rng = bs_rng_make(909);
	int contacts = 0;
	double worst = 0.0;
	for (int trial = 0; trial < 20000; ++trial) {
		double sigma = trial % 4 == 0 ? bs_rng_range(&rng, 0.001, 0.07) : 2.0 * radius;
		double speed = trial % 2 == 0 ? bs_rng_range(&rng, 0.1, 10.0) : bs_rng_range(&rng, 100.0, 4000.0);
		bs_vec2 va = bs_v2_scale(speed, random_direction(&rng));
		bs_vec2 vb = trial % 3 == 0 ? bs_v2(0.0, 0.0) : bs_v2_scale(speed * bs_rng_range(&rng, 0.0, 1.0), random_direction(&rng));
		bs_vec2 aa = random_acceleration(&rng, va);
		bs_vec2 ab = bs_v2_len2(vb) > 0.0 ? random_acceleration(&rng, vb) : bs_v2(0.0, 0.0);
		bs_vec2 w = bs_v2_sub(vb, va);
		bs_vec2 a = bs_v2_sub(ab, aa);
		// Aimed to meet head on or obliquely (never a graze) after a
		// relative path of 300 to 10^5 sigma.
		double distance = sigma * exp(bs_rng_range(&rng, log(300.0), log(1e5)));
		double t_hit = distance / bs_v2_len(w);
		if (0.5 * bs_v2_len(a) * t_hit * t_hit > distance) {
			continue; // a path whose curve would take it further
		}
		double t_end = t_hit * bs_rng_range(&rng, 1.0, 3.0);
		bs_vec2 along = bs_motion_position(bs_v2(0.0, 0.0), bs_v2_scale(-1.0, w), bs_v2_scale(-1.0, a), t_hit);
		bs_vec2 w_hit = bs_motion_velocity(w, a, t_hit);
		double offset = sigma * bs_rng_range(&rng, -0.9, 0.9);
		bs_vec2 d = bs_v2_add(along, bs_v2_scale(offset, bs_v2_perp(bs_v2_normalize(w_hit))));
		if (!(bs_v2_len(d) > sigma * 2.0)) {
			continue;
		}
		double t = bs_toi_pool_circles(d, w, a, sigma, t_end, INFINITY);
		reference ref = reference_entry(d, w, a, sigma, t_end);
		if (!(ref.entry < INFINITY)) {
			continue; // the curve bent the path away
		}
		contacts += 1;
		if (!(t < INFINITY)) {
			CHECK_FAIL("missed: d (%.17g, %.17g) w (%.17g, %.17g) a (%.17g, %.17g) sigma %.17g t_end %.17g: the "
					   "reference enters at %.17Lg",
				d.x, d.y, w.x, w.y, a.x, a.y, sigma, t_end, ref.entry);
			continue;
		}
		// How far from contact the pair is at t, in metres along the line
		// of centres, against what rounding allows.
		long double g = gap_at(d, w, a, sigma, t);
		long double off = g / (2.0L * sigma);
		double reach = bs_v2_len(d) + bs_v2_len(w) * t + 0.5 * bs_v2_len(a) * t * t;
		double allowed = 16.0 * DBL_EPSILON * reach + 2.0 * DBL_EPSILON * BS_TOI_FAR_RATIO2 * sigma;
		worst = fabsl(off) / allowed > worst ? (double)(fabsl(off) / allowed) : worst;
		if (fabsl(off) > allowed || (long double)t < ref.entry - 1e-9L * t_end) {
			CHECK_FAIL("t %.17g (the reference %.17Lg) leaves the pair %.3Lg m from contact, allowed %.3g: d (%.17g, "
					   "%.17g) w (%.17g, %.17g) a (%.17g, %.17g) sigma %.17g t_end %.17g",
				t, ref.entry, off, allowed, d.x, d.y, w.x, w.y, a.x, a.y, sigma, t_end);
		}
	}
	printf("  %d far contacts; worst distance from contact %.3g of its allowance\n", contacts, worst);
	CHECK(contacts > 5000);
}

// Zero accelerations: the frictionless quadratic, to the bit.
static void without_acceleration_it_is_the_ideal_root(void) {
	bs_rng rng = bs_rng_make(5);
	for (int trial = 0; trial < 100000; ++trial) {
		bs_vec2 d = bs_v2_scale(bs_rng_range(&rng, 0.06, 2.0), random_direction(&rng));
		bs_vec2 w = bs_v2_scale(bs_rng_range(&rng, 0.0, 5.0), random_direction(&rng));
		double ideal = bs_toi_circles(d, w, 2.0 * radius);
		double pool = bs_toi_pool_circles(d, w, bs_v2(0.0, 0.0), 2.0 * radius, INFINITY, INFINITY);
		CHECK_SAME_BITS(pool, ideal);
	}
}

// A ball against a cushion's line: the closed-form quadratic against the
// reference's sampling of the gap, over random slides and rolls.
static void cushion_quadratic_agrees(void) {
	bs_rng rng = bs_rng_make(17);
	bs_segment rail = {bs_v2(0.0, 0.0), bs_v2(2.54, 0.0)};
	bs_vec2 n = bs_segment_normal(rail);
	int contacts = 0;
	for (int trial = 0; trial < 100000; ++trial) {
		bs_vec2 p = bs_v2(bs_rng_range(&rng, 0.3, 2.2), bs_rng_range(&rng, radius * (1.0 + 1e-9), 0.8));
		bs_vec2 v = bs_v2_scale(bs_rng_range(&rng, 0.0, 5.0), random_direction(&rng));
		bs_vec2 acc = random_acceleration(&rng, v);
		double t_end = bs_rng_range(&rng, 0.01, 3.0);
		double t = bs_toi_pool_segment(p, v, acc, radius, rail, n, t_end);
		// The gap (the centre's height over the rail less R) in long double:
		// sampled at 200 points and at its vertex, then the first crossing
		// bisected.
		long double gy0 = (long double)p.y - radius;
		long double gv = v.y;
		long double ga = 0.5L * (long double)acc.y;
		long double points[202];
		int count = 0;
		long double vertex = ga != 0.0L ? -gv / (2.0L * ga) : -1.0L;
		for (int k = 0; k <= 200; ++k) {
			long double s = (long double)t_end * k / 200.0L;
			if (vertex > 0.0L && vertex < t_end && count > 0 && points[count - 1] < vertex && vertex < s) {
				points[count++] = vertex;
			}
			points[count++] = s;
		}
		long double entry = INFINITY;
		for (int k = 1; k < count && entry == INFINITY; ++k) {
			long double lo = points[k - 1], hi = points[k];
			if (gy0 + gv * hi + ga * hi * hi <= 0.0L && gy0 + gv * lo + ga * lo * lo > 0.0L) {
				for (int i = 0; i < 100; ++i) {
					long double mid = 0.5L * (lo + hi);
					if (gy0 + gv * mid + ga * mid * mid > 0.0L) {
						lo = mid;
					} else {
						hi = mid;
					}
				}
				entry = hi;
			}
		}
		long double x_at = (long double)p.x + (long double)v.x * entry + 0.5L * (long double)acc.x * entry * entry;
		bool on_rail = entry < INFINITY && x_at >= 0.0L && x_at <= 2.54L;
		if (on_rail) {
			contacts += 1;
			CHECK(t < INFINITY);
			if (t < INFINITY) {
				CHECK_NEAR(t, (double)entry, 1e-12 * t_end);
			}
		} else if (entry == INFINITY && t < INFINITY) {
			// Only a graze between two samples may be found and not sampled.
			long double s = t;
			long double gap = (long double)p.y + (long double)v.y * s + 0.5L * (long double)acc.y * s * s - radius;
			CHECK(gap <= 1e-12L);
		}
	}
	CHECK(contacts > 10000);
}

static void quadratic_entries(void) {
	// Upward parabola crossing at 1 and 3: enters at 1.
	CHECK_NEAR(bs_quadratic_first_entry(3.0, -4.0, 1.0, 10.0), 1.0, 1e-15);
	// Tangent at 2: a graze, not closing.
	CHECK(isinf(bs_quadratic_first_entry(4.0, -4.0, 1.0, 10.0)));
	// Downward from above: one root, at 1.
	CHECK_NEAR(bs_quadratic_first_entry(1.0, 0.0, -1.0, 10.0), 1.0, 1e-15);
	// Touching and closing: now. Touching and opening for ever: never.
	CHECK_EQ_DBL(bs_quadratic_first_entry(0.0, -1.0, 0.0, 10.0), 0.0);
	CHECK(isinf(bs_quadratic_first_entry(0.0, 1.0, 1.0, 10.0)));
	// Touching, opening, then pulled back: enters again at 2 (t - t^2/2 = 0).
	CHECK_NEAR(bs_quadratic_first_entry(0.0, 1.0, -0.5, 10.0), 2.0, 1e-15);
	// Overlapping by rounding, opening too little to leave contact, then
	// closing: at the turn.
	CHECK_NEAR(bs_quadratic_first_entry(-1e-12, 1e-9, -1.0, 10.0), 5e-10, 1e-24);
	// Beyond the interval: none.
	CHECK(isinf(bs_quadratic_first_entry(3.0, -4.0, 1.0, 0.5)));
	// Linear.
	CHECK_NEAR(bs_quadratic_first_entry(2.0, -1.0, 0.0, 10.0), 2.0, 0.0);
	// An empty interval holds nothing, not even a contact now.
	CHECK(isinf(bs_quadratic_first_entry(0.0, -1.0, 0.0, -1.0)));
}

int main(void) {
	RUN(quadratic_entries);
	RUN(cushion_quadratic_agrees);
	RUN(without_acceleration_it_is_the_ideal_root);
	RUN(pairs_agree_with_the_reference);
	RUN(far_pairs_meet_at_contact);
	return check_summary();
}
