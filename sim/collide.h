// breakshot: exact times of impact and impulse responses.
//
// Every time of impact here is relative ("how long from now"), never negative,
// and INFINITY when the contact never happens. Contacts that already touch,
// or overlap by rounding, and approach happen now (0), never in the past.
#ifndef BREAKSHOT_COLLIDE_H
#define BREAKSHOT_COLLIDE_H

#include <math.h>
#include <stdbool.h>

#include <breakshot/table.h>
#include <breakshot/vec2.h>

/// Below this |w|^2 (m^2/s^2), b^2 and a c may underflow: bs_toi_circles
/// takes its slow path.
#define BS_TOI_SLOW_SPEED2 1e-150

/// bs_toi_circles for relative speeds so slow that b^2 and a c would
/// underflow (a = |w|^2 < BS_TOI_SLOW_SPEED2), approaching (b < 0) and apart
/// (c > 0): solved in distance units along the unit relative velocity
/// instead, then divided by the speed.
double bs_toi_circles_slow(bs_vec2 w, double a, double b, double c);

/// The coefficients of |d + w t|^2 = sigma^2 written as a t^2 + 2 b t + c = 0,
/// and its discriminant b^2 - a c. One function for bs_toi_circles and
/// bs_toi_circles_possible, so that the sieve sees exactly the numbers the
/// root is made of.
typedef struct bs_circle_approach {
	double a; ///< |w|^2 (m^2/s^2)
	double b; ///< d . w (m^2/s): negative while approaching
	double c; ///< |d|^2 - sigma^2 (m^2): at most 0 while touching
	double discriminant;
} bs_circle_approach;

static inline bs_circle_approach bs_circle_approach_of(bs_vec2 d, bs_vec2 w, double sigma) {
	bs_circle_approach q;
	q.a = bs_v2_dot(w, w);
	q.b = bs_v2_dot(d, w);
	q.c = bs_v2_dot(d, d) - sigma * sigma;
	q.discriminant = q.b * q.b - q.a * q.c;
	return q;
}

/// Time (s) until two circles moving apart by `d` (m, from the first centre
/// to the second) with relative velocity `w` (m/s, second minus first) are
/// `sigma` (m) apart, when they approach (d . w < 0). Solves
/// |d + w t| = sigma with the cancellation-free root c / (-b + sqrt(b^2 - a c)).
/// Returns 0 when they already touch or overlap and approach, INFINITY when
/// they separate, move in parallel, or miss. Inline: prediction calls it for
/// every pair that passes bs_toi_circles_possible.
static inline double bs_toi_circles(bs_vec2 d, bs_vec2 w, double sigma) {
	bs_circle_approach q = bs_circle_approach_of(d, w, sigma);
	if (!(q.b < 0.0)) {
		return INFINITY; // separating, parallel or at rest: never meets
	}
	if (q.c <= 0.0) {
		return 0.0; // touching or overlapping by rounding, and approaching: now
	}
	if (q.a < BS_TOI_SLOW_SPEED2) {
		return bs_toi_circles_slow(w, q.a, q.b, q.c);
	}
	if (q.discriminant < 0.0) {
		return INFINITY; // passes by
	}
	// The earlier root (-b - sqrt(disc)) / a rewritten as c / (-b + sqrt(disc)):
	// with b < 0 the denominator adds two non-negative numbers, so nothing cancels.
	return q.c / (-q.b + sqrt(q.discriminant));
}

/// The cross product d x w (m^2/s) of a far pair, as bs_toi_circles_far
/// decides with it: |d x w| / |w| is the distance of closest approach.
static inline double bs_toi_far_cross(bs_vec2 d, bs_vec2 w) {
	return d.x * w.y - d.y * w.x;
}

/// sigma^2 |w|^2 - (d x w)^2 (m^4/s^2), with a = |w|^2: |w|^2 times how far
/// inside contact (sigma^2 less the square of the distance) the pair's
/// closest approach comes.
static inline double bs_toi_far_gap2(bs_vec2 d, bs_vec2 w, double sigma, double a) {
	double cross = bs_toi_far_cross(d, w);
	return sigma * sigma * a - cross * cross;
}

/// The contact before the closest approach, t0 - sqrt(gap2) / a with
/// t0 = -b / a (b = d . w); a gap2 below zero (a graze within rounding)
/// meets at the closest approach.
static inline double bs_toi_far_root(double a, double b, double gap2) {
	return (-b - sqrt(gap2 > 0.0 ? gap2 : 0.0)) / a;
}

