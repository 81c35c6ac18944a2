#include "antialias.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shader.h"

static bool software_renderer(void) {
	const char* renderer = (const char*)glGetString(GL_RENDERER);
	return renderer && (strstr(renderer, "llvmpipe") || strstr(renderer, "softpipe") || strstr(renderer, "SWR"));
}

bool bs_antialias_init(bs_antialias* dest) {
	memset(dest, 0, sizeof *dest);
	const char* forced = getenv("BREAKSHOT_AA");
	if (forced && strcmp(forced, "msaa") == 0) {
		dest->mode = BS_ANTIALIAS_MSAA;
	} else if (forced && strcmp(forced, "fxaa") == 0) {
		dest->mode = BS_ANTIALIAS_FXAA;
	} else {
		dest->mode = software_renderer() ? BS_ANTIALIAS_FXAA : BS_ANTIALIAS_MSAA;
	}
	if (dest->mode == BS_ANTIALIAS_FXAA) {
		dest->program = bs_shader_program("fxaa");
		if (!dest->program) {
			return false;
		}
		dest->u_scene = glGetUniformLocation(dest->program, "u_scene");
		dest->u_texel = glGetUniformLocation(dest->program, "u_texel");
		glGenVertexArrays(1, &dest->vao);
	}
	return true;
}

const char* bs_antialias_name(const bs_antialias* antialias) {
	return antialias->mode == BS_ANTIALIAS_FXAA ? "FXAA" : "4x MSAA";
}

static void release_target(bs_antialias* antialias) {
	glDeleteFramebuffers(1, &antialias->framebuffer);
	glDeleteRenderbuffers(1, &antialias->depth);
	if (antialias->mode == BS_ANTIALIAS_FXAA) {
		glDeleteTextures(1, &antialias->colour);
	} else {
		glDeleteRenderbuffers(1, &antialias->colour);
	}
	antialias->framebuffer = 0;
	antialias->depth = 0;
	antialias->colour = 0;
	antialias->width = 0;
	antialias->height = 0;
}

static bool make_target(bs_antialias* antialias, int width, int height) {
	release_target(antialias);
	GLsizei samples = 0;
	glGenFramebuffers(1, &antialias->framebuffer);
	glBindFramebuffer(GL_FRAMEBUFFER, antialias->framebuffer);
	if (antialias->mode == BS_ANTIALIAS_FXAA) {
		glGenTextures(1, &antialias->colour);
		glBindTexture(GL_TEXTURE_2D, antialias->colour);
		glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
		glBindTexture(GL_TEXTURE_2D, 0);
		glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, antialias->colour, 0);
	} else {
		GLint max_samples = 0;
		glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
		samples = max_samples < 4 ? max_samples : 4;
		glGenRenderbuffers(1, &antialias->colour);
		glBindRenderbuffer(GL_RENDERBUFFER, antialias->colour);
		glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, antialias->colour);
	}
	glGenRenderbuffers(1, &antialias->depth);
	glBindRenderbuffer(GL_RENDERBUFFER, antialias->depth);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, width, height);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, antialias->depth);
	bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	if (!complete) {
		fprintf(stderr, "breakshot: the OpenGL driver cannot render the scene off screen at %dx%d\n", width, height);
		release_target(antialias);
		return false;
	}
	antialias->width = width;
	antialias->height = height;
	return true;
}

bool bs_antialias_begin(bs_antialias* antialias, int width, int height) {
	if ((width != antialias->width || height != antialias->height) && !make_target(antialias, width, height)) {
		return false;
	}
	glBindFramebuffer(GL_FRAMEBUFFER, antialias->framebuffer);
	return true;
}

void bs_antialias_end(bs_antialias* antialias) {
	int w = antialias->width;
	int h = antialias->height;
	if (antialias->mode == BS_ANTIALIAS_MSAA) {
		glBindFramebuffer(GL_READ_FRAMEBUFFER, antialias->framebuffer);
		glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
		glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		return;
	}
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glViewport(0, 0, w, h);
	glDisable(GL_DEPTH_TEST);
	glDisable(GL_BLEND);
	glUseProgram(antialias->program);
	glUniform1i(antialias->u_scene, 0);
	glUniform2f(antialias->u_texel, 1.0f / (float)w, 1.0f / (float)h);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, antialias->colour);
	glBindVertexArray(antialias->vao);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	glBindVertexArray(0);
}

void bs_antialias_free(bs_antialias* antialias) {
	release_target(antialias);
	glDeleteProgram(antialias->program);
	glDeleteVertexArrays(1, &antialias->vao);
	memset(antialias, 0, sizeof *antialias);
}
