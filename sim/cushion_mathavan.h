// breakshot: Mathavan, Jackson and Parkin (2010), "A theoretical analysis of
// billiard ball dynamics under cushion impacts" (Proc. IMechE Part C
// 224(9)): the ball touches the nose I above its centre and the cloth C
// below it at once, with Coulomb friction at both, and the impulse is
// integrated through the impact, the normal impulse at the nose P_I being
// the independent variable.
//
// Per unit of P_I the nose pushes along its contact normal N = cos t n -
// sin t z (into the ball) and rubs with mu_w against the slip at I; the
// cloth pushes up with whatever keeps the ball on the table, q = sin t -
// (nose friction).z, and rubs with mu_s q against the slip at C. The centre
// and the spin change at the rates of the paper's equations (17); the
// compression ends where the ball's speed into the cushion is 0, and the
// restitution where the nose's normal force has given back e_e^2 of the work
// it took (the paper's (16), Stronge's energetic restitution).
//
// Step rule: P_I grows by (1 + e_e) m |v_n| / (N cos t) a step, v_n the
// ball's speed into the cushion at the start, so that the frictionless
// impact takes exactly N steps (bs_pool_def.mathavan_steps). Each step is
// Heun's: the rates at the start and at the Euler end, averaged. The paper
// takes 5000 Euler steps of (1 + e_e) m |v_n| / N; Heun's converges as the
// square of the step, so far fewer do as well (docs/pool.md gives the
// figures). The last step of each phase is cut where the phase ends: its
// rates are constant, so the normal velocity is linear and the work
// quadratic along it, both solved exactly.
//
// Where a slip passes through zero the friction must not flip back and
// forth: at each contact the friction is the one that would stop the slip
// within the step when that is within the cone (the contact sticks and
// stays stuck while friction can hold it), and the full mu along -slip
// otherwise. So friction never drives a slip through zero, and never adds
// energy; the normal force loses (1 - e_e^2) of its work. The paper's
// (15), which drops a contact's friction where its slip is exactly 0, is
// this rule's limit. A slip too small to have a direction (a rolling
// ball's at the cloth, 0 give or take a rounding) takes the friction
// against the slip the step leads to.
#ifndef BREAKSHOT_CUSHION_MATHAVAN_H
#define BREAKSHOT_CUSHION_MATHAVAN_H

#include "cushion_contact.h"

/// Resolves a ball against a cushion with Mathavan's model, as
/// bs_resolve_cushion_contact does (whose parameters these are: the
/// restitution e_e, the nose's friction mu_w, the cloth's mu_s as
/// table_friction, and the steps N). When `steps_taken` is not NULL it
/// receives the number of integration steps.
bs_cushion_contact bs_resolve_cushion_mathavan_counted(bs_vec2* v, bs_vec3* w, double m, double r, bs_vec2 n,
	bs_cushion_params model, int* steps_taken);

/// bs_resolve_cushion_mathavan_counted without the count.
bs_cushion_contact bs_resolve_cushion_mathavan(bs_vec2* v, bs_vec3* w, double m, double r, bs_vec2 n,
	bs_cushion_params model);

/// Whether Mathavan's impact always ends with these frictions at a nose at
/// angle t above the centre (sin_t, cos_t): in the worst case friction slows
/// the ball's speed into the cushion at least half as fast as the nose alone,
/// cos t - mu_w sin t - mu_s (sin t + mu_w cos t) >= cos t / 2. Beyond, the
/// frictions could lock the ball against the nose.
bool bs_mathavan_frictions_end(double mu_w, double mu_s, double sin_t, double cos_t);

#endif
