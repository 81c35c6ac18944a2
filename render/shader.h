// breakshot viewer: GLSL programs from the files in shaders/. The directory is
// $BREAKSHOT_SHADERS when set, else the source tree's shaders/ (a build run in
// place), else the installed copy.
#ifndef BREAKSHOT_SHADER_H
#define BREAKSHOT_SHADER_H

#include "glad_gl.h"

/// The directory shaders are read from.
const char* bs_shader_dir(void);

/// Compiles and links shaders/NAME.vert and shaders/NAME.frag. On failure
/// prints the file name and the driver's log to stderr and returns 0.
GLuint bs_shader_program(const char* name);

#endif
