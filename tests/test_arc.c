// Unit tests: times of impact of a ball with a jaw, a circular arc (a point
// being an arc of radius 0), under ideal physics (bs_toi_arc, straight
// paths) and pool physics (bs_toi_pool_arc, a ball sliding or rolling on
// a parabola), against references in long double that share nothing with
// the solvers but the problem: random arcs, balls, velocities and spins,
// with grazing contacts, balls starting touching, contacts at the ends of
// the arcs' spans and balls moving away.
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "collide.h"
#include "collide_pool.h"
#include "motion.h"
#include "rng.h"
#include "table_internal.h"

typedef long double ld;

static bs_vec2 random_direction(bs_rng* rng) {
	double angle = bs_rng_range(rng, 0.0, 2.0 * BS_PI);
	return bs_v2(cos(angle), sin(angle));
}

// A random arc: a centre on a table-sized square, a radius from 0 (a
// point, one time in four) to 0.1 m, and a span of up to 180 degrees.
static bs_arc random_arc(bs_rng* rng) {
	bs_arc arc;
	arc.centre = bs_v2(bs_rng_range(rng, 0.0, 3.0), bs_rng_range(rng, 0.0, 1.5));
	arc.radius = bs_rng_next(rng) % 4 == 0 ? 0.0 : bs_rng_range(rng, 0.001, 0.1);
	double from = bs_rng_range(rng, 0.0, 2.0 * BS_PI);
	double sweep = bs_rng_range(rng, 0.1, BS_PI);
	arc.start = bs_v2_mad(arc.centre, arc.radius, bs_v2(cos(from), sin(from)));
	arc.end = bs_v2_mad(arc.centre, arc.radius, bs_v2(cos(from + sweep), sin(from + sweep)));
	return arc;
}

// A contact direction: one end of the arc's span (when it has one) or any.
static bs_vec2 contact_direction(bs_rng* rng, const bs_arc* arc, int kind) {
	if (arc->radius > 0.0 && kind != 0) {
		bs_vec2 end = kind == 1 ? arc->start : arc->end;
		return bs_v2_normalize(bs_v2_sub(end, arc->centre));
	}
	return random_direction(rng);
}

// ---------------------------------------------------------------------------
// Ideal physics

// The reference for a straight path: the earlier root of |d + w t|^2 =
// sigma^2 in long double, 0 when touching and approaching, -1 when it never
// meets (moving away, or passing by). `margin` gets the discriminant over
// b^2, how far from a graze the path is.
static ld reference_straight(bs_vec2 p, bs_vec2 v, double r, const bs_arc* arc, ld* margin) {
	ld dx = (ld)arc->centre.x - p.x, dy = (ld)arc->centre.y - p.y;
	ld wx = -(ld)v.x, wy = -(ld)v.y;
	ld sigma = (ld)r + arc->radius;
	ld a = wx * wx + wy * wy;
	ld b = dx * wx + dy * wy;
	ld c = dx * dx + dy * dy - sigma * sigma;
	ld disc = b * b - a * c;
	*margin = b != 0.0L ? disc / (b * b) : 0.0L;
	if (!(b < 0.0L)) {
		return -1.0L;
	}
	if (c <= 0.0L) {
		return 0.0L;
	}
	if (disc < 0.0L) {
		return -1.0L;
	}
	return (-b - sqrtl(disc)) / a;
}

// |p + v t - centre| - (r + radius) in long double.
static ld straight_gap(bs_vec2 p, bs_vec2 v, double r, const bs_arc* arc, double t) {
	ld x = (ld)p.x + (ld)v.x * t - arc->centre.x;
	ld y = (ld)p.y + (ld)v.y * t - arc->centre.y;
	return sqrtl(x * x + y * y) - ((ld)r + arc->radius);
}

