#include "camera.h"

#include <math.h>

#include "table_model.h"

static const float min_pitch = 0.08f;
static const float max_pitch = 1.5607963f; // just short of straight down, where "up" degenerates
static const float top_eye_height = 10.0f;

void bs_camera_make(const bs_table_def* table, bs_camera* dest) {
	bs_table_bounds bounds = bs_table_model_bounds(table);
	dest->mode = BS_CAMERA_ORBIT;
	dest->target[0] = (float)(0.5 * table->width);
	dest->target[1] = (float)(0.5 * table->height);
	dest->target[2] = 0.0f;
	dest->fit_width = (float)(bounds.max_x - bounds.min_x);
	dest->fit_height = (float)(bounds.max_y - bounds.min_y);
	dest->yaw = -GLM_PI_2f;
	dest->pitch = 0.93f;
	dest->fovy = glm_rad(40.0f);
	// Far enough that the whole table fits a 16:9 view at the default angle.
	dest->distance = 0.96f * fmaxf(dest->fit_width, 1.7f * dest->fit_height);
	dest->top_zoom = 1.0f;
	bs_camera_set_frame(dest, 1, 1, 0.0f, 0.0f, 1.0f, 1.0f);
}

void bs_camera_set_frame(bs_camera* camera, int width, int height, float left, float top, float right, float bottom) {
	float w = (float)width;
	float h = (float)height;
	// A frame of no size would fit the table into nothing: keep a pixel.
	camera->frame[0] = glm_clamp(left / w, 0.0f, 1.0f);
	camera->frame[1] = glm_clamp(top / h, 0.0f, 1.0f);
	camera->frame[2] = glm_clamp(fmaxf(right, left + 1.0f) / w, camera->frame[0], 1.0f);
	camera->frame[3] = glm_clamp(fmaxf(bottom, top + 1.0f) / h, camera->frame[1], 1.0f);
}

void bs_camera_eye(const bs_camera* camera, vec3 dest) {
	if (camera->mode == BS_CAMERA_TOP) {
		glm_vec3_copy((vec3){camera->target[0], camera->target[1], top_eye_height}, dest);
		return;
	}
	float c = cosf(camera->pitch);
	vec3 offset = {c * cosf(camera->yaw), c * sinf(camera->yaw), sinf(camera->pitch)};
	glm_vec3_copy((vec3){camera->target[0], camera->target[1], camera->target[2]}, dest);
	glm_vec3_muladds(offset, camera->distance, dest);
}

void bs_camera_view(const bs_camera* camera, mat4 dest) {
	vec3 eye;
	bs_camera_eye(camera, eye);
	vec3 target = {camera->target[0], camera->target[1], camera->target[2]};
	if (camera->mode == BS_CAMERA_TOP) {
		target[2] = 0.0f;
		glm_lookat(eye, target, (vec3){0.0f, 1.0f, 0.0f}, dest);
	} else {
		glm_lookat(eye, target, (vec3){0.0f, 0.0f, 1.0f}, dest);
	}
}

// Half the height of the top view's visible area (m): the table, with 3 %
// to spare, fits the frame.
static float top_half_height(const bs_camera* camera, float aspect) {
	float frame_width = fmaxf(camera->frame[2] - camera->frame[0], 1e-6f);
	float frame_height = fmaxf(camera->frame[3] - camera->frame[1], 1e-6f);
	float fit = fmaxf(0.5f * camera->fit_height / frame_height, 0.5f * camera->fit_width / (aspect * frame_width));
	return 1.03f * fit / camera->top_zoom;
}

void bs_camera_projection(const bs_camera* camera, float aspect, mat4 dest) {
	if (camera->mode == BS_CAMERA_TOP) {
		float half_height = top_half_height(camera, aspect);
		float half_width = half_height * aspect;
		// The target (the view's origin) lands on the frame's centre.
		float left = -(camera->frame[0] + camera->frame[2]) * half_width;
		float top = (camera->frame[1] + camera->frame[3]) * half_height;
		glm_ortho(left, left + 2.0f * half_width, top - 2.0f * half_height, top, 0.1f, 2.0f * top_eye_height, dest);
	} else {
		glm_perspective(camera->fovy, aspect, 0.02f, 40.0f, dest);
	}
}

