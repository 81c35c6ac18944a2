#version 330 core
// Overlay quads in pixels, origin top-left.
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in vec4 a_colour;

uniform vec2 u_screen;

out vec2 v_uv;
out vec4 v_colour;

void main() {
	v_uv = a_uv;
	v_colour = a_colour;
	vec2 ndc = a_position / u_screen * 2.0 - 1.0;
	gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
