// breakshot: the first time a polynomial of degree at most 4 enters p <= 0.
//
// Under pool physics balls decelerate, so a pair's relative position is
// quadratic in time and its squared gap less sigma^2 is a quartic: the pair's
// time of impact is where that quartic first enters p <= 0 while closing.
// The root is isolated through the real roots of the derivatives, never
// through a closed form for the cubic or the quartic (whose complex roots
// would have to be told from real ones by a tolerance), and refined inside a
// bracket, so that the time returned is never before the computed p reaches 0.
#ifndef BREAKSHOT_POLY_H
#define BREAKSHOT_POLY_H

/// The largest degree bs_poly_first_entry takes.
#define BS_POLY_MAX_DEGREE 4

/// The earliest time t (s) in [0, t_end] at which
/// p(t) = c[0] + c[1] t + ... + c[degree] t^degree (a pair's squared gap less
/// sigma^2, m^2, so that p <= 0 is contact) enters contact: p(t) <= 0 with p
/// decreasing just after t ("closing"). INFINITY when there is none.
/// - At t = 0: p(0) <= 0 and the first nonzero derivative there negative.
///   Touching and separating, or constant, is no entry.
/// - Later: where p goes from > 0 to <= 0; or where p, having stayed <= 0
///   (touching within rounding), turns to decreasing: at that turn.
/// - A tangent graze (p touches 0 and rises again, a double root) is no
///   entry. A local minimum of p no deeper than the rounding error of
///   evaluating p there (degree eps sum |c[k]| t^k) counts as a graze, unless
///   p goes on decreasing after it.
///
/// The computed p is <= 0 at the time returned, which is the upper end of a
/// bracket a few ulps wide around the root: the contact is never early.
/// `degree` (0 to BS_POLY_MAX_DEGREE) is the largest degree: zero leading
/// coefficients lower it, and an all-zero p never closes. `t_end` may be
/// INFINITY (a bound on the roots' magnitude then ends the search); below 0
/// the interval is empty. The coefficients must be finite, and below about
/// 1e150 so that their squares do not overflow. A NaN or infinite input, or a
/// degree out of range, fails an assertion; without assertions (NDEBUG) the
/// result is INFINITY. Pure: no state, no allocation, no recursion.
double bs_poly_first_entry(const double* c, int degree, double t_end);

#endif
