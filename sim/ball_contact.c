#include "ball_contact.h"

#include <math.h>

#include "collide.h"

double bs_ball_friction_mu(bs_ball_friction friction, double slip_speed) {
	switch (friction.kind) {
	case BS_BALL_FRICTION_CONSTANT:
		return friction.mu;
	case BS_BALL_FRICTION_ALCIATORE:
		return BS_ALCIATORE_MU_A + BS_ALCIATORE_MU_B * exp(-BS_ALCIATORE_MU_C * slip_speed);
	case BS_BALL_FRICTION_IDEAL:
	default:
		return 0.0;
	}
}

bs_ball_contact bs_resolve_ball_contact(bs_vec2* v1, bs_vec3* w1, double m1, double r1, bs_vec2* v2, bs_vec3* w2,
	double m2, double r2, bs_vec2 n, double e, bs_ball_friction friction) {
	bs_ball_contact result = {0.0, {0.0, 0.0, 0.0}, false};
	if (friction.kind == BS_BALL_FRICTION_IDEAL) {
		result.normal_impulse = bs_resolve_balls(v1, m1, v2, m2, n, e);
		return result;
	}
	// The slip before the impulse. Its tangential part is all friction sees:
	// the normal impulse passes through both centres and leaves it alone.
	bs_vec2 dv = bs_v2_sub(*v1, *v2);
	double closing = bs_v2_dot(dv, n);
	bs_vec3 n3 = bs_v3_of_v2(n);
	bs_vec3 spin = bs_v3_add(bs_v3_scale(r1, *w1), bs_v3_scale(r2, *w2));
	bs_vec3 slip = bs_v3_add(bs_v3_of_v2(bs_v2_mad(dv, -closing, n)), bs_v3_cross(spin, n3));
	double slip_speed = bs_v3_len(slip);

	result.normal_impulse = bs_resolve_balls(v1, m1, v2, m2, n, e);
	double limit = bs_ball_friction_mu(friction, slip_speed) * result.normal_impulse;
	if (!(limit > 0.0) || !(slip_speed > 0.0)) {
		return result;
	}
	// A tangential impulse P on ball 2 (-P on ball 1) changes the slip by
	// -(1/m + r^2/I) P for each ball, -(7/2)(1/m1 + 1/m2) P together.
	double stop = slip_speed / (3.5 * (1.0 / m1 + 1.0 / m2));
	double magnitude = limit < stop ? limit : stop;
	result.sliding = limit < stop;
	bs_vec3 impulse = bs_v3_scale(magnitude / slip_speed, slip);
	result.tangential_impulse = impulse;

	// The cloth takes the vertical part (ball_contact.h): only x, y move the
	// centres; all of it turns the balls. Both contacts give the same torque
	// direction, n x P: ball 1 takes -P at r1 n, ball 2 takes P at -r2 n.
	bs_vec2 planar = bs_v3_xy(impulse);
	*v1 = bs_v2_mad(*v1, -1.0 / m1, planar);
	*v2 = bs_v2_mad(*v2, 1.0 / m2, planar);
	bs_vec3 torque_axis = bs_v3_cross(n3, impulse);
	*w1 = bs_v3_mad(*w1, -1.0 / (0.4 * m1 * r1), torque_axis);
	*w2 = bs_v3_mad(*w2, -1.0 / (0.4 * m2 * r2), torque_axis);
	return result;
}
