#include "ball_renderer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "font.h"
#include "shader.h"
#include "vertex_buffer.h"

// Instance: centre x, y, z, radius, colour r, g, b, stripe, number,
// highlight, orientation x, y, z, w.
enum { ball_instance_floats = 14 };

static const float pool_colours[8][3] = {
	{0.96f, 0.95f, 0.90f}, // cue
	{0.98f, 0.76f, 0.05f}, // 1 yellow
	{0.05f, 0.20f, 0.72f}, // 2 blue
	{0.86f, 0.07f, 0.05f}, // 3 red
	{0.36f, 0.10f, 0.56f}, // 4 purple
	{1.00f, 0.42f, 0.04f}, // 5 orange
	{0.04f, 0.46f, 0.18f}, // 6 green
	{0.50f, 0.07f, 0.07f}, // 7 maroon
};
static const float eight_colour[3] = {0.04f, 0.04f, 0.04f};

// The plain balls of snooker and carom, by kind (BS_BALL_SNOOKER_WHITE on).
// The snooker green is lighter and yellower than the felt, so that it shows
// on it, as the real ball does under a table's lights.
static const float plain_colours[BS_BALL_KIND_COUNT - BS_BALL_SNOOKER_WHITE][3] = {
	{0.96f, 0.95f, 0.90f}, // snooker white
	{0.80f, 0.04f, 0.04f}, // red
	{0.98f, 0.82f, 0.05f}, // yellow
	{0.10f, 0.62f, 0.10f}, // green
	{0.42f, 0.20f, 0.07f}, // brown
	{0.04f, 0.18f, 0.78f}, // blue
	{0.98f, 0.45f, 0.62f}, // pink
	{0.04f, 0.04f, 0.04f}, // black
	{0.96f, 0.95f, 0.90f}, // carom white
	{0.98f, 0.82f, 0.05f}, // carom yellow
	{0.80f, 0.04f, 0.04f}, // carom red
};

bs_ball_look bs_ball_look_of(int id, bs_ball_kind kind) {
	bs_ball_look look;
	memset(&look, 0, sizeof look);
	if (kind > BS_BALL_NUMBERED && kind < BS_BALL_KIND_COUNT) {
		memcpy(look.colour, plain_colours[kind - BS_BALL_SNOOKER_WHITE], sizeof look.colour);
		return look;
	}
	if (id == 0) {
		memcpy(look.colour, pool_colours[0], sizeof look.colour);
		return look;
	}
	int number = id >= 1 && id <= 15 ? id : (int)(((unsigned)id - 1u) % 15u) + 1;
	look.number = id >= 1 && id <= 15 ? id : 0;
	look.stripe = number >= 9;
	const float* colour = number == 8 ? eight_colour : pool_colours[number > 8 ? number - 8 : number];
	memcpy(look.colour, colour, sizeof look.colour);
	return look;
}

// The quad each ball is drawn on: corners for a triangle strip.
static void build_quad(bs_ball_renderer* renderer) {
	static const float corners[] = {-1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f};
	renderer->quad_vbo = bs_vertex_buffer(sizeof corners, corners, GL_STATIC_DRAW);
}

bool bs_ball_renderer_create(int capacity, bs_ball_renderer* dest) {
	memset(dest, 0, sizeof *dest);
	dest->program = bs_shader_program("ball");
	if (!dest->program) {
		return false;
	}
	dest->numbers = bs_font_ball_numbers("DejaVuSans-Bold.ttf", 128);
	if (!dest->numbers) {
		return false;
	}
	dest->capacity = capacity > 0 ? capacity : 1;
	dest->instances = malloc((size_t)dest->capacity * ball_instance_floats * sizeof(float));
	if (!dest->instances) {
		return false;
	}
	dest->u_view_projection = glGetUniformLocation(dest->program, "u_view_projection");
	dest->u_eye = glGetUniformLocation(dest->program, "u_eye");
	dest->u_view_direction = glGetUniformLocation(dest->program, "u_view_direction");
	dest->u_camera_up = glGetUniformLocation(dest->program, "u_camera_up");
	dest->u_orthographic = glGetUniformLocation(dest->program, "u_orthographic");
	dest->u_viewport = glGetUniformLocation(dest->program, "u_viewport");
	dest->u_coverage_to_alpha = glGetUniformLocation(dest->program, "u_coverage_to_alpha");
	dest->u_numbers = glGetUniformLocation(dest->program, "u_numbers");

	glGenVertexArrays(1, &dest->vao);
	glBindVertexArray(dest->vao);
	build_quad(dest);
	const GLint corner_size[] = {2};
	bs_vertex_layout(0, corner_size, 1, 0);
	dest->instance_vbo = bs_vertex_buffer((size_t)dest->capacity * ball_instance_floats * sizeof(float), NULL,
		GL_DYNAMIC_DRAW);
	const GLint instance_sizes[] = {4, 3, 3, 4};
	bs_vertex_layout(1, instance_sizes, 4, 1);
	glBindVertexArray(0);
	return true;
}

