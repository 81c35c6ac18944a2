#version 330 core
in vec3 v_world;
in vec3 v_normal;
in vec3 v_colour;
in float v_cut;

uniform vec3 u_eye;
uniform vec3 u_pockets[8]; // centre x, y and hole radius
uniform int u_pocket_count;
uniform vec2 u_table_size;

out vec4 frag_colour;

void main() {
	// Pocket holes are cut out of the felt, cushions and rails here so the
	// well beneath shows through.
	if (v_cut > 0.5) {
		for (int k = 0; k < u_pocket_count; ++k) {
			if (distance(v_world.xy, u_pockets[k].xy) < u_pockets[k].z) {
				discard;
			}
		}
	}
	vec3 n = normalize(v_normal);
	vec3 light = normalize(vec3(0.25, -0.35, 1.0));
	vec3 view = normalize(u_eye - v_world);
	// A lamp over the table: brightest in the middle, a little dimmer at the rails.
	vec2 from_centre = (v_world.xy - 0.5 * u_table_size) / (0.5 * u_table_size + 0.3);
	float lamp = 1.0 - 0.18 * clamp(dot(from_centre, from_centre), 0.0, 1.6);
	float diffuse = max(dot(n, light), 0.0);
	float specular = pow(max(dot(n, normalize(light + view)), 0.0), 40.0) * 0.12;
	vec3 colour = v_colour * (0.38 + 0.7 * diffuse) * lamp + vec3(specular);
	frag_colour = vec4(colour, 1.0);
}
