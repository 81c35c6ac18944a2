// breakshot: a small double-precision 2-D vector header for the sim.
// Plain values, no hidden state; every operation rounds exactly as written
// (the build uses -ffp-contract=off, so no fused multiply-adds sneak in and
// results are the same bytes on every run).
#ifndef BREAKSHOT_VEC2_H
#define BREAKSHOT_VEC2_H

#include <math.h>

/// pi, spelled out because strict C11 has no M_PI.
#define BS_PI 3.14159265358979323846

/// A 2-D vector: a position (m), a velocity (m/s) or a unit direction.
typedef struct bs_vec2 {
	double x; ///< along the table's length
	double y; ///< along its width
} bs_vec2;

/// Makes a vector from its components.
static inline bs_vec2 bs_v2(double x, double y) {
	bs_vec2 v = {x, y};
	return v;
}

/// a + b
static inline bs_vec2 bs_v2_add(bs_vec2 a, bs_vec2 b) {
	return bs_v2(a.x + b.x, a.y + b.y);
}

/// a - b
static inline bs_vec2 bs_v2_sub(bs_vec2 a, bs_vec2 b) {
	return bs_v2(a.x - b.x, a.y - b.y);
}

/// s * a
static inline bs_vec2 bs_v2_scale(double s, bs_vec2 a) {
	return bs_v2(s * a.x, s * a.y);
}

/// a + s * b, the straight-line motion p + v t.
static inline bs_vec2 bs_v2_mad(bs_vec2 a, double s, bs_vec2 b) {
	return bs_v2(a.x + s * b.x, a.y + s * b.y);
}

/// The dot product a . b
static inline double bs_v2_dot(bs_vec2 a, bs_vec2 b) {
	return a.x * b.x + a.y * b.y;
}

/// The 2-D cross product a x b (the z component).
static inline double bs_v2_cross(bs_vec2 a, bs_vec2 b) {
	return a.x * b.y - a.y * b.x;
}

/// |a|^2
static inline double bs_v2_len2(bs_vec2 a) {
	return a.x * a.x + a.y * a.y;
}

/// |a|
static inline double bs_v2_len(bs_vec2 a) {
	return sqrt(a.x * a.x + a.y * a.y);
}

/// The left perpendicular (rotated +90 degrees).
static inline bs_vec2 bs_v2_perp(bs_vec2 a) {
	return bs_v2(-a.y, a.x);
}

/// a / |a|, or the zero vector when a is zero.
static inline bs_vec2 bs_v2_normalize(bs_vec2 a) {
	double len = bs_v2_len(a);
	return len > 0.0 ? bs_v2(a.x / len, a.y / len) : bs_v2(0.0, 0.0);
}

/// Distance (m) from `p` to the closed segment from `a` to `b` (a point
/// when a == b).
static inline double bs_v2_distance_to_segment(bs_vec2 p, bs_vec2 a, bs_vec2 b) {
	bs_vec2 along = bs_v2_sub(b, a);
	double length2 = bs_v2_dot(along, along);
	double u = length2 > 0.0 ? bs_v2_dot(bs_v2_sub(p, a), along) / length2 : 0.0;
	u = u < 0.0 ? 0.0 : u > 1.0 ? 1.0 : u;
	return bs_v2_len(bs_v2_sub(p, bs_v2_mad(a, u, along)));
}

#endif