// 10^5 random arcs and balls (2·10^4 in the fast tier), in five kinds:
// aimed at a random contact, aimed at an end of the span, grazing,
// starting touching, moving away.
static void straight_paths_agree_with_the_reference(void) {
	bs_rng rng = bs_rng_make(41);
	int trials = check_scaled(100000, 20000);
	int hits = 0, grazes_hit = 0, grazes_missed = 0, touching = 0, away = 0;
	for (int trial = 0; trial < trials; ++trial) {
		bs_arc arc = random_arc(&rng);
		double r = bs_rng_range(&rng, 0.005, 0.05);
		double sigma = r + arc.radius;
		double speed = bs_rng_range(&rng, 0.01, 8.0);
		int kind = trial % 5;
		bs_vec2 u = contact_direction(&rng, &arc, trial % 3);
		bs_vec2 p, v;
		if (kind <= 1) {
			// Aimed: at the contact point at time T, moving into it at
			// least 5 degrees off the tangent.
			double angle = bs_rng_range(&rng, -1.48, 1.48);
			bs_vec2 into = bs_v2_scale(-1.0, u);
			v = bs_v2_scale(speed, bs_v2(into.x * cos(angle) - into.y * sin(angle), into.x * sin(angle) + into.y * cos(angle)));
			double t = bs_rng_range(&rng, 0.0, 2.0);
			p = bs_v2_mad(bs_v2_mad(arc.centre, sigma, u), -t, v);
		} else if (kind == 2) {
			// Grazing: passing the centre at sigma, within a relative 1e-9.
			bs_vec2 along = bs_v2_perp(u);
			double offset = sigma * (1.0 + bs_rng_range(&rng, -1e-9, 1e-9));
			v = bs_v2_scale(speed, along);
			p = bs_v2_mad(bs_v2_mad(arc.centre, offset, u), -bs_rng_range(&rng, 0.1, 1.0), v);
		} else if (kind == 3) {
			// Touching now, moving in or out.
			p = bs_v2_mad(arc.centre, sigma, u);
			bs_vec2 dir = random_direction(&rng);
			v = bs_v2_scale(speed, dir);
		} else {
			// Apart and moving away.
			p = bs_v2_mad(arc.centre, sigma * bs_rng_range(&rng, 1.0001, 3.0), u);
			bs_vec2 dir = random_direction(&rng);
			v = bs_v2_scale(speed, bs_v2_dot(dir, u) > 0.0 ? dir : bs_v2_scale(-1.0, dir));
		}
		double t = bs_toi_arc(p, v, r, &arc);
		ld margin;
		ld ref = reference_straight(p, v, r, &arc, &margin);
		// Near the edge of contact (a touching start, a graze) rounding may
		// decide either way; a contact found must then be at contact.
		bool edge = fabsl(margin) < 1e-6L || (ref == 0.0L && kind == 3);
		if (t < INFINITY) {
			ld gap = straight_gap(p, v, r, &arc, t);
			if (!(fabsl(gap) <= 1e-9L * sigma + (t == 0.0 ? 1e-12L : 0.0L))) {
				CHECK_FAIL("trial %d (kind %d): found t = %.17g s, %.3Lg m from contact (sigma %.17g)", trial, kind,
					t, gap, sigma);
			}
		}
		if (edge) {
			grazes_hit += kind == 2 && t < INFINITY;
			grazes_missed += kind == 2 && !(t < INFINITY);
			touching += kind == 3;
			if (kind == 3) {
				// Touching and approaching is now (the rounded start may be a
				// hair apart: at once); moving out is never.
				bool approaching = bs_v2_dot(v, u) < 0.0;
				if (approaching ? !(t <= 1e-9 * sigma / speed) : t < INFINITY) {
					CHECK_FAIL("trial %d: touching, %s: t = %.17g", trial, approaching ? "approaching" : "parting", t);
				}
			}
			continue;
		}
		if (ref < 0.0L) {
			away += 1;
			if (t < INFINITY) {
				CHECK_FAIL("trial %d (kind %d): the reference never meets, the solver at %.17g s", trial, kind, t);
			}
			continue;
		}
		hits += 1;
		ld tolerance = 1e-12L * (1.0L + ref) + 1e-9L * sigma / speed;
		if (!(fabsl((ld)t - ref) <= tolerance)) {
			CHECK_FAIL("trial %d (kind %d): t = %.17g s, reference %.17Lg s", trial, kind, t, ref);
		}
	}
	printf("  %d straight paths: %d contacts, %d grazes met and %d missed, %d touching, %d never meeting\n", trials,
		hits, grazes_hit, grazes_missed, touching, away);
	CHECK(hits > trials / 4);
	CHECK(grazes_hit > 0 && grazes_missed > 0);
}

