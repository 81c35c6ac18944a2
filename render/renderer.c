#include "renderer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cue_marks.h"
#include "energy_plot.h"
#include "game_marks.h"
#include "viewer_hints.h"

enum { text_quad_capacity = 8192, line_capacity = 65536 };

static const vec4 contact_colour = {1.0f, 0.25f, 0.2f, 1.0f};
static const vec4 normal_colour = {1.0f, 0.95f, 0.3f, 1.0f};
static const vec4 obstacle_colour = {1.0f, 0.85f, 0.1f, 1.0f};
static const vec4 collision_colour = {1.0f, 0.55f, 0.1f, 1.0f};
/// The motion overlay's colours: stationary, spinning, rolling, sliding (bs_motion_state order).
static const vec4 motion_colours[4] = {
	{0.6f, 0.6f, 0.6f, 1.0f}, {0.3f, 0.6f, 1.0f, 1.0f}, {0.3f, 0.95f, 0.35f, 1.0f}, {1.0f, 0.3f, 0.25f, 1.0f}};
/// The preview's paths lie just above the cloth.
static const float path_height = 0.002f;

bool bs_renderer_create(const bs_viewer* viewer, int text_pixels, bs_renderer* dest) {
	memset(dest, 0, sizeof *dest);
	dest->path_keep = malloc((BS_PREVIEW_MAX_POINTS + 1) * sizeof *dest->path_keep);
	bool ok = dest->path_keep && bs_font_create("DejaVuSansMono.ttf", text_pixels, &dest->font) &&
			  bs_text_create(&dest->font, text_quad_capacity, &dest->text) &&
			  bs_lines_create(line_capacity, &dest->lines) &&
			  bs_table_mesh_create(bs_world_table(viewer->timeline.world), &dest->table) &&
			  bs_ball_renderer_create(viewer->ball_capacity, &dest->balls);
	if (!ok) {
		bs_renderer_destroy(dest);
	}
	return ok;
}

void bs_renderer_destroy(bs_renderer* renderer) {
	bs_ball_renderer_destroy(&renderer->balls);
	bs_table_mesh_destroy(&renderer->table);
	bs_lines_destroy(&renderer->lines);
	bs_text_destroy(&renderer->text);
	bs_font_destroy(&renderer->font);
	free(renderer->path_keep);
	renderer->path_keep = NULL;
}

static bool involved(const bs_event* event, int id) {
	return event->a == id || (event->kind == BS_EVENT_BALL && event->b == id);
}

static void circle(bs_lines* lines, bs_vec2 centre, double radius, float z, const vec4 colour, float width) {
	enum { sides = 32 };
	for (int i = 0; i < sides; ++i) {
		double t0 = 2.0 * GLM_PI * i / sides;
		double t1 = 2.0 * GLM_PI * (i + 1) / sides;
		vec3 a = {(float)(centre.x + radius * cos(t0)), (float)(centre.y + radius * sin(t0)), z};
		vec3 b = {(float)(centre.x + radius * cos(t1)), (float)(centre.y + radius * sin(t1)), z};
		bs_lines_add(lines, a, b, colour, width);
	}
}

