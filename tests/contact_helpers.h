// Helpers for the tests of the contact models (test_contact,
// test_cushion_models): angles, and a ball's kinetic energy worked out
// here, apart from the engine's own (motion.h), so that a test of energy
// does not check the engine against itself.
#ifndef BREAKSHOT_TESTS_CONTACT_HELPERS_H
#define BREAKSHOT_TESTS_CONTACT_HELPERS_H

#include <breakshot/world.h>

static inline double deg(double radians) {
	return radians * (180.0 / BS_PI);
}

static inline double rad(double degrees) {
	return degrees * (BS_PI / 180.0);
}

/// Translational plus rotational energy (J) of a solid ball of `mass` (kg)
/// and `radius` (m) moving at `v` (m/s) and spinning at `w` (rad/s).
static inline double ball_energy(bs_vec2 v, bs_vec3 w, double mass, double radius) {
	return 0.5 * mass * bs_v2_len2(v) + 0.2 * mass * radius * radius * bs_v3_len2(w);
}

#endif
