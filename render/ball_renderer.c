#include "ball_renderer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "font.h"
#include "shader.h"
#include "vertex_buffer.h"

// Instance: centre x, y, z, radius, colour r, g, b, stripe, number,
// highlight, orientation x, y, z, w.
enum { ball_instance_floats = 14, sphere_slices = 40, sphere_stacks = 24 };

static const float pool_colours[8][3] = {
	{0.96f, 0.95f, 0.90f}, // cue
	{0.98f, 0.76f, 0.05f}, // 1 yellow
	{0.05f, 0.20f, 0.72f}, // 2 blue
	{0.86f, 0.07f, 0.05f}, // 3 red
	{0.36f, 0.10f, 0.56f}, // 4 purple
	{1.00f, 0.42f, 0.04f}, // 5 orange
	{0.04f, 0.46f, 0.18f}, // 6 green
	{0.50f, 0.07f, 0.07f}, // 7 maroon
};
static const float eight_colour[3] = {0.04f, 0.04f, 0.04f};

bs_ball_look bs_ball_look_of(int id) {
	bs_ball_look look;
	memset(&look, 0, sizeof look);
	if (id == 0) {
		memcpy(look.colour, pool_colours[0], sizeof look.colour);
		return look;
	}
	int number = id >= 1 && id <= 15 ? id : (int)(((unsigned)id - 1u) % 15u) + 1;
	look.number = id >= 1 && id <= 15 ? id : 0;
	look.stripe = number >= 9;
	const float* colour = number == 8 ? eight_colour : pool_colours[number > 8 ? number - 8 : number];
	memcpy(look.colour, colour, sizeof look.colour);
	return look;
}

// A unit UV sphere; its positions are also its normals.
static bool build_sphere(bs_ball_renderer* renderer) {
	enum { vertex_count = (sphere_stacks + 1) * (sphere_slices + 1), index_count = sphere_stacks * sphere_slices * 6 };
	float* vertices = malloc(vertex_count * 3 * sizeof(float));
	GLuint* indices = malloc(index_count * sizeof(GLuint));
	if (!vertices || !indices) {
		free(vertices);
		free(indices);
		return false;
	}
	float* v = vertices;
	for (int stack = 0; stack <= sphere_stacks; ++stack) {
		float polar = GLM_PIf * (float)stack / sphere_stacks;
		for (int slice = 0; slice <= sphere_slices; ++slice) {
			float azimuth = 2.0f * GLM_PIf * (float)slice / sphere_slices;
			*v++ = sinf(polar) * cosf(azimuth);
			*v++ = sinf(polar) * sinf(azimuth);
			*v++ = cosf(polar);
		}
	}
	GLuint* index = indices;
	for (int stack = 0; stack < sphere_stacks; ++stack) {
		for (int slice = 0; slice < sphere_slices; ++slice) {
			GLuint a = (GLuint)(stack * (sphere_slices + 1) + slice);
			GLuint b = a + sphere_slices + 1;
			GLuint quad[6] = {a, b, a + 1, a + 1, b, b + 1};
			memcpy(index, quad, sizeof quad);
			index += 6;
		}
	}
	renderer->mesh_vbo = bs_vertex_buffer(vertex_count * 3 * sizeof(float), vertices, GL_STATIC_DRAW);
	glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, renderer->index_buffer);
	glBufferData(GL_ELEMENT_ARRAY_BUFFER, index_count * sizeof(GLuint), indices, GL_STATIC_DRAW);
	renderer->index_count = index_count;
	free(vertices);
	free(indices);
	return true;
}

