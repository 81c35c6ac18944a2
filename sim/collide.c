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

// Far images that miss, within the search's widened reach, after which the
// periodic search takes the path to be passing image after image at the
// edge of contact.
#define BS_PERIODIC_EDGE_MISSES 64

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

// The relative path of a pair on a periodic table, and its images laid out
// in columns along the primary axis p and rows along q. Column i of images
// lies i box sides ahead along p; the path passes it at the offset
// dq + slope (i length[p] - dp) along q, and comes within sigma of image
// (i, j) where that offset lies within the reach of j length[q].
typedef struct periodic_path {
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
	double slope;
	double after;
	double horizon;
	bool skip_touched;
	bs_vec2 touched;
	double contact_reach;  // sigma's reach along q, slightly widened
	double widening_scale; // what rounding may move, per metre of distance involved
	double widening_base;  // those distances at column 0 (m)
} periodic_path;

// The search's reach along q at columns up to `column` (either sign): the
// reach of contact, widened by what rounding may move there. The rotation's
// offsets, the images' displacements and the cross product each err by a
// few eps of the distances involved, which grow with the columns ahead.
static double periodic_reach(const periodic_path* path, double column) {
	return path->contact_reach +
		path->widening_scale * (fabs(column) * path->length[path->p] + path->widening_base);
}

// Image (i, j) of the pair: d less whole box sides, by the arithmetic of
// motion_of_pair's nearest image, so that each image's time is exactly the
// one prediction finds for it.
static bs_vec2 periodic_image(const periodic_path* path, double i, double j) {
	double image[2];
	image[path->p] = path->dv[path->p] - path->forwards * i * path->length[path->p];
	image[path->q] = path->dv[path->q] - j * path->length[path->q];
	return bs_v2(image[0], image[1]);
}

// The time at which image (i, j) meets, or INFINITY: as prediction solves it
// (bs_toi_image), not the touched image of a just-resolved pair, within the
// horizon, and not a contact passed by `after`.
static double periodic_image_meets(const periodic_path* path, bs_vec2 image) {
	if (path->skip_touched && image.x == path->touched.x && image.y == path->touched.y) {
		return INFINITY;
	}
	double t = bs_toi_image(image, path->w, path->sigma, path->far_distance2);
	return t <= path->horizon && !bs_toi_circles_passed(image, path->w, t, path->after) ? t : INFINITY;
}

// Signs compared, not multiplied: a product of tiny numbers underflows to 0.
static bool opposite_signs(double a, double b) {
	return (a < 0.0 && b > 0.0) || (a > 0.0 && b < 0.0);
}

// Whether far image `image` of a row whose cross product was `cross_before`
// (nonzero) at a column that missed meets, as prediction solves it, or has
// its cross product at zero or past it: the row's order, monotone along the
// row ahead, where images stay far.
static bool reached_contact(const periodic_path* path, bs_vec2 image, double cross_before) {
	double cross = bs_toi_far_cross(image, path->w);
	return bs_toi_image(image, path->w, path->sigma, path->far_distance2) < INFINITY || cross == 0.0 ||
		opposite_signs(cross, cross_before);
}

// The offset (m) along q at which the path passes column i's images.
static double periodic_offset(const periodic_path* path, double i) {
	return path->dv[path->q] + path->slope * (i * path->length[path->p] - path->dp);
}

