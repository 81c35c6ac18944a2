#include "timeline.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <breakshot/scene.h>

/// The history forgets its oldest half beyond this many bytes of states.
static const size_t history_byte_limit = (size_t)256 << 20;

static bs_ball_state* frame_states(const bs_timeline* timeline, size_t frame) {
	return timeline->states + frame * (size_t)timeline->ball_count;
}

static bs_quat* frame_orientations(const bs_timeline* timeline, size_t frame) {
	return timeline->orientations + frame * (size_t)timeline->ball_count;
}

static size_t history_frame_limit(const bs_timeline* timeline) {
	size_t per_ball = sizeof(bs_ball_state) + (timeline->orientations ? sizeof(bs_quat) : 0);
	size_t per_frame = sizeof(bs_frame) + (size_t)timeline->ball_count * per_ball;
	size_t limit = history_byte_limit / per_frame;
	return limit < 4 ? 4 : limit;
}

static void forget_oldest_half(bs_timeline* timeline) {
	size_t half = timeline->frame_count / 2;
	size_t kept = timeline->frame_count - half;
	memmove(timeline->frames, timeline->frames + half, kept * sizeof(bs_frame));
	memmove(timeline->states, frame_states(timeline, half), kept * (size_t)timeline->ball_count * sizeof(bs_ball_state));
	if (timeline->orientations) {
		memmove(timeline->orientations, frame_orientations(timeline, half),
			kept * (size_t)timeline->ball_count * sizeof(bs_quat));
	}
	timeline->frame_count = kept;
	timeline->cursor = timeline->cursor >= half ? timeline->cursor - half : 0;
	timeline->dropped += half;
}

static bool grow(bs_timeline* timeline) {
	if (timeline->frame_count >= history_frame_limit(timeline)) {
		forget_oldest_half(timeline);
	}
	if (timeline->frame_count < timeline->frame_capacity) {
		return true;
	}
	size_t capacity = timeline->frame_capacity ? 2 * timeline->frame_capacity : 256;
	size_t balls = timeline->ball_count > 0 ? (size_t)timeline->ball_count : 1;
	bs_frame* frames = realloc(timeline->frames, capacity * sizeof(bs_frame));
	if (!frames) {
		return false;
	}
	timeline->frames = frames;
	bs_ball_state* states = realloc(timeline->states, capacity * balls * sizeof(bs_ball_state));
	if (!states) {
		return false;
	}
	timeline->states = states;
	if (timeline->def.physics == BS_PHYSICS_POOL) {
		bs_quat* orientations = realloc(timeline->orientations, capacity * balls * sizeof(bs_quat));
		if (!orientations) {
			return false;
		}
		timeline->orientations = orientations;
	}
	timeline->frame_capacity = capacity;
	return true;
}

bs_quat bs_timeline_start_orientation(void) {
	// The default orbit camera looks down at 0.93 rad from the y = 0 side (camera.c).
	double c = cos(0.93);
	double s = sin(0.93);
	return bs_quat_facing(bs_v3(0.0, -c, s), bs_v3(0.0, s, c));
}

// The orientations `dt` s after `from`, each ball turning along `states`.
static void turn_balls(const bs_timeline* timeline, const bs_ball_state* states, const bs_quat* from, double dt,
	bs_quat* dest) {
	for (int i = 0; i < timeline->ball_count; ++i) {
		dest[i] = bs_ball_turn(from[i], &states[i], timeline->def.physics, &timeline->def.pool, dt);
	}
}

// Appends the live world's state as the newest frame.
static bool record(bs_timeline* timeline) {
	if (!grow(timeline)) {
		return false;
	}
	bs_world* world = timeline->world;
	bs_frame* frame = &timeline->frames[timeline->frame_count];
	frame->event = bs_world_last_event(world);
	frame->event_count = bs_world_event_count(world);
	frame->time = bs_world_time(world);
	frame->totals = bs_world_totals(world);
	bs_ball_state* states = frame_states(timeline, timeline->frame_count);
	for (int i = 0; i < timeline->ball_count; ++i) {
		states[i] = bs_world_ball_state(world, i, frame->time);
	}
	if (timeline->orientations) {
		bs_quat* orientations = frame_orientations(timeline, timeline->frame_count);
		for (int i = 0; i < timeline->ball_count; ++i) {
			orientations[i] = bs_timeline_start_orientation();
		}
		if (timeline->frame_count > 0) {
			// Each ball turned since the frame before along the motion it kept until now.
			size_t before = timeline->frame_count - 1;
			double dt = frame->time - timeline->frames[before].time;
			turn_balls(timeline, frame_states(timeline, before), frame_orientations(timeline, before), dt,
				orientations);
		}
	}
	timeline->frame_count += 1;
	return true;
}

