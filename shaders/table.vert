#version 330 core
// The table: felt, cushions, rails, diamonds and pocket wells, in metres.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 a_colour;
layout(location = 3) in float a_cut;

uniform mat4 u_view_projection;

out vec3 v_world;
out vec3 v_normal;
out vec3 v_colour;
out float v_cut;

void main() {
	v_world = a_position;
	v_normal = a_normal;
	v_colour = a_colour;
	v_cut = a_cut;
	gl_Position = u_view_projection * vec4(a_position, 1.0);
}
