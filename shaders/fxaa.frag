#version 330 core
// FXAA (after Timothy Lottes' FXAA 3.11 "console" variant): find the local
// edge direction from luma and blend along it. Flat areas leave after five
// texture reads, which keeps it cheap on a software rasteriser.
uniform sampler2D u_scene;
uniform vec2 u_texel;

out vec4 frag_colour;

const float reduce_min = 1.0 / 128.0;
const float reduce_mul = 1.0 / 8.0;
const float span_max = 8.0;

float luma(vec3 c) {
	return dot(c, vec3(0.299, 0.587, 0.114));
}

void main() {
	// Unfiltered fetches of the centre and its diagonal neighbours: the
	// flat-area test needs no interpolation, and most of the screen is flat.
	ivec2 p = ivec2(gl_FragCoord.xy);
	vec3 centre = texelFetch(u_scene, p, 0).rgb;
	float l_nw = luma(texelFetchOffset(u_scene, p, 0, ivec2(-1, 1)).rgb);
	float l_ne = luma(texelFetchOffset(u_scene, p, 0, ivec2(1, 1)).rgb);
	float l_sw = luma(texelFetchOffset(u_scene, p, 0, ivec2(-1, -1)).rgb);
	float l_se = luma(texelFetchOffset(u_scene, p, 0, ivec2(1, -1)).rgb);
	float l_m = luma(centre);
	float l_min = min(l_m, min(min(l_nw, l_ne), min(l_sw, l_se)));
	float l_max = max(l_m, max(max(l_nw, l_ne), max(l_sw, l_se)));
	if (l_max - l_min < max(0.0312, l_max * 0.125)) {
		frag_colour = vec4(centre, 1.0);
		return;
	}
	vec2 uv = gl_FragCoord.xy * u_texel;
	vec2 dir = vec2(-((l_nw + l_ne) - (l_sw + l_se)), (l_nw + l_sw) - (l_ne + l_se));
	float reduce = max((l_nw + l_ne + l_sw + l_se) * 0.25 * reduce_mul, reduce_min);
	float scale = 1.0 / (min(abs(dir.x), abs(dir.y)) + reduce);
	dir = clamp(dir * scale, vec2(-span_max), vec2(span_max)) * u_texel;
	vec3 a = 0.5 * (texture(u_scene, uv + dir * (1.0 / 3.0 - 0.5)).rgb + texture(u_scene, uv + dir * (2.0 / 3.0 - 0.5)).rgb);
	vec3 b = 0.5 * a + 0.25 * (texture(u_scene, uv - 0.5 * dir).rgb + texture(u_scene, uv + 0.5 * dir).rgb);
	float l_b = luma(b);
	frag_colour = vec4((l_b < l_min || l_b > l_max) ? a : b, 1.0);
}
