// breakshot: a pool ball's motion on the cloth between events, in closed
// form (the model of Leckie and Greenspan, 2006, that pooltool also uses).
//
// A ball on the cloth slides, rolls, spins in place or stands still. In each
// state its acceleration is constant, so its position is quadratic in time,
// and each state ends at a time given in closed form:
// - sliding: the contact point slips at u = v + R (z x w)_xy, and kinetic
//   friction mu_s m g acts against u. The slip's direction stays fixed while
//   its size falls at 7/2 mu_s g, so the ball rolls after 2 |u| / (7 mu_s g);
// - rolling: u = 0, and rolling resistance mu_r m g slows the ball along its
//   velocity until it stops, after |v| / (mu_r g);
// - spinning: the ball stands, turning about the vertical;
// - stationary.
// In every state the vertical spin w_z decays at 5 mu_sp g / (2 R) until it
// is zero; a ball that stops rolling with spin left goes on spinning.
//
// x and y lie in the table's plane, z points up out of the cloth; the
// cloth touches the ball at -R z from its centre. I = 2/5 m R^2.
#ifndef BREAKSHOT_MOTION_H
#define BREAKSHOT_MOTION_H

#include <breakshot/pool.h>
#include <breakshot/vec2.h>
#include <breakshot/vec3.h>

/// The friction between balls and cloth.
typedef struct bs_cloth {
	double sliding_friction; ///< mu_s, kinetic friction of a slipping ball
	double rolling_friction; ///< mu_r, rolling resistance
	/// mu_sp / R: spinning friction per metre of the ball's radius (pooltool's
	/// 10/9 * 2/5 = 0.444), so that w_z decays at 5/2 this g (rad/s^2) for
	/// every radius
	double spinning_friction;
	double gravity; ///< g (m/s^2)
} bs_cloth;

/// The cloth of a pool def.
static inline bs_cloth bs_cloth_of_pool(const bs_pool_def* pool) {
	bs_cloth cloth = {pool->sliding_friction, pool->rolling_friction, pool->spinning_friction, pool->gravity};
	return cloth;
}

/// What the motion of a ball needs besides its state and its radius (passed
/// apart): its velocity (m/s) and angular velocity (rad/s) at one instant.
typedef struct bs_spin_state {
	bs_vec2 vel;   ///< m/s
	bs_vec3 omega; ///< rad/s
} bs_spin_state;

/// The slip velocity (m/s) of the ball's contact point on the cloth:
/// v + w x (-R z), in the table's plane.
static inline bs_vec2 bs_motion_slip(bs_vec2 vel, bs_vec3 omega, double radius) {
	return bs_v2(vel.x - radius * omega.y, vel.y + radius * omega.x);
}

/// The horizontal angular velocity (rad/s) of a ball rolling at `vel` (m/s):
/// (z x v) / R.
static inline bs_vec2 bs_motion_rolling_omega(bs_vec2 vel, double radius) {
	return bs_v2(-vel.y / radius, vel.x / radius);
}

/// The state a ball with this velocity and spin is in. A slip within
/// rounding of zero (a few ulps of |v| + R |w|) counts as rolling: the
/// caller makes it exact with bs_motion_settle.
bs_motion_state bs_motion_classify(bs_vec2 vel, bs_vec3 omega, double radius);

/// Makes a state's velocity and spin exactly what the state says: a rolling
/// ball's horizontal spin follows its velocity, a spinning ball has no
/// velocity or horizontal spin, a stationary ball nothing at all. The change
/// is within rounding for a state from bs_motion_classify.
bs_spin_state bs_motion_settle(bs_motion_state state, bs_spin_state spin, double radius);

/// The constant acceleration (m/s^2) of a ball's centre while it stays in
/// `state` with this velocity and spin now: -mu_s g u/|u| sliding, -mu_r g
/// v/|v| rolling, zero otherwise.
bs_vec2 bs_motion_acceleration(bs_motion_state state, bs_spin_state spin, double radius, const bs_cloth* cloth);

/// How long (s) the ball stays in `state`: until it rolls (sliding), stops
/// (rolling) or stops spinning (spinning); INFINITY when stationary. A
/// ball rolling at no speed stops at once.
double bs_motion_duration(bs_motion_state state, bs_spin_state spin, double radius, const bs_cloth* cloth);

/// The rate (rad/s^2) at which friction with the cloth slows a ball's
/// vertical spin: 5 mu_sp g / (2 R) = 5/2 spinning_friction g.
double bs_motion_spin_decay(const bs_cloth* cloth);

/// Where the centre is `dt` s after being at `pos` (m) with velocity `vel`
/// (m/s) and constant acceleration `acc` (m/s^2): pos + dt (vel + dt/2 acc).
/// Every path that moves a ball uses this one rounding.
static inline bs_vec2 bs_motion_position(bs_vec2 pos, bs_vec2 vel, bs_vec2 acc, double dt) {
	double half = 0.5 * dt;
	return bs_v2_mad(pos, dt, bs_v2(vel.x + half * acc.x, vel.y + half * acc.y));
}

/// The velocity `dt` s later: vel + dt acc.
static inline bs_vec2 bs_motion_velocity(bs_vec2 vel, bs_vec2 acc, double dt) {
	return bs_v2_mad(vel, dt, acc);
}

/// The velocity and spin `dt` s later, for dt from 0 to the state's duration
/// (bs_motion_duration); `acc` is bs_motion_acceleration of the state. At the
/// duration itself, the result is the state's end, before bs_motion_settle.
bs_spin_state bs_motion_advance(bs_motion_state state, bs_spin_state spin, bs_vec2 acc, double radius,
	const bs_cloth* cloth, double dt);

/// The state that follows `state` when it ends with this velocity and spin:
/// sliding rolls (a slide that ends at rest rolls for no time), rolling spins
/// (vertical spin left) or stops, spinning stops.
bs_motion_state bs_motion_next_state(bs_motion_state state, bs_spin_state end);

/// Kinetic energy (J) of a ball of mass `mass` (kg) and radius `radius` (m):
/// 1/2 m v^2, and 1/2 I w^2 with I = 2/5 m R^2.
typedef struct bs_motion_energy {
	double translational; ///< J
	double rotational;    ///< J
} bs_motion_energy;

/// The two parts of a ball's kinetic energy.
bs_motion_energy bs_motion_energy_of(bs_spin_state spin, double mass, double radius);

#endif
