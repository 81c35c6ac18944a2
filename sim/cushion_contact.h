// breakshot: the collision of a pool ball with a cushion.
//
// The ball touches the cushion's nose, a line at height h above the cloth
// (higher than the ball's centre on pool tables), so the contact normal is
// tilted down into the ball and friction at the nose couples the rebound to
// the spin. Han (2005), "Dynamics in carom and three cushion billiards"
// (Journal of Mechanical Science and Technology 19(4)), solves that impulse in closed form; pooltool
// implements it in pooltool/physics/resolve/ball_cushion/han_2005/model.py,
// and this follows it, written with vectors instead of a rotated frame.
//
// The contact point is R (-cos t n + sin t z) from the centre, where n is
// the cushion's normal in the plane (from the cushion towards the ball) and
// sin t = (h - R) / R. The impulse has a normal part along the contact
// normal N = cos t n - sin t z, P_n = -(1 + e_c) m (V . N) (V the centre's
// velocity, lifted to 3-D), and a friction part against the slip s of the
// contact point in the contact plane: -(2m/7) s when mu P_n suffices to
// stop it (sticking), otherwise -mu P_n s/|s| (sliding). A sphere's normal
// and tangential responses do not couple, and the tangential one is
// isotropic, so the slip keeps its direction while it shrinks and the
// closed form is exact for Coulomb friction in the impulse.
//
// The cloth: the nose pushes the ball down by P_n sin t, and friction,
// within the contact plane, up by at most mu P_n cos t. The ball stays on
// the table (as in pooltool, which drops the vertical velocity change): the
// cloth takes the vertical momentum, through the ball's centre, so it
// changes no spin. A nose above the centre can lift the ball only when
// mu > tan t (0.29 for pooltool's nose; its friction is 0.2, so never);
// that hop is not modelled. Since the free-sphere impulse never adds energy
// and dropping a vertical velocity that was zero only removes some, the
// energy never rises.
//
// Running english (spin rolling the ball along the cushion the way it
// travels) rebounds wider than none and check english narrower, for
// incidences up to 45 degrees from the normal. Nearer grazing the friction
// slides at its full mu P_n whatever the spin, english only turns it, and
// the order can flip by a fraction of a degree: a rolling ball at 1 m/s and
// 60 degrees rebounds at 62.08 degrees with no english and 62.17 with 30
// rad/s of check; at 75 degrees, 77.83 with none and 77.48 with 30 rad/s of
// running english.
#ifndef BREAKSHOT_CUSHION_CONTACT_H
#define BREAKSHOT_CUSHION_CONTACT_H

#include <math.h>

#include <stdbool.h>

#include <breakshot/pool.h>
#include <breakshot/vec2.h>
#include <breakshot/vec3.h>

/// pooltool's cushion nose height as a fraction of the ball's diameter:
/// h = 0.64 (2R) above the cloth, 0.28 R above the centre (WPA tables ask
/// for 62.5 % to 64.5 %). 0.036576 m for a 0.028575 m ball.
#define BS_CUSHION_NOSE_HEIGHT_RATIO 0.64
/// pooltool's default ball-cushion restitution (van Balen's constant 0.85).
#define BS_CUSHION_RESTITUTION 0.85
/// pooltool's default ball-cushion friction coefficient.
#define BS_CUSHION_FRICTION 0.2

/// A ball-cushion model (bs_cushion_model, breakshot/pool.h: more can be
/// added there) and its parameters. Each model is one file: Han's and the
/// ideal reflection here, Mathavan's in cushion_mathavan.h, Stronge's in
/// cushion_stronge.h.
typedef struct bs_cushion_params {
	bs_cushion_model kind;
	/// in [0, 1]: e_c of the normal velocity at the nose (Han, Stronge), the
	/// energetic e_e (Mathavan), or in the plane (ideal)
	double restitution;
	/// (>= 0, dimensionless) the nose's friction coefficient (f_c, Mathavan's
	/// mu_w); unused by the ideal model
	double friction;
	double height; ///< h (m), the nose's height above the cloth, in (R, 2R); unused by the ideal model
	double table_friction; ///< mu_s (>= 0), the cloth's friction during the impact (Mathavan)
	int steps;             ///< N, Mathavan's integration step (bs_pool_def.mathavan_steps)
	double omega_ratio;    ///< omega_t / omega_n in (1, 2) (Stronge)
} bs_cushion_params;

