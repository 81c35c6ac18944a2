#include "screenshot.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static GLuint renderbuffer(GLsizei samples, GLenum format, int width, int height) {
	GLuint buffer;
	glGenRenderbuffers(1, &buffer);
	glBindRenderbuffer(GL_RENDERBUFFER, buffer);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, width, height);
	return buffer;
}

bool bs_offscreen_create(int width, int height, bs_offscreen* dest) {
	memset(dest, 0, sizeof *dest);
	GLint max_size = 0;
	GLint max_samples = 0;
	glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
	glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
	if (width > max_size || height > max_size) {
		fprintf(stderr, "breakshot: --size %dx%d: the OpenGL driver allows at most %d pixels a side\n", width, height,
			max_size);
		return false;
	}
	dest->width = width;
	dest->height = height;
	// One spare row beyond the image, for flipping it upright.
	dest->pixels = malloc((size_t)width * ((size_t)height + 1) * 3);
	if (!dest->pixels) {
		fprintf(stderr, "breakshot: out of memory for a %dx%d screenshot\n", width, height);
		return false;
	}
	GLsizei samples = max_samples < 4 ? max_samples : 4;
	dest->msaa_colour = renderbuffer(samples, GL_RGBA8, width, height);
	dest->msaa_depth = renderbuffer(samples, GL_DEPTH_COMPONENT24, width, height);
	glGenFramebuffers(1, &dest->msaa_framebuffer);
	glBindFramebuffer(GL_FRAMEBUFFER, dest->msaa_framebuffer);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, dest->msaa_colour);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, dest->msaa_depth);
	bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
	dest->resolve_colour = renderbuffer(0, GL_RGBA8, width, height);
	glGenFramebuffers(1, &dest->resolve_framebuffer);
	glBindFramebuffer(GL_FRAMEBUFFER, dest->resolve_framebuffer);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, dest->resolve_colour);
	complete = complete && glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	if (!complete) {
		fprintf(stderr, "breakshot: the OpenGL driver cannot render off screen at %dx%d\n", width, height);
		bs_offscreen_destroy(dest);
		return false;
	}
	return true;
}

void bs_offscreen_bind(const bs_offscreen* offscreen) {
	glBindFramebuffer(GL_FRAMEBUFFER, offscreen->msaa_framebuffer);
}

void bs_read_pixels(int width, int height, unsigned char* dest) {
	glPixelStorei(GL_PACK_ALIGNMENT, 1);
	glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, dest);
	// GL reads bottom row first; images are stored top row first.
	size_t stride = (size_t)width * 3;
	unsigned char* scratch = dest + (size_t)height * stride;
	for (int top = 0, bottom = height - 1; top < bottom; ++top, --bottom) {
		memcpy(scratch, dest + (size_t)top * stride, stride);
		memcpy(dest + (size_t)top * stride, dest + (size_t)bottom * stride, stride);
		memcpy(dest + (size_t)bottom * stride, scratch, stride);
	}
}

void bs_offscreen_read(bs_offscreen* offscreen) {
	int w = offscreen->width;
	int h = offscreen->height;
	glBindFramebuffer(GL_READ_FRAMEBUFFER, offscreen->msaa_framebuffer);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, offscreen->resolve_framebuffer);
	glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, offscreen->resolve_framebuffer);
	bs_read_pixels(w, h, offscreen->pixels);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

// libpng reports errors by longjmp; everything touched after setjmp lives in
// the caller, so nothing here needs to be volatile.
static bool encode(png_structp png, png_infop info, FILE* stream, const unsigned char* pixels, int width, int height) {
	if (setjmp(png_jmpbuf(png))) {
		return false;
	}
	png_init_io(png, stream);
	png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
		PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	size_t stride = (size_t)width * 3;
	for (int row = 0; row < height; ++row) {
		png_write_row(png, pixels + (size_t)row * stride);
	}
	png_write_end(png, NULL);
	return true;
}

bool bs_png_write_rgb(const unsigned char* pixels, int width, int height, FILE* stream, const char* path) {
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	bool encoded = info && encode(png, info, stream, pixels, width, height);
	png_destroy_write_struct(&png, &info);
	if (!encoded) {
		fprintf(stderr, "breakshot: %s: PNG encoding failed\n", path);
	}
	return encoded;
}

bool bs_offscreen_write_png(const bs_offscreen* offscreen, FILE* stream, const char* path) {
	return bs_png_write_rgb(offscreen->pixels, offscreen->width, offscreen->height, stream, path);
}

void bs_offscreen_destroy(bs_offscreen* offscreen) {
	glDeleteFramebuffers(1, &offscreen->msaa_framebuffer);
	glDeleteFramebuffers(1, &offscreen->resolve_framebuffer);
	glDeleteRenderbuffers(1, &offscreen->msaa_colour);
	glDeleteRenderbuffers(1, &offscreen->msaa_depth);
	glDeleteRenderbuffers(1, &offscreen->resolve_colour);
	free(offscreen->pixels);
	memset(offscreen, 0, sizeof *offscreen);
}
