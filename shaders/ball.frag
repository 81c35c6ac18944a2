#version 330 core
// A frictionless ball's spin is free, so each ball is shown turned to face the
// eye: its number spot looks at the viewer upright and its stripe runs level
// across the screen, readable from any angle.
in vec3 v_normal;
in vec3 v_world;
flat in vec3 v_centre;
flat in vec3 v_colour;
flat in vec3 v_style;

uniform vec3 u_eye;
uniform vec3 u_view_direction;
uniform int u_orthographic;
uniform vec3 u_camera_up;
uniform sampler2D u_numbers;

out vec4 frag_colour;

const vec3 ivory = vec3(0.96, 0.95, 0.90);
const float spot_radius = 0.52;    // of the number spot, as a fraction of the ball's radius
const float stripe_half_width = 0.6;

void main() {
	vec3 n = normalize(v_normal);
	vec3 face = u_orthographic == 1 ? u_view_direction : normalize(u_eye - v_centre);
	vec3 up = normalize(u_camera_up - dot(u_camera_up, face) * face);
	vec3 right = cross(up, face);

	vec3 albedo = v_colour;
	float height = dot(n, up);
	if (v_style.x > 0.5) {
		float edge = fwidth(height);
		albedo = mix(v_colour, ivory, smoothstep(stripe_half_width - edge, stripe_half_width + edge, abs(height)));
	}
	int number = int(v_style.y + 0.5);
	if (number > 0 && dot(n, face) > 0.0) {
		vec2 spot = vec2(dot(n, right), height) / spot_radius;
		float r = length(spot);
		float edge = fwidth(r);
		float inside = 1.0 - smoothstep(1.0 - edge, 1.0 + edge, r);
		vec2 cell = vec2(number % 4, number / 4);
		vec2 uv = (cell + vec2(0.5 + 0.5 * spot.x, 0.5 - 0.5 * spot.y)) / 4.0;
		float ink = r < 1.0 ? texture(u_numbers, uv).r : 0.0;
		albedo = mix(albedo, mix(ivory, vec3(0.02), ink), inside);
	}

	vec3 view = u_orthographic == 1 ? u_view_direction : normalize(u_eye - v_world);
	vec3 light = normalize(vec3(0.25, -0.35, 1.0));
	float diffuse = max(dot(n, light), 0.0);
	float specular = pow(max(dot(n, normalize(light + view)), 0.0), 80.0);
	vec3 colour = albedo * (0.32 + 0.75 * diffuse) + vec3(0.45 * specular);
	if (v_style.z > 0.5) {
		float rim = 1.0 - max(dot(n, view), 0.0);
		colour = mix(colour, vec3(1.0, 0.85, 0.1), clamp(0.15 + 1.6 * rim * rim, 0.0, 1.0));
	}
	frag_colour = vec4(colour, 1.0);
}