/// bs_toi_circles for a displacement `d` much longer than sigma (a pair
/// meeting as images many boxes apart on a periodic table). |d|^2 - sigma^2
/// loses about eps |d|^2 to rounding, which places the contact eps |d|^2 /
/// sigma off; this instead measures the closest approach by the cross
/// product (bs_toi_far_cross), sigma^2 |w|^2 - (d x w)^2 = |w|^2 (sigma^2 -
/// |d0|^2), and solves from the moment of closest approach, t0 = -d.w /
/// |w|^2, as t0 - sqrt(sigma^2 |w|^2 - (d x w)^2) / |w|^2, placing the contact
/// about eps |d| off. Whether a pair that approaches (d . w < 0) meets depends
/// on d only through the cross product.
static inline double bs_toi_circles_far(bs_vec2 d, bs_vec2 w, double sigma) {
	double a = bs_v2_dot(w, w);
	double b = bs_v2_dot(d, w);
	if (!(b < 0.0)) {
		return INFINITY;
	}
	if (a < BS_TOI_SLOW_SPEED2) {
		return bs_toi_circles(d, w, sigma);
	}
	double gap2 = bs_toi_far_gap2(d, w, sigma, a);
	return gap2 < 0.0 ? INFINITY : bs_toi_far_root(a, b, gap2);
}

/// Whether a contact of two circles (moving as in bs_toi_circles) found `t`
/// s from now is one they have passed by `after` (s from now): it began
/// before `after`, and by then they no longer approach (their closest
/// approach, -d.w / |w|^2, is at or before it). A pair's clock may lie
/// before the present, and such a contact met nothing; one that began
/// before it by rounding, with the pair still closing, is a contact now.
/// Prediction and the periodic meeting search both ask this, with the same
/// numbers, so that they agree to the bit.
static inline bool bs_toi_circles_passed(bs_vec2 d, bs_vec2 w, double t, double after) {
	return t < after && -bs_v2_dot(d, w) <= after * bs_v2_dot(w, w);
}

/// Beyond this |d| / sigma, squared, a pair is solved with
/// bs_toi_circles_far: the ordinary root would place the contact
/// eps |d|^2 / (2 sigma) off, which at |d| = 300 sigma is 1e-11 sigma, a
/// hundredth of BS_CONTACT_TOLERANCE. Pool balls are 17 m apart at this
/// ratio; tiny balls or a huge box reach it.
#define BS_TOI_FAR_RATIO2 9e4

/// Whether a pair `d` (m) apart is solved with bs_toi_circles_far: beyond
/// BS_TOI_FAR_RATIO2, or beyond `far_distance2` (m^2; the box's diagonal
/// squared on a periodic table, INFINITY otherwise), where a pair meets as
/// images more than a box apart.
static inline bool bs_toi_is_far(bs_vec2 d, double sigma, double far_distance2) {
	double d2 = bs_v2_dot(d, d);
	return (d2 > far_distance2) | (d2 > BS_TOI_FAR_RATIO2 * sigma * sigma);
}

/// The time of impact of two circles (see bs_toi_circles), by the root that
/// keeps its digits at their distance (bs_toi_is_far).
static inline double bs_toi_image(bs_vec2 d, bs_vec2 w, double sigma, double far_distance2) {
	return bs_toi_is_far(d, sigma, far_distance2) ? bs_toi_circles_far(d, w, sigma) : bs_toi_circles(d, w, sigma);
}

/// False only when bs_toi_circles(d, w, sigma) is INFINITY: its tests on the
/// same coefficients, without the square root and the division, and without
/// a branch. Whether two neighbours approach, and whether they meet, is a
/// coin toss that a branch predictor loses half the time; prediction sifts
/// its pairs with this first and solves only those that pass.
static inline bool bs_toi_circles_possible(bs_vec2 d, bs_vec2 w, double sigma) {
	bs_circle_approach q = bs_circle_approach_of(d, w, sigma);
	// Touching (c <= 0) and the slow case decide by themselves: the first
	// must not rest on the product a c, which is NaN when c = 0 and the speed is so large
	// that a overflows; the second's discriminant may round below zero where
	// the slow path finds a graze.
	return (q.b < 0.0) & ((q.discriminant >= 0.0) | (q.c <= 0.0) | (q.a < BS_TOI_SLOW_SPEED2));
}

