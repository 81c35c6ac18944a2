// Double-double arithmetic: a number as the unevaluated sum hi + lo of two
// doubles, about 106 bits. A periodic pair's far images use it where a
// double's rounding, which grows with the boxes between them, would decide
// whether they meet: the exact decision shared by prediction and the
// periodic search, the path's offset many thousands of boxes on, and the
// rotation that finds it. Products are exact through fma(), which rounds
// once whatever -ffp-contract says.
#ifndef BREAKSHOT_DOUBLE_DOUBLE_H
#define BREAKSHOT_DOUBLE_DOUBLE_H

#include <math.h>
#include <stdbool.h>

typedef struct bs_dd {
	double hi;
	double lo;
} bs_dd;

static inline bs_dd bs_dd_of(double x) {
	return (bs_dd){x, 0.0};
}

// |a| >= |b| or a == 0: s + e == a + b exactly.
static inline bs_dd bs_dd_quick_sum(double a, double b) {
	double s = a + b;
	return (bs_dd){s, b - (s - a)};
}

// Knuth's TwoSum: s + e == a + b exactly, in any order of magnitude.
static inline bs_dd bs_dd_two_sum(double a, double b) {
	double s = a + b;
	double bb = s - a;
	return (bs_dd){s, (a - (s - bb)) + (b - bb)};
}

static inline bs_dd bs_dd_two_product(double a, double b) {
	double p = a * b;
	return (bs_dd){p, fma(a, b, -p)};
}

static inline bs_dd bs_dd_add(bs_dd a, bs_dd b) {
	bs_dd s = bs_dd_two_sum(a.hi, b.hi);
	bs_dd t = bs_dd_two_sum(a.lo, b.lo);
	s = bs_dd_quick_sum(s.hi, s.lo + t.hi);
	return bs_dd_quick_sum(s.hi, s.lo + t.lo);
}

static inline bs_dd bs_dd_neg(bs_dd a) {
	return (bs_dd){-a.hi, -a.lo};
}

static inline bs_dd bs_dd_sub(bs_dd a, bs_dd b) {
	return bs_dd_add(a, bs_dd_neg(b));
}

static inline bs_dd bs_dd_mul_d(bs_dd a, double b) {
	bs_dd p = bs_dd_two_product(a.hi, b);
	return bs_dd_quick_sum(p.hi, p.lo + a.lo * b);
}

static inline bs_dd bs_dd_mul(bs_dd a, bs_dd b) {
	bs_dd p = bs_dd_two_product(a.hi, b.hi);
	return bs_dd_quick_sum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}

static inline bs_dd bs_dd_div(bs_dd a, bs_dd b) {
	double q1 = a.hi / b.hi;
	bs_dd r = bs_dd_sub(a, bs_dd_mul_d(b, q1));
	double q2 = r.hi / b.hi;
	r = bs_dd_sub(r, bs_dd_mul_d(b, q2));
	double q3 = r.hi / b.hi;
	bs_dd q = bs_dd_quick_sum(q1, q2);
	return bs_dd_add(q, bs_dd_of(q3));
}

// The square root of a >= 0: one Newton step from the double root.
static inline bs_dd bs_dd_sqrt(bs_dd a) {
	if (!(a.hi > 0.0)) {
		return bs_dd_of(0.0);
	}
	double root = sqrt(a.hi);
	bs_dd residual = bs_dd_sub(a, bs_dd_two_product(root, root));
	return bs_dd_quick_sum(root, residual.hi / (2.0 * root));
}

static inline bool bs_dd_less(bs_dd a, bs_dd b) {
	return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}

static inline bool bs_dd_less_equal(bs_dd a, bs_dd b) {
	return a.hi < b.hi || (a.hi == b.hi && a.lo <= b.lo);
}

static inline bs_dd bs_dd_floor(bs_dd a) {
	double f = floor(a.hi);
	if (f != a.hi) {
		return bs_dd_of(f);
	}
	return bs_dd_quick_sum(f, floor(a.lo));
}

// The whole number next at or above a, as a double: exact up to 2^53.
static inline double bs_dd_ceil_whole(bs_dd a) {
	double c = ceil(a.hi);
	if (c != a.hi) {
		return c;
	}
	return c + ceil(a.lo);
}

// a mod m, in [0, m), for m > 0.
static inline bs_dd bs_dd_mod(bs_dd a, bs_dd m) {
	bs_dd r = bs_dd_sub(a, bs_dd_mul(m, bs_dd_floor(bs_dd_div(a, m))));
	// The quotient's floor may be one off where a is within rounding of a
	// multiple of m.
	if (bs_dd_less(r, bs_dd_of(0.0))) {
		r = bs_dd_add(r, m);
	} else if (bs_dd_less_equal(m, r)) {
		r = bs_dd_sub(r, m);
	}
	return bs_dd_less(r, bs_dd_of(0.0)) || bs_dd_less_equal(m, r) ? bs_dd_of(0.0) : r;
}

#endif
