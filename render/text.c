#include "text.h"

#include <stdlib.h>
#include <string.h>

#include "shader.h"
#include "vertex_buffer.h"

// Vertex: x, y, u, v, r, g, b, a; two triangles per quad.
enum { text_vertex_floats = 8, text_quad_floats = 6 * text_vertex_floats };

bool bs_text_create(const bs_font* font, size_t quad_capacity, bs_text* dest) {
	memset(dest, 0, sizeof *dest);
	dest->font = font;
	dest->program = bs_shader_program("text");
	if (!dest->program) {
		return false;
	}
	dest->vertices = malloc(quad_capacity * text_quad_floats * sizeof(float));
	if (!dest->vertices) {
		return false;
	}
	dest->quad_capacity = quad_capacity;
	dest->u_screen = glGetUniformLocation(dest->program, "u_screen");
	dest->u_atlas = glGetUniformLocation(dest->program, "u_atlas");
	glGenVertexArrays(1, &dest->vao);
	glBindVertexArray(dest->vao);
	dest->vbo = bs_vertex_buffer(quad_capacity * text_quad_floats * sizeof(float), NULL, GL_DYNAMIC_DRAW);
	const GLint sizes[] = {2, 2, 4};
	bs_vertex_layout(0, sizes, 3, 0);
	glBindVertexArray(0);
	return true;
}

void bs_text_begin(bs_text* text) {
	text->quad_count = 0;
}

static void add_quad(bs_text* text, float x0, float y0, float x1, float y1, float u0, float v0, float u1, float v1,
	const float colour[4]) {
	if (text->quad_count == text->quad_capacity) {
		return;
	}
	float* v = text->vertices + text->quad_count * text_quad_floats;
	const float corners[6][4] = {
		{x0, y0, u0, v0}, {x1, y0, u1, v0}, {x1, y1, u1, v1}, {x0, y0, u0, v0}, {x1, y1, u1, v1}, {x0, y1, u0, v1}};
	for (int i = 0; i < 6; ++i) {
		memcpy(v + i * text_vertex_floats, corners[i], 4 * sizeof(float));
		memcpy(v + i * text_vertex_floats + 4, colour, 4 * sizeof(float));
	}
	text->quad_count += 1;
}

float bs_text_add(bs_text* text, float x, float y, const float colour[4], const char* string) {
	const bs_font* font = text->font;
	float pen = x;
	float baseline = y + font->ascent;
	for (const char* c = string; *c; ++c) {
		int index = (unsigned char)*c - bs_font_first_char;
		if (index < 0 || index >= bs_font_char_count) {
			continue;
		}
		const bs_glyph* glyph = &font->glyphs[index];
		if (glyph->width > 0.0f) {
			float gx = pen + glyph->left;
			float gy = baseline - glyph->top;
			add_quad(text, gx, gy, gx + glyph->width, gy + glyph->height, glyph->u0, glyph->v0, glyph->u1, glyph->v1,
				colour);
		}
		pen += glyph->advance;
	}
	return pen - x;
}

void bs_text_rect(bs_text* text, float x, float y, float width, float height, const float colour[4]) {
	float u = text->font->white_u;
	float v = text->font->white_v;
	add_quad(text, x, y, x + width, y + height, u, v, u, v, colour);
}

void bs_text_flush(bs_text* text, int width, int height) {
	if (text->quad_count == 0) {
		return;
	}
	glUseProgram(text->program);
	glUniform2f(text->u_screen, (float)width, (float)height);
	glUniform1i(text->u_atlas, 0);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, text->font->texture);
	glBindVertexArray(text->vao);
	glBindBuffer(GL_ARRAY_BUFFER, text->vbo);
	glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)(text->quad_count * text_quad_floats * sizeof(float)),
		text->vertices);
	glDrawArrays(GL_TRIANGLES, 0, (GLsizei)(text->quad_count * 6));
	glBindVertexArray(0);
	text->quad_count = 0;
}

void bs_text_destroy(bs_text* text) {
	free(text->vertices);
	glDeleteBuffers(1, &text->vbo);
	glDeleteVertexArrays(1, &text->vao);
	glDeleteProgram(text->program);
	memset(text, 0, sizeof *text);
}