/// Whether the far image d - (kx width, ky height) (m; kx and ky whole
/// numbers) of a periodic pair moving at `w` (m/s) passes within `sigma`
/// (m): decided on the exact image and cross product, in double-double
/// arithmetic, not on the rounded image, whose rounding grows with the
/// boxes between them. Prediction and the periodic search decide with it
/// alike, so that they agree to the bit, and along any line of images it
/// moves with the image as exact arithmetic does.
bool bs_toi_far_image_meets(bs_vec2 d, double kx, double ky, double width, double height, bs_vec2 w, double sigma);

/// bs_toi_image for image `image` (m) of a periodic pair, d less kx widths
/// and ky heights (as bs_periodic_nearest_by computes it): a far image that
/// approaches meets where bs_toi_far_image_meets says, at the time
/// bs_toi_circles_far gives (at its closest approach where the rounded
/// image's gap falls below zero). Near ones as bs_toi_circles.
double bs_toi_periodic_image(bs_vec2 d, double kx, double ky, double width, double height, bs_vec2 image, bs_vec2 w,
	double sigma, double far_distance2);

/// bs_toi_image on a periodic table of `width` x `height` (m): the time (s)
/// until the two circles first touch as any images of each other, within
/// `horizon` (s), INFINITY when there is none, or NAN when the search cannot
/// tell (a path within 2^-100 of the distances of the edge of contact,
/// image after image, where the search's rounding and the exact decision
/// may differ). The images are found by their position on the relative
/// path, not by stepping through the boxes it crosses, so the cost does not
/// grow with the number of wraps. `skip_touched`: the pair was just
/// resolved as the images nearest at `d`, which never meet again (as in
/// prediction). Each image is solved with bs_toi_periodic_image on d minus a
/// whole number of box sides, so the time is exactly the one prediction
/// finds for that image (with the box's diagonal squared), and the first
/// image that prediction would meet is the one found. A contact the pair
/// has passed by `after` (s, the present on d's clock) is no meeting
/// (bs_toi_circles_passed, as in prediction).
double bs_toi_periodic(bs_vec2 d, bs_vec2 w, double sigma, double width, double height, double after,
	double horizon, bool skip_touched);

/// Time (s) until a ball (centre `p` (m), velocity `v` (m/s), radius `r`
/// (m)) moving in a straight line meets the jaw `arc`: its centre comes r +
/// arc->radius from the arc's centre while approaching it, the
/// cancellation-free root of bs_toi_image. The arc's span is not tested: a
/// jaw's whole circle lies inside the cushion, so no centre reaches the
/// circle outside the span without first meeting a neighbouring segment or
/// the arc itself (docs/engine.md, "Jaws"). A point (radius 0) is met as
/// a circle of the ball's own radius, to the bit.
static inline double bs_toi_arc(bs_vec2 p, bs_vec2 v, double r, const bs_arc* arc) {
	return bs_toi_image(bs_v2_sub(arc->centre, p), bs_v2_scale(-1.0, v), r + arc->radius, INFINITY);
}

/// Time (s) until the centre at `p` (m) moving at `v` (m/s) enters the
/// circle of radius `capture` (m) around `centre`: 0 when already inside.
double bs_toi_enter_circle(bs_vec2 p, bs_vec2 v, bs_vec2 centre, double capture);

/// Time (s) until a ball (centre `p`, velocity `v`, radius `r`) meets the
/// segment from its playing side (the linear case), with the contact point
/// inside the segment. INFINITY when it moves parallel or away, or when the
/// contact falls beyond the segment's ends (the jaws handle those).
double bs_toi_segment(bs_vec2 p, bs_vec2 v, double r, bs_segment segment);

/// bs_toi_segment with the segment's inward unit normal given (it must be
/// bs_segment_normal(segment)): the same result, without the square root.
double bs_toi_segment_normal(bs_vec2 p, bs_vec2 v, double r, bs_segment segment, bs_vec2 normal);

/// Resolves a collision of two balls along the unit normal `n` (from ball 1
/// towards ball 2) with restitution `e`:
/// J = (1+e) m1 m2 / (m1+m2) ((v1 - v2) . n); v1 -= J/m1 n; v2 += J/m2 n.
/// Returns J (N s), positive for an approaching pair.
double bs_resolve_balls(bs_vec2* v1, double m1, bs_vec2* v2, double m2, bs_vec2 n, double e);

/// Reflects the normal component of `v` off an obstacle with unit normal `n`
/// (pointing from the obstacle towards the ball), scaled by `e`. Returns the
/// impulse magnitude (N s) given to a ball of mass `m`.
double bs_resolve_obstacle(bs_vec2* v, double m, bs_vec2 n, double e);

#endif