// After far image (i, j) missed, the rest of row j: the path's pass by the
// row. Along the row only column i changes, so the cross product, on which
// alone a far image's meeting depends, changes monotonically
// (bs_toi_far_cross), and the images that meet form one run of columns.
// Either the cross product moves away from zero and no column of the row
// meets, or it moves towards zero and the first column that meets, if any,
// is found by galloping and bisection: O(log) columns, however slowly the
// path drifts through the edge of contact.
//
// The pass ends where the path has drifted half a row's spacing along q: by
// then it is more than the search's reach from row j and from the next row,
// as long as the reach up to there is under a quarter of the spacing (it is
// unless the balls are within a few percent of the largest a box allows and
// rounding reaches a few percent of a radius, 10^8 m ahead in a box of
// 10 µm). Only an image near an axis keeps its row from column to column:
// along a path near another ratio of the sides, consecutive candidates lie
// in different rows and both terms of the cross product change. `*next` is
// the column to go on from; the return value the time of the first meeting in
// the row, or INFINITY.
static double rest_of_row(const periodic_path* path, double i, double j, double last, double* next) {
	double lq = path->length[path->q];
	double drift_per_column = fabs(path->slope) * path->length[path->p];
	double half_pass = floor(0.5 * lq / drift_per_column);
	double pass_end = half_pass < last - i ? i + (half_pass > 1.0 ? half_pass : 1.0) : last;
	*next = pass_end;
	if (!(4.0 * periodic_reach(path, pass_end) < 0.99 * lq)) {
		*next = i + 1.0;
		return INFINITY;
	}
	// The sign of the change of d x w from column i to i + 1: along p = x,
	// d.x falls by forwards length[p]; along p = y, d.y does.
	double wq = path->p == 0 ? path->w.y : path->w.x;
	double change = (path->p == 0 ? -path->forwards : path->forwards) * wq;
	double cross = bs_toi_far_cross(periodic_image(path, i, j), path->w);
	if (!(opposite_signs(change, cross))) {
		return INFINITY; // moving away from contact, or along the row
	}
	// Galloping, then bisection, for the first column where the cross
	// product has reached contact or passed zero.
	double below = i; // not reached
	double above = INFINITY;
	for (double step = 1.0; below < pass_end; step *= 2.0) {
		double probe = below + step < pass_end ? below + step : pass_end;
		bs_vec2 image = periodic_image(path, probe, j);
		if (reached_contact(path, image, cross)) {
			above = probe;
			break;
		}
		below = probe;
	}
	if (above == INFINITY) {
		return INFINITY;
	}
	while (above - below > 1.0) {
		double middle = floor(0.5 * (below + above));
		bs_vec2 image = periodic_image(path, middle, j);
		if (reached_contact(path, image, cross)) {
			above = middle;
		} else {
			below = middle;
		}
	}
	return periodic_image_meets(path, periodic_image(path, above, j));
}

// first_rotation_hit in double-double arithmetic (bs_dd): the smallest
// k >= 0 with (a + k s) mod m <= w. Its rounding, about 2^-106 of the
// distances involved, stays far below any edge of contact however many
// wraps ahead, where the double version's grows with them.
static double first_rotation_hit_dd(bs_dd m, bs_dd s, bs_dd a, bs_dd w, int depth) {
	if (bs_dd_less_equal(a, w)) {
		return 0.0;
	}
	if (!(s.hi > 0.0) || depth > 200) {
		return INFINITY;
	}
	double k1 = bs_dd_ceil_whole(bs_dd_div(bs_dd_sub(m, a), s));
	bs_dd p1 = bs_dd_sub(bs_dd_add(a, bs_dd_mul_d(s, k1)), m);
	if (bs_dd_less(p1, bs_dd_of(0.0))) {
		p1 = bs_dd_of(0.0);
	} else if (bs_dd_less_equal(s, p1)) {
		k1 += 1.0;
		p1 = bs_dd_sub(p1, s);
	}
	if (bs_dd_less_equal(p1, w)) {
		return k1;
	}
	bs_dd r = bs_dd_mod(m, s);
	bs_dd y1 = bs_dd_add(bs_dd_sub(w, p1), s);
	if (bs_dd_less_equal(s, y1)) {
		y1 = bs_dd_sub(y1, s);
	}
	double n = first_rotation_hit_dd(s, r, y1, w, depth + 1);
	if (n == INFINITY) {
		return INFINITY;
	}
	return bs_dd_ceil_whole(bs_dd_div(bs_dd_sub(bs_dd_mul_d(m, n + 1.0), a), s));
}

// periodic_offset in double-double: the offset (m) along q at which the
// path passes column i's images, to about 2^-106 of the distances involved.
static bs_dd periodic_offset_dd(const periodic_path* path, bs_dd slope, double i) {
	bs_dd along = bs_dd_sub(bs_dd_two_product(i, path->length[path->p]), bs_dd_of(path->dp));
	return bs_dd_add(bs_dd_of(path->dv[path->q]), bs_dd_mul(slope, along));
}

