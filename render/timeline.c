#include "timeline.h"

#include <stdlib.h>
#include <string.h>

#include <breakshot/scene.h>

/// The history forgets its oldest half beyond this many bytes of states.
static const size_t history_byte_limit = (size_t)256 << 20;

static bs_ball_state* frame_states(const bs_timeline* timeline, size_t frame) {
	return timeline->states + frame * (size_t)timeline->ball_count;
}

static size_t history_frame_limit(const bs_timeline* timeline) {
	size_t per_frame = sizeof(bs_frame) + (size_t)timeline->ball_count * sizeof(bs_ball_state);
	size_t limit = history_byte_limit / per_frame;
	return limit < 4 ? 4 : limit;
}

static void forget_oldest_half(bs_timeline* timeline) {
	size_t half = timeline->frame_count / 2;
	size_t kept = timeline->frame_count - half;
	memmove(timeline->frames, timeline->frames + half, kept * sizeof(bs_frame));
	memmove(timeline->states, frame_states(timeline, half), kept * (size_t)timeline->ball_count * sizeof(bs_ball_state));
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
	timeline->frame_capacity = capacity;
	return true;
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
	timeline->frame_count += 1;
	return true;
}

bool bs_timeline_init(const bs_world_def* def, bs_timeline* dest) {
	memset(dest, 0, sizeof *dest);
	dest->world = bs_world_create(def);
	if (!dest->world) {
		return false;
	}
	dest->def = *def;
	dest->def.balls = NULL;
	dest->def.ball_count = 0;
	dest->ball_count = bs_world_ball_count(dest->world);
	dest->time = bs_world_time(dest->world);
	if (!record(dest)) {
		bs_timeline_free(dest);
		return false;
	}
	return true;
}

void bs_timeline_free(bs_timeline* timeline) {
	bs_world_destroy(timeline->world);
	free(timeline->frames);
	free(timeline->states);
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
	bs_ball_state state = frame_states(timeline, timeline->cursor)[index];
	if (!state.pocketed) {
		state.pos = bs_v2_mad(state.pos, timeline->time - frame->time, state.vel);
	}
	return state;
}

void bs_timeline_states(const bs_timeline* timeline, bs_ball_state* dest) {
	for (int i = 0; i < timeline->ball_count; ++i) {
		dest[i] = state_at(timeline, i);
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
		def->radius = state.radius;
		def->mass = state.mass;
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
