#include "antialias.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader.h"

static bool software_renderer(void) {
	const char* renderer = (const char*)glGetString(GL_RENDERER);
	return renderer && (strstr(renderer, "llvmpipe") || strstr(renderer, "softpipe") || strstr(renderer, "SWR"));
}

/// A margin (pixels) over how far the FXAA pass reads from the pixel it
/// writes: at most 5, its diagonal neighbours and half its span (fxaa.frag
/// clamps the span to 8) along the edge, with a bilinear fetch. The pass
/// writes each ball's rectangle widened by this, and so reads no further
/// than twice this from the ball: beyond, it sees only the table.
enum { fxaa_reach = 8 };

bool bs_antialias_create(bs_antialias* dest) {
	memset(dest, 0, sizeof *dest);
	const char* forced = getenv("BREAKSHOT_AA");
	if (forced && strcmp(forced, "msaa") == 0) {
		dest->mode = BS_ANTIALIAS_MSAA;
	} else if (forced && (strcmp(forced, "fxaa") == 0 || strcmp(forced, "fxaa-whole") == 0)) {
		dest->mode = BS_ANTIALIAS_FXAA;
		dest->whole_screen = strcmp(forced, "fxaa-whole") == 0;
	} else {
		dest->mode = software_renderer() ? BS_ANTIALIAS_FXAA : BS_ANTIALIAS_MSAA;
	}
	if (dest->mode == BS_ANTIALIAS_FXAA) {
		dest->program = bs_shader_program("fxaa");
		if (!dest->program) {
			return false;
		}
		dest->u_scene = glGetUniformLocation(dest->program, "u_scene");
		dest->u_texel = glGetUniformLocation(dest->program, "u_texel");
		glGenVertexArrays(1, &dest->vao);
		glGenBuffers(1, &dest->rect_buffer);
		glBindVertexArray(dest->vao);
		glBindBuffer(GL_ARRAY_BUFFER, dest->rect_buffer);
		glEnableVertexAttribArray(0);
		glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), NULL);
		glBindVertexArray(0);
	}
	return true;
}

const char* bs_antialias_name(const bs_antialias* antialias) {
	if (antialias->mode == BS_ANTIALIAS_MSAA) {
		return "4x MSAA";
	}
	return antialias->whole_screen ? "FXAA over the whole screen" : "FXAA";
}

static void release_target(bs_render_target* target) {
	glDeleteFramebuffers(1, &target->framebuffer);
	glDeleteRenderbuffers(1, &target->depth);
	if (target->texture) {
		glDeleteTextures(1, &target->colour);
	} else {
		glDeleteRenderbuffers(1, &target->colour);
	}
	memset(target, 0, sizeof *target);
}

static void release_targets(bs_antialias* antialias) {
	release_target(&antialias->scene);
	release_target(&antialias->table);
	release_target(&antialias->smooth_table);
	antialias->table_ready = false;
	antialias->width = 0;
	antialias->height = 0;
}

// A target of the mode's kind: a texture (FXAA reads it) or a renderbuffer
// of `samples`, with a depth buffer of as many samples when `with_depth`.
static bool make_target(
	bs_render_target* target, bool texture, GLsizei samples, bool with_depth, int width, int height) {
	memset(target, 0, sizeof *target);
	target->texture = texture;
	glGenFramebuffers(1, &target->framebuffer);
	glBindFramebuffer(GL_FRAMEBUFFER, target->framebuffer);
	if (texture) {
		glGenTextures(1, &target->colour);
		glBindTexture(GL_TEXTURE_2D, target->colour);
		glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
		glBindTexture(GL_TEXTURE_2D, 0);
		glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target->colour, 0);
	} else {
		glGenRenderbuffers(1, &target->colour);
		glBindRenderbuffer(GL_RENDERBUFFER, target->colour);
		glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, target->colour);
	}
	if (with_depth) {
		glGenRenderbuffers(1, &target->depth);
		glBindRenderbuffer(GL_RENDERBUFFER, target->depth);
		glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, width, height);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, target->depth);
	}
	bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	return complete;
}

