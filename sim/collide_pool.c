#include "collide_pool.h"

#include <float.h>
#include <math.h>

#include "collide.h"
#include "motion.h"
#include "poly.h"

double bs_quadratic_first_entry(double c0, double c1, double c2, double t_end) {
	double t = INFINITY;
	if (!(t_end >= 0.0)) {
		return INFINITY;
	}
	if (c0 <= 0.0) {
		if (c1 < 0.0 || (c1 == 0.0 && c2 < 0.0)) {
			return 0.0; // touching and closing: now
		}
		if (!(c2 < 0.0)) {
			return INFINITY; // opening for ever
		}
		// Opening now, closing from the peak at -c1 / (2 c2), whose height
		// is -disc / (4 c2). A peak still in contact (within rounding: disc
		// <= 0) turns to closing there; a higher one comes back down through
		// the larger root, q / c2 with q = -(c1 + sqrt(disc)) / 2 (c1 >= 0:
		// nothing cancels).
		double discriminant = c1 * c1 - 4.0 * c2 * c0;
		if (!(discriminant > 0.0)) {
			t = -c1 / (2.0 * c2);
		} else {
			t = -0.5 * (c1 + sqrt(discriminant)) / c2;
		}
	} else if (c2 == 0.0) {
		t = c1 < 0.0 ? -c0 / c1 : INFINITY;
	} else {
		double discriminant = c1 * c1 - 4.0 * c2 * c0;
		if (c2 > 0.0) {
			// An upward parabola enters through its smaller root, when it
			// dips below zero at all (a tangent graze does not close).
			if (!(c1 < 0.0) || !(discriminant > 0.0)) {
				return INFINITY;
			}
			t = 2.0 * c0 / (-c1 + sqrt(discriminant));
		} else {
			// A downward one from above has one positive root.
			t = c1 < 0.0 ? 2.0 * c0 / (-c1 + sqrt(discriminant)) : -0.5 * (c1 + sqrt(discriminant)) / c2;
		}
	}
	return t <= t_end ? t : INFINITY;
}

double bs_toi_pool_segment(bs_vec2 p, bs_vec2 v, bs_vec2 acc, double r, bs_segment segment, bs_vec2 normal,
	double t_end) {
	double gap = bs_v2_dot(bs_v2_sub(p, segment.a), normal) - r;
	double t = bs_quadratic_first_entry(gap, bs_v2_dot(v, normal), 0.5 * bs_v2_dot(acc, normal), t_end);
	if (!(t < INFINITY)) {
		return INFINITY;
	}
	// The contact point is the foot of the centre on the line at time t.
	bs_vec2 along = bs_v2_sub(segment.b, segment.a);
	double s = bs_v2_dot(bs_v2_sub(bs_motion_position(p, v, acc, t), segment.a), along);
	if (s < 0.0 || s > bs_v2_dot(along, along)) {
		return INFINITY;
	}
	return t;
}

// Whether a quartic with Bernstein coefficients b[0..4] on an interval is
// certainly positive there: they bound it from below, so all above
// `rounding` leaves no root. Undecided, the interval is halved (de
// Casteljau: each half's coefficients are averages, rounding within a few
// ulps of the same sums) down to `depth` more times.
static bool bernstein_positive(const double* b, double rounding, int depth) {
	double least = b[0];
	for (int k = 1; k < 5; ++k) {
		least = b[k] < least ? b[k] : least;
	}
	if (least > rounding) {
		return true;
	}
	if (depth == 0 || !(b[0] > rounding) || !(b[4] > rounding)) {
		return false;
	}
	double left[5], right[5], level[5];
	for (int k = 0; k < 5; ++k) {
		level[k] = b[k];
	}
	for (int r = 0; r < 5; ++r) {
		left[r] = level[0];
		right[4 - r] = level[4 - r];
		for (int k = 0; k < 4 - r; ++k) {
			level[k] = 0.5 * (level[k] + level[k + 1]);
		}
	}
	return bernstein_positive(left, rounding, depth - 1) && bernstein_positive(right, rounding, depth - 1);
}

