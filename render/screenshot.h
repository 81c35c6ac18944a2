// breakshot viewer: off-screen rendering at any size, multisampled, and the
// resolved pixels written as a PNG with libpng into an atomic output file
// (output_file.h) that the caller opened up front and commits.
#ifndef BREAKSHOT_SCREENSHOT_H
#define BREAKSHOT_SCREENSHOT_H

#include <stdbool.h>
#include <stdio.h>

#include "glad_gl.h"

typedef struct bs_offscreen {
	int width;
	int height;
	GLuint msaa_framebuffer;
	GLuint msaa_colour;
	GLuint msaa_depth;
	GLuint resolve_framebuffer;
	GLuint resolve_colour;
	unsigned char* pixels; ///< width * height RGB, top row first
} bs_offscreen;

/// Creates the framebuffers. False (after printing why) when the size is too
/// large for the driver or memory runs out.
bool bs_offscreen_create(int width, int height, bs_offscreen* dest);

/// Directs drawing into the off-screen framebuffer.
void bs_offscreen_bind(const bs_offscreen* offscreen);

/// Resolves what was drawn and reads it back into offscreen->pixels.
void bs_offscreen_read(bs_offscreen* offscreen);

/// Encodes offscreen->pixels as an 8-bit RGB PNG into `stream`; `path` names
/// it in messages. False (after printing why) when encoding fails; a write
/// error shows when the caller commits the output.
bool bs_offscreen_write_png(const bs_offscreen* offscreen, FILE* stream, const char* path);

void bs_offscreen_destroy(bs_offscreen* offscreen);

/// Reads the bound read framebuffer's width x height pixels as RGB into
/// `dest`, top row first; `dest` has room for height + 1 rows (the last is
/// scratch).
void bs_read_pixels(int width, int height, unsigned char* dest);

/// Encodes width x height RGB `pixels` (top row first) as an 8-bit PNG into
/// `stream`; `path` names it in messages. False (after printing why) when
/// encoding fails.
bool bs_png_write_rgb(const unsigned char* pixels, int width, int height, FILE* stream, const char* path);

#endif