bool bs_ball_renderer_init(int capacity, bs_ball_renderer* dest) {
	memset(dest, 0, sizeof *dest);
	dest->program = bs_shader_program("ball");
	if (!dest->program) {
		return false;
	}
	dest->numbers = bs_font_ball_numbers("DejaVuSans-Bold.ttf", 128);
	if (!dest->numbers) {
		return false;
	}
	dest->capacity = capacity > 0 ? capacity : 1;
	dest->instances = malloc((size_t)dest->capacity * ball_instance_floats * sizeof(float));
	if (!dest->instances) {
		return false;
	}
	dest->u_view_projection = glGetUniformLocation(dest->program, "u_view_projection");
	dest->u_eye = glGetUniformLocation(dest->program, "u_eye");
	dest->u_view_direction = glGetUniformLocation(dest->program, "u_view_direction");
	dest->u_orthographic = glGetUniformLocation(dest->program, "u_orthographic");
	dest->u_numbers = glGetUniformLocation(dest->program, "u_numbers");

	glGenVertexArrays(1, &dest->vao);
	glGenBuffers(1, &dest->index_buffer);
	glBindVertexArray(dest->vao);
	if (!build_sphere(dest)) {
		glBindVertexArray(0);
		return false;
	}
	const GLint position_size[] = {3};
	bs_vertex_layout(0, position_size, 1, 0);
	dest->instance_vbo = bs_vertex_buffer((size_t)dest->capacity * ball_instance_floats * sizeof(float), NULL,
		GL_DYNAMIC_DRAW);
	const GLint instance_sizes[] = {4, 3, 3, 4};
	bs_vertex_layout(1, instance_sizes, 4, 1);
	glBindVertexArray(0);
	return true;
}

void bs_ball_renderer_begin(bs_ball_renderer* renderer) {
	renderer->count = 0;
}

void bs_ball_renderer_add(bs_ball_renderer* renderer, const bs_ball_state* ball, bs_quat orientation, bool highlight) {
	if (renderer->count == renderer->capacity) {
		return;
	}
	bs_ball_look look = bs_ball_look_of(ball->id);
	float* v = renderer->instances + (size_t)renderer->count * ball_instance_floats;
	float values[ball_instance_floats] = {(float)ball->pos.x, (float)ball->pos.y, (float)ball->radius,
		(float)ball->radius, look.colour[0], look.colour[1], look.colour[2], look.stripe ? 1.0f : 0.0f,
		(float)look.number, highlight ? 1.0f : 0.0f, (float)orientation.x, (float)orientation.y, (float)orientation.z,
		(float)orientation.w};
	memcpy(v, values, sizeof values);
	renderer->count += 1;
}

void bs_ball_renderer_draw(bs_ball_renderer* renderer, const bs_ball_view* view) {
	if (renderer->count == 0) {
		return;
	}
	glUseProgram(renderer->program);
	glUniformMatrix4fv(renderer->u_view_projection, 1, GL_FALSE, (const float*)view->view_projection);
	glUniform3fv(renderer->u_eye, 1, view->eye);
	glUniform3fv(renderer->u_view_direction, 1, view->view_direction);
	glUniform1i(renderer->u_orthographic, view->orthographic ? 1 : 0);
	glUniform1i(renderer->u_numbers, 0);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, renderer->numbers);
	glBindVertexArray(renderer->vao);
	glBindBuffer(GL_ARRAY_BUFFER, renderer->instance_vbo);
	glBufferSubData(GL_ARRAY_BUFFER, 0,
		(GLsizeiptr)((size_t)renderer->count * ball_instance_floats * sizeof(float)), renderer->instances);
	glDrawElementsInstanced(GL_TRIANGLES, renderer->index_count, GL_UNSIGNED_INT, (const void*)0, renderer->count);
	glBindVertexArray(0);
}

void bs_ball_renderer_free(bs_ball_renderer* renderer) {
	free(renderer->instances);
	glDeleteTextures(1, &renderer->numbers);
	glDeleteBuffers(1, &renderer->mesh_vbo);
	glDeleteBuffers(1, &renderer->index_buffer);
	glDeleteBuffers(1, &renderer->instance_vbo);
	glDeleteVertexArrays(1, &renderer->vao);
	glDeleteProgram(renderer->program);
	memset(renderer, 0, sizeof *renderer);
}