// The event in effect: its contact point, its normal and, for obstacles, the
// cushion segment, jaw or pocket involved (balls glow in their shader).
static void event_marks(const bs_viewer* viewer, float z, bs_lines* lines) {
	const bs_event* event = &bs_timeline_frame(&viewer->timeline)->event;
	const bs_table* table = bs_world_table(viewer->timeline.world);
	vec3 point = {(float)event->point.x, (float)event->point.y, z};
	if (event->kind == BS_EVENT_CUSHION && event->b >= 0 && event->b < bs_table_cushion_count(table)) {
		bs_segment s = bs_table_cushion(table, event->b);
		vec3 a = {(float)s.a.x, (float)s.a.y, z};
		vec3 b = {(float)s.b.x, (float)s.b.y, z};
		bs_lines_add(lines, a, b, obstacle_colour, 4.0f);
	} else if (event->kind == BS_EVENT_JAW && event->b >= 0 && event->b < bs_table_jaw_count(table)) {
		// A point jaw is ringed; a rounded one is marked where it was met.
		bs_arc arc = bs_table_arc(table, event->b);
		circle(lines, arc.radius > 0.0 ? event->point : arc.centre, 0.012, z, obstacle_colour, 3.0f);
	} else if (event->kind == BS_EVENT_POCKET && event->b >= 0 && event->b < bs_table_pocket_count(table)) {
		bs_pocket_shape pocket = bs_table_pocket(table, event->b);
		circle(lines, pocket.centre, pocket.radius, 0.002f, obstacle_colour, 3.0f);
	}
	float mark = 0.035f;
	bs_lines_add(lines, (vec3){point[0] - mark, point[1], z}, (vec3){point[0] + mark, point[1], z}, contact_colour,
		3.0f);
	bs_lines_add(lines, (vec3){point[0], point[1] - mark, z}, (vec3){point[0], point[1] + mark, z}, contact_colour,
		3.0f);
	circle(lines, event->point, 0.012, z, contact_colour, 2.5f);
	if (event->kind != BS_EVENT_POCKET) {
		float length = 0.15f;
		vec3 tip = {point[0] + length * (float)event->normal.x, point[1] + length * (float)event->normal.y, z};
		bs_lines_add(lines, point, tip, normal_colour, 3.0f);
		// An arrowhead, so the normal's sense (a towards b, or towards the ball) shows.
		bs_vec2 back = bs_v2_scale(-0.03, event->normal);
		bs_vec2 side = bs_v2_scale(0.015, bs_v2_perp(event->normal));
		for (int sign = -1; sign <= 1; sign += 2) {
			vec3 barb = {tip[0] + (float)(back.x + sign * side.x), tip[1] + (float)(back.y + sign * side.y), z};
			bs_lines_add(lines, tip, barb, normal_colour, 3.0f);
		}
	}
}

// A faint line from the cue ball along the aim, to the aim point.
static void aim_guide(const bs_viewer* viewer, bs_lines* lines) {
	const bs_ball_state* ball = &viewer->balls[bs_viewer_cue_index(viewer)];
	float z = (float)ball->radius;
	vec4 guide = {1.0f, 1.0f, 1.0f, 0.35f};
	bs_lines_add(lines, (vec3){(float)ball->pos.x, (float)ball->pos.y, z},
		(vec3){(float)viewer->aim_point.x, (float)viewer->aim_point.y, z}, guide, 1.5f);
}

// One ball's path just above the cloth. Sampled every few millimetres, it
// is drawn as the few segments that stay within a tenth of a pixel of the
// samples: llvmpipe pays per segment.
static void path_marks(const bs_preview_path* path, int* keep, const vec4 colour, float width, bs_lines* lines) {
	if (path->count > BS_PREVIEW_MAX_POINTS + 1) {
		return; // more than a preview keeps (shot_preview.h): nothing to draw from
	}
	int kept = bs_polyline_simplify(path->points, path->count, BS_PREVIEW_DRAW_TOLERANCE, keep);
	for (int k = 1; k < kept; ++k) {
		bs_vec2 a = path->points[keep[k - 1]];
		bs_vec2 b = path->points[keep[k]];
		bs_lines_add(lines, (vec3){(float)a.x, (float)a.y, path_height}, (vec3){(float)b.x, (float)b.y, path_height},
			colour, width);
	}
}

// Each hint's paths in its rank's colour, the best drawn last (on top): the
// cue ball's bold, the balls it sets moving fainter. Wider than the
// preview's, so that a hint set up on the cue shows around its preview.
static void hint_marks(const bs_viewer* viewer, int* keep, bs_lines* lines) {
	for (int rank = viewer->hints.count - 1; rank >= 0; --rank) {
		const bs_shot_hint* hint = &viewer->hints.hints[rank];
		const float* rgba = bs_hint_colours[rank];
		for (int i = 0; i < hint->path.path_count; ++i) {
			const bs_preview_path* path = &hint->path.paths[i];
			bool cue = path->id == hint->cue_ball;
			vec4 colour = {rgba[0], rgba[1], rgba[2], cue ? 0.95f : 0.7f};
			path_marks(path, keep, colour, cue ? 4.5f : 3.0f, lines);
			if (cue && path->pocket < 0 && path->count > 0) {
				// Where the cue ball comes to rest: the position the shot leaves.
				int index = bs_viewer_cue_index(viewer);
				double radius = index >= 0 ? viewer->balls[index].radius : BS_DEFAULT_RADIUS;
				circle(lines, path->points[path->count - 1], radius, path_height, colour, 2.5f);
			}
		}
	}
}

