// breakshot viewer: antialiasing of the 3-D scene in the window. The scene is
// drawn into a target of our own and then put on screen: on a GPU through a
// 4x multisampled target resolved by a blit; on a software rasteriser
// (llvmpipe, where 4x multisampling costs about four times the frame) through
// one FXAA pass. The marks and the overlay are drawn afterwards, straight to
// the screen, since their lines and text are smoothed in their own shaders.
//
// The table does not change while the camera stays put, and on llvmpipe its
// shading and its FXAA are most of a frame. So the target keeps the table
// drawn once for the view (colour and depth) and, under FXAA, its FXAA'd
// image. A frame copies the table in, draws the balls over it, and runs FXAA
// only where a ball is: everywhere else the FXAA'd table is the same pixels
// the whole pass would give, since FXAA reads no further than a few pixels.
#ifndef BREAKSHOT_ANTIALIAS_H
#define BREAKSHOT_ANTIALIAS_H

#include <stdbool.h>

#include "glad_gl.h"

typedef enum bs_antialias_mode {
	BS_ANTIALIAS_MSAA,
	BS_ANTIALIAS_FXAA,
} bs_antialias_mode;

/// A rectangle of pixels, [x0, x1) x [y0, y1), from the bottom left as GL
/// counts them; it may reach past the screen.
typedef struct bs_screen_rect {
	int x0, y0, x1, y1;
} bs_screen_rect;

/// What the table's image depends on: the camera's matrix and eye, and the size.
typedef struct bs_table_view {
	float view_projection[16];
	float eye[3];
	int width;
	int height;
} bs_table_view;

/// An off-screen colour and depth target.
typedef struct bs_render_target {
	GLuint framebuffer;
	GLuint colour; ///< a texture (FXAA reads it) or a renderbuffer
	GLuint depth;  ///< 0 for a target without depth
	bool texture;  ///< `colour` is a texture
} bs_render_target;

typedef struct bs_antialias {
	bs_antialias_mode mode;
	/// FXAA over the whole screen every frame ($BREAKSHOT_AA=fxaa-whole),
	/// which the pass over the balls alone must equal pixel for pixel
	bool whole_screen;
	int width;
	int height;
	bs_render_target scene;         ///< the frame: the table copied in, the balls over it
	bs_render_target table;         ///< the table alone, drawn for `table_view`
	bs_render_target smooth_table;  ///< FXAA of `table` (FXAA only; no depth)
	bool table_ready;
	bs_table_view table_view;
	GLuint program; ///< the FXAA pass
	GLuint vao;
	GLuint rect_buffer; ///< the rectangles the pass covers, as triangles in clip space
	float* rect_vertices; ///< the same on the CPU, kept between frames
	int rect_capacity;  ///< rectangles the buffer and rect_vertices hold
	GLint u_scene;
	GLint u_texel;
} bs_antialias;

/// Picks the mode for the current context ($BREAKSHOT_AA=msaa|fxaa forces
/// one; fxaa-whole is FXAA run over the whole screen every frame, to compare
/// with). False (after printing why) when the FXAA shader fails.
bool bs_antialias_create(bs_antialias* dest);

/// The name of the mode in use ("4x MSAA" or "FXAA").
const char* bs_antialias_name(const bs_antialias* antialias);

/// Sizes the targets to width x height (dropping the table kept when the
/// size changed). False (after printing why) when they cannot be made.
bool bs_antialias_begin(bs_antialias* antialias, int width, int height);

/// Whether the table kept is the one drawn for `view`.
bool bs_antialias_table_ready(const bs_antialias* antialias, const bs_table_view* view);

/// Directs drawing into the table's own target, to draw it for `view`.
void bs_antialias_begin_table(bs_antialias* antialias);

/// Keeps the table just drawn as the one for `view` (under FXAA, smoothing
/// it once).
void bs_antialias_end_table(bs_antialias* antialias, const bs_table_view* view);

/// Copies the table kept (colour and depth) into the scene target and
/// directs drawing there, for the balls, whose screen rectangles are
/// `changed` (`count` of them; -1 when there are too many to list). Under
/// FXAA with few enough balls only what the pass around them reads is
/// copied.
void bs_antialias_begin_scene(bs_antialias* antialias, const bs_screen_rect* changed, int count);

/// Puts the scene on the default framebuffer, antialiased; `changed` and
/// `count` as bs_antialias_begin_scene was given. Under FXAA with few enough
/// balls the smoothed table is copied and the pass runs only around them.
void bs_antialias_end(bs_antialias* antialias, const bs_screen_rect* changed, int count);

void bs_antialias_destroy(bs_antialias* antialias);

#endif
