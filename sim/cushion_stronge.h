// breakshot: Stronge's compliant cushion. The nose touches the ball above
// its centre, as in Han's model (cushion_contact.h), but the contact is
// compliant: a normal spring that unloads stiffer than it loads (so that the
// normal velocity reverses with e_c), and a tangential spring in series with
// Coulomb friction (coefficient f_c) between the ball's contact point and
// the cushion. Stronge, "Impact Mechanics" (2nd ed., 2018), the collinear
// compliant impact with friction; pooltool's stronge_compliant model solves
// it the same way.
//
// The two springs vibrate at omega_n (normal) and omega_t (tangential); with
// a sphere's normal and tangential responses 1/m and 7/(2m) at any point of
// its surface, only their ratio omega_t / omega_n matters
// (bs_pool_def.stronge_omega_ratio). The normal motion is a half sine in
// compression and a stretched one, e_c times as long, in restitution, so the
// normal force and impulse are known in closed form. The contact point's
// tangential slip keeps its direction (the response is isotropic), and along
// it the impact passes through phases:
//
// - slip: friction is f_c times the normal force, against the slider's
//   motion; the velocity is closed form, and the slider stops (the contact
//   sticks) where an affine function of the cosine of the normal phase is
//   zero: an arccos;
// - stick: the tangential spring carries the ball's contact point, a
//   harmonic motion at omega_t; slip starts again where the spring's force
//   reaches f_c times the normal force, the one time not in closed form: the
//   first root, found by sampling and bisection to the ulp.
//
// The three regimes: gross slip (slip throughout: a glancing ball),
// slip-stick-slip, and stick-slip (the slip is too slow to start). The
// tangential spring can send the contact point back (a rebound of spin that
// the rigid Han model, whose contact only stops, cannot give).
#ifndef BREAKSHOT_CUSHION_STRONGE_H
#define BREAKSHOT_CUSHION_STRONGE_H

#include "cushion_contact.h"

/// How a compliant impact passed, in the order of its phases.
typedef enum bs_stronge_regime {
	BS_STRONGE_NO_IMPACT = 0,     ///< the ball did not approach the nose
	BS_STRONGE_GROSS_SLIP,        ///< slip throughout
	BS_STRONGE_SLIP_STICK_SLIP,   ///< slip, then stick, then slip to the end
	BS_STRONGE_STICK_SLIP,        ///< stick from the start, then slip
	BS_STRONGE_MORE_PHASES,       ///< any other sequence (not met with omega_t / omega_n in (1, 2))
} bs_stronge_regime;

/// The tangential outcome of a compliant impact along the contact point's
/// initial slip: `approach` (m/s, > 0) the normal speed into the nose,
/// `slip` (m/s, >= 0) the tangential speed of the contact point, `e` the
/// normal restitution in [0, 1], `mu` the friction, `omega_ratio` omega_t /
/// omega_n in (1, 2). Returns the contact point's tangential velocity after
/// (m/s, along the initial slip: negative when it springs back) and, when
/// `regime` is not NULL, the regime.
double bs_stronge_slip_after(double approach, double slip, double e, double mu, double omega_ratio,
	bs_stronge_regime* regime);

/// Resolves a ball against a cushion with Stronge's compliant model, as
/// bs_resolve_cushion_contact does (whose parameters these are).
bs_cushion_contact bs_resolve_cushion_stronge(bs_vec2* v, bs_vec3* w, double m, double r, bs_vec2 n,
	bs_cushion_params model);

#endif