void bs_camera_view_projection(const bs_camera* camera, float aspect, mat4 dest) {
	mat4 view;
	mat4 projection;
	bs_camera_view(camera, view);
	bs_camera_projection(camera, aspect, projection);
	glm_mat4_mul(projection, view, dest);
}

void bs_camera_project(const bs_camera* camera, int width, int height, const vec3 point, vec2 dest) {
	mat4 view_projection;
	bs_camera_view_projection(camera, (float)width / (float)height, view_projection);
	vec4 clip;
	glm_mat4_mulv(view_projection, (vec4){point[0], point[1], point[2], 1.0f}, clip);
	dest[0] = (clip[0] / clip[3] * 0.5f + 0.5f) * (float)width;
	dest[1] = (0.5f - clip[1] / clip[3] * 0.5f) * (float)height;
}

bool bs_camera_pick(const bs_camera* camera, int width, int height, double x, double y, float z, vec3 dest) {
	mat4 view_projection;
	mat4 inverse;
	bs_camera_view_projection(camera, (float)width / (float)height, view_projection);
	glm_mat4_inv(view_projection, inverse);
	float ndc_x = (float)(2.0 * x / width - 1.0);
	float ndc_y = (float)(1.0 - 2.0 * y / height);
	vec4 near_point;
	vec4 far_point;
	glm_mat4_mulv(inverse, (vec4){ndc_x, ndc_y, -1.0f, 1.0f}, near_point);
	glm_mat4_mulv(inverse, (vec4){ndc_x, ndc_y, 1.0f, 1.0f}, far_point);
	vec3 a = {near_point[0] / near_point[3], near_point[1] / near_point[3], near_point[2] / near_point[3]};
	vec3 b = {far_point[0] / far_point[3], far_point[1] / far_point[3], far_point[2] / far_point[3]};
	float dz = b[2] - a[2];
	if (fabsf(dz) < 1e-9f) {
		return false;
	}
	float s = (z - a[2]) / dz;
	if (s < 0.0f) {
		return false;
	}
	glm_vec3_lerp(a, b, s, dest);
	return true;
}

void bs_camera_rotate(bs_camera* camera, double dx, double dy) {
	if (camera->mode == BS_CAMERA_TOP) {
		return;
	}
	camera->yaw -= (float)(dx * 0.006);
	camera->pitch = glm_clamp(camera->pitch + (float)(dy * 0.006), min_pitch, max_pitch);
}

void bs_camera_zoom(bs_camera* camera, double steps) {
	float factor = powf(1.15f, (float)steps);
	if (camera->mode == BS_CAMERA_TOP) {
		camera->top_zoom = glm_clamp(camera->top_zoom * factor, 0.5f, 40.0f);
	} else {
		camera->distance = glm_clamp(camera->distance / factor, 0.15f, 20.0f);
	}
}

void bs_camera_pan(bs_camera* camera, int width, int height, double dx, double dy) {
	float aspect = (float)width / (float)height;
	if (camera->mode == BS_CAMERA_TOP) {
		float metres_per_pixel = 2.0f * top_half_height(camera, aspect) / (float)height;
		camera->target[0] -= (float)dx * metres_per_pixel;
		camera->target[1] += (float)dy * metres_per_pixel;
		return;
	}
	float metres_per_pixel = 2.0f * camera->distance * tanf(0.5f * camera->fovy) / (float)height;
	// Right and forward along the felt, as seen from the eye.
	vec2 right = {-sinf(camera->yaw), cosf(camera->yaw)};
	vec2 forward = {-cosf(camera->yaw), -sinf(camera->yaw)};
	float across = -(float)dx * metres_per_pixel;
	float along = (float)dy * metres_per_pixel / fmaxf(sinf(camera->pitch), 0.2f);
	camera->target[0] += across * right[0] + along * forward[0];
	camera->target[1] += across * right[1] + along * forward[1];
}
