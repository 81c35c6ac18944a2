// breakshot viewer: the 3-D table (felt, cushions, rails, diamonds, pocket
// holes), built once into a vertex buffer around the sim's table.
#ifndef BREAKSHOT_TABLE_MESH_H
#define BREAKSHOT_TABLE_MESH_H

#include <cglm/cglm.h>
#include <stdbool.h>

#include <breakshot/table.h>

#include "glad_gl.h"

typedef struct bs_table_mesh {
	GLuint program;
	GLuint vao;
	GLuint vbo;
	GLsizei vertex_count;
	GLint u_view_projection;
	GLint u_eye;
	GLint u_pockets;
	GLint u_pocket_count;
	GLint u_table_size;
	int pocket_count;
	float pockets[3 * BS_MAX_POCKETS]; ///< centre x, y and hole radius, for cutting the holes
	float table_size[2];
} bs_table_mesh;

/// Builds the mesh for `table`. False (after printing why) on a shader error.
bool bs_table_mesh_create(const bs_table* table, bs_table_mesh* dest);

void bs_table_mesh_draw(const bs_table_mesh* mesh, mat4 view_projection, const vec3 eye);

void bs_table_mesh_destroy(bs_table_mesh* mesh);

#endif
