#include "motion.h"

#include <float.h>
#include <math.h>

bs_motion_state bs_motion_classify(bs_vec2 vel, bs_vec3 omega, double radius) {
	bs_vec2 slip = bs_motion_slip(vel, omega, radius);
	// Each slip component is a difference of two products, so a ball
	// rolling in exact arithmetic keeps a slip of a few ulps of its terms:
	// sliding that off would take an event a few ulps of a second long.
	double scale = fabs(vel.x) + fabs(vel.y) + radius * (fabs(omega.x) + fabs(omega.y));
	double rounding = 8.0 * DBL_EPSILON * scale;
	if (fabs(slip.x) > rounding || fabs(slip.y) > rounding) {
		return BS_MOTION_SLIDING;
	}
	if (vel.x != 0.0 || vel.y != 0.0) {
		return BS_MOTION_ROLLING;
	}
	return omega.z != 0.0 ? BS_MOTION_SPINNING : BS_MOTION_STATIONARY;
}

bs_spin_state bs_motion_settle(bs_motion_state state, bs_spin_state spin, double radius) {
	switch (state) {
	case BS_MOTION_SLIDING:
		break;
	case BS_MOTION_ROLLING: {
		bs_vec2 roll = bs_motion_rolling_omega(spin.vel, radius);
		spin.omega.x = roll.x;
		spin.omega.y = roll.y;
		break;
	}
	case BS_MOTION_SPINNING:
		spin.vel = bs_v2(0.0, 0.0);
		spin.omega.x = 0.0;
		spin.omega.y = 0.0;
		break;
	default:
		spin.vel = bs_v2(0.0, 0.0);
		spin.omega = bs_v3(0.0, 0.0, 0.0);
		break;
	}
	return spin;
}

bs_vec2 bs_motion_acceleration(bs_motion_state state, bs_spin_state spin, double radius, const bs_cloth* cloth) {
	switch (state) {
	case BS_MOTION_SLIDING: {
		bs_vec2 direction = bs_v2_normalize(bs_motion_slip(spin.vel, spin.omega, radius));
		return bs_v2_scale(-cloth->sliding_friction * cloth->gravity, direction);
	}
	case BS_MOTION_ROLLING:
		return bs_v2_scale(-cloth->rolling_friction * cloth->gravity, bs_v2_normalize(spin.vel));
	default:
		break;
	}
	return bs_v2(0.0, 0.0);
}

double bs_motion_spin_decay(const bs_cloth* cloth) {
	return 2.5 * cloth->spinning_friction * cloth->gravity;
}

double bs_motion_duration(bs_motion_state state, bs_spin_state spin, double radius, const bs_cloth* cloth) {
	switch (state) {
	case BS_MOTION_SLIDING:
		return 2.0 * bs_v2_len(bs_motion_slip(spin.vel, spin.omega, radius)) /
			(7.0 * cloth->sliding_friction * cloth->gravity);
	case BS_MOTION_ROLLING:
		return bs_v2_len(spin.vel) / (cloth->rolling_friction * cloth->gravity);
	case BS_MOTION_SPINNING:
		return fabs(spin.omega.z) / bs_motion_spin_decay(cloth);
	default:
		break;
	}
	return INFINITY;
}

bs_spin_state bs_motion_advance(bs_motion_state state, bs_spin_state spin, bs_vec2 acc, double radius,
	const bs_cloth* cloth, double dt) {
	bs_spin_state later = spin;
	later.vel = bs_motion_velocity(spin.vel, acc, dt);
	if (state == BS_MOTION_SLIDING) {
		// Friction -m acc at the contact point turns the ball at
		// (-R z) x (-m acc) / I = 5/(2R) (acc_y, -acc_x).
		double turn = 2.5 * dt / radius;
		later.omega.x = spin.omega.x + turn * acc.y;
		later.omega.y = spin.omega.y - turn * acc.x;
	} else if (state == BS_MOTION_ROLLING) {
		bs_vec2 roll = bs_motion_rolling_omega(later.vel, radius);
		later.omega.x = roll.x;
		later.omega.y = roll.y;
	}
	double left = fabs(spin.omega.z) - bs_motion_spin_decay(cloth) * dt;
	later.omega.z = left > 0.0 ? copysign(left, spin.omega.z) : 0.0;
	return later;
}

bs_motion_state bs_motion_next_state(bs_motion_state state, bs_spin_state end) {
	switch (state) {
	case BS_MOTION_SLIDING:
		return BS_MOTION_ROLLING;
	case BS_MOTION_ROLLING:
		return end.omega.z != 0.0 ? BS_MOTION_SPINNING : BS_MOTION_STATIONARY;
	default:
		break;
	}
	return BS_MOTION_STATIONARY;
}

bs_motion_energy bs_motion_energy_of(bs_spin_state spin, double mass, double radius) {
	bs_motion_energy energy;
	energy.translational = 0.5 * mass * bs_v2_len2(spin.vel);
	energy.rotational = 0.2 * mass * radius * radius * bs_v3_len2(spin.omega);
	return energy;
}
