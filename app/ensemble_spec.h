// breakshot ensemble: what varies from run to run (--vary), and the shot of
// one run drawn from it. The grammar is in docs/ensemble.md:
//
//   --vary FIELD=uniform:LO:HI | FIELD=grid:LO:HI:K | FIELD=normal:MEAN:SD
//   --vary rack.seed=random | rack.seed=fixed
//
// Run i's seed is the (i + 1)-th number of the SplitMix64 stream seeded with
// S, so it depends on S and i alone: any split of the runs among threads or
// processes draws the same shots. The rack's jitter seed is the run's seed
// (unless rack.seed=fixed); the varied values come from a second SplitMix64
// stream seeded from it, drawn in field order; the grid fields take run i's
// cell of their product, the first grid field varying fastest.
#ifndef BREAKSHOT_ENSEMBLE_SPEC_H
#define BREAKSHOT_ENSEMBLE_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <breakshot/rack.h>
#include <breakshot/scene.h>

/// The fields a spec can vary, in the order of runs.csv's columns.
typedef enum bs_vary_field {
	BS_VARY_CUE_SPEED,     ///< cue.speed: the scene's speed, the cue ball's or the stick's (m/s)
	BS_VARY_CUE_ANGLE,     ///< cue.angle_deg (degrees); replaces a scene's cue.aim
	BS_VARY_TIP_SIDE,      ///< cue.tip.side (fraction of the radius)
	BS_VARY_TIP_HEIGHT,    ///< cue.tip.height (fraction of the radius)
	BS_VARY_ELEVATION,     ///< cue.elevation_deg (degrees)
	BS_VARY_CUE_BALL_X,    ///< cue.ball.x: the cue ball's starting x (m), in the kitchen
	BS_VARY_CUE_BALL_Y,    ///< cue.ball.y: the cue ball's starting y (m)
	BS_VARY_FIELD_COUNT,
} bs_vary_field;

/// How a field varies.
typedef enum bs_vary_kind {
	BS_VARY_NONE = 0, ///< it keeps the scene's value
	BS_VARY_UNIFORM,  ///< uniformly in [lo, hi)
	BS_VARY_GRID,     ///< over `steps` values evenly from lo to hi, both included
	BS_VARY_NORMAL,   ///< normally, mean lo and standard deviation hi
} bs_vary_kind;

typedef struct bs_vary {
	bs_vary_kind kind;
	double lo, hi; ///< see bs_vary_kind
	int steps;     ///< grid values, >= 2
} bs_vary;

/// The most values a grid field takes, and the most cells of all grids.
#define BS_VARY_MAX_STEPS 1000000
/// The most draws of one run's random values before it is refused.
#define BS_VARY_MAX_DRAWS 100

/// Everything that varies.
typedef struct bs_vary_plan {
	bool rack_fixed;   ///< rack.seed=fixed: every run keeps the scene's rack seed
	bool rack_given;   ///< rack.seed was named by a --vary
	bs_vary fields[BS_VARY_FIELD_COUNT];
	int64_t grid_cells; ///< the product of the grid fields' steps (1 without any)
} bs_vary_plan;

/// A plan in which only the rack's seed varies (when the scene has a rack).
bs_vary_plan bs_vary_plan_default(void);

/// The name of a field as --vary and runs.csv spell it ("cue.speed").
const char* bs_vary_field_name(bs_vary_field field);

/// Parses one --vary argument into `plan`. On failure writes one message
/// naming the part that is wrong into `error` and returns false.
bool bs_vary_parse(const char* text, bs_vary_plan* plan, char* error, size_t error_size);

/// Checks the plan against the scene: the fields it varies exist there (a
/// rack for rack.seed, a cue for cue.*, a stick for the tip and elevation),
/// and the ranges fit (speeds >= 0, elevations in [0, 90), tip components
/// within the miscue limit, the cue ball behind the head string and on the
/// table). False with one message otherwise.
bool bs_vary_check(const bs_vary_plan* plan, const bs_scene* scene, char* error, size_t error_size);

/// Run `run`'s seed: the (run + 1)-th number of the SplitMix64 stream seeded
/// with `seed`.
uint64_t bs_ensemble_run_seed(uint64_t seed, int64_t run);

/// Everything a run needs to build its shot, shared read-only by all threads.
typedef struct bs_shot_maker {
	const bs_scene* scene; ///< the loaded scene: table, physics, rack, cue
	const bs_vary_plan* plan;
	int cue_index; ///< the cue ball's index in the scene's balls
} bs_shot_maker;

/// Builds run `run`'s world def into `def` and `balls` (which must hold the
/// scene's ball count) and its varied values into `values` (the scene's
/// value for a field that does not vary). Draws again, up to
/// BS_VARY_MAX_DRAWS times, while the shot is not one a world can start
/// from (a tip that miscues, a cue ball off the table or beyond the head
/// string, overlapping another ball); then fails with one message naming
/// the run and why.
bool bs_shot_make(const bs_shot_maker* maker, uint64_t run_seed, int64_t run, bs_world_def* def, bs_ball_def* balls,
	double values[BS_VARY_FIELD_COUNT], char* error, size_t error_size);

#endif
