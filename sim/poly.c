#include "poly.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>

// A root's bracket is refined until it is at most this many DBL_EPSILON of
// its upper end wide: 2 to 4 ulps.
#define ROOT_BRACKET_EPSILONS 2.0

// A coefficient ratio below DBL_MIN may have lost its digits, or all of
// them; its k-th root is then below DBL_MIN^(1/4) = 1.2e-77, under this floor
// of the root bound.
#define ROOT_BOUND_FLOOR 2.5e-77

// p(t) by Horner's rule: degree multiplications and additions, whose
// rounding horner_rounding bounds.
static double horner(const double* c, int degree, double t) {
	double p = c[degree];
	for (int k = degree - 1; k >= 0; --k) {
		p = p * t + c[k];
	}
	return p;
}

// p(t), and p'(t) into `slope`, in one pass: Newton needs both at each point.
static double horner_with_slope(const double* c, int degree, double t, double* slope) {
	double p = c[degree];
	double dp = 0.0;
	for (int k = degree - 1; k >= 0; --k) {
		dp = dp * t + p;
		p = p * t + c[k];
	}
	*slope = dp;
	return p;
}

// What rounding may have moved Horner's p(t), t >= 0: gamma_2n sum |c_k| t^k,
// with gamma_2n = 2n u = n eps.
static double horner_rounding(const double* c, int degree, double t) {
	double bound = fabs(c[degree]);
	for (int k = degree - 1; k >= 0; --k) {
		bound = bound * t + fabs(c[k]);
	}
	return degree * DBL_EPSILON * bound;
}

// A time (s) past every root of p (degree n >= 1) and of its derivatives,
// so that a search for an unbounded t_end may end there. Every root, real or
// complex, lies within Fujiwara's bound 2 max(|c[n-k] / c[n]|^(1/k),
// |c[0] / (2 c[n])|^(1/n)), and by Gauss-Lucas so does every root of the
// derivatives; widened by a sixteenth past the bound's own rounding, so that
// the last root and the last critical point lie strictly inside. DBL_MAX when
// it overflows (Horner's rule there overflows to infinities of the right
// sign, which bisection handles).
static double root_bound(const double* c, int n) {
	double bound = ROOT_BOUND_FLOOR;
	for (int k = 1; k <= n; ++k) {
		double ratio = fabs(c[n - k] / c[n]) * (k == n ? 0.5 : 1.0);
		double root = k == 1 ? ratio : k == 2 ? sqrt(ratio) : k == 3 ? cbrt(ratio) : sqrt(sqrt(ratio));
		bound = root > bound ? root : bound;
	}
	bound *= 2.0 * 1.0625;
	return bound < DBL_MAX ? bound : DBL_MAX;
}

// The real roots of a t^2 + b t + c in (0, end), ascending, into `roots`;
// returns how many. The root computed as (-b -+ sqrt(b^2 - 4ac)) / 2a would
// subtract nearly equal numbers for one of the two; q = -(b + sign(b)
// sqrt(b^2 - 4ac)) / 2 adds numbers of one sign, and the roots are q / a and
// c / q.
static int quadratic_roots_inside(double a, double b, double c, double end, double roots[2]) {
	double found[2];
	int count = 0;
	if (a == 0.0) {
		if (b != 0.0) {
			found[count++] = -c / b;
		}
	} else {
		double discriminant = b * b - 4.0 * a * c;
		if (discriminant >= 0.0) {
			double q = -0.5 * (b + copysign(sqrt(discriminant), b));
			if (q != 0.0) { // q = 0 only for b = c = 0: a double root at 0, outside
				found[0] = q / a;
				found[1] = c / q;
				count = 2;
				if (found[1] < found[0]) {
					found[1] = q / a;
					found[0] = c / q;
				}
			}
		}
	}
	int inside = 0;
	for (int i = 0; i < count; ++i) {
		if (found[i] > 0.0 && found[i] < end) {
			roots[inside++] = found[i];
		}
	}
	return inside;
}

// The root of q (degree `degree`) in [lo, hi], where q is monotone and
// sign q(lo) > 0 >= sign q(hi) (q_lo, q_hi): the upper end of a bracket at
// most ROOT_BRACKET_EPSILONS eps wide, where sign q <= 0 as computed.
// Safeguarded Newton: a step that leaves the bracket, or is not half the
// step before last, is replaced by bisection. Newton converges from one side
// and leaves the other end of the bracket where it was, so once its step is
// below an ulp or so the next point is a probe just across the root, to
// close the bracket from the far side. Rounding may have blurred q's sign
// over several ulps there (or made q exactly 0 over a run of them): a probe
// that falls short is followed by one twice as far.
static double bracket_root(const double* q, int degree, double sign, double lo, double hi, double q_lo, double q_hi) {
	double f_lo = sign * q_lo;
	double f_hi = sign * q_hi;
	// Regula falsi from the values in hand: a start that costs no evaluation.
	double x = lo + (hi - lo) * (f_lo / (f_lo - f_hi));
	double last_step = hi - lo;
	double step_before_last = hi - lo;
	double reach = 0.0;     // how far past Newton's root x was probed, in units of `across`; 0: not a probe
	bool was_above = false; // sign q > 0 at the point before x
	for (;;) {
		double mid = lo + 0.5 * (hi - lo);
		if (hi - lo <= ROOT_BRACKET_EPSILONS * DBL_EPSILON * hi || !(mid > lo && mid < hi)) {
			return hi;
		}
		if (!(x > lo && x < hi)) {
			x = mid;
			reach = 0.0;
		}
		double slope;
		double f = sign * horner_with_slope(q, degree, x, &slope);
		slope *= sign;
		bool above = f > 0.0;
		if (above) {
			lo = x;
		} else {
			hi = x;
		}
		if (above != was_above) {
			reach = 0.0; // the probe crossed
		}
		was_above = above;
		double newton = f / slope;
		double across = 0.5 * DBL_EPSILON * x;
		double next = x - newton;
		if (reach > 0.0 || fabs(newton) < across) {
			reach = reach > 0.0 ? 2.0 * reach : 1.0;
			double distance = fabs(newton) + reach * across;
			next = above ? x + distance : x - distance;
		} else if (!(next > lo && next < hi) || !(fabs(newton) <= 0.5 * step_before_last)) {
			next = lo + 0.5 * (hi - lo);
		}
		step_before_last = last_step;
		last_step = fabs(next - x);
		x = next;
	}
}

