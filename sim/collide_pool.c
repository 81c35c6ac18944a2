#include "collide_pool.h"

#include <float.h>
#include <math.h>

#include "collide.h"
#include "motion.h"
#include "poly.h"

double bs_quadratic_first_entry(double c0, double c1, double c2, double t_end) {
	double t = INFINITY;
	if (c0 <= 0.0) {
		if (c1 < 0.0 || (c1 == 0.0 && c2 < 0.0)) {
			return 0.0; // touching and closing: now
		}
		if (!(c2 < 0.0)) {
			return INFINITY; // opening for ever
		}
		// Opening now, closing from the peak at -c1 / (2 c2). A peak still
		// in contact (within rounding) turns to closing there; a higher one
		// comes back down through the larger root, q / c2 with
		// q = -(c1 + sqrt(disc)) / 2 (c1 >= 0: nothing cancels).
		double discriminant = c1 * c1 - 4.0 * c2 * c0;
		if (c0 - c1 * c1 / (4.0 * c2) <= 0.0) {
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

// Whether two circles moving as in bs_toi_pool_circles certainly stay more
// than sigma apart until t_end: the gap cannot close faster than the
// relative speed and acceleration allow, |d| - |w| t - |a| t^2 / 2. Errs on
// the side of no by a relative 1e-9, so rounding never hides a contact.
static bool out_of_reach(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, double t_end) {
	if (!(t_end < INFINITY)) {
		return false;
	}
	double reach = (bs_v2_len(w) + 0.5 * bs_v2_len(a) * t_end) * t_end;
	return bs_v2_len(d) > (sigma + reach) * (1.0 + 1e-9);
}

// Whether the quartic c[0] + ... + c[4] t^4 is certainly positive on [0,
// t_end]: its Bernstein coefficients on that interval bound it from below,
// so when all exceed the rounding of the sums that make them, it has no
// root there. Most pairs, far apart or parting, end here with no root
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
	double rounding = 16.0 * DBL_EPSILON * (fabs(a0) + fabs(a1) + fabs(a2) + fabs(a3) + fabs(a4));
	double b1 = a0 + 0.25 * a1;
	double b2 = a0 + 0.5 * a1 + a2 / 6.0;
	double b3 = a0 + 0.75 * a1 + 0.5 * a2 + 0.25 * a3;
	double b4 = a0 + a1 + a2 + a3 + a4;
	double least = fmin(fmin(a0, b1), fmin(fmin(b2, b3), b4));
	return least > rounding;
}

double bs_toi_pool_circles(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, double t_end) {
	if (a.x == 0.0 && a.y == 0.0) {
		double t = bs_toi_circles(d, w, sigma);
		return t <= t_end ? t : INFINITY;
	}
	if (out_of_reach(d, w, a, sigma, t_end)) {
		return INFINITY;
	}
	// |d + w t + a t^2/2|^2 - sigma^2, term by term.
	double c[5];
	c[0] = bs_v2_dot(d, d) - sigma * sigma;
	c[1] = 2.0 * bs_v2_dot(d, w);
	c[2] = bs_v2_dot(w, w) + bs_v2_dot(d, a);
	c[3] = bs_v2_dot(w, a);
	c[4] = 0.25 * bs_v2_dot(a, a);
	if (positive_throughout(c, t_end)) {
		return INFINITY;
	}
	return bs_poly_first_entry(c, 4, t_end);
}

double bs_toi_pool_enter_circle(bs_vec2 p, bs_vec2 v, bs_vec2 acc, bs_vec2 centre, double capture, double t_end) {
	bs_vec2 d = bs_v2_sub(centre, p);
	if (bs_v2_dot(d, d) <= capture * capture) {
		return 0.0;
	}
	return bs_toi_pool_circles(d, bs_v2_scale(-1.0, v), bs_v2_scale(-1.0, acc), capture, t_end);
}
