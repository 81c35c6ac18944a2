#include "font.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ft2build.h>
#include FT_FREETYPE_H

const char* bs_font_dir(void) {
	const char* override = getenv("BREAKSHOT_FONTS");
	return override && override[0] ? override : BS_FONT_DIR;
}

static bool open_face(FT_Library library, const char* file, int pixel_size, FT_Face* dest) {
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", bs_font_dir(), file);
	if (FT_New_Face(library, path, 0, dest) != 0) {
		fprintf(stderr, "breakshot: %s: cannot load the font (install fonts-dejavu-core or set BREAKSHOT_FONTS)\n",
			path);
		return false;
	}
	FT_Set_Pixel_Sizes(*dest, 0, (FT_UInt)pixel_size);
	return true;
}

static GLuint upload_alpha(const unsigned char* pixels, int width, int height) {
	GLuint texture;
	glGenTextures(1, &texture);
	glBindTexture(GL_TEXTURE_2D, texture);
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	glGenerateMipmap(GL_TEXTURE_2D);
	glBindTexture(GL_TEXTURE_2D, 0);
	return texture;
}

static void blit(unsigned char* atlas, int atlas_width, int x, int y, const FT_Bitmap* bitmap) {
	for (unsigned row = 0; row < bitmap->rows; ++row) {
		memcpy(atlas + (size_t)(y + (int)row) * (size_t)atlas_width + (size_t)x,
			bitmap->buffer + (size_t)row * (size_t)bitmap->pitch, bitmap->width);
	}
}

bool bs_font_create(const char* file, int pixel_size, bs_font* dest) {
	memset(dest, 0, sizeof *dest);
	FT_Library library;
	if (FT_Init_FreeType(&library) != 0) {
		fprintf(stderr, "breakshot: FreeType failed to start\n");
		return false;
	}
	FT_Face face;
	if (!open_face(library, file, pixel_size, &face)) {
		FT_Done_FreeType(library);
		return false;
	}
	const int atlas_width = 1024;
	int cell = pixel_size * 2;
	int per_row = atlas_width / cell;
	int atlas_height = cell * ((bs_font_char_count + 1 + per_row - 1) / per_row);
	unsigned char* atlas = calloc((size_t)atlas_width * (size_t)atlas_height, 1);
	if (!atlas) {
		FT_Done_Face(face);
		FT_Done_FreeType(library);
		return false;
	}
	// Cell 0 holds an opaque block for solid rectangles.
	for (int y = 0; y < 4; ++y) {
		memset(atlas + (size_t)y * (size_t)atlas_width, 255, 4);
	}
	dest->white_u = 2.0f / (float)atlas_width;
	dest->white_v = 2.0f / (float)atlas_height;
	for (int i = 0; i < bs_font_char_count; ++i) {
		bs_glyph* glyph = &dest->glyphs[i];
		if (FT_Load_Char(face, (FT_ULong)(bs_font_first_char + i), FT_LOAD_RENDER) != 0) {
			continue;
		}
		FT_GlyphSlot slot = face->glyph;
		int x = ((i + 1) % per_row) * cell;
		int y = ((i + 1) / per_row) * cell;
		if ((int)slot->bitmap.width <= cell && (int)slot->bitmap.rows <= cell) {
			blit(atlas, atlas_width, x, y, &slot->bitmap);
		}
		glyph->u0 = (float)x / (float)atlas_width;
		glyph->v0 = (float)y / (float)atlas_height;
		glyph->u1 = (float)(x + (int)slot->bitmap.width) / (float)atlas_width;
		glyph->v1 = (float)(y + (int)slot->bitmap.rows) / (float)atlas_height;
		glyph->left = (float)slot->bitmap_left;
		glyph->top = (float)slot->bitmap_top;
		glyph->width = (float)slot->bitmap.width;
		glyph->height = (float)slot->bitmap.rows;
		glyph->advance = (float)slot->advance.x / 64.0f;
	}
	dest->ascent = (float)face->size->metrics.ascender / 64.0f;
	dest->line_height = (float)face->size->metrics.height / 64.0f;
	dest->texture = upload_alpha(atlas, atlas_width, atlas_height);
	// Glyph edges must not bleed into neighbours at lower mip levels.
	glBindTexture(GL_TEXTURE_2D, dest->texture);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glBindTexture(GL_TEXTURE_2D, 0);
	free(atlas);
	FT_Done_Face(face);
	FT_Done_FreeType(library);
	return true;
}

float bs_font_measure(const bs_font* font, const char* text) {
	float width = 0.0f;
	for (const char* c = text; *c; ++c) {
		int index = (unsigned char)*c - bs_font_first_char;
		if (index >= 0 && index < bs_font_char_count) {
			width += font->glyphs[index].advance;
		}
	}
	return width;
}

GLuint bs_font_ball_numbers(const char* file, int cell_size) {
	FT_Library library;
	if (FT_Init_FreeType(&library) != 0) {
		return 0;
	}
	FT_Face face;
	if (!open_face(library, file, cell_size * 5 / 8, &face)) {
		FT_Done_FreeType(library);
		return 0;
	}
	int size = 4 * cell_size;
	unsigned char* grid = calloc((size_t)size * (size_t)size, 1);
	if (!grid) {
		FT_Done_Face(face);
		FT_Done_FreeType(library);
		return 0;
	}
	for (int number = 1; number <= 15; ++number) {
		char digits[3];
		snprintf(digits, sizeof digits, "%d", number);
		// Measure the ink first so the number sits centred in its cell.
		int ink_width = 0;
		int ascent = 0;
		for (const char* c = digits; *c; ++c) {
			FT_Load_Char(face, (FT_ULong)*c, FT_LOAD_RENDER);
			ink_width += (int)(face->glyph->advance.x / 64);
			ascent = face->glyph->bitmap_top > ascent ? face->glyph->bitmap_top : ascent;
		}
		int cell_x = (number % 4) * cell_size;
		int cell_y = (number / 4) * cell_size;
		int pen = cell_x + (cell_size - ink_width) / 2;
		int baseline = cell_y + (cell_size + ascent) / 2;
		for (const char* c = digits; *c; ++c) {
			FT_Load_Char(face, (FT_ULong)*c, FT_LOAD_RENDER);
			FT_GlyphSlot slot = face->glyph;
			int x = pen + slot->bitmap_left;
			int y = baseline - slot->bitmap_top;
			if (x >= cell_x && y >= cell_y && x + (int)slot->bitmap.width <= cell_x + cell_size &&
				y + (int)slot->bitmap.rows <= cell_y + cell_size) {
				blit(grid, size, x, y, &slot->bitmap);
			}
			pen += (int)(slot->advance.x / 64);
		}
	}
	GLuint texture = upload_alpha(grid, size, size);
	free(grid);
	FT_Done_Face(face);
	FT_Done_FreeType(library);
	return texture;
}

void bs_font_destroy(bs_font* font) {
	glDeleteTextures(1, &font->texture);
	memset(font, 0, sizeof *font);
}