void bs_ball_renderer_begin(bs_ball_renderer* renderer) {
	renderer->count = 0;
}

void bs_ball_renderer_add(bs_ball_renderer* renderer, const bs_ball_state* ball, bs_quat orientation, bool highlight) {
	if (renderer->count == renderer->capacity) {
		return;
	}
	bs_ball_look look = bs_ball_look_of(ball->id, ball->kind);
	float* v = renderer->instances + (size_t)renderer->count * ball_instance_floats;
	float values[ball_instance_floats] = {(float)ball->pos.x, (float)ball->pos.y, (float)ball->radius,
		(float)ball->radius, look.colour[0], look.colour[1], look.colour[2], look.stripe ? 1.0f : 0.0f,
		(float)look.number, highlight ? 1.0f : 0.0f, (float)orientation.x, (float)orientation.y, (float)orientation.z,
		(float)orientation.w};
	memcpy(v, values, sizeof values);
	renderer->count += 1;
}

void bs_ball_renderer_draw(bs_ball_renderer* renderer, const bs_ball_view* view, int width, int height) {
	if (renderer->count == 0) {
		return;
	}
	// Multisampled, the share of a pixel inside the outline goes out as
	// alpha, which alpha to coverage turns into that share of its samples;
	// single-sampled, a pixel is the ball's when its centre is.
	GLint sample_buffers = 0;
	glGetIntegerv(GL_SAMPLE_BUFFERS, &sample_buffers);
	bool multisampled = sample_buffers > 0;
	if (multisampled) {
		glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
		glEnable(GL_SAMPLE_ALPHA_TO_ONE);
	}
	glUseProgram(renderer->program);
	glUniformMatrix4fv(renderer->u_view_projection, 1, GL_FALSE, (const float*)view->view_projection);
	glUniform3fv(renderer->u_eye, 1, view->eye);
	glUniform3fv(renderer->u_view_direction, 1, view->view_direction);
	glUniform3fv(renderer->u_camera_up, 1, view->camera_up);
	glUniform1i(renderer->u_orthographic, view->orthographic ? 1 : 0);
	glUniform2f(renderer->u_viewport, (float)width, (float)height);
	glUniform1i(renderer->u_coverage_to_alpha, multisampled ? 1 : 0);
	glUniform1i(renderer->u_numbers, 0);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, renderer->numbers);
	glBindVertexArray(renderer->vao);
	glBindBuffer(GL_ARRAY_BUFFER, renderer->instance_vbo);
	glBufferSubData(GL_ARRAY_BUFFER, 0,
		(GLsizeiptr)((size_t)renderer->count * ball_instance_floats * sizeof(float)), renderer->instances);
	glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, renderer->count);
	glBindVertexArray(0);
	if (multisampled) {
		glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
		glDisable(GL_SAMPLE_ALPHA_TO_ONE);
	}
}

void bs_ball_renderer_destroy(bs_ball_renderer* renderer) {
	free(renderer->instances);
	glDeleteTextures(1, &renderer->numbers);
	glDeleteBuffers(1, &renderer->quad_vbo);
	glDeleteBuffers(1, &renderer->instance_vbo);
	glDeleteVertexArrays(1, &renderer->vao);
	glDeleteProgram(renderer->program);
	memset(renderer, 0, sizeof *renderer);
}
