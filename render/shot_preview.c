#include "shot_preview.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool append_point(bs_preview_path* path, bs_vec2 point) {
	if (path->count == path->capacity) {
		int capacity = path->capacity ? 2 * path->capacity : 64;
		bs_vec2* points = realloc(path->points, (size_t)capacity * sizeof *points);
		if (!points) {
			return false;
		}
		path->points = points;
		path->capacity = capacity;
	}
	path->points[path->count++] = point;
	return true;
}

static bool full(const bs_shot_preview* preview) {
	return preview->point_total >= BS_PREVIEW_MAX_POINTS;
}

static bool append_dot(bs_shot_preview* preview, bs_vec2 point) {
	if (preview->dot_count == preview->dot_capacity) {
		int capacity = preview->dot_capacity ? 2 * preview->dot_capacity : 64;
		bs_vec2* dots = realloc(preview->dots, (size_t)capacity * sizeof *dots);
		if (!dots) {
			return false;
		}
		preview->dots = dots;
		preview->dot_capacity = capacity;
	}
	preview->dots[preview->dot_count++] = point;
	return true;
}

void bs_shot_preview_clear(bs_shot_preview* preview) {
	for (int i = 0; i < preview->path_count; ++i) {
		preview->paths[i].count = 0;
		preview->paths[i].first_hit = -1;
		preview->paths[i].pocket = -1;
	}
	preview->dot_count = 0;
	preview->point_total = 0;
	preview->events = 0;
	preview->end_time = 0.0;
	preview->complete = false;
}

void bs_shot_preview_destroy(bs_shot_preview* preview) {
	for (int i = 0; i < preview->path_count; ++i) {
		free(preview->paths[i].points);
	}
	free(preview->paths);
	free(preview->dots);
	memset(preview, 0, sizeof *preview);
}

static bool resize_paths(bs_shot_preview* preview, int count) {
	if (count <= preview->path_count) {
		return true;
	}
	bs_preview_path* paths = realloc(preview->paths, (size_t)count * sizeof *paths);
	if (!paths) {
		return false;
	}
	memset(paths + preview->path_count, 0, (size_t)(count - preview->path_count) * sizeof *paths);
	preview->paths = paths;
	preview->path_count = count;
	return true;
}

// Every moving ball's centre between the world's time and `until`, one
// point per BS_PREVIEW_STEP of the fastest ball's travel, then at `until`.
static bool sample(const bs_world* world, double until, bs_shot_preview* preview, int count) {
	double now = bs_world_time(world);
	double fastest = 0.0;
	for (int i = 0; i < count; ++i) {
		bs_ball_state ball = bs_world_ball_state(world, i, now);
		fastest = fmax(fastest, bs_v2_len(ball.vel));
	}
	if (fastest == 0.0 || !(until > now)) {
		return true;
	}
	double dt = BS_PREVIEW_STEP / fastest;
	double steps = ceil((until - now) / dt);
	steps = steps > 100000.0 ? 100000.0 : steps;
	for (double k = 1.0; k <= steps; k += 1.0) {
		double t = k == steps ? until : now + k * (until - now) / steps;
		for (int i = 0; i < count; ++i) {
			bs_ball_state ball = bs_world_ball_state(world, i, t);
			if (ball.pocketed || ball.motion <= BS_MOTION_SPINNING) {
				continue; // a ball that does not move adds nothing to its path
			}
			if (full(preview)) {
				return true; // cut off here
			}
			if (!append_point(&preview->paths[i], ball.pos)) {
				return false;
			}
			preview->point_total += 1;
		}
	}
	return true;
}

static bool add_dot_at(const bs_world* world, int id, bs_shot_preview* preview) {
	int index = bs_world_find_ball(world, id);
	if (index < 0) {
		return true;
	}
	return append_dot(preview, bs_world_ball_state(world, index, bs_world_time(world)).pos);
}