// A point jaw is the circle of the ball's own radius, to the bit: what
// the pool tables' jaws were before arcs.
static void a_point_is_the_balls_own_circle(void) {
	bs_rng rng = bs_rng_make(7);
	for (int trial = 0; trial < 10000; ++trial) {
		bs_arc arc = random_arc(&rng);
		arc.radius = 0.0;
		double r = bs_rng_range(&rng, 0.005, 0.05);
		bs_vec2 p = bs_v2_mad(arc.centre, bs_rng_range(&rng, 0.0, 0.5), random_direction(&rng));
		bs_vec2 v = bs_v2_scale(bs_rng_range(&rng, 0.0, 5.0), random_direction(&rng));
		bs_vec2 d = bs_v2_sub(arc.centre, p);
		CHECK_SAME_BITS(bs_toi_arc(p, v, r, &arc), bs_toi_image(d, bs_v2_scale(-1.0, v), r, INFINITY));
		bs_vec2 acc = bs_v2_scale(1.9, random_direction(&rng));
		CHECK_SAME_BITS(bs_toi_pool_arc(p, v, acc, r, &arc, 2.0, INFINITY),
			bs_toi_pool_circles(d, bs_v2_scale(-1.0, v), bs_v2_scale(-1.0, acc), r, 2.0, INFINITY));
	}
}

// ---------------------------------------------------------------------------
// Pool physics

// |p + v t + acc t^2/2 - centre|^2 - sigma^2 in long double.
static ld parabola_gap2(bs_vec2 p, bs_vec2 v, bs_vec2 acc, ld sigma, bs_vec2 centre, ld t) {
	ld x = (ld)p.x - centre.x + (ld)v.x * t + 0.5L * (ld)acc.x * t * t;
	ld y = (ld)p.y - centre.y + (ld)v.y * t + 0.5L * (ld)acc.y * t * t;
	return x * x + y * y - sigma * sigma;
}

typedef struct parabola {
	bs_vec2 p, v, acc;
	ld sigma;
	bs_vec2 centre;
} parabola;

static ld gap2_at(const parabola* m, ld t) {
	return parabola_gap2(m->p, m->v, m->acc, m->sigma, m->centre, t);
}

// The least gap on [lo, hi] by golden section (a dip between samples).
static ld least_at(const parabola* m, ld lo, ld hi) {
	const ld ratio = 0.6180339887498948482L;
	ld x1 = hi - ratio * (hi - lo), x2 = lo + ratio * (hi - lo);
	ld f1 = gap2_at(m, x1), f2 = gap2_at(m, x2);
	for (int k = 0; k < 120 && hi - lo > 1e-22L * (1.0L + hi); ++k) {
		if (f1 < f2) {
			hi = x2, x2 = x1, f2 = f1, x1 = hi - ratio * (hi - lo), f1 = gap2_at(m, x1);
		} else {
			lo = x1, x1 = x2, f1 = f2, x2 = lo + ratio * (hi - lo), f2 = gap2_at(m, x2);
		}
	}
	return 0.5L * (lo + hi);
}

