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
	GLint ok = GL_FALSE;
	glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		char log[4096];
		glGetShaderInfoLog(shader, sizeof log, NULL, log);
		fprintf(stderr, "breakshot: %s: shader compile failed:\n%s\n", path, log);
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
	GLint ok = GL_FALSE;
	glGetProgramiv(program, GL_LINK_STATUS, &ok);
	if (!ok) {
		char log[4096];
		glGetProgramInfoLog(program, sizeof log, NULL, log);
		fprintf(stderr, "breakshot: %s/%s.vert + %s.frag: shader link failed:\n%s\n", bs_shader_dir(), name, name, log);
		glDeleteProgram(program);
		return 0;
	}
	return program;
}
