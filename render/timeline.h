// breakshot viewer: playback of a world. The live world only ever moves
// forward; every event it processes is recorded as a frame (the state of all
// balls just after it), so any earlier instant is the frame at or before it,
// carried on along the motion each ball keeps until the next event
// (bs_ball_motion_after). Under pool physics each frame also records every
// ball's orientation, turned through its exact spin since the frame before,
// so that stepping back shows the balls turned as they were. Stepping back
// reads that history; nothing is re-simulated. No GL here.
#ifndef BREAKSHOT_TIMELINE_H
#define BREAKSHOT_TIMELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <breakshot/world.h>

#include "ball_motion.h"

/// One recorded instant: the start, or just after one event.
typedef struct bs_frame {
	bs_event event;      ///< the event (kind BS_EVENT_NONE for the start)
	int64_t event_count; ///< events processed up to and including it
	double time;         ///< s
	bs_totals totals;    ///< constant until the next event: balls move freely between events
} bs_frame;

typedef struct bs_timeline {
	bs_world* world; ///< the live world, at the newest frame's time or later
	bs_world_def def; ///< the live world's table and constants (no balls)
	int ball_count;
	bs_frame* frames;       ///< oldest first
	bs_ball_state* states;  ///< ball_count states per frame
	bs_quat* orientations;  ///< ball_count orientations per frame, under pool physics; else NULL
	size_t frame_count;
	size_t frame_capacity;
	size_t dropped;         ///< frames forgotten from the front to bound memory
	size_t cursor;          ///< the frame in effect at `time`
	double time;            ///< the displayed time (s)
} bs_timeline;

/// Starts a timeline on a new world made from `def`. False when memory runs out.
bool bs_timeline_create(const bs_world_def* def, bs_timeline* dest);

void bs_timeline_destroy(bs_timeline* timeline);

/// Moves the displayed time to `time`, forwards or back. Going forward past the
/// newest frame steps the live world, at most `max_events` events (0: no limit);
/// when it stops early the time stops at the last event processed.
/// Returns the number of events the live world processed.
int64_t bs_timeline_seek(bs_timeline* timeline, double time, int64_t max_events);

/// Jumps to exactly the next event. False when no event remains.
bool bs_timeline_step_forward(bs_timeline* timeline);

/// Jumps back to exactly the previous event (or the start). False at the oldest frame.
bool bs_timeline_step_back(bs_timeline* timeline);

/// The frame in effect at the displayed time.
const bs_frame* bs_timeline_frame(const bs_timeline* timeline);

/// True when the displayed time is exactly at the current frame's event.
bool bs_timeline_at_event(const bs_timeline* timeline);

/// The states of all balls at the displayed time, in world index order, into
/// `dest` (ball_count entries).
void bs_timeline_states(const bs_timeline* timeline, bs_ball_state* dest);

/// Whether the balls turn: under pool physics they carry an orientation.
bool bs_timeline_has_orientations(const bs_timeline* timeline);

/// Turns ball `index` to `orientation` at the start, before any event (a new
/// shot goes on from the balls as they were turned). Does nothing otherwise.
void bs_timeline_set_start_orientation(bs_timeline* timeline, int index, bs_quat orientation);

/// Each ball's orientation at the displayed time into `dest` (ball_count
/// entries), when bs_timeline_has_orientations. `cache` holds the answer
/// for an earlier time (`cache_time`, `cache_event_count` its frame; pass
/// cache_event_count < 0 for none): moving on within the same frame turns
/// from there, so that playing integrates frame by frame rather than from
/// the last event each time.
void bs_timeline_orientations(const bs_timeline* timeline, const bs_quat* cache, double cache_time,
	int64_t cache_event_count, bs_quat* dest);

/// The orientation every ball starts with: its number towards the default
/// camera, its stripe level across the view.
bs_quat bs_timeline_start_orientation(void);

/// The time of the next event after the displayed time, or false when none remains.
bool bs_timeline_next_event_time(bs_timeline* timeline, double* dest);

/// The balls on the table at the displayed time as defs, for a new world
/// (`balls_dest` holds ball_count entries). Returns how many.
int bs_timeline_export(const bs_timeline* timeline, bs_ball_def* balls_dest);

/// The displayed state as scene JSON (bs_scene_dump_world), malloc'd; NULL
/// when memory runs out.
char* bs_timeline_dump(bs_timeline* timeline);

#endif
