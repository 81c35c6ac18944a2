#include "collide.h"

#include <float.h>
#include <math.h>

#include "double_double.h"

double bs_toi_circles_slow(bs_vec2 w, double a, double b, double c) {
	double speed = sqrt(a);
	if (!(a >= DBL_MIN)) {
		// |w|^2 underflowed to zero or to a subnormal with few digits left:
		// scale up, measure, scale back.
		speed = bs_v2_len(bs_v2_scale(0x1.0p+600, w)) * 0x1.0p-600;
	}
	double along = b / speed; // d . w / |w|, a distance
	double reach = along * along - c;
	return reach < 0.0 ? INFINITY : c / ((-along + sqrt(reach)) * speed);
}

double bs_toi_enter_circle(bs_vec2 p, bs_vec2 v, bs_vec2 centre, double capture) {
	bs_vec2 d = bs_v2_sub(centre, p);
	if (bs_v2_dot(d, d) <= capture * capture) {
		return 0.0;
	}
	return bs_toi_circles(d, bs_v2_scale(-1.0, v), capture);
}

double bs_toi_segment(bs_vec2 p, bs_vec2 v, double r, bs_segment segment) {
	return bs_toi_segment_normal(p, v, r, segment, bs_segment_normal(segment));
}

double bs_toi_segment_normal(bs_vec2 p, bs_vec2 v, double r, bs_segment segment, bs_vec2 n) {
	double approach_speed = -bs_v2_dot(v, n);
	if (!(approach_speed > 0.0)) {
		return INFINITY;
	}
	double gap = bs_v2_dot(bs_v2_sub(p, segment.a), n) - r;
	double t = gap > 0.0 ? gap / approach_speed : 0.0;
	// The contact point is the foot of the centre on the line at time t.
	bs_vec2 along = bs_v2_sub(segment.b, segment.a);
	double s = bs_v2_dot(bs_v2_sub(bs_v2_mad(p, t, v), segment.a), along);
	if (s < 0.0 || s > bs_v2_dot(along, along)) {
		return INFINITY;
	}
	return t;
}

double bs_resolve_balls(bs_vec2* v1, double m1, bs_vec2* v2, double m2, bs_vec2 n, double e) {
	double closing = bs_v2_dot(bs_v2_sub(*v1, *v2), n);
	double impulse = (1.0 + e) * (m1 * m2 / (m1 + m2)) * closing;
	*v1 = bs_v2_mad(*v1, -impulse / m1, n);
	*v2 = bs_v2_mad(*v2, impulse / m2, n);
	return impulse;
}

double bs_resolve_obstacle(bs_vec2* v, double m, bs_vec2 n, double e) {
	double normal_speed = bs_v2_dot(*v, n); // negative while approaching
	*v = bs_v2_mad(*v, -(1.0 + e) * normal_speed, n);
	return fabs((1.0 + e) * m * normal_speed);
}

bool bs_toi_far_image_meets(bs_vec2 d, double kx, double ky, double width, double height, bs_vec2 w, double sigma) {
	// The image d - (kx width, ky height) exactly, its cross product with w
	// and sigma^2 |w|^2, each to about 2^-104 of its terms: where the double
	// cross product of the rounded image would err by eps of the distance,
	// which grows with the boxes between them.
	bs_dd x = bs_dd_sub(bs_dd_of(d.x), bs_dd_two_product(kx, width));
	bs_dd y = bs_dd_sub(bs_dd_of(d.y), bs_dd_two_product(ky, height));
	bs_dd cross = bs_dd_sub(bs_dd_mul_d(x, w.y), bs_dd_mul_d(y, w.x));
	bs_dd speed2 = bs_dd_add(bs_dd_two_product(w.x, w.x), bs_dd_two_product(w.y, w.y));
	bs_dd reach2 = bs_dd_mul(speed2, bs_dd_two_product(sigma, sigma));
	return bs_dd_less_equal(bs_dd_mul(cross, cross), reach2);
}

