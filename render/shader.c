#include "shader.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static bool is_directory(const char* path) {
	struct stat info;
	return path && stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

const char* bs_shader_dir(void) {
	const char* override = getenv("BREAKSHOT_SHADERS");
	if (override && override[0]) {
		return override;
	}
	if (is_directory(BS_SHADER_SOURCE_DIR)) {
		return BS_SHADER_SOURCE_DIR;
	}
	return BS_SHADER_INSTALL_DIR;
}

static char* read_text(const char* path) {
	FILE* file = fopen(path, "rb");
	if (!file) {
		return NULL;
	}
	char* text = NULL;
	long size = -1;
	if (fseek(file, 0, SEEK_END) == 0 && (size = ftell(file)) >= 0 && fseek(file, 0, SEEK_SET) == 0) {
		text = malloc((size_t)size + 1);
		if (text && fread(text, 1, (size_t)size, file) == (size_t)size) {
			text[size] = '\0';
		} else {
			free(text);
			text = NULL;
		}
	}
	fclose(file);
	return text;
}

// True when `object` reports `status`; otherwise prints the driver's log,
// headed by `what`.
static bool succeeded(GLuint object, GLenum status, PFNGLGETSHADERIVPROC get_status, PFNGLGETSHADERINFOLOGPROC get_log,
	const char* what) {
	GLint ok = GL_FALSE;
	get_status(object, status, &ok);
	if (!ok) {
		char log[4096];
		get_log(object, sizeof log, NULL, log);
		fprintf(stderr, "breakshot: %s:\n%s\n", what, log);
	}
	return ok;
}

static GLuint compile(GLenum stage, const char* name, const char* extension) {
	char path[4096];
	snprintf(path, sizeof path, "%s/%s.%s", bs_shader_dir(), name, extension);
	char* source = read_text(path);
	if (!source) {
		fprintf(stderr, "breakshot: %s: cannot read the shader (set BREAKSHOT_SHADERS to the shaders directory)\n", path);
		return 0;
	}
	GLuint shader = glCreateShader(stage);
	const GLchar* sources[] = {source};
	glShaderSource(shader, 1, sources, NULL);
	glCompileShader(shader);
	free(source);
	char what[4200];
	snprintf(what, sizeof what, "%s: shader compile failed", path);
	if (!succeeded(shader, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, what)) {
		glDeleteShader(shader);
		return 0;
	}
	return shader;
}

GLuint bs_shader_program(const char* name) {
	GLuint vertex = compile(GL_VERTEX_SHADER, name, "vert");
	GLuint fragment = vertex ? compile(GL_FRAGMENT_SHADER, name, "frag") : 0;
	if (!fragment) {
		glDeleteShader(vertex);
		return 0;
	}
	GLuint program = glCreateProgram();
	glAttachShader(program, vertex);
	glAttachShader(program, fragment);
	glLinkProgram(program);
	glDeleteShader(vertex);
	glDeleteShader(fragment);
	char what[4200];
	snprintf(what, sizeof what, "%s/%s.vert + %s.frag: shader link failed", bs_shader_dir(), name, name);
	if (!succeeded(program, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog, what)) {
		glDeleteProgram(program);
		return 0;
	}
	return program;
}
