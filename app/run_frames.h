// breakshot run --method frames: the scene stepped by the frame-stepped
// baseline (sim/frame_step.h) instead of the exact event method, with the
// same trace format and a summary of what the frames missed.
#ifndef BREAKSHOT_RUN_FRAMES_H
#define BREAKSHOT_RUN_FRAMES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <breakshot/world.h>

typedef struct bs_frames_run {
	const char* scene_path; ///< for the summary's title
	double dt;              ///< frame length (s), > 0
	int64_t max_contacts;   ///< stop after the frame that reaches this many contacts; 0: no limit
	int64_t default_frames; ///< the default limit, in frames, of a run given no other; 0: none
	double until;           ///< absolute end time (s); the last frame is shortened to land on it
	bool has_until;
	FILE* trace;            ///< the open CSV trace (the caller commits it), or NULL
	double sample;          ///< sample interval (s) for the trace; 0: a row per contact
} bs_frames_run;

/// Runs the frames method on a checked world def, writes the trace rows and
/// prints the summary. Returns the exit status: 0, or 1 when memory runs out
/// (the caller then discards the trace).
int bs_run_frames(const bs_world_def* def, const bs_frames_run* run);

#endif