// Each ball's previewed path in a lighter shade of its colour, and a dot at
// each collision; faint while hints are shown and the aim is none of
// theirs, so that the hints stand out.
static void preview_marks(const bs_viewer* viewer, int* keep, bs_lines* lines) {
	const bs_shot_preview* preview = &viewer->preview;
	float alpha = viewer->show_hints && !viewer->aim_exact ? 0.3f : 0.95f;
	for (int i = 0; i < preview->path_count; ++i) {
		const bs_preview_path* path = &preview->paths[i];
		bs_ball_look look = bs_ball_look_of(path->id, path->kind);
		vec4 colour = {0.4f + 0.6f * look.colour[0], 0.4f + 0.6f * look.colour[1], 0.4f + 0.6f * look.colour[2], alpha};
		path_marks(path, keep, colour, 2.5f, lines);
	}
	vec4 dot_colour = {collision_colour[0], collision_colour[1], collision_colour[2], alpha};
	for (int k = 0; k < preview->dot_count; ++k) {
		vec3 at = {(float)preview->dots[k].x, (float)preview->dots[k].y, path_height};
		bs_lines_add(lines, at, at, dot_colour, 7.0f);
	}
}

// Each ball ringed in the colour of its state of motion, and its spin axis
// through it: the half along +omega thick, the other thin.
static void motion_marks(const bs_viewer* viewer, bs_lines* lines) {
	for (int i = 0; i < viewer->timeline.ball_count; ++i) {
		const bs_ball_state* ball = &viewer->balls[i];
		if (ball->pocketed || ball->motion > BS_MOTION_SLIDING) {
			continue;
		}
		const float* colour = motion_colours[ball->motion];
		circle(lines, ball->pos, 1.3 * ball->radius, path_height, colour, 3.0f);
		double spin = bs_v3_len(ball->omega);
		if (spin > 0.0) {
			bs_vec3 axis = bs_v3_scale(1.9 * ball->radius / spin, ball->omega);
			vec3 centre = {(float)ball->pos.x, (float)ball->pos.y, (float)ball->radius};
			vec3 plus = {centre[0] + (float)axis.x, centre[1] + (float)axis.y, centre[2] + (float)axis.z};
			vec3 minus = {centre[0] - (float)axis.x, centre[1] - (float)axis.y, centre[2] - (float)axis.z};
			bs_lines_add(lines, centre, plus, colour, 4.5f);
			bs_lines_add(lines, centre, minus, colour, 2.0f);
		}
	}
}

// The orientation that shows a frictionless ball's number to the eye, its stripe level across the view.
static bs_quat facing_the_eye(const bs_ball_view* view, const bs_ball_state* ball) {
	bs_vec3 centre = bs_v3(ball->pos.x, ball->pos.y, ball->radius);
	bs_vec3 face = view->orthographic ? bs_v3(view->view_direction[0], view->view_direction[1], view->view_direction[2])
									  : bs_v3_sub(bs_v3(view->eye[0], view->eye[1], view->eye[2]), centre);
	face = bs_v3_scale(1.0 / bs_v3_len(face), face);
	bs_vec3 up = bs_v3(view->camera_up[0], view->camera_up[1], view->camera_up[2]);
	up = bs_v3_mad(up, -bs_v3_dot(up, face), face);
	return bs_quat_facing(face, bs_v3_scale(1.0 / bs_v3_len(up), up));
}

void bs_renderer_view(const bs_viewer* viewer, int width, int height, bs_scene_view* dest) {
	const bs_camera* camera = &viewer->camera;
	bs_ball_view* view = &dest->camera;
	mat4 world_to_eye;
	bs_camera_view(camera, world_to_eye);
	bs_camera_view_projection(camera, (float)width / (float)height, view->view_projection);
	bs_camera_eye(camera, view->eye);
	// The camera's up and backward axes are the view matrix's second and third rows.
	glm_vec3_copy((vec3){world_to_eye[0][1], world_to_eye[1][1], world_to_eye[2][1]}, view->camera_up);
	glm_vec3_copy((vec3){world_to_eye[0][2], world_to_eye[1][2], world_to_eye[2][2]}, view->view_direction);
	view->orthographic = camera->mode == BS_CAMERA_TOP;
	dest->width = width;
	dest->height = height;
}