// The reference: the first t in [0, t_end] at which the gap enters <= 0
// while closing (0 when touching and closing at 0), found by 2000 samples,
// golden section around each sampled dip, and bisection; -1 with none.
// `depth` gets the least gap of that dip over sigma^2 (how clear a contact
// it is).
static ld reference_curved(const parabola* m, double t_end, ld* depth) {
	enum { SAMPLES = 2000 };
	*depth = 0.0L;
	ld step = (ld)t_end / SAMPLES;
	ld g0 = gap2_at(m, 0.0L);
	if (g0 <= 0.0L) {
		ld closing = 2.0L * (((ld)m->p.x - m->centre.x) * m->v.x + ((ld)m->p.y - m->centre.y) * m->v.y);
		if (closing < 0.0L) {
			*depth = -1.0L;
			return 0.0L;
		}
	}
	ld gaps[SAMPLES + 2];
	for (int k = 0; k <= SAMPLES + 1; ++k) {
		gaps[k] = gap2_at(m, step * k);
	}
	ld previous = g0;
	for (int k = 1; k <= SAMPLES; ++k) {
		ld lo = step * (k - 1), hi = step * k;
		ld g = gaps[k];
		bool crossing = g <= 0.0L && previous > 0.0L;
		// A dip between samples: searched around each sampled local least.
		bool dip = gaps[k] <= gaps[k - 1] && gaps[k] <= gaps[k + 1];
		if (!crossing && previous > 0.0L && dip) {
			ld at = least_at(m, lo, hi + step);
			if (gap2_at(m, at) <= 0.0L) {
				crossing = true;
				hi = at;
			}
		}
		if (crossing) {
			for (int i = 0; i < 120; ++i) {
				ld mid = 0.5L * (lo + hi);
				if (gap2_at(m, mid) > 0.0L) {
					lo = mid;
				} else {
					hi = mid;
				}
			}
			ld end = hi + 8.0L * step < t_end ? hi + 8.0L * step : (ld)t_end;
			*depth = gap2_at(m, least_at(m, hi, end)) / (m->sigma * m->sigma);
			return hi;
		}
		previous = g;
	}
	return -1.0L;
}

// A pool ball's state of motion from a random velocity and spin: its
// acceleration and how long it keeps it.
static bs_vec2 random_motion(bs_rng* rng, double r, bs_vec2 v, double* duration) {
	bs_cloth cloth = {0.2, 0.01, 0.444, 9.81};
	bs_vec3 omega;
	switch (bs_rng_next(rng) % 3) {
	case 0: { // rolling
		bs_vec2 rolling = bs_motion_rolling_omega(v, r);
		omega = bs_v3(rolling.x, rolling.y, bs_rng_range(rng, -30.0, 30.0));
		break;
	}
	default: // sliding, with any spin
		omega = bs_v3(bs_rng_range(rng, -150.0, 150.0), bs_rng_range(rng, -150.0, 150.0), bs_rng_range(rng, -50.0, 50.0));
		break;
	}
	bs_spin_state spin = {v, omega};
	bs_motion_state state = bs_motion_classify(v, omega, r);
	*duration = bs_motion_duration(state, spin, r, &cloth);
	return bs_motion_acceleration(state, spin, r, &cloth);
}

