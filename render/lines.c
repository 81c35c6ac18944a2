#include "lines.h"

#include <stdlib.h>
#include <string.h>

#include "shader.h"
#include "vertex_buffer.h"

// Instance: a, b, colour, width.
enum { line_instance_floats = 11 };

bool bs_lines_create(size_t capacity, bs_lines* dest) {
	memset(dest, 0, sizeof *dest);
	dest->program = bs_shader_program("line");
	if (!dest->program) {
		return false;
	}
	dest->instances = malloc(capacity * line_instance_floats * sizeof(float));
	if (!dest->instances) {
		return false;
	}
	dest->capacity = capacity;
	dest->u_transform = glGetUniformLocation(dest->program, "u_transform");
	dest->u_viewport = glGetUniformLocation(dest->program, "u_viewport");
	// Corner (end, side): end 0 is a, 1 is b; side -1 and 1 are the two edges.
	static const float corners[] = {0, -1, 1, -1, 0, 1, 1, 1};
	glGenVertexArrays(1, &dest->vao);
	glBindVertexArray(dest->vao);
	dest->corner_vbo = bs_vertex_buffer(sizeof corners, corners, GL_STATIC_DRAW);
	const GLint corner_size[] = {2};
	bs_vertex_layout(0, corner_size, 1, 0);
	dest->instance_vbo = bs_vertex_buffer(capacity * line_instance_floats * sizeof(float), NULL, GL_DYNAMIC_DRAW);
	const GLint instance_sizes[] = {3, 3, 4, 1};
	bs_vertex_layout(1, instance_sizes, 4, 1);
	glBindVertexArray(0);
	return true;
}

void bs_lines_begin(bs_lines* lines) {
	lines->count = 0;
}

void bs_lines_add(bs_lines* lines, const vec3 a, const vec3 b, const vec4 colour, float width) {
	if (lines->count == lines->capacity) {
		return;
	}
	float* v = lines->instances + lines->count * line_instance_floats;
	memcpy(v, a, 3 * sizeof(float));
	memcpy(v + 3, b, 3 * sizeof(float));
	memcpy(v + 6, colour, 4 * sizeof(float));
	v[10] = width;
	lines->count += 1;
}

void bs_lines_add_2d(bs_lines* lines, float ax, float ay, float bx, float by, const vec4 colour, float width) {
	bs_lines_add(lines, (vec3){ax, ay, 0.0f}, (vec3){bx, by, 0.0f}, colour, width);
}

void bs_lines_flush(bs_lines* lines, mat4 transform, int width, int height) {
	if (lines->count == 0) {
		return;
	}
	glUseProgram(lines->program);
	glUniformMatrix4fv(lines->u_transform, 1, GL_FALSE, (const float*)transform);
	glUniform2f(lines->u_viewport, (float)width, (float)height);
	glBindVertexArray(lines->vao);
	glBindBuffer(GL_ARRAY_BUFFER, lines->instance_vbo);
	glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)(lines->count * line_instance_floats * sizeof(float)),
		lines->instances);
	glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, (GLsizei)lines->count);
	glBindVertexArray(0);
	lines->count = 0;
}

void bs_lines_flush_2d(bs_lines* lines, int width, int height) {
	mat4 pixels;
	glm_ortho(0.0f, (float)width, (float)height, 0.0f, -1.0f, 1.0f, pixels);
	bs_lines_flush(lines, pixels, width, height);
}

void bs_lines_destroy(bs_lines* lines) {
	free(lines->instances);
	glDeleteBuffers(1, &lines->corner_vbo);
	glDeleteBuffers(1, &lines->instance_vbo);
	glDeleteVertexArrays(1, &lines->vao);
	glDeleteProgram(lines->program);
	memset(lines, 0, sizeof *lines);
}