static bool make_targets(bs_antialias* antialias, int width, int height) {
	release_targets(antialias);
	bool fxaa = antialias->mode == BS_ANTIALIAS_FXAA;
	GLsizei samples = 0;
	if (!fxaa) {
		GLint max_samples = 0;
		glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
		samples = max_samples < 4 ? max_samples : 4;
	}
	bool made = make_target(&antialias->scene, fxaa, samples, true, width, height) &&
				make_target(&antialias->table, fxaa, samples, true, width, height) &&
				(!fxaa || make_target(&antialias->smooth_table, true, 0, false, width, height));
	if (!made) {
		fprintf(stderr, "breakshot: the OpenGL driver cannot render the scene off screen at %dx%d\n", width, height);
		release_targets(antialias);
		return false;
	}
	antialias->width = width;
	antialias->height = height;
	return true;
}

bool bs_antialias_begin(bs_antialias* antialias, int width, int height) {
	return (width == antialias->width && height == antialias->height) || make_targets(antialias, width, height);
}

bool bs_antialias_table_ready(const bs_antialias* antialias, const bs_table_view* view) {
	return antialias->table_ready && memcmp(&antialias->table_view, view, sizeof *view) == 0;
}

void bs_antialias_begin_table(bs_antialias* antialias) {
	glBindFramebuffer(GL_FRAMEBUFFER, antialias->table.framebuffer);
}

// Copies one target's colour (and depth, when both have it) into another, whole.
static void copy_target(const bs_antialias* antialias, GLuint from, GLuint to, GLbitfield buffers) {
	int w = antialias->width;
	int h = antialias->height;
	glBindFramebuffer(GL_READ_FRAMEBUFFER, from);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, to);
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, buffers, GL_NEAREST);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

// `rect` widened by `by` pixels each way and cut to the screen; false when
// nothing of it is on the screen.
static bool widened(const bs_antialias* antialias, bs_screen_rect rect, int by, bs_screen_rect* dest) {
	dest->x0 = rect.x0 - by < 0 ? 0 : rect.x0 - by;
	dest->y0 = rect.y0 - by < 0 ? 0 : rect.y0 - by;
	dest->x1 = rect.x1 + by > antialias->width ? antialias->width : rect.x1 + by;
	dest->y1 = rect.y1 + by > antialias->height ? antialias->height : rect.y1 + by;
	return dest->x0 < dest->x1 && dest->y0 < dest->y1;
}

// Whether a frame is smoothed rect by rect: under FXAA over the balls alone
// (not $BREAKSHOT_AA=fxaa-whole), when their rects (`count` of them; < 0:
// too many to list) cover less than half the screen; beyond that one pass
// over the whole screen costs less than the overlaps.
static bool by_rects(const bs_antialias* antialias, const bs_screen_rect* rects, int count) {
	if (antialias->mode != BS_ANTIALIAS_FXAA || antialias->whole_screen || count < 0) {
		return false;
	}
	double area = 0.0;
	for (int k = 0; k < count; ++k) {
		bs_screen_rect read;
		if (widened(antialias, rects[k], 2 * fxaa_reach, &read)) {
			area += (double)(read.x1 - read.x0) * (double)(read.y1 - read.y0);
		}
	}
	return area < 0.5 * (double)antialias->width * (double)antialias->height;
}

