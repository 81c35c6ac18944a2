// breakshot viewer: antialiased lines of any pixel width, in 3-D or in 2-D
// overlay space. Each segment is one instance of a screen-aligned quad whose
// edges fade over a pixel; the instance buffer is preallocated.
#ifndef BREAKSHOT_LINES_H
#define BREAKSHOT_LINES_H

#include <cglm/cglm.h>
#include <stdbool.h>
#include <stddef.h>

#include "glad_gl.h"

typedef struct bs_lines {
	GLuint program;
	GLuint vao;
	GLuint corner_vbo;
	GLuint instance_vbo;
	GLint u_transform;
	GLint u_viewport;
	float* instances;
	size_t count;
	size_t capacity;
} bs_lines;

bool bs_lines_create(size_t capacity, bs_lines* dest);

void bs_lines_begin(bs_lines* lines);

/// Adds the segment a-b. Segments beyond the capacity are dropped.
void bs_lines_add(bs_lines* lines, const vec3 a, const vec3 b, const vec4 colour, float width);

/// Adds a 2-D segment in overlay pixels (origin top-left).
void bs_lines_add_2d(bs_lines* lines, float ax, float ay, float bx, float by, const vec4 colour, float width);

/// Draws the batch with `transform` (world to clip) over a width x height viewport.
void bs_lines_flush(bs_lines* lines, mat4 transform, int width, int height);

/// Draws the batch of 2-D overlay segments.
void bs_lines_flush_2d(bs_lines* lines, int width, int height);

void bs_lines_destroy(bs_lines* lines);

#endif
