#include "table_mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shader.h"
#include "table_model.h"
#include "vertex_buffer.h"

// Vertex layout: position, normal, colour, and whether pocket holes cut it.
enum { floats_per_vertex = 10 };

typedef struct mesh_builder {
	float* data;
	size_t count; ///< vertices
	size_t capacity;
	bool failed;
} mesh_builder;

typedef struct rgb {
	float r, g, b;
} rgb;

// Green cloth for pool and snooker, blue for carom.
static const rgb green_felt_colour = {0.07f, 0.42f, 0.22f};
static const rgb green_cushion_colour = {0.05f, 0.34f, 0.17f};
static const rgb blue_felt_colour = {0.09f, 0.25f, 0.55f};
static const rgb blue_cushion_colour = {0.07f, 0.20f, 0.45f};
static const rgb wood_colour = {0.38f, 0.19f, 0.08f};
static const rgb apron_colour = {0.22f, 0.11f, 0.05f};
static const rgb diamond_colour = {0.93f, 0.90f, 0.80f};
// A pocket's leather liner: its lip over the rail, and the well inside it
// darkening from the lip down to the drop, where little light reaches.
static const rgb liner_colour = {0.2f, 0.13f, 0.085f};
static const rgb liner_top_colour = {0.09f, 0.06f, 0.04f};
static const rgb well_edge_colour = {0.08f, 0.055f, 0.035f};
static const rgb well_bottom_colour = {0.006f, 0.005f, 0.004f};

static void emit(mesh_builder* mesh, const vec3 position, const vec3 normal, rgb colour, bool cut) {
	if (mesh->count == mesh->capacity) {
		size_t capacity = mesh->capacity ? 2 * mesh->capacity : 1024;
		float* data = realloc(mesh->data, capacity * floats_per_vertex * sizeof(float));
		if (!data) {
			mesh->failed = true;
			return;
		}
		mesh->data = data;
		mesh->capacity = capacity;
	}
	float* v = mesh->data + mesh->count * floats_per_vertex;
	float values[floats_per_vertex] = {position[0], position[1], position[2], normal[0], normal[1], normal[2],
		colour.r, colour.g, colour.b, cut ? 1.0f : 0.0f};
	memcpy(v, values, sizeof values);
	mesh->count += 1;
}

// The unnormalised normal of the quad p0 p1 _ p3 by the right-hand rule.
static void quad_normal(const vec3 p0, const vec3 p1, const vec3 p3, vec3 dest) {
	vec3 e1;
	vec3 e2;
	glm_vec3_sub((float*)p1, (float*)p0, e1);
	glm_vec3_sub((float*)p3, (float*)p0, e2);
	glm_vec3_cross(e1, e2, dest);
}

// A quad p0 p1 p2 p3 with a normal and a colour at each corner, so that the
// lighting and the colour blend across it.
static void shaded_quad(mesh_builder* mesh, vec3 p[4], vec3 normals[4], const rgb colours[4], bool cut) {
	static const int corners[6] = {0, 1, 2, 0, 2, 3};
	for (int i = 0; i < 6; ++i) {
		emit(mesh, p[corners[i]], normals[corners[i]], colours[corners[i]], cut);
	}
}

// A flat quad p0 p1 p2 p3 (either winding; the table is drawn without culling).
static void quad(mesh_builder* mesh, const vec3 p0, const vec3 p1, const vec3 p2, const vec3 p3, rgb colour, bool cut) {
	vec3 normal;
	quad_normal(p0, p1, p3, normal);
	glm_vec3_normalize(normal);
	const float* corners[6] = {p0, p1, p2, p0, p2, p3};
	for (int i = 0; i < 6; ++i) {
		emit(mesh, corners[i], normal, colour, cut);
	}
}

// A quad whose normal must face `towards` (normals drive the lighting).
static void facing_quad(mesh_builder* mesh, const vec3 p0, const vec3 p1, const vec3 p2, const vec3 p3,
	const vec3 towards, rgb colour, bool cut) {
	vec3 normal;
	quad_normal(p0, p1, p3, normal);
	if (glm_vec3_dot(normal, (float*)towards) < 0.0f) {
		quad(mesh, p3, p2, p1, p0, colour, cut);
	} else {
		quad(mesh, p0, p1, p2, p3, colour, cut);
	}
}

