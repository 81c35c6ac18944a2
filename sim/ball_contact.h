// breakshot: the frictional, inelastic collision of two pool balls, with throw.
//
// An instantaneous impulse at the contact point, as in pooltool's
// frictional_inelastic model (pooltool/physics/resolve/ball_ball/
// frictional_inelastic) and Alciatore's TP A-14: the normal impulse of the
// ideal model, then a friction impulse against the relative slip of the two
// surfaces at the contact point, limited by Coulomb (mu times the normal
// impulse) and by what stops the slip. Sphere and contact are such that the
// normal and tangential problems do not couple, so this closed form is the
// exact result of Coulomb friction acting through the impulse.
//
// Conventions. Velocities v (m/s) lie in the table's plane; angular
// velocities w (rad/s) are 3-D with z up (breakshot/vec3.h). The unit normal
// n points from ball 1's centre to ball 2's; the contact point is R1 n from
// ball 1's centre and -R2 n from ball 2's, at each ball's equator. Balls of
// different radii do not really touch at their equators: their centres are
// at heights R1 and R2, so in 3-D they touch at a horizontal distance of
// 2 sqrt(R1 R2), not R1 + R2, along a normal tilted by
// asin((R2 - R1) / (R1 + R2)). The engine is 2-D in positions and treats the
// normal as horizontal; for 0.028575 m and 0.0301625 m balls that is 21 um
// of distance ((sqrt(R1) - sqrt(R2))^2) and 1.55 degrees of tilt. Each
// ball's slip is taken at its own equator.
//
// The cloth: the friction impulse has a vertical part whenever the balls
// carry topspin or draw (their surfaces slide vertically past each other at
// the contact). The table cannot move, so that vertical momentum goes into
// the cloth (a ball pushed down) or into a hop too small to follow (a ball
// pushed up: a rolling cue ball full on an object ball at 1 m/s would leave
// the cloth at mu v, about 5 cm/s, a hop of 0.1 mm): both balls keep v in
// the plane. The
// vertical impulse still turns the balls: its torque changes topspin and
// draw. Dropping a velocity that was zero before only takes energy away, so
// the energy never rises (the free-sphere impulse already dissipates).
#ifndef BREAKSHOT_BALL_CONTACT_H
#define BREAKSHOT_BALL_CONTACT_H

#include <stdbool.h>

#include <breakshot/vec2.h>
#include <breakshot/vec3.h>

/// Alciatore's fit of ball-ball friction against the relative surface speed
/// v_rel (m/s) at the contact, mu = A + B exp(-C v_rel) (TP A-14, from
/// Marlow's data; pooltool's AlciatoreBallBallFriction): 0.11 at 0.07 m/s,
/// 0.06 at 0.7 m/s, 0.01 at 7 m/s. A is dimensionless.
#define BS_ALCIATORE_MU_A 9.951e-3
/// B of the Alciatore friction fit, dimensionless.
#define BS_ALCIATORE_MU_B 0.108
/// C of the Alciatore friction fit (s/m).
#define BS_ALCIATORE_MU_C 1.088

/// How the ball-ball friction coefficient is chosen.
typedef enum bs_ball_friction_kind {
	/// No friction, and the velocities exactly (bit for bit) those of
	/// bs_resolve_balls; angular velocities untouched.
	BS_BALL_FRICTION_IDEAL,
	/// A constant coefficient, bs_ball_friction.mu.
	BS_BALL_FRICTION_CONSTANT,
	/// Alciatore's speed-dependent coefficient (BS_ALCIATORE_MU_A, _B, _C) at
	/// the relative surface speed before the collision.
	BS_BALL_FRICTION_ALCIATORE,
} bs_ball_friction_kind;

/// A ball-ball friction law.
typedef struct bs_ball_friction {
	bs_ball_friction_kind kind;
	double mu; ///< the coefficient for BS_BALL_FRICTION_CONSTANT (>= 0, dimensionless); unused otherwise
} bs_ball_friction;

/// The frictionless law: bs_resolve_balls.
static inline bs_ball_friction bs_ball_friction_ideal(void) {
	bs_ball_friction f = {BS_BALL_FRICTION_IDEAL, 0.0};
	return f;
}

/// A constant coefficient `mu` (>= 0).
static inline bs_ball_friction bs_ball_friction_constant(double mu) {
	bs_ball_friction f = {BS_BALL_FRICTION_CONSTANT, mu};
	return f;
}

/// Alciatore's speed-dependent coefficient.
static inline bs_ball_friction bs_ball_friction_alciatore(void) {
	bs_ball_friction f = {BS_BALL_FRICTION_ALCIATORE, 0.0};
	return f;
}

/// The coefficient `friction` gives at a relative surface speed of
/// `slip_speed` (m/s): 0 for the ideal law.
double bs_ball_friction_mu(bs_ball_friction friction, double slip_speed);

/// What a ball-ball collision exchanged. Impulses are those given to ball 2;
/// ball 1 receives the opposite.
typedef struct bs_ball_contact {
	/// J (N s) along n: (1 + e) m1 m2 / (m1 + m2) ((v1 - v2) . n), exactly
	/// the value bs_resolve_balls returns; positive for an approaching pair.
	double normal_impulse;
	/// The friction impulse (N s), perpendicular to n. Its x, y parts moved
	/// the balls; its z part turned them and went into the cloth (see the
	/// top of this file). Zero for the ideal law.
	bs_vec3 tangential_impulse;
	/// The slip did not stop: the friction impulse reached mu J. False when
	/// it stopped or there was no friction. Stopped means the surfaces leave
	/// without horizontal slip; the vertical slip would stop too for free
	/// spheres, but the cloth then takes the vertical velocities, leaving a
	/// vertical slip of P_z (1/m1 + 1/m2).
	bool sliding;
} bs_ball_contact;

/// Resolves the collision of ball 1 (velocity `v1` in m/s, angular velocity
/// `w1` in rad/s, mass `m1` in kg, radius `r1` in m) with ball 2 along the
/// unit normal `n` (from ball 1 towards ball 2) with restitution `e` in
/// [0, 1], updating v and w in place.
///
/// The normal impulse is the ideal model's. The relative velocity of the
/// surfaces at the contact, u = (v1 - v2) + (r1 w1 + r2 w2) x n, less its
/// normal part, is the slip s; a tangential impulse P on ball 2 changes it
/// by -(7/2)(1/m1 + 1/m2) P (each ball's centre and spin together), so
/// P = min(mu J, |s| / ((7/2)(1/m1 + 1/m2))) s/|s|: sliding friction, or
/// just what stops the slip. Horizontal momentum is kept exactly in the
/// model (to rounding); energy (1/2 m v^2 + 1/5 m r^2 |w|^2 summed) never
/// rises. No friction acts when J <= 0 (a pair that does not approach).
bs_ball_contact bs_resolve_ball_contact(bs_vec2* v1, bs_vec3* w1, double m1, double r1, bs_vec2* v2, bs_vec3* w2,
	double m2, double r2, bs_vec2 n, double e, bs_ball_friction friction);

#endif