// Whether the quartic c[0] + ... + c[4] t^4 is certainly positive on [0,
// t_end], by its Bernstein coefficients on that interval and on up to 8
// pieces of it. Most pairs, far apart or parting, end here with no root
// solved.
static bool positive_throughout(const double* c, double t_end) {
	if (!(t_end < INFINITY)) {
		return false;
	}
	double a0 = c[0];
	double a1 = c[1] * t_end;
	double a2 = c[2] * t_end * t_end;
	double a3 = c[3] * t_end * t_end * t_end;
	double a4 = c[4] * t_end * t_end * t_end * t_end;
	// The sums below, and the halvings after them, each round to within a few
	// ulps of the sum of the magnitudes.
	double rounding = 64.0 * DBL_EPSILON * (fabs(a0) + fabs(a1) + fabs(a2) + fabs(a3) + fabs(a4));
	double b[5];
	b[0] = a0;
	b[1] = a0 + 0.25 * a1;
	b[2] = a0 + 0.5 * a1 + a2 / 6.0;
	b[3] = a0 + 0.75 * a1 + 0.5 * a2 + 0.25 * a3;
	b[4] = a0 + a1 + a2 + a3 + a4;
	return bernstein_positive(b, rounding, 3);
}

// The quartic of a pair `d` apart moving at `w` and `a` (bs_toi_pool_circles).
static void circles_quartic(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, double* c) {
	c[0] = bs_v2_dot(d, d) - sigma * sigma;
	c[1] = 2.0 * bs_v2_dot(d, w);
	c[2] = bs_v2_dot(w, w) + bs_v2_dot(d, a);
	c[3] = bs_v2_dot(w, a);
	c[4] = 0.25 * bs_v2_dot(a, a);
}

// The entry at `t` found on a quartic whose terms there reach far beyond
// sigma, solved again on the quartic re-expanded where the pair is still two
// sigma apart, a little before t. The power-basis quartic loses eps of the
// square of its terms, and a root eps |d|^2 / sigma off is too far at
// hundreds of sigma (as bs_toi_circles_far says of the frictionless root).
// The pair's relative position at that earlier time, computed directly, is
// as exact as the balls' own positions, and the quartic from there is made
// of terms of a few sigma. That no contact comes before it, the first
// quartic said: only a graze within its rounding could. The earliest entry
// from there is the contact, or INFINITY when a shallow entry was rounding.
static double entry_near(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, double t, double t_end) {
	double speed = bs_v2_len(bs_motion_velocity(w, a, t));
	double back = sigma / speed;
	for (int k = 0; k < 64 && back < t; ++k, back *= 2.0) {
		double from = t - back;
		bs_vec2 d_from = bs_motion_position(d, w, a, from);
		bs_vec2 w_from = bs_motion_velocity(w, a, from);
		// Apart, and still closing: a first root so late that the pair had
		// passed through each other by `from` goes further back.
		if (bs_v2_dot(d_from, d_from) >= 4.0 * sigma * sigma && bs_v2_dot(d_from, w_from) < 0.0) {
			double c[5];
			circles_quartic(d_from, w_from, a, sigma, c);
			double later = bs_poly_first_entry(c, 4, t_end - from);
			if (!(later < INFINITY)) {
				return INFINITY;
			}
			return from + later < t_end ? from + later : t_end;
		}
	}
	// No such moment after 0 (the pair starts near contact, or closes too
	// slowly to gain two sigma before t): the first quartic is as good.
	return t;
}

double bs_toi_pool_circles(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, double t_end, double t_needed) {
	if (a.x == 0.0 && a.y == 0.0) {
		double t = bs_toi_image(d, w, sigma, INFINITY);
		return t <= t_end ? t : INFINITY;
	}
	// The tests that turn pairs away look only as far as needed; the root,
	// when one is solved, is solved on the whole interval, so that its bits
	// do not depend on how far that was.
	double horizon = t_needed < t_end ? t_needed : t_end;
	if (!(horizon >= 0.0)) {
		return INFINITY;
	}
	double c[5];
	circles_quartic(d, w, a, sigma, c);
	if (positive_throughout(c, horizon)) {
		return INFINITY;
	}
	double t = bs_poly_first_entry(c, 4, t_end);
	if (t > 0.0 && t < INFINITY) {
		// The terms' reach, bounded above within a factor sqrt(2) without a
		// square root.
		double reach = fabs(d.x) + fabs(d.y) + (fabs(w.x) + fabs(w.y)) * t + 0.5 * (fabs(a.x) + fabs(a.y)) * t * t;
		if (reach * reach > BS_TOI_FAR_RATIO2 * sigma * sigma) {
			t = entry_near(d, w, a, sigma, t, t_end);
		}
	}
	return t;
}