bool bs_timeline_create(const bs_world_def* def, bs_timeline* dest) {
	memset(dest, 0, sizeof *dest);
	dest->world = bs_world_create(def);
	if (!dest->world) {
		return false;
	}
	dest->def = *def;
	dest->def.balls = NULL;
	dest->def.ball_count = 0;
	dest->ball_count = bs_world_ball_count(dest->world);
	if (def->physics == BS_PHYSICS_POOL) {
		// Sized with the frames in grow(); allocated now so that record() knows to fill it.
		dest->orientations = malloc(sizeof(bs_quat));
		if (!dest->orientations) {
			bs_timeline_destroy(dest);
			return false;
		}
	}
	dest->time = bs_world_time(dest->world);
	if (!record(dest)) {
		bs_timeline_destroy(dest);
		return false;
	}
	return true;
}

void bs_timeline_destroy(bs_timeline* timeline) {
	bs_world_destroy(timeline->world);
	free(timeline->frames);
	free(timeline->states);
	free(timeline->orientations);
	memset(timeline, 0, sizeof *timeline);
}

static bool at_newest(const bs_timeline* timeline) {
	return timeline->cursor + 1 == timeline->frame_count;
}

// Steps the live world once and records it; only valid at the newest frame.
static bool step_live(bs_timeline* timeline) {
	if (!bs_world_step(timeline->world)) {
		return false;
	}
	if (!record(timeline)) {
		return false;
	}
	timeline->cursor = timeline->frame_count - 1;
	return true;
}

int64_t bs_timeline_seek(bs_timeline* timeline, double time, int64_t max_events) {
	while (timeline->cursor > 0 && timeline->frames[timeline->cursor].time > time) {
		timeline->cursor -= 1;
	}
	if (time < timeline->frames[timeline->cursor].time) {
		time = timeline->frames[timeline->cursor].time; // before the oldest frame kept
	}
	while (!at_newest(timeline) && timeline->frames[timeline->cursor + 1].time <= time) {
		timeline->cursor += 1;
	}
	int64_t processed = 0;
	if (at_newest(timeline)) {
		bs_event next;
		while (bs_world_peek_until(timeline->world, time, &next)) {
			if ((max_events > 0 && processed >= max_events) || !step_live(timeline)) {
				time = bs_world_time(timeline->world);
				break;
			}
			processed += 1;
		}
	}
	timeline->time = time;
	return processed;
}

bool bs_timeline_step_forward(bs_timeline* timeline) {
	if (!at_newest(timeline)) {
		timeline->cursor += 1;
	} else if (!step_live(timeline)) {
		return false;
	}
	timeline->time = timeline->frames[timeline->cursor].time;
	return true;
}

bool bs_timeline_step_back(bs_timeline* timeline) {
	const bs_frame* frame = &timeline->frames[timeline->cursor];
	// Between events, "back" first returns to the event in effect.
	if (timeline->time > frame->time) {
		timeline->time = frame->time;
		return true;
	}
	if (timeline->cursor == 0) {
		return false;
	}
	timeline->cursor -= 1;
	timeline->time = timeline->frames[timeline->cursor].time;
	return true;
}

const bs_frame* bs_timeline_frame(const bs_timeline* timeline) {
	return &timeline->frames[timeline->cursor];
}

bool bs_timeline_at_event(const bs_timeline* timeline) {
	const bs_frame* frame = bs_timeline_frame(timeline);
	return frame->event.kind != BS_EVENT_NONE && timeline->time == frame->time;
}

