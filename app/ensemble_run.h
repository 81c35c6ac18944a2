// breakshot ensemble: one run of an ensemble, simulated to its end, and its
// row of runs.csv, written and read back. Columns (docs/ensemble.md):
//
//   run,seed,<each varied field>,events,time,settled,pocketed,
//   ball_<id>_pocket for each ball by id,cue_x,cue_y,scratch
//
// A row read back (for --resume) must print again to the very same text, so
// that a resumed ensemble gives the same bytes as an uninterrupted one.
#ifndef BREAKSHOT_ENSEMBLE_RUN_H
#define BREAKSHOT_ENSEMBLE_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ensemble_spec.h"

/// The most balls an ensemble's scene may have: each is a column of runs.csv.
#define BS_ENSEMBLE_MAX_BALLS 64
/// A run stops after this many events, unsettled (a frictionless table may
/// never come to rest; a pool break takes about a hundred).
#define BS_ENSEMBLE_MAX_EVENTS 1000000
/// Room for one row of text, the newline and the terminating zero.
#define BS_ENSEMBLE_ROW_TEXT 4096

/// The outcome of one run.
typedef struct bs_ensemble_row {
	int64_t run;   ///< its index, from 0
	uint64_t seed; ///< its seed (bs_ensemble_run_seed), the rack's jitter seed unless rack.seed=fixed
	double values[BS_VARY_FIELD_COUNT]; ///< the varied fields' values (the others are not written)
	int64_t events; ///< events processed
	double time;    ///< simulated time from the shot to the end (s)
	bool settled;   ///< no event was left: every ball at rest or pocketed
	int pocketed;   ///< object balls (every ball but the cue ball) pocketed
	/// The pocket (0-5, numbered as in scenes/README.md) each ball went
	/// into, or -1; by column (the balls sorted by id)
	int8_t pockets[BS_ENSEMBLE_MAX_BALLS];
	double cue_x, cue_y; ///< where the cue ball ended (m): its rest, or where a pocket took it
	bool scratch;        ///< the cue ball was pocketed
} bs_ensemble_row;

/// What the runs share: the shot maker, the master seed and the columns.
typedef struct bs_ensemble_context {
	bs_shot_maker maker;
	uint64_t seed;  ///< S: the ensemble's seed
	int ball_count; ///< the scene's balls, all of which get a column
	int ids[BS_ENSEMBLE_MAX_BALLS]; ///< their ids, ascending: the order of the columns
	int cue_id;     ///< the cue ball's id: bs_ensemble_cue_id
	int cue_column; ///< the cue ball's column
	/// A test hook: the run whose world is taken not to fit in memory, as
	/// if the allocation had failed (-1: none)
	int64_t no_memory_run;
} bs_ensemble_context;

/// The id of the ball the runs strike and follow as the cue ball: the
/// scene's cue.ball, or 0 for a scene without a cue.
int bs_ensemble_cue_id(const bs_scene* scene);

/// The context of an ensemble of `scene` (which must have a ball with id
/// bs_ensemble_cue_id and at most BS_ENSEMBLE_MAX_BALLS balls) varied by
/// `plan`, seeded with S = `seed`. Both must outlive it.
bs_ensemble_context bs_ensemble_context_make(const bs_scene* scene, const bs_vary_plan* plan, uint64_t seed);

/// How a run went.
typedef enum bs_ensemble_outcome {
	BS_ENSEMBLE_RUN_DONE,      ///< simulated to its end
	BS_ENSEMBLE_RUN_BAD_SHOT,  ///< its shot cannot start: the ensemble's input is at fault
	BS_ENSEMBLE_RUN_NO_MEMORY, ///< its world could not be made: the machine is at fault
} bs_ensemble_outcome;

/// Simulates run `run` to its end. On failure writes one message and says
/// which.
bs_ensemble_outcome bs_ensemble_simulate(
	const bs_ensemble_context* context, int64_t run, bs_ensemble_row* row, char* error, size_t error_size);

/// runs.csv's header line, with its newline.
void bs_ensemble_format_header(const bs_ensemble_context* context, char* dest, size_t size);

/// A row as its line of text, with its newline. Returns its length.
size_t bs_ensemble_format_row(const bs_ensemble_context* context, const bs_ensemble_row* row, char* dest, size_t size);

/// Reads a line written by bs_ensemble_format_row (without its newline)
/// back. False when it is not one: a wrong number of columns, a number that
/// does not read, or any text that would not print again the same.
bool bs_ensemble_parse_row(const bs_ensemble_context* context, const char* line, bs_ensemble_row* row);

#endif