// The walk over the monotone pieces of p, from 0 up to the first entry.
typedef struct entry_walk {
	const double* c;
	int degree;
	double t;     // where the next piece begins (s)
	double p;     // p(t)
	double entry; // the entry time, once found
} entry_walk;

// Walks the piece of p from w->t to `end` (a critical point of p when
// `at_turn`, else the end of the search), over which p is monotone. True,
// with w->entry set, when p enters contact in it.
static bool walk_piece(entry_walk* w, double end, bool at_turn) {
	if (!(end > w->t)) {
		return false;
	}
	double p_end = horner(w->c, w->degree, end);
	if (w->p > 0.0) {
		// A minimum that rounding alone may have put at or below 0 is a
		// graze, unless p goes on decreasing (the test below, next piece).
		if (p_end <= 0.0 && !(at_turn && p_end >= -horner_rounding(w->c, w->degree, end))) {
			w->entry = bracket_root(w->c, w->degree, 1.0, w->t, end, w->p, p_end);
			return true;
		}
	} else if (p_end < w->p) {
		// Touching since the last turn, and closing from it.
		w->entry = w->t;
		return true;
	}
	w->t = end;
	w->p = p_end;
	return false;
}

double bs_poly_first_entry(const double* c, int degree, double t_end) {
	bool valid = c && degree >= 0 && degree <= BS_POLY_MAX_DEGREE && !isnan(t_end);
	for (int k = 0; valid && k <= degree; ++k) {
		valid = isfinite(c[k]);
	}
	assert(valid && "bs_poly_first_entry: finite coefficients, a degree from 0 to 4 and a t_end that is not NaN");
	if (!valid) {
		return INFINITY;
	}
	if (t_end < 0.0) {
		return INFINITY;
	}
	int n = degree;
	while (n > 0 && c[n] == 0.0) {
		n -= 1;
	}
	if (n == 0) {
		return INFINITY; // constant: never closing
	}
	if (c[0] <= 0.0) {
		// The k-th derivative at 0 is k! c[k]: the first nonzero one says
		// whether p closes from 0. c[n] != 0 ends the search.
		int k = 1;
		while (c[k] == 0.0) {
			k += 1;
		}
		if (c[k] < 0.0) {
			return 0.0;
		}
	}
	if (t_end == 0.0) {
		return INFINITY;
	}
	double end = t_end < INFINITY ? t_end : root_bound(c, n);

	// From p(0) <= 0 the derivatives have said that p rises: the first
	// piece is not one that turns to closing, whatever its rounding says.
	entry_walk walk = {c, n, 0.0, c[0] > 0.0 ? c[0] : -INFINITY, INFINITY};
	if (n <= 3) {
		// p' is at most a quadratic: its roots are the critical points.
		double turns[2];
		int count = quadratic_roots_inside(n == 3 ? 3.0 * c[3] : 0.0, n >= 2 ? 2.0 * c[2] : 0.0, c[1], end, turns);
		for (int i = 0; i < count; ++i) {
			if (walk_piece(&walk, turns[i], true)) {
				return walk.entry;
			}
		}
	} else {
		// The roots of the quadratic p'' cut p' into monotone pieces, in each
		// of which p' changes sign at most once: there p turns. Each turn is
		// walked to as soon as it is found, so that no turn after the entry
		// is refined.
		double slope[4] = {c[1], 2.0 * c[2], 3.0 * c[3], 4.0 * c[4]};
		double bends[2];
		int count = quadratic_roots_inside(3.0 * slope[3], 2.0 * slope[2], slope[1], end, bends);
		double from = 0.0;
		double slope_from = slope[0];
		for (int i = 0; i <= count; ++i) {
			double to = i < count ? bends[i] : end;
			double slope_to = horner(slope, 3, to);
			if ((slope_from > 0.0 && slope_to <= 0.0) || (slope_from < 0.0 && slope_to >= 0.0)) {
				double turn = bracket_root(slope, 3, slope_from > 0.0 ? 1.0 : -1.0, from, to, slope_from, slope_to);
				if (walk_piece(&walk, turn, true)) {
					return walk.entry;
				}
			}
			from = to;
			slope_from = slope_to;
		}
	}
	return walk_piece(&walk, end, false) ? walk.entry : INFINITY;
}
