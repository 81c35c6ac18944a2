// breakshot viewer: the balls, ray cast on one instanced quad each. Each
// instance carries centre, radius, colour, style (stripe, number,
// highlight) and orientation; the instance buffer is sized once for the
// scene's balls.
#ifndef BREAKSHOT_BALL_RENDERER_H
#define BREAKSHOT_BALL_RENDERER_H

#include <cglm/cglm.h>
#include <stdbool.h>

#include <breakshot/world.h>

#include "ball_motion.h"
#include "glad_gl.h"

typedef struct bs_ball_renderer {
	GLuint program;
	GLuint vao;
	GLuint quad_vbo;
	GLuint instance_vbo;
	GLuint numbers;      ///< ball number texture (bs_font_ball_numbers)
	GLint u_view_projection;
	GLint u_eye;
	GLint u_view_direction;
	GLint u_camera_up;
	GLint u_orthographic;
	GLint u_viewport;
	GLint u_coverage_to_alpha;
	GLint u_numbers;
	float* instances;
	int count;
	int capacity;
} bs_ball_renderer;

/// The look of a ball, by its kind: a numbered pool ball by its id (1-8
/// solids, 9-15 stripes, cue 0 white; other ids repeat the palette without
/// a number); snooker and carom balls plain, in their colours.
typedef struct bs_ball_look {
	float colour[3];
	bool stripe;
	int number; ///< 0: none drawn
} bs_ball_look;

bs_ball_look bs_ball_look_of(int id, bs_ball_kind kind);

bool bs_ball_renderer_create(int capacity, bs_ball_renderer* dest);

void bs_ball_renderer_begin(bs_ball_renderer* renderer);

/// Adds a ball on the table (pocketed balls are simply not added), turned by
/// `orientation` (body to table: the number along the body's x axis, the
/// stripe about its z axis).
void bs_ball_renderer_add(bs_ball_renderer* renderer, const bs_ball_state* ball, bs_quat orientation, bool highlight);

typedef struct bs_ball_view {
	mat4 view_projection;
	vec3 eye;
	vec3 view_direction; ///< towards the eye, for the orthographic view
	vec3 camera_up;
	bool orthographic;
} bs_ball_view;

/// Draws the balls added since bs_ball_renderer_begin into the bound
/// framebuffer, `width` by `height` pixels.
void bs_ball_renderer_draw(bs_ball_renderer* renderer, const bs_ball_view* view, int width, int height);

void bs_ball_renderer_destroy(bs_ball_renderer* renderer);

#endif
