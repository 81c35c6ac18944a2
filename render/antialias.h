// breakshot viewer: antialiasing of the 3-D scene in the window. The scene is
// drawn into a target of our own and then put on screen: on a GPU through a
// 4x multisampled target resolved by a blit; on a software rasteriser
// (llvmpipe, where 4x multisampling costs about four times the frame) through
// one FXAA pass. The overlay is drawn afterwards, straight to the screen,
// since its lines and text are smoothed in their own shaders.
#ifndef BREAKSHOT_ANTIALIAS_H
#define BREAKSHOT_ANTIALIAS_H

#include <stdbool.h>

#include "glad_gl.h"

typedef enum bs_antialias_mode {
	BS_ANTIALIAS_MSAA,
	BS_ANTIALIAS_FXAA,
} bs_antialias_mode;

typedef struct bs_antialias {
	bs_antialias_mode mode;
	int width;
	int height;
	GLuint framebuffer;
	GLuint colour;  ///< a renderbuffer (MSAA) or a texture (FXAA)
	GLuint depth;
	GLuint program; ///< the FXAA pass
	GLuint vao;     ///< empty: the pass's triangle comes from gl_VertexID
	GLint u_scene;
	GLint u_texel;
} bs_antialias;

/// Picks the mode for the current context ($BREAKSHOT_AA=msaa|fxaa forces
/// one). False (after printing why) when the FXAA shader fails.
bool bs_antialias_init(bs_antialias* dest);

/// The name of the mode in use ("4x MSAA" or "FXAA").
const char* bs_antialias_name(const bs_antialias* antialias);

/// Directs the scene into the target, (re)sized to width x height when the
/// size changed. False (after printing why) when the target cannot be made.
bool bs_antialias_begin(bs_antialias* antialias, int width, int height);

/// Puts the scene on the default framebuffer, antialiased.
void bs_antialias_end(bs_antialias* antialias);

void bs_antialias_free(bs_antialias* antialias);

#endif