// 4·10^4 random arcs and balls sliding or rolling with random spin (10^4 in
// the fast tier): aimed at a contact (at random or at an end of the span),
// grazing, starting touching, moving away.
static void curved_paths_agree_with_the_reference(void) {
	bs_rng rng = bs_rng_make(43);
	int trials = check_scaled(40000, 10000);
	int hits = 0, edges = 0, misses = 0;
	for (int trial = 0; trial < trials; ++trial) {
		bs_arc arc = random_arc(&rng);
		double r = bs_rng_range(&rng, 0.02, 0.035);
		double sigma = r + arc.radius;
		bs_vec2 v = bs_v2_scale(bs_rng_range(&rng, 0.05, 6.0), random_direction(&rng));
		double duration;
		bs_vec2 acc = random_motion(&rng, r, v, &duration);
		double t_end = fmin(duration, 3.0);
		int kind = trial % 5;
		bs_vec2 u = contact_direction(&rng, &arc, trial % 3);
		bs_vec2 p;
		if (kind <= 1 || kind == 2) {
			// At the contact (kind 2: a hair outside it, grazing) at time T,
			// with the velocity there turned to point into the circle.
			double at = bs_rng_range(&rng, 0.0, t_end);
			bs_vec2 then = bs_motion_velocity(v, acc, at);
			if (kind != 2 && bs_v2_dot(then, u) > -0.1 * bs_v2_len(then)) {
				u = bs_v2_normalize(bs_v2_scale(-1.0, then));
			}
			if (kind == 2) {
				u = bs_v2_normalize(bs_v2_perp(then));
			}
			double reach = kind == 2 ? sigma * (1.0 + bs_rng_range(&rng, -1e-9, 1e-9)) : sigma;
			bs_vec2 contact = bs_v2_mad(arc.centre, reach, u);
			p = bs_v2_sub(contact, bs_motion_position(bs_v2(0.0, 0.0), v, acc, at));
		} else if (kind == 3) {
			p = bs_v2_mad(arc.centre, sigma, u);
		} else {
			p = bs_v2_mad(arc.centre, sigma * bs_rng_range(&rng, 1.0001, 3.0), u);
			if (bs_v2_dot(v, u) < 0.0) {
				v = bs_v2_scale(-1.0, v);
				acc = random_motion(&rng, r, v, &duration);
				t_end = fmin(duration, 3.0);
			}
		}
		if (kind != 3 && bs_v2_len(bs_v2_sub(p, arc.centre)) < sigma) {
			continue; // a curved path aimed back from its contact that began inside the circle
		}
		double t = bs_toi_pool_arc(p, v, acc, r, &arc, t_end, INFINITY);
		parabola m = {p, v, acc, (ld)r + arc.radius, arc.centre};
		ld depth;
		ld ref = reference_curved(&m, t_end, &depth);
		if (t < INFINITY) {
			ld gap = sqrtl(fmaxl(gap2_at(&m, t) + m.sigma * m.sigma, 0.0L)) - m.sigma;
			if (!(t >= 0.0 && t <= t_end && fabsl(gap) <= 1e-9L * sigma)) {
				CHECK_FAIL("trial %d (kind %d): found t = %.17g s of %.17g, %.3Lg m from contact", trial, kind, t, t_end,
					gap);
			}
		}
		// A dip shallower than a relative 1e-7, a graze or a touching start
		// is at the edge of contact: either answer, as long as a contact found is
		// at contact (above).
		if ((ref >= 0.0L && depth > -1e-7L) || kind == 2 || kind == 3) {
			edges += 1;
			if (kind == 3) {
				bool approaching = bs_v2_dot(v, u) < 0.0;
				if (approaching && !(t <= 1e-9 * sigma / bs_v2_len(v))) {
					CHECK_FAIL("trial %d: touching and approaching, t = %.17g", trial, t);
				}
			}
			continue;
		}
		if (ref < 0.0L) {
			misses += 1;
			if (t < INFINITY) {
				CHECK_FAIL("trial %d (kind %d): the reference never meets by %.17g s, the solver at %.17g s", trial,
					kind, t_end, t);
			}
			continue;
		}
		hits += 1;
		if (!(t < INFINITY)) {
			CHECK_FAIL("trial %d (kind %d): the reference meets at %.17Lg s (depth %.3Lg), the solver never", trial,
				kind, ref, depth);
			continue;
		}
		// Early or late by more than what a relative 1e-9 of sigma takes
		// at the speed of approach there.
		bs_vec2 then = bs_motion_velocity(v, acc, t);
		bs_vec2 normal = bs_v2_normalize(bs_v2_sub(bs_motion_position(p, v, acc, t), arc.centre));
		double approach = fmax(-bs_v2_dot(then, normal), 1e-3);
		ld tolerance = 1e-12L * (1.0L + ref) + 4e-9L * sigma / approach;
		if (!(fabsl((ld)t - ref) <= tolerance)) {
			CHECK_FAIL("trial %d (kind %d): t = %.17g s, reference %.17Lg s (tolerance %.3Lg)", trial, kind, t, ref,
				tolerance);
		}
	}
	printf("  %d curved paths: %d contacts, %d at the edge of contact, %d never meeting\n", trials, hits, edges, misses);
	CHECK(hits > trials / 4);
	CHECK(misses > trials / 10);
}

int main(void) {
	RUN(straight_paths_agree_with_the_reference);
	RUN(a_point_is_the_balls_own_circle);
	RUN(curved_paths_agree_with_the_reference);
	return check_summary();
}