// An axis-aligned box from (x0, y0, z0) to (x1, y1, z1): top and four sides.
static void box(mesh_builder* mesh, float x0, float y0, float z0, float x1, float y1, float z1, rgb top, rgb side) {
	vec3 up = {0, 0, 1};
	facing_quad(mesh, (vec3){x0, y0, z1}, (vec3){x1, y0, z1}, (vec3){x1, y1, z1}, (vec3){x0, y1, z1}, up, top, true);
	facing_quad(mesh, (vec3){x0, y0, z0}, (vec3){x1, y0, z0}, (vec3){x1, y0, z1}, (vec3){x0, y0, z1}, (vec3){0, -1, 0},
		side, true);
	facing_quad(mesh, (vec3){x0, y1, z0}, (vec3){x1, y1, z0}, (vec3){x1, y1, z1}, (vec3){x0, y1, z1}, (vec3){0, 1, 0},
		side, true);
	facing_quad(mesh, (vec3){x0, y0, z0}, (vec3){x0, y1, z0}, (vec3){x0, y1, z1}, (vec3){x0, y0, z1}, (vec3){-1, 0, 0},
		side, true);
	facing_quad(mesh, (vec3){x1, y0, z0}, (vec3){x1, y1, z0}, (vec3){x1, y1, z1}, (vec3){x1, y0, z1}, (vec3){1, 0, 0},
		side, true);
}

static bool blue_cloth(const bs_table* table) {
	return strcmp(bs_table_get_def(table).preset, "carom") == 0;
}

static rgb felt_colour_of(const bs_table* table) {
	return blue_cloth(table) ? blue_felt_colour : green_felt_colour;
}

static rgb cushion_colour_of(const bs_table* table) {
	return blue_cloth(table) ? blue_cushion_colour : green_cushion_colour;
}

static void add_felt(mesh_builder* mesh, const bs_table* table) {
	float c = (float)BS_MODEL_CUSHION_WIDTH;
	float w = (float)bs_table_get_def(table).width;
	float h = (float)bs_table_get_def(table).height;
	facing_quad(mesh, (vec3){-c, -c, 0}, (vec3){w + c, -c, 0}, (vec3){w + c, h + c, 0}, (vec3){-c, h + c, 0},
		(vec3){0, 0, 1}, felt_colour_of(table), true);
}

// Each cushion segment becomes a rubber prism: a vertical nose face, a top
// sloping up to the rail, and end caps where the jaws are.
static void add_cushions(mesh_builder* mesh, const bs_table* table) {
	rgb cushion_colour = cushion_colour_of(table);
	float nose = (float)BS_MODEL_NOSE_HEIGHT;
	float top = (float)BS_MODEL_RAIL_HEIGHT;
	for (int i = 0; i < bs_table_cushion_count(table); ++i) {
		bs_segment s = bs_table_cushion(table, i);
		bs_vec2 inward = bs_segment_normal(s);
		bs_vec2 along = bs_v2_normalize(bs_v2_sub(s.b, s.a));
		bs_vec2 back_a = bs_v2_mad(s.a, -BS_MODEL_CUSHION_WIDTH, inward);
		bs_vec2 back_b = bs_v2_mad(s.b, -BS_MODEL_CUSHION_WIDTH, inward);
		vec3 a0 = {(float)s.a.x, (float)s.a.y, 0};
		vec3 b0 = {(float)s.b.x, (float)s.b.y, 0};
		vec3 a1 = {(float)s.a.x, (float)s.a.y, nose};
		vec3 b1 = {(float)s.b.x, (float)s.b.y, nose};
		vec3 a2 = {(float)back_a.x, (float)back_a.y, top};
		vec3 b2 = {(float)back_b.x, (float)back_b.y, top};
		vec3 a3 = {(float)back_a.x, (float)back_a.y, 0};
		vec3 b3 = {(float)back_b.x, (float)back_b.y, 0};
		vec3 in = {(float)inward.x, (float)inward.y, 0};
		facing_quad(mesh, a0, b0, b1, a1, in, cushion_colour, true);
		vec3 up_in = {(float)inward.x * 0.25f, (float)inward.y * 0.25f, 1};
		facing_quad(mesh, a1, b1, b2, a2, up_in, cushion_colour, true);
		vec3 before = {(float)-along.x, (float)-along.y, 0};
		vec3 after = {(float)along.x, (float)along.y, 0};
		facing_quad(mesh, a0, a1, a2, a3, before, cushion_colour, true);
		facing_quad(mesh, b0, b1, b2, b3, after, cushion_colour, true);
	}
}