static void note_first_hit(const bs_world* world, int id, int other, bs_shot_preview* preview) {
	int index = bs_world_find_ball(world, id);
	if (index >= 0 && preview->paths[index].first_hit < 0) {
		preview->paths[index].first_hit = other;
	}
}

bool bs_shot_preview_run(bs_world* world, bs_shot_preview* preview) {
	bs_shot_preview_clear(preview);
	int count = bs_world_ball_count(world);
	double start = bs_world_time(world);
	bool ok = resize_paths(preview, count);
	for (int i = 0; ok && i < count; ++i) {
		bs_ball_state ball = bs_world_ball_state(world, i, start);
		preview->paths[i].id = ball.id;
		preview->paths[i].kind = ball.kind;
		preview->paths[i].first_hit = -1;
		preview->paths[i].pocket = -1;
		ok = append_point(&preview->paths[i], ball.pos);
		preview->point_total += 1;
	}
	double horizon = start + BS_PREVIEW_MAX_SECONDS;
	while (ok) {
		bs_event next;
		if (!bs_world_peek(world, &next)) {
			preview->complete = !bs_world_reached_time_limit(world);
			break;
		}
		if (next.time > horizon) {
			ok = sample(world, horizon, preview, count);
			break;
		}
		if (preview->events >= BS_PREVIEW_MAX_EVENTS || full(preview)) {
			break;
		}
		ok = sample(world, next.time, preview, count) && bs_world_step(world);
		if (!ok) {
			break;
		}
		preview->events += 1;
		bs_event event = bs_world_last_event(world);
		if (event.kind == BS_EVENT_BALL) {
			note_first_hit(world, event.a, event.b, preview);
			note_first_hit(world, event.b, event.a, preview);
			ok = add_dot_at(world, event.a, preview) && add_dot_at(world, event.b, preview);
		} else if (event.kind == BS_EVENT_CUSHION || event.kind == BS_EVENT_JAW) {
			ok = add_dot_at(world, event.a, preview);
		} else if (event.kind == BS_EVENT_POCKET) {
			int index = bs_world_find_ball(world, event.a);
			if (index >= 0) {
				preview->paths[index].pocket = event.b;
				preview->paths[index].pocket_time = event.time;
			}
		}
	}
	preview->end_time = bs_world_time(world);
	if (!ok) {
		bs_shot_preview_clear(preview);
	}
	return ok;
}

bool bs_shot_preview_compute(const bs_world_def* def, bs_shot_preview* preview) {
	bs_world* world = bs_world_create(def);
	if (!world) {
		bs_shot_preview_clear(preview);
		return false;
	}
	bool ok = bs_shot_preview_run(world, preview);
	bs_world_destroy(world);
	return ok;
}

int bs_polyline_simplify(const bs_vec2* points, int count, double tolerance, int* keep) {
	if (count <= 0) {
		return 0;
	}
	int kept = 0;
	keep[kept++] = 0;
	int start = 0;
	while (start < count - 1) {
		bs_vec2 from = points[start];
		// The directions (angles relative to the first one beyond the
		// tolerance) that keep every point so far within it, and how far
		// the segment must reach.
		double low = -INFINITY, high = INFINITY, base = 0.0, reach = 0.0;
		bool aimed = false;
		int end = start + 1;
		for (int k = start + 1; k < count; ++k) {
			bs_vec2 d = bs_v2_sub(points[k], from);
			double r = bs_v2_len(d);
			if (r <= tolerance && !aimed) {
				end = k; // still at the start: no direction yet
				continue;
			}
			double angle = atan2(d.y, d.x);
			if (!aimed) {
				base = angle;
				aimed = true;
			}
			double relative = remainder(angle - base, 2.0 * BS_PI);
			if (relative < low || relative > high || r < reach) {
				break;
			}
			end = k;
			double half = asin(tolerance / r);
			low = relative - half > low ? relative - half : low;
			high = relative + half < high ? relative + half : high;
			reach = r > reach ? r : reach;
		}
		keep[kept++] = end;
		start = end;
	}
	return kept;
}
