#version 330 core
// Instanced balls: a unit sphere placed and scaled per instance.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 i_sphere; // centre, radius
layout(location = 2) in vec3 i_colour;
layout(location = 3) in vec3 i_style;  // stripe, number, highlight

uniform mat4 u_view_projection;

out vec3 v_normal;
out vec3 v_world;
flat out vec3 v_centre;
flat out vec3 v_colour;
flat out vec3 v_style;

void main() {
	v_normal = a_position;
	v_world = i_sphere.xyz + a_position * i_sphere.w;
	v_centre = i_sphere.xyz;
	v_colour = i_colour;
	v_style = i_style;
	gl_Position = u_view_projection * vec4(v_world, 1.0);
}
