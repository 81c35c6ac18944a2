#include "ball_motion.h"

#include <math.h>

/// The largest angle (rad) one integration step of bs_ball_turn turns.
static const double turn_step = 0.02;
/// At most this many steps per call: a longer turn is coarser, never slower.
static const double max_turn_steps = 200000.0;

static bs_vec2 acceleration(const bs_ball_state* ball, const bs_pool_def* pool) {
	if (ball->motion == BS_MOTION_SLIDING) {
		bs_vec2 slip = bs_v2(ball->vel.x - ball->radius * ball->omega.y, ball->vel.y + ball->radius * ball->omega.x);
		return bs_v2_scale(-pool->sliding_friction * pool->gravity, bs_v2_normalize(slip));
	}
	if (ball->motion == BS_MOTION_ROLLING) {
		return bs_v2_scale(-pool->rolling_friction * pool->gravity, bs_v2_normalize(ball->vel));
	}
	return bs_v2(0.0, 0.0);
}

bs_ball_state bs_ball_motion_after(const bs_ball_state* ball, bs_physics physics, const bs_pool_def* pool, double dt) {
	bs_ball_state later = *ball;
	if (ball->pocketed || dt <= 0.0) {
		return later;
	}
	if (physics != BS_PHYSICS_POOL) {
		later.pos = bs_v2_mad(ball->pos, dt, ball->vel);
		return later;
	}
	bs_vec2 acc = acceleration(ball, pool);
	later.pos = bs_v2_mad(ball->pos, dt, bs_v2_mad(ball->vel, 0.5 * dt, acc));
	later.vel = bs_v2_mad(ball->vel, dt, acc);
	if (ball->motion == BS_MOTION_SLIDING) {
		// Friction -m acc at the contact point turns the ball at 5/(2R) (acc_y, -acc_x).
		double turn = 2.5 * dt / ball->radius;
		later.omega.x = ball->omega.x + turn * acc.y;
		later.omega.y = ball->omega.y - turn * acc.x;
	} else if (ball->motion == BS_MOTION_ROLLING) {
		later.omega.x = -later.vel.y / ball->radius;
		later.omega.y = later.vel.x / ball->radius;
	}
	double spin_left = fabs(ball->omega.z) - 2.5 * pool->spinning_friction * pool->gravity * dt;
	later.omega.z = spin_left > 0.0 ? copysign(spin_left, ball->omega.z) : 0.0;
	return later;
}

static bs_quat quat_multiply(bs_quat a, bs_quat b) {
	bs_quat q = {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
		a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
	return q;
}

static bs_quat quat_normalize(bs_quat q) {
	double n = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
	bs_quat unit = {q.w / n, q.x / n, q.y / n, q.z / n};
	return unit;
}

// q turned by the rotation vector `angle` (axis times angle, table frame).
static bs_quat quat_turn(bs_quat q, bs_vec3 angle) {
	double theta = bs_v3_len(angle);
	if (theta == 0.0) {
		return q;
	}
	double s = sin(0.5 * theta) / theta;
	bs_quat r = {cos(0.5 * theta), s * angle.x, s * angle.y, s * angle.z};
	return quat_multiply(r, q);
}

bs_quat bs_ball_turn(bs_quat q, const bs_ball_state* ball, bs_physics physics, const bs_pool_def* pool, double dt) {
	if (physics != BS_PHYSICS_POOL || ball->pocketed || dt <= 0.0) {
		return q;
	}
	bs_ball_state end = bs_ball_motion_after(ball, physics, pool, dt);
	// |omega| is largest at an end of the interval (each component is linear, or linear then 0).
	double fastest = fmax(bs_v3_len(ball->omega), bs_v3_len(end.omega));
	if (fastest == 0.0) {
		return q;
	}
	double steps = ceil(fastest * dt / turn_step);
	steps = steps < 1.0 ? 1.0 : steps > max_turn_steps ? max_turn_steps : steps;
	double h = dt / steps;
	for (double k = 0.0; k < steps; k += 1.0) {
		bs_ball_state mid = bs_ball_motion_after(ball, physics, pool, (k + 0.5) * h);
		q = quat_turn(q, bs_v3_scale(h, mid.omega));
	}
	return quat_normalize(q);
}

bs_vec3 bs_quat_rotate(bs_quat q, bs_vec3 v) {
	bs_vec3 u = bs_v3(q.x, q.y, q.z);
	bs_vec3 t = bs_v3_scale(2.0, bs_v3_cross(u, v));
	return bs_v3_add(bs_v3_mad(v, q.w, t), bs_v3_cross(u, t));
}

bs_quat bs_quat_facing(bs_vec3 number_axis, bs_vec3 stripe_axis) {
	// The rotation whose columns are the body axes x (number), y = z x x, z (stripe) in the table frame.
	bs_vec3 x = number_axis;
	bs_vec3 z = stripe_axis;
	bs_vec3 y = bs_v3_cross(z, x);
	double m00 = x.x, m11 = y.y, m22 = z.z;
	double trace = m00 + m11 + m22;
	bs_quat q;
	if (trace > 0.0) {
		double s = 2.0 * sqrt(trace + 1.0);
		q = (bs_quat){0.25 * s, (y.z - z.y) / s, (z.x - x.z) / s, (x.y - y.x) / s};
	} else if (m00 > m11 && m00 > m22) {
		double s = 2.0 * sqrt(1.0 + m00 - m11 - m22);
		q = (bs_quat){(y.z - z.y) / s, 0.25 * s, (y.x + x.y) / s, (z.x + x.z) / s};
	} else if (m11 > m22) {
		double s = 2.0 * sqrt(1.0 + m11 - m00 - m22);
		q = (bs_quat){(z.x - x.z) / s, (y.x + x.y) / s, 0.25 * s, (z.y + y.z) / s};
	} else {
		double s = 2.0 * sqrt(1.0 + m22 - m00 - m11);
		q = (bs_quat){(x.y - y.x) / s, (z.x + x.z) / s, (z.y + y.z) / s, 0.25 * s};
	}
	return quat_normalize(q);
}