// Each rounded jaw becomes a curved rubber face along its arc, its top
// sloping back towards the arc's centre, filling the gap between the
// prisms of the nose and the facing it joins.
static void add_rounded_jaws(mesh_builder* mesh, const bs_table* table) {
	enum { steps = 16 };
	rgb cushion_colour = cushion_colour_of(table);
	float nose = (float)BS_MODEL_NOSE_HEIGHT;
	float top = (float)BS_MODEL_RAIL_HEIGHT;
	for (int j = 0; j < bs_table_jaw_count(table); ++j) {
		bs_arc arc = bs_table_arc(table, j);
		if (!(arc.radius > 0.0)) {
			continue;
		}
		double from = atan2(arc.start.y - arc.centre.y, arc.start.x - arc.centre.x);
		double to = atan2(arc.end.y - arc.centre.y, arc.end.x - arc.centre.x);
		if (to < from) {
			to += 2.0 * BS_PI;
		}
		double depth = fmin(BS_MODEL_CUSHION_WIDTH, 0.9 * arc.radius);
		for (int i = 0; i < steps; ++i) {
			double angle[2] = {from + (to - from) * i / steps, from + (to - from) * (i + 1) / steps};
			vec3 face[2][4];
			vec3 out[2];
			for (int e = 0; e < 2; ++e) {
				bs_vec2 n = bs_v2(cos(angle[e]), sin(angle[e]));
				bs_vec2 p = bs_v2_mad(arc.centre, arc.radius, n);
				bs_vec2 back = bs_v2_mad(arc.centre, arc.radius - depth, n);
				glm_vec3_copy((vec3){(float)p.x, (float)p.y, 0}, face[e][0]);
				glm_vec3_copy((vec3){(float)p.x, (float)p.y, nose}, face[e][1]);
				glm_vec3_copy((vec3){(float)back.x, (float)back.y, top}, face[e][2]);
				glm_vec3_copy((vec3){(float)n.x, (float)n.y, 0}, out[e]);
			}
			vec3 outward = {0.5f * (out[0][0] + out[1][0]), 0.5f * (out[0][1] + out[1][1]), 0};
			facing_quad(mesh, face[0][0], face[1][0], face[1][1], face[0][1], outward, cushion_colour, true);
			vec3 up_out = {outward[0] * 0.25f, outward[1] * 0.25f, 1};
			facing_quad(mesh, face[0][1], face[1][1], face[1][2], face[0][2], up_out, cushion_colour, true);
		}
	}
}

// Where two cushions of the plain rectangle meet, a block fills the corner
// their prisms leave open (a pool table has a pocket there instead).
static void add_corner_blocks(mesh_builder* mesh, const bs_table* table) {
	if (bs_table_get_def(table).has_pockets) {
		return;
	}
	rgb cushion_colour = cushion_colour_of(table);
	float c = (float)BS_MODEL_CUSHION_WIDTH;
	float w = (float)bs_table_get_def(table).width;
	float h = (float)bs_table_get_def(table).height;
	float top = (float)BS_MODEL_RAIL_HEIGHT;
	box(mesh, -c, -c, 0.0f, 0.0f, 0.0f, top, cushion_colour, cushion_colour);
	box(mesh, w, -c, 0.0f, w + c, 0.0f, top, cushion_colour, cushion_colour);
	box(mesh, -c, h, 0.0f, 0.0f, h + c, top, cushion_colour, cushion_colour);
	box(mesh, w, h, 0.0f, w + c, h + c, top, cushion_colour, cushion_colour);
}

static void add_rails(mesh_builder* mesh, const bs_table* table) {
	float c = (float)BS_MODEL_CUSHION_WIDTH;
	float r = (float)BS_MODEL_RAIL_WIDTH;
	float w = (float)bs_table_get_def(table).width;
	float h = (float)bs_table_get_def(table).height;
	float top = (float)BS_MODEL_RAIL_HEIGHT;
	float bottom = (float)-BS_MODEL_BODY_DEPTH;
	box(mesh, -c - r, -c - r, bottom, w + c + r, -c, top, wood_colour, apron_colour);
	box(mesh, -c - r, h + c, bottom, w + c + r, h + c + r, top, wood_colour, apron_colour);
	box(mesh, -c - r, -c, bottom, -c, h + c, top, wood_colour, apron_colour);
	box(mesh, w + c, -c, bottom, w + c + r, h + c, top, wood_colour, apron_colour);
}

static void diamond(mesh_builder* mesh, float x, float y, bool along_x) {
	float z = (float)BS_MODEL_RAIL_HEIGHT + 0.0008f;
	float long_half = 0.011f;
	float short_half = 0.0055f;
	float dx = along_x ? long_half : short_half;
	float dy = along_x ? short_half : long_half;
	facing_quad(mesh, (vec3){x - dx, y, z}, (vec3){x, y - dy, z}, (vec3){x + dx, y, z}, (vec3){x, y + dy, z},
		(vec3){0, 0, 1}, diamond_colour, false);
}

