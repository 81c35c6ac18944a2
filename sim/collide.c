#include "collide.h"

#include <float.h>
#include <math.h>

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

// The smallest k >= 0 with (a + k s) mod m <= w, for 0 <= a < m, 0 <= s < m
// and 0 <= w < m, or INFINITY: the first time a rotation of the circle of
// length m by s comes within w above 0. Like Euclid's algorithm it recurses
// on (s, m mod s), so it takes O(log) steps however large k is.
static double first_rotation_hit(double m, double s, double a, double w, int depth) {
	if (a <= w) {
		return 0.0;
	}
	if (!(s > 0.0) || depth > 200) {
		return INFINITY;
	}
	// From a > w the sequence climbs without a hit until it wraps, at step
	// k1, landing at p1 in [0, s).
	double k1 = ceil((m - a) / s);
	double p1 = a + k1 * s - m;
	if (p1 < 0.0) {
		p1 = 0.0;
	} else if (p1 >= s) {
		k1 += 1.0;
		p1 -= s;
	}
	if (p1 <= w) {
		return k1;
	}
	// Each later wrap lands r = m mod s lower on the circle of length s:
	// p_n = (p1 - n r) mod s. Reflected about w, y = (w - p) mod s climbs
	// by r, and p <= w exactly when y <= w.
	double r = fmod(m, s);
	double y1 = w - p1 + s; // p1 in (w, s)
	double n = first_rotation_hit(s, r, y1 >= s ? y1 - s : y1, w, depth + 1);
	if (n == INFINITY) {
		return INFINITY;
	}
	// Landing n (from 0) comes with wrap n + 1: the first k with a + k s >= (n + 1) m.
	return ceil(((n + 1.0) * m - a) / s);
}

// Whether an image that the relative path moving along axis p only (its
// component along q exactly 0) has still ahead, solved from closest approach
// (bs_toi_is_far), misses, and with it every image in the columns beyond:
// they keep its offset along q and lie farther, so are solved the same way,
// and their gap sigma^2 - |d0|^2 is at most sigma^2 - offset_q^2 in rounded
// arithmetic too (d0 keeps the offset exactly). Without it a path grazing
// the images at the edge of contact would be searched column after column
// until the search gave up, and the crossings would be taken all the way.
// `ahead`: the image's offset along p, signed so that negative is ahead.
static bool misses_every_column_ahead(bs_vec2 image, bs_vec2 w, double sigma, double far_distance2, int q,
	double ahead) {
	double offset_q = q == 0 ? image.x : image.y;
	double along_q = q == 0 ? w.x : w.y;
	return along_q == 0.0 && ahead < 0.0 && bs_v2_dot(w, w) >= BS_TOI_SLOW_SPEED2 &&
		bs_toi_is_far(image, sigma, far_distance2) && sigma * sigma - offset_q * offset_q < 0.0;
}

double bs_toi_periodic(bs_vec2 d, bs_vec2 w, double sigma, double width, double height, double after,
	double horizon, bool skip_touched) {
	if (w.x == 0.0 && w.y == 0.0) {
		return INFINITY;
	}
	// Along the primary axis p the relative path crosses image columns at
	// least as often as rows along q; reflected so that it moves forwards.
	double dv[2] = {d.x, d.y};
	double wv[2] = {w.x, w.y};
	double length[2] = {width, height};
	int p = fabs(w.x) * height >= fabs(w.y) * width ? 0 : 1;
	int q = 1 - p;
	double forwards = wv[p] > 0.0 ? 1.0 : -1.0;
	double dp = forwards * dv[p];
	double wp = forwards * wv[p];
	double slope = wv[q] / wp;
	// Column i of images lies at i length[p] along p; the path is there at
	// the offset y(i) = dq + slope (i length[p] - dp) along q, and passes
	// within sigma of image (i, j) exactly when |y(i) - j length[q]| <= reach.
	double speed = bs_v2_len(w);
	double reach = sigma * (speed / wp) * (1.0 + 1e-9);
	double far_distance2 = width * width + height * height;
	// Images of columns behind the one the path is in at `after` were passed
	// before it: the path touches an image only within sigma of its column
	// along p, and each side is more than 5 diameters of the largest ball,
	// so more than any radius sum.
	double first = ceil((dp + wp * after) / length[p]) - 1.0;
	double last = floor((dp + wp * horizon) / length[p]) + 1.0;
	double step = fmod(slope * length[p], length[q]);
	step = step < 0.0 ? step + length[q] : step;
	bs_vec2 touched = bs_v2(bs_periodic_nearest(d.x, width), bs_periodic_nearest(d.y, height));
	// Each pass finds the next column whose image the path passes within the
	// (slightly widened) reach of, and solves it. A miss is the widening, or
	// the first column behind. A path drifting slowly through the widening
	// misses column after column: after 64 misses the search says it cannot
	// tell (NAN), and the caller takes the crossings instead.
	double i = first;
	for (int misses = 0; misses < 64; ++misses) {
		double offset = fmod(dv[q] + slope * (i * length[p] - dp) + reach, length[q]);
		offset = offset < 0.0 ? offset + length[q] : offset;
		offset = offset >= length[q] ? 0.0 : offset;
		double k = first_rotation_hit(length[q], step, offset, 2.0 * reach, 0);
		if (!(i + k <= last)) {
			return INFINITY;
		}
		i += k;
		// The image the rotation found, verified by the exact root: the
		// search's window is a little wider than contact, and the first
		// column may be behind.
		double j = floor((dv[q] + slope * (i * length[p] - dp)) / length[q] + 0.5);
		double image[2];
		image[p] = dv[p] - forwards * i * length[p];
		image[q] = dv[q] - j * length[q];
		bs_vec2 offset_d = bs_v2(image[0], image[1]);
		bool same_as_touched = offset_d.x == touched.x && offset_d.y == touched.y;
		double t = skip_touched && same_as_touched ? INFINITY : bs_toi_image(offset_d, w, sigma, far_distance2);
		if (t <= horizon && !bs_toi_circles_passed(offset_d, w, t, after)) {
			return t;
		}
		if (misses_every_column_ahead(offset_d, w, sigma, far_distance2, q, forwards * image[p])) {
			return INFINITY;
		}
		i += 1.0;
		if (!(i <= last)) {
			return INFINITY;
		}
	}
	return NAN;
}
