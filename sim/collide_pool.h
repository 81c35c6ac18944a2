// breakshot: exact times of impact under pool physics, where every ball's
// centre moves as p + v t + a t^2 / 2 until its next change of state.
//
// A pair's motions are fixed only until the earlier of the two balls' next
// changes of state, so each time here is the earliest entry into contact on
// a bounded interval [0, t_end] (s, from the pair's common clock): the
// earliest t at which the gap is <= 0 while it closes. Contacts that touch
// and close at 0 happen now; a tangent graze, which never closes, is none.
// The gap of a ball and a cushion's line is quadratic in t and solved in
// closed form; the others are quartics, solved by isolating the earliest
// root through the derivatives' sign changes (poly.h).
#ifndef BREAKSHOT_COLLIDE_POOL_H
#define BREAKSHOT_COLLIDE_POOL_H

#include <breakshot/pool.h>
#include <breakshot/table.h>
#include <breakshot/vec2.h>

/// Whether a contact whose two sides part along its normal at `parting`
/// (m/s; negative: closing) is a resting contact, one the engine resolved
/// so that nothing moves into it (BS_POOL_RESTING_SPEED) and skips until one
/// side has another event. Any other contact the engine resolves parts at
/// least the resting speed. Prediction, resolution and the def check all
/// ask this one question.
static inline bool bs_pool_contact_is_resting(double parting) {
	return parting < 0.5 * BS_POOL_RESTING_SPEED;
}

/// The earliest t in [0, t_end] (s) at which c0 + c1 t + c2 t^2 enters
/// <= 0 while decreasing (as bs_poly_first_entry), or INFINITY. Closed
/// form, with the cancellation-free root: the entry from above of an
/// upward parabola is 2 c0 / (-c1 + sqrt(c1^2 - 4 c0 c2)), as in
/// bs_toi_circles.
double bs_quadratic_first_entry(double c0, double c1, double c2, double t_end);

/// Time (s, in [0, t_end]) until a ball (centre `p` (m), velocity `v` (m/s),
/// constant acceleration `acc` (m/s^2), radius `r` (m)) meets the segment
/// from its playing side, `normal` being the segment's inward unit normal
/// (bs_segment_normal), with the contact point inside the segment; INFINITY
/// when it does not by t_end, or meets the line beyond the segment's ends
/// (the jaws take those).
double bs_toi_pool_segment(bs_vec2 p, bs_vec2 v, bs_vec2 acc, double r, bs_segment segment, bs_vec2 normal,
	double t_end);

/// Time (s, in [0, t_end]) until two circles whose centres are `d` (m)
/// apart (second minus first) and move apart at `w` (m/s) with relative
/// acceleration `a` (m/s^2) come within `sigma` (m) while closing:
/// |d + w t + a t^2/2|^2 = sigma^2, a quartic. INFINITY when they do not by
/// t_end. With `a` exactly zero it is bs_toi_image (bs_toi_circles, or
/// bs_toi_circles_far for a pair hundreds of sigma apart), to the bit. A
/// contact whose terms reach that far is solved again from just before it,
/// so that it keeps its digits as the frictionless root does. Pairs
/// that certainly stay apart until `t_needed` (s; INFINITY: t_end) are
/// turned away before any root is solved, so a contact later than
/// t_needed may be reported as INFINITY: the caller has an event by then
/// already. A time returned is always the same bits, whatever t_needed.
double bs_toi_pool_circles(bs_vec2 d, bs_vec2 w, bs_vec2 a, double sigma, double t_end, double t_needed);

/// Time (s, in [0, t_end]) until a ball (centre `p` (m), velocity `v`
/// (m/s), constant acceleration `acc` (m/s^2), radius `r` (m)) meets the jaw
/// `arc`: the earliest entry of |p + v t + acc t^2/2 - centre|^2 = (r +
/// arc->radius)^2 while closing, bs_toi_pool_circles's quartic. As for
/// bs_toi_arc, the span is not tested: a jaw's whole circle lies inside the
/// cushion. `t_needed` as for bs_toi_pool_circles.
static inline double bs_toi_pool_arc(
	bs_vec2 p, bs_vec2 v, bs_vec2 acc, double r, const bs_arc* arc, double t_end, double t_needed) {
	bs_vec2 d = {arc->centre.x - p.x, arc->centre.y - p.y};
	bs_vec2 w = {-v.x, -v.y};
	bs_vec2 a = {-acc.x, -acc.y};
	return bs_toi_pool_circles(d, w, a, r + arc->radius, t_end, t_needed);
}

#endif