void bs_renderer_table_view(const bs_scene_view* view, bs_table_view* dest) {
	memset(dest, 0, sizeof *dest);
	memcpy(dest->view_projection, view->camera.view_projection, sizeof dest->view_projection);
	memcpy(dest->eye, view->camera.eye, sizeof dest->eye);
	dest->width = view->width;
	dest->height = view->height;
}

// The view's projection as cglm takes it (its functions take no const).
static void view_projection_of(const bs_scene_view* view, mat4 dest) {
	memcpy(dest, view->camera.view_projection, sizeof(mat4));
}

void bs_renderer_draw_table(bs_renderer* renderer, const bs_scene_view* view) {
	glViewport(0, 0, view->width, view->height);
	glClearColor(0.075f, 0.08f, 0.095f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	glEnable(GL_DEPTH_TEST);
	glDisable(GL_BLEND);
	mat4 view_projection;
	view_projection_of(view, view_projection);
	bs_table_mesh_draw(&renderer->table, view_projection, view->camera.eye);
}

// The pixels (rounded out) that a ball's bounding cube covers on screen, or
// the whole screen when part of it lies behind the eye.
static bs_screen_rect ball_rect(const bs_ball_state* ball, mat4 view_projection, int width, int height) {
	bs_screen_rect whole = {0, 0, width, height};
	float lo[2] = {INFINITY, INFINITY};
	float hi[2] = {-INFINITY, -INFINITY};
	for (int corner = 0; corner < 8; ++corner) {
		vec4 p = {(float)(ball->pos.x + ((corner & 1) ? ball->radius : -ball->radius)),
			(float)(ball->pos.y + ((corner & 2) ? ball->radius : -ball->radius)),
			(float)(ball->radius + ((corner & 4) ? ball->radius : -ball->radius)), 1.0f};
		vec4 clip;
		glm_mat4_mulv(view_projection, p, clip);
		if (!(clip[3] > 0.0f)) {
			return whole;
		}
		for (int axis = 0; axis < 2; ++axis) {
			float ndc = clip[axis] / clip[3];
			lo[axis] = ndc < lo[axis] ? ndc : lo[axis];
			hi[axis] = ndc > hi[axis] ? ndc : hi[axis];
		}
	}
	float x0 = floorf((0.5f * lo[0] + 0.5f) * (float)width);
	float y0 = floorf((0.5f * lo[1] + 0.5f) * (float)height);
	float x1 = ceilf((0.5f * hi[0] + 0.5f) * (float)width);
	float y1 = ceilf((0.5f * hi[1] + 0.5f) * (float)height);
	bs_screen_rect rect = {(int)fmaxf(x0, -1.0f), (int)fmaxf(y0, -1.0f), (int)fminf(x1, (float)width + 1.0f),
		(int)fminf(y1, (float)height + 1.0f)};
	return rect;
}

int bs_renderer_ball_rects(const bs_viewer* viewer, const bs_scene_view* view, bs_screen_rect* rects, int capacity) {
	mat4 view_projection;
	view_projection_of(view, view_projection);
	int count = 0;
	for (int i = 0; i < viewer->timeline.ball_count; ++i) {
		const bs_ball_state* ball = &viewer->balls[i];
		if (!ball->pocketed) {
			if (count < capacity) {
				rects[count] = ball_rect(ball, view_projection, view->width, view->height);
			}
			count += 1;
		}
	}
	return count;
}

void bs_renderer_draw_balls(bs_renderer* renderer, const bs_viewer* viewer, const bs_scene_view* view) {
	glViewport(0, 0, view->width, view->height);
	glEnable(GL_DEPTH_TEST);
	glDisable(GL_BLEND);
	const bs_timeline* timeline = &viewer->timeline;
	bool at_event = bs_timeline_at_event(timeline);
	const bs_event* event = &bs_timeline_frame(timeline)->event;
	bs_ball_renderer_begin(&renderer->balls);
	bool turning = bs_timeline_has_orientations(timeline);
	for (int i = 0; i < timeline->ball_count; ++i) {
		const bs_ball_state* ball = &viewer->balls[i];
		if (!ball->pocketed) {
			bs_quat orientation = turning ? viewer->orientations[i] : facing_the_eye(&view->camera, ball);
			bs_ball_renderer_add(&renderer->balls, ball, orientation, at_event && involved(event, ball->id));
		}
	}
	bs_ball_renderer_draw(&renderer->balls, &view->camera, view->width, view->height);
}

void bs_renderer_draw_marks(bs_renderer* renderer, const bs_viewer* viewer, const bs_scene_view* view) {
	glViewport(0, 0, view->width, view->height);
	// Marks go over everything so a contact hidden behind a ball still shows.
	glDisable(GL_DEPTH_TEST);
	glEnable(GL_BLEND);
	glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
	bs_lines_begin(&renderer->lines);
	if (bs_timeline_at_event(&viewer->timeline)) {
		// At the height of the balls on the table.
		float contact_height = (float)BS_DEFAULT_RADIUS;
		for (int i = 0; i < viewer->timeline.ball_count; ++i) {
			contact_height = viewer->balls[i].pocketed ? contact_height : (float)viewer->balls[i].radius;
		}
		event_marks(viewer, contact_height, &renderer->lines);
	}
	if (viewer->show_hints) {
		hint_marks(viewer, renderer->path_keep, &renderer->lines);
	}
	if (viewer->aiming && bs_viewer_cue_index(viewer) >= 0) {
		preview_marks(viewer, renderer->path_keep, &renderer->lines);
		aim_guide(viewer, &renderer->lines);
		bs_cue_stick_draw(viewer, &viewer->camera, view->width, view->height, &renderer->lines);
	}
	if (viewer->show_motion) {
		motion_marks(viewer, &renderer->lines);
	}
	bs_game_marks_draw(viewer, &renderer->lines);
	mat4 view_projection;
	view_projection_of(view, view_projection);
	bs_lines_flush(&renderer->lines, view_projection, view->width, view->height);
}

void bs_renderer_draw_scene(bs_renderer* renderer, const bs_viewer* viewer, int width, int height) {
	bs_scene_view view;
	bs_renderer_view(viewer, width, height, &view);
	bs_renderer_draw_table(renderer, &view);
	bs_renderer_draw_balls(renderer, viewer, &view);
	bs_renderer_draw_marks(renderer, viewer, &view);
}

void bs_renderer_draw_overlay(bs_renderer* renderer, const bs_viewer* viewer, const bs_hud_stats* stats, int width,
	int height) {
	glViewport(0, 0, width, height);
	glDisable(GL_DEPTH_TEST);
	glEnable(GL_BLEND);
	glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
	bs_text_begin(&renderer->text);
	bs_lines_begin(&renderer->lines);
	bs_overlay_layout layout;
	bs_viewer_layout(viewer, width, height, &layout);
	bs_hud_draw(viewer, stats, &renderer->text);
	if (layout.has_tip) {
		bs_cue_panel_draw(viewer, &layout, &renderer->lines, &renderer->text);
	}
	if (layout.has_plot) {
		const bs_rect* plot = &layout.plot;
		bs_plot_draw(&viewer->timeline, plot->x, plot->y, plot->width, plot->height, &renderer->lines,
			&renderer->text);
	}
	const float hint_colour[4] = {0.8f, 0.8f, 0.8f, 0.8f};
	bs_text_add(&renderer->text, 12.0f, layout.hint.y + 0.2f * layout.line_height, hint_colour, "H: help");
	bs_text_flush(&renderer->text, width, height);
	bs_lines_flush_2d(&renderer->lines, width, height);
	if (viewer->show_help) {
		bs_hud_draw_help(&renderer->text, width, height);
		bs_text_flush(&renderer->text, width, height);
	}
}

void bs_renderer_draw(bs_renderer* renderer, const bs_viewer* viewer, const bs_hud_stats* stats, int width,
	int height) {
	bs_renderer_draw_scene(renderer, viewer, width, height);
	bs_renderer_draw_overlay(renderer, viewer, stats, width, height);
}
