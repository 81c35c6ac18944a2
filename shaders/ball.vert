#version 330 core
// Instanced balls: a unit sphere placed, scaled and turned per instance.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 i_sphere; // centre, radius
layout(location = 2) in vec3 i_colour;
layout(location = 3) in vec3 i_style;  // stripe, number, highlight
layout(location = 4) in vec4 i_orientation; // unit quaternion (x, y, z, w), body to table

uniform mat4 u_view_projection;

out vec3 v_normal;
out vec3 v_body;
out vec3 v_world;
flat out vec3 v_colour;
flat out vec3 v_style;

// The table vector v in the ball's body frame: the inverse rotation.
vec3 to_body(vec4 q, vec3 v) {
	vec3 u = -q.xyz;
	vec3 t = 2.0 * cross(u, v);
	return v + q.w * t + cross(u, t);
}

void main() {
	v_normal = a_position;
	v_body = to_body(i_orientation, a_position);
	v_world = i_sphere.xyz + a_position * i_sphere.w;
	v_colour = i_colour;
	v_style = i_style;
	gl_Position = u_view_projection * vec4(v_world, 1.0);
}
