#version 330 core
// A pool ball in its body frame: the stripe is the band about the body's z
// axis, and the number is printed twice, on the stripe, where the body's x
// axis leaves the ball (on both sides). The viewer turns the body frame
// with the ball's spin (pool physics), or towards the eye (frictionless
// balls, whose spin is free).
in vec3 v_normal;
in vec3 v_body;
in vec3 v_world;
flat in vec3 v_colour;
flat in vec3 v_style;

uniform vec3 u_eye;
uniform vec3 u_view_direction;
uniform int u_orthographic;
uniform sampler2D u_numbers;

out vec4 frag_colour;

const vec3 ivory = vec3(0.96, 0.95, 0.90);
const float spot_radius = 0.52;    // of the number spot, as a fraction of the ball's radius
const float stripe_half_width = 0.6;

void main() {
	vec3 n = normalize(v_normal);
	vec3 body = normalize(v_body);

	vec3 albedo = v_colour;
	float height = body.z;
	if (v_style.x > 0.5) {
		float edge = fwidth(height);
		albedo = mix(v_colour, ivory, smoothstep(stripe_half_width - edge, stripe_half_width + edge, abs(height)));
	}
	int number = int(v_style.y + 0.5);
	if (number > 0) {
		// Seen from outside either spot, right is the body's y on the +x side and -y on the other.
		float side = body.x >= 0.0 ? 1.0 : -1.0;
		vec2 spot = vec2(side * body.y, height) / spot_radius;
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