double bs_toi_periodic_image(bs_vec2 d, double kx, double ky, double width, double height, bs_vec2 image, bs_vec2 w,
	double sigma, double far_distance2) {
	if (!bs_toi_is_far(image, sigma, far_distance2)) {
		return bs_toi_circles(image, w, sigma);
	}
	double a = bs_v2_dot(w, w);
	double b = bs_v2_dot(image, w);
	if (!(b < 0.0)) {
		return INFINITY;
	}
	if (a < BS_TOI_SLOW_SPEED2) {
		return bs_toi_circles(image, w, sigma);
	}
	if (!bs_toi_far_image_meets(d, kx, ky, width, height, w, sigma)) {
		return INFINITY;
	}
	// The time from the rounded image, as bs_toi_circles_far; the gap may
	// round below zero where the exact cross product meets: a graze, at the
	// closest approach.
	return bs_toi_far_root(a, b, bs_toi_far_gap2(image, w, sigma, a));
}

// Candidates the rotation finds that the exact decision turns away, after
// which the periodic search says it cannot tell. The rotation looks a hair
// wider than contact (periodic_reach), so only a path within that hair of
// the edge of contact, image after image, can reach it.
#define BS_PERIODIC_MISSES 64

// The smallest k >= 0 with (a + k s) mod m <= w, for 0 <= a < m, 0 <= s < m
// and 0 <= w < m, or INFINITY: the first time a rotation of the circle of
// length m by s comes within w above 0. Like Euclid's algorithm it recurses
// on (s, m mod s), so it takes O(log) steps however large k is. In
// double-double arithmetic (bs_dd): its rounding, about 2^-106 of the
// lengths per step taken, stays far below any edge of contact however many
// wraps ahead.
static double first_rotation_hit(bs_dd m, bs_dd s, bs_dd a, bs_dd w, int depth) {
	if (bs_dd_less_equal(a, w)) {
		return 0.0;
	}
	if (!(s.hi > 0.0) || depth > 200) {
		return INFINITY;
	}
	// From a > w the sequence climbs without a hit until it wraps, at step
	// k1, landing at p1 in [0, s).
	double k1 = bs_dd_ceil_whole(bs_dd_div(bs_dd_sub(m, a), s));
	bs_dd p1 = bs_dd_sub(bs_dd_add(a, bs_dd_mul_d(s, k1)), m);
	if (bs_dd_less(p1, bs_dd_of(0.0))) {
		k1 += 1.0;
		p1 = bs_dd_add(p1, s);
	} else if (bs_dd_less_equal(s, p1)) {
		p1 = bs_dd_sub(p1, s);
		k1 -= 1.0;
		if (bs_dd_less(p1, bs_dd_of(0.0)) || !(k1 >= 1.0)) {
			// The quotient's rounding, not a real step back.
			k1 += 1.0;
			p1 = bs_dd_add(p1, s);
		}
	}
	if (bs_dd_less_equal(p1, w)) {
		return k1;
	}
	// Each later wrap lands r = m mod s lower on the circle of length s:
	// p_n = (p1 - n r) mod s. Reflected about w, y = (w - p) mod s climbs
	// by r, and p <= w exactly when y <= w.
	bs_dd r = bs_dd_mod(m, s);
	bs_dd y1 = bs_dd_add(bs_dd_sub(w, p1), s); // p1 in (w, s)
	if (bs_dd_less_equal(s, y1)) {
		y1 = bs_dd_sub(y1, s);
	}
	double n = first_rotation_hit(s, r, y1, w, depth + 1);
	if (n == INFINITY) {
		return INFINITY;
	}
	// Landing n (from 0) comes with wrap n + 1: the first k with
	// a + k s >= (n + 1) m, its quotient's rounding mended as for k1.
	bs_dd wrap = bs_dd_mul_d(m, n + 1.0);
	double k = bs_dd_ceil_whole(bs_dd_div(bs_dd_sub(wrap, a), s));
	if (bs_dd_less(bs_dd_add(a, bs_dd_mul_d(s, k)), wrap)) {
		k += 1.0;
	} else if (!bs_dd_less(bs_dd_add(a, bs_dd_mul_d(s, k - 1.0)), wrap)) {
		k -= 1.0;
	}
	return k;
}