// How far (m, along q) prediction's rounding may move an image's pass at
// columns up to `column` from where exact arithmetic puts it: the image's
// coordinates, d less whole box sides, each round within eps of the
// distances, and the far cross product (bs_toi_far_cross) within eps of its
// terms; 4 eps of the distances, with the path's slope, bounds both.
static double prediction_rounding(const periodic_path* path, double column) {
	return 4.0 * DBL_EPSILON * (1.0 + fabs(path->slope)) * (fabs(column) * path->length[path->p] + path->widening_base);
}

// After BS_PERIODIC_EDGE_MISSES far images that missed, the path is passing
// image after image at the edge of contact, within what rounding decides:
// along a direction within rounding of a ratio of the box's sides other
// than an axis's, consecutive candidates lie in different rows, no row's
// order holds, and whether each image meets is rounding's choice, image
// after image, for as many wraps as the drift takes to cross the edge.
//
// Such grazes are taken as misses. From column `i` on, the search looks for
// the first image the path passes deeper inside contact than prediction's
// rounding reaches there (prediction_rounding), which prediction therefore
// meets, and solves it as prediction does. The offsets and the rotation
// that finds them are computed in double-double arithmetic, so that the
// rotation's own rounding does not widen the band of grazes. The columns
// ahead are taken in spans that double, each with the rounding at its far
// end, so a graze passed over lies within twice prediction's rounding at its
// own column: about 16 eps of the distance travelled along a diagonal, a
// few times what rounding moves the balls' positions by at that time. O(log^2)
// steps however many wraps ahead.
// NAN where prediction's rounding reaches the contact's reach: balls so
// small, so far ahead, that rounding decides every image.
static double first_meeting_inside_contact(const periodic_path* path, double i, double last) {
	int p = path->p;
	int q = path->q;
	double wv[2] = {path->w.x, path->w.y};
	bs_dd lq = bs_dd_of(path->length[q]);
	bs_dd slope = bs_dd_div(bs_dd_of(wv[q]), bs_dd_of(path->wp));
	bs_dd step = bs_dd_mod(bs_dd_mul_d(slope, path->length[p]), lq);
	// The contact's reach along q, sigma |w| / wp, less its own rounding.
	double contact = path->sigma * bs_v2_len(path->w) / path->wp;
	contact -= 4.0 * DBL_EPSILON * contact;
	int tries = 0;
	while (i <= last) {
		double span_end = fmax(2.0 * fabs(i), i + 1.0);
		span_end = span_end < last ? span_end : last;
		double reach = contact - prediction_rounding(path, span_end);
		if (!(reach > 0.0)) {
			return NAN;
		}
		bs_dd offset = bs_dd_mod(bs_dd_add(periodic_offset_dd(path, slope, i), bs_dd_of(reach)), lq);
		double k = first_rotation_hit_dd(lq, step, offset, bs_dd_of(2.0 * reach), 0);
		if (!(i + k <= span_end)) {
			i = span_end + 1.0;
			continue;
		}
		i += k;
		double j = bs_dd_floor(bs_dd_add(bs_dd_div(periodic_offset_dd(path, slope, i), lq), bs_dd_of(0.5))).hi;
		double t = periodic_image_meets(path, periodic_image(path, i, j));
		if (t < INFINITY) {
			return t;
		}
		// Prediction turned away an image inside its own rounding's reach,
		// which the bound above says it cannot: the search cannot tell.
		if (++tries >= BS_PERIODIC_EDGE_MISSES) {
			return NAN;
		}
		i += 1.0;
	}
	return INFINITY;
}

