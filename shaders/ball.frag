#version 330 core
// A pool ball, ray cast: the ray through the pixel meets the sphere at the
// point whose normal, body coordinates and depth this shades and writes,
// so the silhouette and shading are exact at any size on screen.
//
// In its body frame the stripe is the band about the body's z axis, and
// the number is printed twice, on the stripe, where the body's x axis
// leaves the ball (on both sides). The viewer turns the body frame with the
// ball's spin (pool physics), or towards the eye (frictionless balls, whose
// spin is free).
in vec3 v_on_quad;
flat in vec4 v_sphere;
flat in vec4 v_orientation;
flat in vec3 v_colour;
flat in vec3 v_style;

uniform mat4 u_view_projection;
uniform vec3 u_eye;
uniform vec3 u_view_direction;
uniform int u_orthographic;
uniform int u_coverage_to_alpha; // 1 when multisampled: the edge's coverage goes out as alpha
uniform sampler2D u_numbers;

out vec4 frag_colour;

const vec3 ivory = vec3(0.96, 0.95, 0.90);
const float spot_radius = 0.52;    // of the number spot, as a fraction of the ball's radius
const float stripe_half_width = 0.6;

// The table vector v in the ball's body frame: the inverse rotation.
vec3 to_body(vec4 q, vec3 v) {
	vec3 u = -q.xyz;
	vec3 t = 2.0 * cross(u, v);
	return v + q.w * t + cross(u, t);
}

void main() {
	vec3 centre = v_sphere.xyz;
	float radius = v_sphere.w;
	vec3 origin = u_orthographic == 1 ? v_on_quad : u_eye;
	vec3 ray = u_orthographic == 1 ? -u_view_direction : normalize(v_on_quad - u_eye);
	// From the centre to the ray's nearest point: perpendicular to the ray,
	// and free of the cancellation in the textbook discriminant.
	vec3 from_centre = origin - centre;
	vec3 closest = from_centre - dot(from_centre, ray) * ray;
	float miss = length(closest);
	// A pixel outside the silhouette is shaded as its edge, so that the
	// derivatives below stay smooth across it; it is discarded at the end.
	float inside = sqrt(max(radius * radius - miss * miss, 0.0));
	vec3 n = normalize(closest - inside * ray);
	vec3 hit = centre + radius * n;
	float coverage = clamp((radius - miss) / max(fwidth(miss), 1e-9) + 0.5, 0.0, 1.0);

	vec3 body = to_body(v_orientation, n);
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
		float inside_spot = 1.0 - smoothstep(1.0 - edge, 1.0 + edge, r);
		vec2 cell = vec2(number % 4, number / 4);
		vec2 uv = (cell + vec2(0.5 + 0.5 * spot.x, 0.5 - 0.5 * spot.y)) / 4.0;
		// Sampled everywhere, so that the mipmap's derivatives are defined.
		float ink = texture(u_numbers, uv).r * step(r, 1.0);
		albedo = mix(albedo, mix(ivory, vec3(0.02), ink), inside_spot);
	}

	vec3 view = u_orthographic == 1 ? u_view_direction : normalize(u_eye - hit);
	vec3 light = normalize(vec3(0.25, -0.35, 1.0));
	float diffuse = max(dot(n, light), 0.0);
	float specular = pow(max(dot(n, normalize(light + view)), 0.0), 80.0);
	vec3 colour = albedo * (0.32 + 0.75 * diffuse) + vec3(0.45 * specular);
	if (v_style.z > 0.5) {
		float rim = 1.0 - max(dot(n, view), 0.0);
		colour = mix(colour, vec3(1.0, 0.85, 0.1), clamp(0.15 + 1.6 * rim * rim, 0.0, 1.0));
	}

	vec4 clip = u_view_projection * vec4(hit, 1.0);
	float depth = clip.z / clip.w;
	// Nearer than the near plane (or the eye inside the ball) is clipped,
	// as a mesh would be.
	bool clipped = clip.w <= 0.0 || depth < -1.0;
	if (clipped || (u_coverage_to_alpha == 1 ? coverage <= 0.0 : miss > radius)) {
		discard;
	}
	gl_FragDepth = 0.5 * (gl_DepthRange.diff * depth + gl_DepthRange.near + gl_DepthRange.far);
	frag_colour = vec4(colour, u_coverage_to_alpha == 1 ? coverage : 1.0);
}
