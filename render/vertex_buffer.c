#include "vertex_buffer.h"

GLuint bs_vertex_buffer(size_t bytes, const void* data, GLenum usage) {
	GLuint buffer;
	glGenBuffers(1, &buffer);
	glBindBuffer(GL_ARRAY_BUFFER, buffer);
	glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)bytes, data, usage);
	return buffer;
}

void bs_vertex_layout(GLuint first_location, const GLint* sizes, int count, GLuint divisor) {
	GLint stride = 0;
	for (int i = 0; i < count; ++i) {
		stride += sizes[i];
	}
	size_t offset = 0;
	for (int i = 0; i < count; ++i) {
		GLuint location = first_location + (GLuint)i;
		glEnableVertexAttribArray(location);
		glVertexAttribPointer(location, sizes[i], GL_FLOAT, GL_FALSE, stride * (GLint)sizeof(float),
			(const void*)(offset * sizeof(float)));
		glVertexAttribDivisor(location, divisor);
		offset += (size_t)sizes[i];
	}
}
