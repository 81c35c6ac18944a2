// breakshot: pool physics, the choices and coefficients of a world whose
// balls slide, roll and spin on the cloth (bs_world_def.physics =
// BS_PHYSICS_POOL).
//
// The motion between events is the model of Leckie and Greenspan (2006), as
// in pooltool; docs/pool.md derives it. A ball slides while its contact
// point slips on the cloth, rolls once it does not, and spins in place or
// stands still once it stops. Its position is quadratic in time in every
// state, so every event time stays exact: times of impact are the earliest
// roots of polynomials of degree at most 4 on the interval over which both
// balls' motions are fixed, and the changes of state come at closed-form
// times.
#ifndef BREAKSHOT_POOL_H
#define BREAKSHOT_POOL_H

#include <breakshot/api.h>

/// Which physics moves the balls.
typedef enum bs_physics {
	/// Frictionless discs in straight lines between events; collisions
	/// exchange momentum along the normal only. Spin does not exist.
	BS_PHYSICS_IDEAL = 0,
	/// Pool balls on cloth: sliding, rolling and spinning with friction, and
	/// collisions that move spin (bs_pool_def).
	BS_PHYSICS_POOL,
} bs_physics;

/// A ball's state of motion. Under ideal physics a ball on the table is
/// always BS_MOTION_SLIDING (moving) or BS_MOTION_STATIONARY. The order is
/// the order in which the states come as a ball slows down.
typedef enum bs_motion_state {
	BS_MOTION_STATIONARY = 0, ///< at rest, no spin
	BS_MOTION_SPINNING,       ///< at rest, turning about the vertical
	BS_MOTION_ROLLING,        ///< rolling without slipping on the cloth
	BS_MOTION_SLIDING,        ///< its contact point slips on the cloth
	BS_MOTION_POCKETED,       ///< off the table, in a pocket
} bs_motion_state;

/// The lower-case name of a state: "stationary", "spinning", "rolling",
/// "sliding", "pocketed" (or "none" for a value outside the enum).
BS_API const char* bs_motion_state_name(bs_motion_state state);

/// How two balls collide under pool physics.
typedef enum bs_ball_model {
	/// Frictionless: the impulse acts along the line of centres only, as
	/// under ideal physics; spin passes through untouched.
	BS_BALL_MODEL_IDEAL = 0,
	/// Inelastic along the normal, with sliding friction between the balls
	/// at the contact (throw): the friction coefficient falls with the
	/// balls' relative surface speed as Alciatore measured (TP A-14),
	/// mu = 0.009951 + 0.108 exp(-1.088 v).
	BS_BALL_MODEL_FRICTIONAL,
} bs_ball_model;

/// How a ball meets a cushion (and a jaw) under pool physics.
typedef enum bs_cushion_model {
	/// Reflection of the normal velocity, scaled by the restitution; spin
	/// passes through untouched.
	BS_CUSHION_MODEL_IDEAL = 0,
	/// Han (2005): the nose touches the ball above its centre, with friction
	/// at the contact, so that running and check english change the angle
	/// and speed of the rebound. Closed form.
	BS_CUSHION_MODEL_HAN_2005,
	/// Mathavan, Jackson and Parkin (2010): the impulse integrated through
	/// compression and restitution, with friction at the nose and at the
	/// cloth acting together during the impact (bs_pool_def.mathavan_*).
	BS_CUSHION_MODEL_MATHAVAN_2010,
	/// Stronge's compliant contact at the nose: a tangential spring lets the
	/// contact stick and spring back, so that the rebound passes through gross
	/// slip, slip-stick-slip or stick-slip; in closed form within each phase
	/// (bs_pool_def.stronge_omega_ratio).
	BS_CUSHION_MODEL_STRONGE_COMPLIANT,
} bs_cushion_model;