/// The ideal model with restitution `e`.
static inline bs_cushion_params bs_cushion_params_ideal(double e) {
	bs_cushion_params model = {BS_CUSHION_MODEL_IDEAL, e, 0.0, 0.0, 0.0, 0, 0.0};
	return model;
}

/// Han 2005 with pooltool's defaults for a ball of radius `r` (m):
/// BS_CUSHION_RESTITUTION, BS_CUSHION_FRICTION and a nose at
/// BS_CUSHION_NOSE_HEIGHT_RATIO of the ball's diameter.
static inline bs_cushion_params bs_cushion_params_han_2005(double r) {
	bs_cushion_params model = {BS_CUSHION_MODEL_HAN_2005, BS_CUSHION_RESTITUTION, BS_CUSHION_FRICTION,
		BS_CUSHION_NOSE_HEIGHT_RATIO * 2.0 * r, 0.0, 0, 0.0};
	return model;
}

/// The parameters a world's pool def gives `kind` for a ball of radius `r`
/// (m), with the world's cushion restitution `e` (Han's, Stronge's and the
/// ideal one's; Mathavan's is its own).
bs_cushion_params bs_cushion_params_of(const bs_pool_def* pool, bs_cushion_model kind, double e, double r);

/// Where a ball of radius `r` (m) touches a cushion's nose at height
/// `height` (m) above the cloth, the cushion's unit normal in the plane
/// being `n`: the nose sits at angle t above the centre, seen from the
/// centre, and the contact point is -r N, with N = cos t n - sin t z
/// pointing from the nose into the ball. Every spin-aware model shares it.
typedef struct bs_cushion_nose {
	double sin_t;
	double cos_t;
	bs_vec3 normal;  ///< N
	bs_vec3 contact; ///< the contact point from the centre, -r N (m)
} bs_cushion_nose;

static inline bs_cushion_nose bs_cushion_nose_of(double height, double r, bs_vec2 n) {
	bs_cushion_nose nose;
	nose.sin_t = (height - r) / r;
	nose.cos_t = sqrt(1.0 - nose.sin_t * nose.sin_t);
	nose.normal = bs_v3(nose.cos_t * n.x, nose.cos_t * n.y, -nose.sin_t);
	nose.contact = bs_v3_scale(-r, nose.normal);
	return nose;
}

/// What a ball-cushion collision exchanged, as impulses given to the ball.
typedef struct bs_cushion_contact {
	/// The impulse (N s) along the cushion's normal n in the plane: for the
	/// ideal model exactly what bs_resolve_obstacle returns; for Han the
	/// in-plane normal part of the nose's whole impulse (restitution and
	/// friction together), the number to record for the event.
	double normal_impulse;
	/// Han's P_n (N s), along the tilted contact normal at the nose; for the
	/// ideal model the same as normal_impulse.
	double nose_impulse;
	/// The vertical impulse (N s) the nose gave and the cloth took (negative:
	/// down into the cloth); 0 for the ideal model.
	double vertical_impulse;
	/// Friction at the nose slid: reached f_c P_n without stopping the slip
	/// (Han), or slid to the end of the impact (Mathavan, Stronge).
	bool sliding;
} bs_cushion_contact;

/// Resolves a collision of a ball (velocity `v` in m/s, angular velocity
/// `w` in rad/s, mass `m` in kg, radius `r` in m) with a cushion whose unit
/// normal in the table's plane is `n` (from the cushion towards the ball),
/// with `model`, updating v and w in place. The models at the nose give no
/// impulse to a ball that does not approach it (v . n >= 0); the ideal model
/// reflects whatever it is given, as bs_resolve_obstacle does.
bs_cushion_contact bs_resolve_cushion_contact(bs_vec2* v, bs_vec3* w, double m, double r, bs_vec2 n,
	bs_cushion_params model);

#endif