// The sights: on a pool table, three between each pair of pockets; a
// carom table has them too, a snooker table none.
static void add_diamonds(mesh_builder* mesh, const bs_table* table) {
	if (strcmp(bs_table_get_def(table).preset, "snooker") == 0) {
		return;
	}
	float offset = (float)(BS_MODEL_CUSHION_WIDTH + 0.5 * BS_MODEL_RAIL_WIDTH);
	float w = (float)bs_table_get_def(table).width;
	float h = (float)bs_table_get_def(table).height;
	for (int k = 1; k < 8; ++k) {
		if (k == 4 && bs_table_get_def(table).has_pockets) {
			continue; // the side pocket
		}
		float x = w * (float)k / 8.0f;
		diamond(mesh, x, -offset, true);
		diamond(mesh, x, h + offset, true);
	}
	for (int k = 1; k < 4; ++k) {
		float y = h * (float)k / 4.0f;
		diamond(mesh, -offset, y, false);
		diamond(mesh, w + offset, y, false);
	}
}

// The surface height around a hole: felt inside the playing area, rail outside.
static float surface_height(const bs_table* table, float x, float y) {
	bool on_felt = x >= 0.0f && y >= 0.0f && x <= (float)bs_table_get_def(table).width && y <= (float)bs_table_get_def(table).height;
	return on_felt ? 0.0f : (float)BS_MODEL_RAIL_HEIGHT;
}

// Whether (x, y) is on the wooden rail, outside the cushions.
static bool on_rail(const bs_table* table, float x, float y) {
	float c = (float)BS_MODEL_CUSHION_WIDTH;
	bs_table_def def = bs_table_get_def(table);
	return x < -c || y < -c || x > (float)def.width + c || y > (float)def.height + c;
}

// A pocket is a well lined with leather: the felt, cushions and rails are cut
// away above it in the shader, and these walls and its floor show through
// the cut, the walls lit from the lip and darkening with depth. Over the
// rail, the liner's lip rolls over the hole's edge: a ring that dips into
// the hole, whose normals turn with it so that the light catches its near
// side and leaves its far side dark.
static void add_pocket_holes(mesh_builder* mesh, const bs_table* table) {
	enum { sides = 64 };
	float floor_z = (float)(-0.6 * BS_MODEL_BODY_DEPTH);
	float rail_z = (float)BS_MODEL_RAIL_HEIGHT;
	float lip = (float)BS_MODEL_LINER_WIDTH;
	for (int k = 0; k < bs_table_pocket_count(table); ++k) {
		bs_pocket_shape shape = bs_table_pocket(table, k);
		const bs_pocket_shape* pocket = &shape;
		float cx = (float)pocket->centre.x;
		float cy = (float)pocket->centre.y;
		float radius = (float)bs_table_model_hole_radius(pocket);
		for (int i = 0; i < sides; ++i) {
			float t[2] = {2.0f * GLM_PIf * (float)i / sides, 2.0f * GLM_PIf * (float)(i + 1) / sides};
			float c[2] = {cosf(t[0]), cosf(t[1])};
			float s[2] = {sinf(t[0]), sinf(t[1])};
			float x[2] = {cx + radius * c[0], cx + radius * c[1]};
			float y[2] = {cy + radius * s[0], cy + radius * s[1]};
			float top[2] = {surface_height(table, x[0], y[0]), surface_height(table, x[1], y[1])};
			// The wall, facing the pocket's axis.
			vec3 wall[4] = {{x[0], y[0], floor_z}, {x[1], y[1], floor_z}, {x[1], y[1], top[1]}, {x[0], y[0], top[0]}};
			vec3 wall_normals[4] = {{-c[0], -s[0], 0}, {-c[1], -s[1], 0}, {-c[1], -s[1], 0}, {-c[0], -s[0], 0}};
			const rgb wall_colours[4] = {well_bottom_colour, well_bottom_colour, liner_top_colour, liner_top_colour};
			shaded_quad(mesh, wall, wall_normals, wall_colours, false);
			// The floor, seen from above through the hole: the liner's
			// shadowed folds round its edge, dark at its middle.
			vec3 up = {0, 0, 1};
			emit(mesh, (vec3){cx, cy, floor_z}, up, well_bottom_colour, false);
			emit(mesh, (vec3){x[0], y[0], floor_z}, up, well_edge_colour, false);
			emit(mesh, (vec3){x[1], y[1], floor_z}, up, well_edge_colour, false);
			// The lip, where both ends of the segment are on the rail: from
			// the hole's edge, a little below the rail, out over it.
			float outer = radius + lip;
			if (!on_rail(table, x[0], y[0]) || !on_rail(table, x[1], y[1]) ||
				!on_rail(table, cx + outer * c[0], cy + outer * s[0]) ||
				!on_rail(table, cx + outer * c[1], cy + outer * s[1])) {
				continue;
			}
			float crest = radius + 0.45f * lip;
			float rings[3] = {radius, crest, outer};
			float heights[3] = {rail_z - 0.004f, rail_z + 0.0025f, rail_z + 0.0006f};
			// Inward and up at the edge, up at the crest, outward and up beyond.
			float tilts[3] = {-0.8f, 0.0f, 0.5f};
			for (int ring = 0; ring < 2; ++ring) {
				vec3 p[4];
				vec3 normals[4];
				rgb colours[4];
				for (int corner = 0; corner < 4; ++corner) {
					int side = corner == 0 || corner == 3 ? 0 : 1;
					int r = corner < 2 ? ring : ring + 1;
					glm_vec3_copy((vec3){cx + rings[r] * c[side], cy + rings[r] * s[side], heights[r]}, p[corner]);
					glm_vec3_copy((vec3){tilts[r] * c[side], tilts[r] * s[side], 1.0f}, normals[corner]);
					glm_vec3_normalize(normals[corner]);
					colours[corner] = r == 0 ? liner_top_colour : liner_colour;
				}
				shaded_quad(mesh, p, normals, colours, false);
			}
		}
	}
}

