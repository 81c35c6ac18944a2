// breakshot: a small double-precision 3-D vector header, for angular
// velocities. x and y lie in the table's plane as in bs_vec2; z points up,
// out of the cloth. Rounds exactly as written, like vec2.h.
#ifndef BREAKSHOT_VEC3_H
#define BREAKSHOT_VEC3_H

#include <breakshot/vec2.h>

/// A 3-D vector: an angular velocity (rad/s), or a point or direction in
/// space with z up.
typedef struct bs_vec3 {
	double x; ///< along the table's length
	double y; ///< along its width
	double z; ///< up, out of the cloth
} bs_vec3;

/// Makes a vector from its components.
static inline bs_vec3 bs_v3(double x, double y, double z) {
	bs_vec3 v = {x, y, z};
	return v;
}

/// a + b
static inline bs_vec3 bs_v3_add(bs_vec3 a, bs_vec3 b) {
	return bs_v3(a.x + b.x, a.y + b.y, a.z + b.z);
}

/// a - b
static inline bs_vec3 bs_v3_sub(bs_vec3 a, bs_vec3 b) {
	return bs_v3(a.x - b.x, a.y - b.y, a.z - b.z);
}

/// s * a
static inline bs_vec3 bs_v3_scale(double s, bs_vec3 a) {
	return bs_v3(s * a.x, s * a.y, s * a.z);
}

/// a + s * b
static inline bs_vec3 bs_v3_mad(bs_vec3 a, double s, bs_vec3 b) {
	return bs_v3(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}

/// The dot product a . b
static inline double bs_v3_dot(bs_vec3 a, bs_vec3 b) {
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

/// The cross product a x b
static inline bs_vec3 bs_v3_cross(bs_vec3 a, bs_vec3 b) {
	return bs_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

/// |a|^2
static inline double bs_v3_len2(bs_vec3 a) {
	return a.x * a.x + a.y * a.y + a.z * a.z;
}

/// |a|
static inline double bs_v3_len(bs_vec3 a) {
	return sqrt(bs_v3_len2(a));
}

/// A vector in the table's plane, lifted to z = 0.
static inline bs_vec3 bs_v3_of_v2(bs_vec2 a) {
	return bs_v3(a.x, a.y, 0.0);
}

/// The table-plane part (x, y) of a vector.
static inline bs_vec2 bs_v3_xy(bs_vec3 a) {
	return bs_v2(a.x, a.y);
}

#endif