/// The coefficients of pool physics. Get them from bs_default_pool_def()
/// (pooltool's defaults) and set what differs.
typedef struct bs_pool_def {
	double sliding_friction; ///< mu_s between a slipping ball and the cloth (0.2)
	double rolling_friction; ///< mu_r, the cloth's rolling resistance (0.01)
	/// mu_sp / R, the cloth's friction against spin about the vertical per
	/// metre of ball radius (0.444, pooltool's 10/9 * 2/5): a ball's
	/// vertical spin decays at 5/2 of this times g (rad/s^2) whatever its
	/// radius
	double spinning_friction;
	double gravity;          ///< g (m/s^2, 9.81)
	double cushion_friction; ///< friction between ball and cushion nose (0.2)
	/// Height of the cushion nose above the cloth, as a fraction of the
	/// ball's diameter (0.64); in (0.5, 1), so that the nose touches every
	/// ball above its centre
	double cushion_height;
	bs_ball_model ball_model;       ///< BS_BALL_MODEL_FRICTIONAL
	bs_cushion_model cushion_model; ///< BS_CUSHION_MODEL_HAN_2005
	/// Mathavan 2010: e_e, the energetic restitution at the nose (the square
	/// root of the work the nose does on the ball in restitution over the
	/// work it takes in compression), in [0, 1]. The paper's fitted 0.98;
	/// this model's own, apart from the world's cushion_restitution
	double mathavan_restitution;
	/// Mathavan 2010: mu_w, the sliding friction between ball and nose, in
	/// [0, 10] (the paper's fitted 0.14)
	double mathavan_cushion_friction;
	/// Mathavan 2010: mu_s, the sliding friction between ball and cloth
	/// while the nose presses the ball down, in [0, 10] (the paper's 0.212)
	double mathavan_table_friction;
	/// Mathavan 2010: N, the integration step: the normal impulse at the nose
	/// grows by (1 + e_e) m |v_n| / N a step (N s), v_n the speed into the
	/// cushion, so that about N (1 + 1/e_e) / 2 steps cover the impact.
	/// In [BS_MATHAVAN_MIN_STEPS, BS_MATHAVAN_MAX_STEPS] (200; the paper
	/// takes 5000 Euler steps, docs/pool.md)
	int mathavan_steps;
	/// Stronge's compliant cushion: omega_t / omega_n, the ratio of the
	/// contact's tangential to normal frequency of vibration, in (1, 2)
	/// (pooltool's 1.8). With a sphere's 7/2 the tangential over the normal
	/// compliance is 3.5 / omega_ratio^2 (1.08 at 1.8)
	double stronge_omega_ratio;
} bs_pool_def;

/// pooltool's coefficients and this library's default models.
BS_API bs_pool_def bs_default_pool_def(void);

/// Largest friction coefficient accepted (sliding, rolling, spinning and
/// cushion): far beyond any cloth or rubber.
#define BS_POOL_MAX_FRICTION 10.0
/// Smallest sliding and rolling friction accepted: every slide and roll
/// must end, at a finite time, for the events to be found (the spinning and
/// cushion frictions may be 0).
#define BS_POOL_MIN_FRICTION 1e-4
/// Fewest integration steps accepted for Mathavan's cushion
/// (bs_pool_def.mathavan_steps).
#define BS_MATHAVAN_MIN_STEPS 10
/// Most integration steps accepted for Mathavan's cushion: a cushion event
/// then costs about 20 ms.
#define BS_MATHAVAN_MAX_STEPS 1000000
/// Largest gravity accepted (m/s^2).
#define BS_POOL_MAX_GRAVITY 1000.0
/// Smallest gravity accepted (m/s^2): with BS_POOL_MIN_FRICTION, the slowest
/// deceleration is 1e-6 m/s^2, and the longest roll at BS_MAX_SPEED 10^10 s.
#define BS_POOL_MIN_GRAVITY 1e-2
/// Resting contacts (m/s): a collision that would leave its pair parting
/// along the normal slower than this is resolved as a resting contact
/// instead. Friction can press a ball back into what it just left (a
/// cushion it rolls into, a ball it follows), and with a restitution below 1
/// the bounces would then come ever faster, without end, in finite time. A
/// resting contact ends the balls' sliding at once, as friction would, and
/// leaves nothing moving into the contact: against a cushion or jaw the ball
/// rolls on along it; two balls roll on together at their common velocity.
/// Energy never rises; docs/pool.md gives the details.
#define BS_POOL_RESTING_SPEED 1e-3

/// Default ball-ball restitution under pool physics.
#define BS_POOL_BALL_RESTITUTION 0.95
/// Default ball-cushion restitution under pool physics.
#define BS_POOL_CUSHION_RESTITUTION 0.85

#endif
