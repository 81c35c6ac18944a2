#version 330 core
// Instanced balls, each drawn as one quad facing the eye that covers the
// ball's silhouette and a pixel around it; ball.frag casts the ray through
// each pixel onto the sphere.
layout(location = 0) in vec2 a_corner; // (-1, -1) to (1, 1)
layout(location = 1) in vec4 i_sphere; // centre, radius
layout(location = 2) in vec3 i_colour;
layout(location = 3) in vec3 i_style;  // stripe, number, highlight
layout(location = 4) in vec4 i_orientation; // unit quaternion (x, y, z, w), body to table

uniform mat4 u_view_projection;
uniform vec3 u_eye;
uniform vec3 u_view_direction;
uniform vec3 u_camera_up;
uniform int u_orthographic;
uniform vec2 u_viewport; // pixels

out vec3 v_on_quad;
flat out vec4 v_sphere;
flat out vec4 v_orientation;
flat out vec3 v_colour;
flat out vec3 v_style;

vec2 to_pixels(vec3 world) {
	vec4 clip = u_view_projection * vec4(world, 1.0);
	return clip.xy / clip.w * 0.5 * u_viewport;
}

void main() {
	vec3 centre = i_sphere.xyz;
	float radius = i_sphere.w;
	vec3 towards_eye = u_view_direction;
	float half_size = radius;
	if (u_orthographic == 0) {
		// The cone of rays that touch the sphere meets the plane through its
		// centre in a circle of radius r d / sqrt(d^2 - r^2).
		vec3 to_eye = u_eye - centre;
		float d2 = dot(to_eye, to_eye);
		towards_eye = to_eye * inversesqrt(d2);
		half_size = radius * sqrt(d2 / max(d2 - radius * radius, 1e-6 * d2));
	}
	vec3 right = normalize(cross(u_camera_up, towards_eye));
	vec3 up = cross(towards_eye, right);
	// One pixel more, so the edge's partial pixels are shaded too.
	float pixels_per_radius = length(to_pixels(centre + radius * up) - to_pixels(centre));
	half_size += radius / max(pixels_per_radius, 1e-3);
	v_on_quad = centre + half_size * (a_corner.x * right + a_corner.y * up);
	v_sphere = i_sphere;
	v_orientation = i_orientation;
	v_colour = i_colour;
	v_style = i_style;
	gl_Position = u_view_projection * vec4(v_on_quad, 1.0);
}