// The relative path of a pair on a periodic table, and its images laid out
// in columns along the primary axis p and rows along q. Column i of images
// lies i box sides ahead along p; the path passes it at the offset
// dq + slope (i length[p] - dp) along q, and comes within sigma of image
// (i, j) where that offset lies within the reach of j length[q].
typedef struct periodic_path {
	bs_vec2 d;
	bs_vec2 w;
	double sigma;
	double far_distance2;
	double dv[2];
	double length[2];
	int p;
	int q;
	double forwards; // +1 or -1: the sign that makes the path move forwards along p
	double dp;
	double wp;
	bs_dd slope;
	double after;
	double horizon;
	bool skip_touched;
	bs_vec2 touched;
	bs_dd contact_reach; // sigma |w| / wp: sigma's reach along q
	double base;         // the distances involved at column 0 (m)
} periodic_path;

// The rotation's reach along q at columns up to `column` (either sign): a
// reach of contact, widened by what the double-double rounding of the
// offsets and of the rotation may move, 2^-100 of the distances involved.
// Where the exact decision and the rotation disagree within that hair, the
// exact decision (bs_toi_far_image_meets) is taken.
static bs_dd periodic_reach(const periodic_path* path, bs_dd contact_reach, double column) {
	double hair = 0x1p-100 * (1.0 + fabs(path->slope.hi)) * (fabs(column) * path->length[path->p] + path->base);
	return bs_dd_add(contact_reach, bs_dd_of(hair));
}

// The time at which image (i, j) meets, or INFINITY: exactly as prediction
// solves it (bs_toi_periodic_image on d less whole box sides, by the
// arithmetic of motion_of_pair's nearest image), not the touched image of a
// just-resolved pair, within the horizon, and not a contact passed by
// `after`.
static double periodic_image_meets(const periodic_path* path, double i, double j) {
	double k[2];
	k[path->p] = path->forwards * i;
	k[path->q] = j;
	bs_vec2 image = bs_v2(path->dv[0] - path->length[0] * k[0], path->dv[1] - path->length[1] * k[1]);
	if (path->skip_touched && image.x == path->touched.x && image.y == path->touched.y) {
		return INFINITY;
	}
	double t = bs_toi_periodic_image(
		path->d, k[0], k[1], path->length[0], path->length[1], image, path->w, path->sigma, path->far_distance2);
	return t <= path->horizon && !bs_toi_circles_passed(image, path->w, t, path->after) ? t : INFINITY;
}

// The offset (m) along q at which the path passes column i's images.
static bs_dd periodic_offset(const periodic_path* path, double i) {
	bs_dd along = bs_dd_sub(bs_dd_two_product(i, path->length[path->p]), bs_dd_of(path->dp));
	return bs_dd_add(bs_dd_of(path->dv[path->q]), bs_dd_mul(path->slope, along));
}

// The row of column i's image nearest the path.
static double periodic_row(const periodic_path* path, double i) {
	bs_dd rows = bs_dd_div(periodic_offset(path, i), bs_dd_of(path->length[path->q]));
	return bs_dd_floor(bs_dd_add(rows, bs_dd_of(0.5))).hi;
}

// The earliest meeting of column i's images, or INFINITY: each of the rows
// around the path's pass solved as prediction solves it.
static double periodic_column_meets(const periodic_path* path, double i) {
	double row = periodic_row(path, i);
	double earliest = INFINITY;
	for (double j = row - 1.0; j <= row + 1.0; j += 1.0) {
		double t = periodic_image_meets(path, i, j);
		earliest = t < earliest ? t : earliest;
	}
	return earliest;
}