bool bs_table_mesh_create(const bs_table* table, bs_table_mesh* dest) {
	memset(dest, 0, sizeof *dest);
	dest->program = bs_shader_program("table");
	if (!dest->program) {
		return false;
	}
	dest->u_view_projection = glGetUniformLocation(dest->program, "u_view_projection");
	dest->u_eye = glGetUniformLocation(dest->program, "u_eye");
	dest->u_pockets = glGetUniformLocation(dest->program, "u_pockets");
	dest->u_pocket_count = glGetUniformLocation(dest->program, "u_pocket_count");
	dest->u_table_size = glGetUniformLocation(dest->program, "u_table_size");
	dest->table_size[0] = (float)bs_table_get_def(table).width;
	dest->table_size[1] = (float)bs_table_get_def(table).height;
	dest->pocket_count = bs_table_pocket_count(table);
	for (int k = 0; k < bs_table_pocket_count(table); ++k) {
		bs_pocket_shape pocket = bs_table_pocket(table, k);
		dest->pockets[3 * k + 0] = (float)pocket.centre.x;
		dest->pockets[3 * k + 1] = (float)pocket.centre.y;
		dest->pockets[3 * k + 2] = (float)bs_table_model_hole_radius(&pocket);
	}

	mesh_builder mesh = {0};
	add_felt(&mesh, table);
	add_cushions(&mesh, table);
	add_rounded_jaws(&mesh, table);
	add_corner_blocks(&mesh, table);
	add_rails(&mesh, table);
	add_diamonds(&mesh, table);
	add_pocket_holes(&mesh, table);
	if (mesh.failed) {
		free(mesh.data);
		fprintf(stderr, "breakshot: out of memory building the table\n");
		return false;
	}
	dest->vertex_count = (GLsizei)mesh.count;
	glGenVertexArrays(1, &dest->vao);
	glBindVertexArray(dest->vao);
	dest->vbo = bs_vertex_buffer(mesh.count * floats_per_vertex * sizeof(float), mesh.data, GL_STATIC_DRAW);
	free(mesh.data);
	const GLint sizes[] = {3, 3, 3, 1};
	bs_vertex_layout(0, sizes, 4, 0);
	glBindVertexArray(0);
	return true;
}

void bs_table_mesh_draw(const bs_table_mesh* mesh, mat4 view_projection, const vec3 eye) {
	glUseProgram(mesh->program);
	glUniformMatrix4fv(mesh->u_view_projection, 1, GL_FALSE, (const float*)view_projection);
	glUniform3fv(mesh->u_eye, 1, eye);
	glUniform3fv(mesh->u_pockets, BS_MAX_POCKETS, mesh->pockets);
	glUniform1i(mesh->u_pocket_count, mesh->pocket_count);
	glUniform2fv(mesh->u_table_size, 1, mesh->table_size);
	glBindVertexArray(mesh->vao);
	glDrawArrays(GL_TRIANGLES, 0, mesh->vertex_count);
	glBindVertexArray(0);
}

void bs_table_mesh_destroy(bs_table_mesh* mesh) {
	glDeleteBuffers(1, &mesh->vbo);
	glDeleteVertexArrays(1, &mesh->vao);
	glDeleteProgram(mesh->program);
	memset(mesh, 0, sizeof *mesh);
}
