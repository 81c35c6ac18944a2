// breakshot viewer: vertex buffers of tightly packed floats and the attribute
// layouts that read them, shared by every renderer.
#ifndef BREAKSHOT_VERTEX_BUFFER_H
#define BREAKSHOT_VERTEX_BUFFER_H

#include <stddef.h>

#include "glad_gl.h"

/// Creates an array buffer of `bytes` (filled from `data` unless NULL) and
/// leaves it bound.
GLuint bs_vertex_buffer(size_t bytes, const void* data, GLenum usage);

/// Points `count` consecutive attributes, from `first_location`, at the bound
/// array buffer: attribute i reads `sizes[i]` floats, packed one after the
/// other. `divisor` 1 makes them advance per instance instead of per vertex.
void bs_vertex_layout(GLuint first_location, const GLint* sizes, int count, GLuint divisor);

#endif
