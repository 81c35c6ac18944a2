// breakshot viewer: text from a real font. FreeType rasterises printable ASCII
// from a DejaVu face once into a one-channel atlas texture.
#ifndef BREAKSHOT_FONT_H
#define BREAKSHOT_FONT_H

#include <stdbool.h>

#include "glad_gl.h"

enum { bs_font_first_char = 32, bs_font_char_count = 95 };

typedef struct bs_glyph {
	float u0, v0, u1, v1; ///< atlas rectangle
	float left, top;      ///< bitmap offset from the pen: right, and up from the baseline (px)
	float width, height;  ///< bitmap size (px)
	float advance;        ///< pen advance (px)
} bs_glyph;

typedef struct bs_font {
	GLuint texture;
	float ascent;      ///< baseline below the line's top (px)
	float line_height; ///< px
	float white_u, white_v; ///< an opaque texel, for solid rectangles
	bs_glyph glyphs[bs_font_char_count];
} bs_font;

/// The directory fonts are read from: $BREAKSHOT_FONTS or DejaVu's Debian home.
const char* bs_font_dir(void);

/// Rasterises `file` (in bs_font_dir()) at `pixel_size`. False (after printing why) on failure.
bool bs_font_create(const char* file, int pixel_size, bs_font* dest);

/// The advance width of `text` (px).
float bs_font_measure(const bs_font* font, const char* text);

/// A 4 x 4 grid texture of the ball numbers 1..15 (cell n at column n % 4, row
/// n / 4, rows from the top), each centred in black ink on clear. 0 on failure.
GLuint bs_font_ball_numbers(const char* file, int cell_size);

void bs_font_destroy(bs_font* font);

#endif
