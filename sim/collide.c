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
