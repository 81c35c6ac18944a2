#version 330 core
in vec2 v_uv;
in vec4 v_colour;

uniform sampler2D u_atlas;

out vec4 frag_colour;

void main() {
	frag_colour = vec4(v_colour.rgb, v_colour.a * texture(u_atlas, v_uv).r);
}