double bs_toi_periodic(bs_vec2 d, bs_vec2 w, double sigma, double width, double height, double after, double horizon,
	bool skip_touched) {
	if (w.x == 0.0 && w.y == 0.0) {
		return INFINITY;
	}
	// Along the primary axis p the relative path crosses image columns at
	// least as often as rows along q; reflected so that it moves forwards.
	periodic_path path;
	path.w = w;
	path.sigma = sigma;
	path.far_distance2 = width * width + height * height;
	path.dv[0] = d.x;
	path.dv[1] = d.y;
	path.length[0] = width;
	path.length[1] = height;
	path.p = fabs(w.x) * height >= fabs(w.y) * width ? 0 : 1;
	path.q = 1 - path.p;
	double wv[2] = {w.x, w.y};
	path.forwards = wv[path.p] > 0.0 ? 1.0 : -1.0;
	path.dp = path.forwards * path.dv[path.p];
	path.wp = path.forwards * wv[path.p];
	path.slope = wv[path.q] / path.wp;
	path.after = after;
	path.horizon = horizon;
	path.skip_touched = skip_touched;
	path.touched = bs_v2(bs_periodic_nearest(d.x, width), bs_periodic_nearest(d.y, height));
	int p = path.p;
	int q = path.q;
	// Images of columns behind the one the path is in at `after` were passed
	// before it: the path touches an image only within sigma of its column
	// along p, and each side is more than 5 diameters of the largest ball,
	// so more than any radius sum.
	double first = ceil((path.dp + path.wp * after) / path.length[p]) - 1.0;
	double last = floor((path.dp + path.wp * horizon) / path.length[p]) + 1.0;
	// The rotation looks within one reach for the whole search, the one
	// at the farthest column.
	path.contact_reach = sigma * (bs_v2_len(w) / path.wp) * (1.0 + 1e-9);
	path.widening_scale = 16.0 * DBL_EPSILON * (1.0 + fabs(path.slope));
	path.widening_base = fabs(path.dp) + fabs(path.dv[q]) + path.length[q] + sigma;
	double reach = periodic_reach(&path, fabs(first) > fabs(last) ? first : last);
	double step = fmod(path.slope * path.length[p], path.length[q]);
	step = step < 0.0 ? step + path.length[q] : step;
	// Each pass finds the next column whose image the path passes within the
	// widened reach of, and solves it. A far image that misses is the edge
	// of its row's run of meeting columns, and the rest of the row is decided
	// at once (rest_of_row). Only a path that passes image after image within
	// rounding of contact and misses can exhaust the search: a direction at
	// an exact ratio of the box's sides revisiting one, or one within
	// rounding of a ratio other than an axis's drifting through the edge of
	// contact, where rounding decides which image meets first. After
	// BS_PERIODIC_EDGE_MISSES far images that miss, such grazes are taken as
	// misses and the search goes on for the first image the path passes
	// surely inside contact (first_meeting_inside_contact).
	bool solved_from_closest_approach = bs_v2_dot(w, w) >= BS_TOI_SLOW_SPEED2;
	double i = first;
	for (int misses = 0; misses < BS_PERIODIC_EDGE_MISSES;) {
		double offset = fmod(periodic_offset(&path, i) + reach, path.length[q]);
		offset = offset < 0.0 ? offset + path.length[q] : offset;
		offset = offset >= path.length[q] ? 0.0 : offset;
		double k = first_rotation_hit(path.length[q], step, offset, 2.0 * reach, 0);
		if (!(i + k <= last)) {
			return INFINITY;
		}
		i += k;
		// The image the rotation found, verified by the exact root: the
		// search's window is wider than contact, and the first column may be
		// behind.
		double j = floor(periodic_offset(&path, i) / path.length[q] + 0.5);
		bs_vec2 image = periodic_image(&path, i, j);
		double t = periodic_image_meets(&path, image);
		if (t < INFINITY) {
			return t;
		}
		// Columns up to the one after `after`'s may hold passed contacts and
		// the touched image (columns -1 to 1), which do not follow the row's
		// order; beyond them a far image that misses decides its row. Near
		// images are few: the box's diagonal bounds them.
		bool far = bs_toi_is_far(image, sigma, path.far_distance2);
		bool decides_row =
			far && i >= first + 2.0 && i >= 2.0 && bs_v2_dot(image, w) < 0.0 && solved_from_closest_approach;
		double next = i + 1.0;
		if (decides_row) {
			t = rest_of_row(&path, i, j, last, &next);
			if (t < INFINITY) {
				return t;
			}
		}
		misses += far;
		i = next > i ? next : i + 1.0;
		if (!(i <= last)) {
			return INFINITY;
		}
	}
	return first_meeting_inside_contact(&path, i, last);
}
