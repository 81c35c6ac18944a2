#version 330 core
// One segment per instance, widened on screen to a quad with a pixel of
// feather on each side for antialiasing.
layout(location = 0) in vec2 a_corner; // x: 0 at a, 1 at b; y: which side
layout(location = 1) in vec3 i_a;
layout(location = 2) in vec3 i_b;
layout(location = 3) in vec4 i_colour;
layout(location = 4) in float i_width;

uniform mat4 u_transform;
uniform vec2 u_viewport;

out vec4 v_colour;
out float v_across;
flat out float v_half_width;

void main() {
	vec4 clip_a = u_transform * vec4(i_a, 1.0);
	vec4 clip_b = u_transform * vec4(i_b, 1.0);
	vec2 half_viewport = 0.5 * u_viewport;
	vec2 screen_a = clip_a.xy / clip_a.w * half_viewport;
	vec2 screen_b = clip_b.xy / clip_b.w * half_viewport;
	vec2 along = screen_b - screen_a;
	float length_px = length(along);
	along = length_px > 1e-6 ? along / length_px : vec2(1.0, 0.0);
	vec2 across = vec2(-along.y, along.x);
	float half_extent = 0.5 * i_width + 1.0;
	bool at_b = a_corner.x > 0.5;
	vec4 clip = at_b ? clip_b : clip_a;
	vec2 offset = across * half_extent * a_corner.y + along * half_extent * (at_b ? 1.0 : -1.0);
	clip.xy += offset / half_viewport * clip.w;
	gl_Position = clip;
	v_colour = i_colour;
	v_across = a_corner.y * half_extent;
	v_half_width = 0.5 * i_width;
}