double bs_toi_periodic(bs_vec2 d, bs_vec2 w, double sigma, double width, double height, double after, double horizon,
	bool skip_touched) {
	if (w.x == 0.0 && w.y == 0.0) {
		return INFINITY;
	}
	// Along the primary axis p the relative path crosses image columns at
	// least as often as rows along q; reflected so that it moves forwards.
	periodic_path path;
	path.d = d;
	path.w = w;
	path.sigma = sigma;
	path.far_distance2 = width * width + height * height;
	path.dv[0] = d.x;
	path.dv[1] = d.y;
	path.length[0] = width;
	path.length[1] = height;
	path.p = fabs(w.x) * height >= fabs(w.y) * width ? 0 : 1;
	path.q = 1 - path.p;
	int p = path.p;
	int q = path.q;
	double wv[2] = {w.x, w.y};
	path.forwards = wv[p] > 0.0 ? 1.0 : -1.0;
	path.dp = path.forwards * path.dv[p];
	path.wp = path.forwards * wv[p];
	path.slope = bs_dd_div(bs_dd_of(wv[q]), bs_dd_of(path.wp));
	path.after = after;
	path.horizon = horizon;
	path.skip_touched = skip_touched;
	path.touched = bs_v2(bs_periodic_nearest(d.x, width), bs_periodic_nearest(d.y, height));
	path.base = fabs(path.dp) + fabs(path.dv[q]) + path.length[q] + sigma;
	// sigma |w| / wp, from sigma^2 |w|^2 / wp^2 in double-double.
	bs_dd speed2 = bs_dd_add(bs_dd_two_product(w.x, w.x), bs_dd_two_product(w.y, w.y));
	bs_dd ratio2 = bs_dd_div(speed2, bs_dd_two_product(path.wp, path.wp));
	path.contact_reach = bs_dd_mul_d(bs_dd_sqrt(ratio2), sigma);
	// Images of columns behind the one the path is in at `after` were passed
	// before it: the path touches an image only within sigma of its column
	// along p, and each side is more than 5 diameters of the largest ball,
	// so more than any radius sum.
	double first = ceil((path.dp + path.wp * after) / path.length[p]) - 1.0;
	double last = floor((path.dp + path.wp * horizon) / path.length[p]) + 1.0;
	// Near images, within the box's diagonal and 300 sigma (bs_toi_is_far),
	// are solved by the ordinary root, whose decision rounds differently
	// from the exact one; passed contacts and the touched image lie among
	// them too. d's components are within a box side, so only the columns
	// up to `near_last` can hold them, fewer than 62 as each side is more
	// than 10 radius sums; the rotation looks a little wider there, as
	// prediction's root may meet a little beyond contact, and the images it
	// finds there that miss are not counted against the search.
	double near_distance = fmin(sqrt(path.far_distance2), sqrt(BS_TOI_FAR_RATIO2) * sigma);
	double near_last = floor(1.0 + near_distance / path.length[p]) + 1.0;
	bs_dd near_reach = bs_dd_add(bs_dd_mul_d(path.contact_reach, 1.0 + 1e-9), bs_dd_of(1e-9 * sigma));
	// Beyond them every image is far, and meets exactly where the path
	// passes it within sigma (bs_toi_far_image_meets): where the path's
	// offset along q comes within the contact's reach of a row. The offsets
	// rotate by a fixed step from column to column, and the first column
	// within reach is found by a Euclid-like recursion on that rotation in
	// O(log) steps however many wraps ahead (first_rotation_hit). The
	// columns ahead are taken in spans that double, each with the hair of
	// rounding at its far end; each column found is solved exactly as
	// prediction solves it.
	bs_dd lq = bs_dd_of(path.length[q]);
	bs_dd step = bs_dd_mod(bs_dd_mul_d(path.slope, path.length[p]), lq);
	double i = first;
	int misses = 0;
	while (i <= last) {
		bool near = i <= near_last;
		double span_end = near ? near_last : fmax(2.0 * i, i + 1.0);
		span_end = span_end < last ? span_end : last;
		bs_dd reach = periodic_reach(&path, near ? near_reach : path.contact_reach, span_end);
		bs_dd offset = bs_dd_mod(bs_dd_add(periodic_offset(&path, i), reach), lq);
		double k = first_rotation_hit(lq, step, offset, bs_dd_add(reach, reach), 0);
		if (!(i + k <= span_end)) {
			i = span_end + 1.0;
			continue;
		}
		i += k;
		double t = periodic_column_meets(&path, i);
		if (t < INFINITY) {
			return t;
		}
		// A passed contact, the touched image, or an image within the
		// rotation's hair of the edge of contact: on along the row. Beyond
		// the near columns, a path along an axis keeps its offset, and with
		// it the exact decision, in every column: none of the row meets.
		if (!near && wv[q] == 0.0) {
			return INFINITY;
		}
		misses += !near;
		if (misses >= BS_PERIODIC_MISSES) {
			return NAN;
		}
		i += 1.0;
	}
	return INFINITY;
}