// The live world can answer for the displayed time only from its own time on.
static bool live_world_in_effect(const bs_timeline* timeline) {
	return at_newest(timeline) && timeline->time >= bs_world_time(timeline->world);
}

static bs_ball_state state_at(const bs_timeline* timeline, int index) {
	if (live_world_in_effect(timeline)) {
		return bs_world_ball_state(timeline->world, index, timeline->time);
	}
	const bs_frame* frame = bs_timeline_frame(timeline);
	const bs_ball_state* state = &frame_states(timeline, timeline->cursor)[index];
	return bs_ball_motion_after(state, timeline->def.physics, &timeline->def.pool, timeline->time - frame->time);
}

void bs_timeline_states(const bs_timeline* timeline, bs_ball_state* dest) {
	for (int i = 0; i < timeline->ball_count; ++i) {
		dest[i] = state_at(timeline, i);
	}
}

bool bs_timeline_has_orientations(const bs_timeline* timeline) {
	return timeline->orientations != NULL;
}

void bs_timeline_set_start_orientation(bs_timeline* timeline, int index, bs_quat orientation) {
	if (timeline->orientations && timeline->frame_count == 1 && index >= 0 && index < timeline->ball_count) {
		timeline->orientations[index] = orientation;
	}
}

void bs_timeline_orientations(const bs_timeline* timeline, const bs_quat* cache, double cache_time,
	int64_t cache_event_count, bs_quat* dest) {
	const bs_frame* frame = bs_timeline_frame(timeline);
	const bs_quat* from = frame_orientations(timeline, timeline->cursor);
	double from_time = frame->time;
	if (cache_event_count == frame->event_count && cache_time >= frame->time && cache_time <= timeline->time) {
		from = cache;
		from_time = cache_time;
	}
	// A ball's motion from `from_time` on is its frame state carried on to then.
	const bs_ball_state* states = frame_states(timeline, timeline->cursor);
	for (int i = 0; i < timeline->ball_count; ++i) {
		bs_ball_state now = bs_ball_motion_after(&states[i], timeline->def.physics, &timeline->def.pool,
			from_time - frame->time);
		dest[i] = bs_ball_turn(from[i], &now, timeline->def.physics, &timeline->def.pool, timeline->time - from_time);
	}
}

bool bs_timeline_next_event_time(bs_timeline* timeline, double* dest) {
	if (!at_newest(timeline)) {
		*dest = timeline->frames[timeline->cursor + 1].time;
		return true;
	}
	bs_event next;
	if (!bs_world_peek(timeline->world, &next)) {
		return false;
	}
	*dest = next.time;
	return true;
}

int bs_timeline_export(const bs_timeline* timeline, bs_ball_def* balls_dest) {
	if (live_world_in_effect(timeline) && timeline->time == bs_world_time(timeline->world)) {
		return bs_world_export_balls(timeline->world, balls_dest);
	}
	int count = 0;
	for (int i = 0; i < timeline->ball_count; ++i) {
		bs_ball_state state = state_at(timeline, i);
		if (state.pocketed) {
			continue;
		}
		bs_ball_def* def = &balls_dest[count++];
		*def = bs_default_ball_def();
		def->id = state.id;
		def->pos = state.pos;
		def->vel = state.vel;
		def->omega = state.omega;
		def->radius = state.radius;
		def->mass = state.mass;
		def->kind = state.kind;
	}
	return count;
}

char* bs_timeline_dump(bs_timeline* timeline) {
	if (live_world_in_effect(timeline)) {
		if (timeline->time > bs_world_time(timeline->world)) {
			bs_world_advance(timeline->world, timeline->time, 0);
		}
		return bs_scene_dump_world(timeline->world);
	}
	size_t count = timeline->ball_count > 0 ? (size_t)timeline->ball_count : 1;
	bs_ball_def* balls = malloc(count * sizeof *balls);
	if (!balls) {
		return NULL;
	}
	bs_world_def def = timeline->def;
	def.time = timeline->time;
	def.balls = balls;
	def.ball_count = bs_timeline_export(timeline, balls);
	bs_world* world = bs_world_create(&def);
	char* text = world ? bs_scene_dump_world(world) : NULL;
	bs_world_destroy(world);
	free(balls);
	return text;
}
