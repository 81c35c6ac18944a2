// breakshot viewer: 2-D overlay text and solid panels in pixel coordinates
// (origin top-left), batched into one preallocated vertex buffer per frame.
#ifndef BREAKSHOT_TEXT_H
#define BREAKSHOT_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "font.h"
#include "glad_gl.h"

typedef struct bs_text {
	const bs_font* font;
	GLuint program;
	GLuint vao;
	GLuint vbo;
	GLint u_screen;
	GLint u_atlas;
	float* vertices;     ///< preallocated: capacity quads
	size_t quad_count;
	size_t quad_capacity;
} bs_text;

bool bs_text_create(const bs_font* font, size_t quad_capacity, bs_text* dest);

void bs_text_begin(bs_text* text);

/// Adds a line whose top-left is at (x, y); returns its width (px). Quads
/// beyond the capacity are dropped.
float bs_text_add(bs_text* text, float x, float y, const float colour[4], const char* string);

/// Adds a solid rectangle; drawn beneath whatever is added after it.
void bs_text_rect(bs_text* text, float x, float y, float width, float height, const float colour[4]);

/// Draws the batch over a width x height viewport.
void bs_text_flush(bs_text* text, int width, int height);

void bs_text_destroy(bs_text* text);

#endif