// The FXAA pass from the texture `source` into the bound framebuffer, over
// each of `rects` widened by the pass's reach (`count` of them), or over the
// whole screen when `rects` is NULL.
static void fxaa_pass(bs_antialias* antialias, GLuint source, const bs_screen_rect* rects, int count) {
	int w = antialias->width;
	int h = antialias->height;
	bs_screen_rect whole = {0, 0, w, h};
	if (!rects) {
		rects = &whole;
		count = 1;
	}
	if (count > antialias->rect_capacity) {
		int capacity = count > 2 * antialias->rect_capacity ? count : 2 * antialias->rect_capacity;
		float* grown = realloc(antialias->rect_vertices, (size_t)capacity * 12 * sizeof(float));
		if (!grown) {
			return;
		}
		antialias->rect_vertices = grown;
		antialias->rect_capacity = capacity;
		glBindBuffer(GL_ARRAY_BUFFER, antialias->rect_buffer);
		glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)((size_t)capacity * 12 * sizeof(float)), NULL, GL_STREAM_DRAW);
	}
	float* vertices = antialias->rect_vertices;
	int floats = 0;
	for (int k = 0; k < count; ++k) {
		bs_screen_rect r;
		if (widened(antialias, rects[k], rects == &whole ? 0 : fxaa_reach, &r)) {
			// Two triangles in clip space.
			float left = 2.0f * (float)r.x0 / (float)w - 1.0f;
			float right = 2.0f * (float)r.x1 / (float)w - 1.0f;
			float bottom = 2.0f * (float)r.y0 / (float)h - 1.0f;
			float top = 2.0f * (float)r.y1 / (float)h - 1.0f;
			const float corners[12] = {left, bottom, right, bottom, right, top, left, bottom, right, top, left, top};
			memcpy(vertices + floats, corners, sizeof corners);
			floats += 12;
		}
	}
	glBindBuffer(GL_ARRAY_BUFFER, antialias->rect_buffer);
	glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)((size_t)floats * sizeof(float)), vertices);
	glViewport(0, 0, w, h);
	glDisable(GL_DEPTH_TEST);
	glDisable(GL_BLEND);
	glUseProgram(antialias->program);
	glUniform1i(antialias->u_scene, 0);
	glUniform2f(antialias->u_texel, 1.0f / (float)w, 1.0f / (float)h);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, source);
	glBindVertexArray(antialias->vao);
	glDrawArrays(GL_TRIANGLES, 0, floats / 2);
	glBindVertexArray(0);
}

void bs_antialias_end_table(bs_antialias* antialias, const bs_table_view* view) {
	if (antialias->mode == BS_ANTIALIAS_FXAA) {
		glBindFramebuffer(GL_FRAMEBUFFER, antialias->smooth_table.framebuffer);
		fxaa_pass(antialias, antialias->table.colour, NULL, 0);
	}
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	antialias->table_view = *view;
	antialias->table_ready = true;
}

void bs_antialias_begin_scene(bs_antialias* antialias, const bs_screen_rect* changed, int count) {
	if (!by_rects(antialias, changed, count)) {
		copy_target(antialias, antialias->table.framebuffer, antialias->scene.framebuffer,
			GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	} else {
		// Only what the pass over the balls reads: each rect, widened by
		// where the pass writes and as far again as it reads.
		glBindFramebuffer(GL_READ_FRAMEBUFFER, antialias->table.framebuffer);
		glBindFramebuffer(GL_DRAW_FRAMEBUFFER, antialias->scene.framebuffer);
		for (int k = 0; k < count; ++k) {
			bs_screen_rect r;
			if (widened(antialias, changed[k], 2 * fxaa_reach, &r)) {
				glBlitFramebuffer(r.x0, r.y0, r.x1, r.y1, r.x0, r.y0, r.x1, r.y1,
					GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT, GL_NEAREST);
			}
		}
	}
	glBindFramebuffer(GL_FRAMEBUFFER, antialias->scene.framebuffer);
}

void bs_antialias_end(bs_antialias* antialias, const bs_screen_rect* changed, int count) {
	if (antialias->mode == BS_ANTIALIAS_MSAA) {
		copy_target(antialias, antialias->scene.framebuffer, 0, GL_COLOR_BUFFER_BIT);
		return;
	}
	if (!by_rects(antialias, changed, count)) {
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		fxaa_pass(antialias, antialias->scene.colour, NULL, 0);
		return;
	}
	copy_target(antialias, antialias->smooth_table.framebuffer, 0, GL_COLOR_BUFFER_BIT);
	fxaa_pass(antialias, antialias->scene.colour, changed, count);
}

void bs_antialias_destroy(bs_antialias* antialias) {
	release_targets(antialias);
	glDeleteProgram(antialias->program);
	glDeleteVertexArrays(1, &antialias->vao);
	glDeleteBuffers(1, &antialias->rect_buffer);
	free(antialias->rect_vertices);
	memset(antialias, 0, sizeof *antialias);
}
