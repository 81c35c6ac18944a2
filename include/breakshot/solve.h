// breakshot: which shot to play. A search over the cue's aim, speed, tip and
// elevation for the shots that achieve a goal (pot a ball, make a
// three-cushion point, play a legal scoring shot in a game), each ranked by
// its probability of success under execution noise, estimated by Monte
// Carlo with a 95 % interval.
//
// Candidates come from geometry (the ghost ball, banks and kicks through
// mirrored targets, combinations and caroms off a ball, and for
// three-cushion a sweep of the whole circle), each is refined by exact
// simulation to the centre of the window of aims that succeed, and the best
// are sampled under noise. Every sample's random numbers depend on the
// shot and the sample's index alone, so the result is the same bits for any
// number of threads or processes. docs/solve.md describes the search.
//
//   bs_solve_def def = bs_default_solve_def();
//   def.world = position;                     // balls at rest
//   def.goal.kind = BS_GOAL_POT; def.goal.ball = 9; def.goal.pocket = -1;
//   bs_solve_result* result = bs_solve_result_create();
//   if (bs_solve(&def, result, error, sizeof error)) {
//       const bs_solved_shot* best = bs_solve_result_shot(result, 0);
//       printf("%.3f [%.3f, %.3f]\n", best->probability, best->low, best->high);
//   }
//   bs_solve_result_destroy(result);
#ifndef BREAKSHOT_SOLVE_H
#define BREAKSHOT_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <breakshot/api.h>
#include <breakshot/game.h>
#include <breakshot/rules.h>
#include <breakshot/scene.h>
#include <breakshot/world.h>

/// Most shots a result ranks (bs_solve_def.top).
#define BS_SOLVE_MAX_TOP 64

/// Most values in each of the search's lists of speeds, tips and elevations.
#define BS_SOLVE_MAX_LEVELS 16

/// Most noise samples per shot (bs_solve_def.samples).
#define BS_SOLVE_MAX_SAMPLES 10000000

/// Most threads a search runs.
#define BS_SOLVE_MAX_THREADS 1024

/// The standard normal quantile of a two-sided 95 % interval.
#define BS_SOLVE_Z95 1.959963984540054

/// How a shot misses its execution: each of the cue's settings is drawn
/// from a Gaussian centred on the one intended, with these standard
/// deviations (0 for none). The default is the computational pool
/// tournaments' noise.
typedef struct bs_noise_def {
	double aim_deg;       ///< σ of the aim angle (degrees, >= 0); default 0.125
	double elevation_deg; ///< σ of the cue's elevation (degrees, >= 0); default 0.1
	double speed;         ///< σ of the stick speed (m/s, >= 0); default 0.075
	double tip;           ///< σ of each of the tip's two offsets (m, >= 0); default 0.0005
} bs_noise_def;

/// The computational pool tournaments' noise (σ 0.125°, 0.1°, 0.075 m/s, 0.5 mm).
BS_API bs_noise_def bs_default_noise_def(void);

/// Draws one execution of `cue` under `noise`: sample `index` of the stream
/// `seed`, the same numbers on every machine. A drawn elevation below 0 is
/// reflected to its magnitude, and a speed below 0 likewise; a tip drawn
/// beyond the miscue limit (0.5 of the radius from the centre) is left
/// there, and bs_shot_evaluate counts such a shot a miscue, a failure.
BS_API bs_cue_def bs_noise_draw(const bs_noise_def* noise, const bs_cue_def* cue, double radius, uint64_t seed,
	int64_t index);

/// What a shot must achieve.
typedef enum bs_goal_kind {
	/// Pot the ball `ball` in the pocket `pocket` (-1: any pocket). Decided
	/// the moment it drops: what the cue ball does after (a scratch) does
	/// not count; a region (bs_goal.has_region) over the whole table asks
	/// for the cue ball to stay on it.
	BS_GOAL_POT = 0,
	/// A three-cushion point: the cue ball touches both other balls, and
	/// touches cushions three times before its first touch of the second.
	/// Decided at that touch.
	BS_GOAL_THREE_CUSHION,
	/// A shot in a game (bs_solve_def.game) that its rules score: no foul and
	/// the ruling's `scored` (a legal pot, a carom point), or the game won.
	/// The call is part of each shot (bs_solved_shot.call).
	BS_GOAL_GAME,
	BS_GOAL_KIND_COUNT ///< how many kinds there are (not a goal)
} bs_goal_kind;

/// The lower-case name of a goal kind ("pot", "three_cushion", "game"), or "unknown".
BS_API const char* bs_goal_kind_name(bs_goal_kind kind);

/// A goal: what success is.
typedef struct bs_goal {
	bs_goal_kind kind;
	int ball;   ///< BS_GOAL_POT: the id of the ball to pot
	int pocket; ///< BS_GOAL_POT: the pocket's index (table.h), or -1 for any
	/// Position play: the cue ball must also come to rest inside the
	/// rectangle [region_min, region_max] (m).
	bool has_region;
	bs_vec2 region_min; ///< the region's corner of least x and y (m)
	bs_vec2 region_max; ///< the region's corner of greatest x and y (m)
} bs_goal;

/// Reports how far a search has come: `fraction` of it done, in [0, 1],
/// never decreasing, in the stage named by `stage` ("candidates",
/// "refining", "sampling").
typedef void (*bs_solve_progress_fn)(void* closure, double fraction, const char* stage);

/// Shares the work of several processes (MPI ranks). The search cuts each
/// batch of `count` items of `item_size` bytes into `ranks` contiguous
/// slices, fills its own slice [count * rank / ranks, count * (rank + 1) /
/// ranks) of `items`, and calls this, which must fill the other slices
/// with what the other ranks computed (an all-gather). Every rank runs the
/// same search, so every rank makes the same calls.
typedef void (*bs_solve_share_fn)(void* closure, void* items, size_t item_size, int count);

/// Asked, while a search runs, whether to stop it now (true: stop). It is
/// asked on every one of the search's threads, at once, so it must be safe
/// to call so: reading an atomic flag that another thread sets, say.
typedef bool (*bs_solve_cancel_fn)(void* closure);

/// What to search and how. Get one from bs_default_solve_def() and set what differs.
typedef struct bs_solve_def {
	/// The position: the table, the physics (pool physics) and the balls at
	/// rest. Ignored when `game` is set: the game's position is used.
	bs_world_def world;
	/// A game in progress (NULL: none). Its shooter's cue ball is struck,
	/// and BS_GOAL_GAME judges each shot by its rules.
	const bs_game* game;
	int cue_ball; ///< the id of the ball struck, without a game (0)
	bs_goal goal; ///< what success is
	bs_noise_def noise; ///< the execution noise
	int samples;  ///< noise samples per ranked shot (> 0; 1000)
	/// Noise samples per shot while choosing which shots to rank (> 0; 64):
	/// the search keeps the best `refine` shots by this estimate.
	int screen_samples;
	int top;     ///< shots to rank fully and return, at most BS_SOLVE_MAX_TOP (5)
	int refine;  ///< shots sampled with `screen_samples` before the top are chosen (>= top; 16)
	/// The stick speeds tried (m/s, in (0, 10]): { 2, 3.5, 6 }.
	double speeds[BS_SOLVE_MAX_LEVELS];
	int speed_count;
	/// The tips tried, as bs_cue_def.tip (fractions of the radius, each at
	/// most 0.45 from the centre): centre, follow 0.3, draw 0.3, and 0.3 of
	/// right and of left english.
	bs_vec2 tips[BS_SOLVE_MAX_LEVELS];
	int tip_count;
	/// The cue elevations tried (degrees, in [0, 60]): { 0 }.
	double elevations[BS_SOLVE_MAX_LEVELS];
	int elevation_count;
	/// How far either side of a candidate's geometric aim the search looks
	/// for the window of aims that succeed (degrees, > 0; 3).
	double aim_reach_deg;
	/// Weight of the position term in a shot's value (>= 0; 0): the value is
	/// the probability of success plus `position_weight` times the
	/// probability of the next shot's best pot from where the cue ball ends
	/// (BS_GOAL_GAME and BS_GOAL_POT with a game or more object balls).
	double position_weight;
	uint64_t seed; ///< the stream every noise sample is drawn from (1)
	int threads;   ///< threads to run on (>= 1; 1)
	int rank;      ///< this process's rank (0) among `ranks` (1), with `share` to gather their work
	int ranks;
	bs_solve_share_fn share;
	void* share_closure; ///< passed to `share`
	bs_solve_progress_fn progress; ///< NULL: no reports
	void* progress_closure; ///< passed to `progress`
	/// NULL: the search runs to its end. Otherwise asked between pieces of
	/// work; once it says stop, bs_solve and bs_solve_heat_map return false
	/// with "cancelled" within a few shots' time. NULL with ranks > 1: a
	/// rank that stopped alone would leave the others waiting.
	bs_solve_cancel_fn cancel;
	void* cancel_closure; ///< passed to `cancel`
} bs_solve_def;

/// Pot the 1 in any pocket, cue ball 0, on a default pool world with no
/// balls, the default noise, 1000 samples, top 5, one thread.
BS_API bs_solve_def bs_default_solve_def(void);

/// How a shot was found.
typedef enum bs_shot_family {
	BS_SHOT_DIRECT = 0,  ///< the cue ball straight at the object ball, which goes straight to its pocket
	BS_SHOT_BANK,        ///< the object ball off one cushion into its pocket
	BS_SHOT_KICK,        ///< the cue ball off one cushion to the object ball
	BS_SHOT_COMBINATION, ///< the object ball driven into a second ball, which is potted
	BS_SHOT_CAROM,       ///< the cue ball glances off one ball into the object ball (a carom, a cannon)
	BS_SHOT_SWEEP,       ///< from a sweep of every direction (three-cushion)
	BS_SHOT_FAMILY_COUNT ///< how many families there are (not a family)
} bs_shot_family;

/// The lower-case name of a family ("direct", "bank", "kick",
/// "combination", "carom", "sweep"), or "unknown".
BS_API const char* bs_shot_family_name(bs_shot_family family);

/// One shot the search ranked.
typedef struct bs_solved_shot {
	bs_cue_def cue;       ///< the shot: stick speed, aim angle, tip, elevation (paste it into a scene's "cue")
	bs_shot_call call;    ///< what the shot calls (BS_GOAL_GAME; else the goal's ball and pocket)
	bs_shot_family family; ///< how it was found
	int object_ball;      ///< the id of the ball it plays first (the ghost ball's), or -1
	int64_t samples;      ///< noise samples drawn
	int64_t successes;    ///< of them, how many achieved the goal
	double probability;   ///< successes / samples
	double low;           ///< the 95 % interval's low end (Wilson's score interval)
	double high;          ///< its high end
	double window_deg;    ///< the width of the window of aims that succeed without noise (degrees)
	bool nominal_success; ///< the shot as given, without noise, achieves the goal
	/// Where the cue ball comes to rest, over the samples that succeed: the
	/// mean (m) and the standard deviation along x and along y (m). NaN
	/// when none succeeds, or the cue ball is pocketed in every one.
	bs_vec2 cue_end_mean;
	bs_vec2 cue_end_sd;
	/// The position term: the next shot's best chance from where this shot,
	/// played without noise, leaves the balls (0 without a position weight,
	/// and on a table without pockets, where no pot is next)
	double position;
	double value;    ///< probability + position_weight * position: the rank
} bs_solved_shot;

/// A search's result: the shots ranked best first. Opaque, owned by the caller.
typedef struct bs_solve_result bs_solve_result;

/// An empty result. Returns NULL when memory runs out.
BS_API bs_solve_result* bs_solve_result_create(void);

/// Frees a result. Accepts NULL.
BS_API void bs_solve_result_destroy(bs_solve_result* result);

/// How many shots a result holds (at most the def's `top`; 0 when no
/// candidate succeeded even without noise).
BS_API int bs_solve_result_count(const bs_solve_result* result);

/// Shot `index` of a result, best first.
BS_API const bs_solved_shot* bs_solve_result_shot(const bs_solve_result* result, int index);

/// How many shots the search simulated, noise samples included.
BS_API int64_t bs_solve_result_evaluations(const bs_solve_result* result);

/// Checks a def. Returns false, writing one line into `error` that names
/// the field ("goal.ball: no ball with id 12 on the table", "noise.speed:
/// -1 must be >= 0", "samples: must be positive"), for a def a search
/// cannot run.
BS_API bool bs_solve_def_check(const bs_solve_def* def, char* error, size_t error_size);

/// Searches. Writes the ranked shots into `dest` and returns true (with no
/// shots when nothing succeeds). Returns false, writing one line into
/// `error`, for a def bs_solve_def_check refuses, when memory runs out or
/// a thread cannot start, or with "cancelled" when the def's cancel
/// stopped it.
BS_API bool bs_solve(const bs_solve_def* def, bs_solve_result* dest, char* error, size_t error_size);

/// The outcome of one shot.
typedef struct bs_shot_outcome {
	bool success;      ///< the goal was achieved
	bool decided_early; ///< the goal was decided before everything came to rest
	bool cue_on_table; ///< the cue ball ended on the table (meaningful when run to rest)
	bs_vec2 cue_end;   ///< where the cue ball came to rest (m), when run to rest and on the table
	int64_t events;    ///< events simulated
} bs_shot_outcome;

/// A reusable evaluator: one world, reset for each shot. Opaque; one per thread.
typedef struct bs_shot_evaluator bs_shot_evaluator;

/// An evaluator for the position and goal of `def` (checked as by
/// bs_solve_def_check). Returns NULL, writing one line into `error`, otherwise.
BS_API bs_shot_evaluator* bs_shot_evaluator_create(const bs_solve_def* def, char* error, size_t error_size);

/// Frees an evaluator. Accepts NULL.
BS_API void bs_shot_evaluator_destroy(bs_shot_evaluator* evaluator);

/// Simulates the shot `cue` (with `call` for BS_GOAL_GAME; NULL: none) and
/// says whether it achieves the goal. With `to_rest` false it stops as soon
/// as the goal is decided (a pot, a point or a miss of the goal; for a
/// game's shot a certain foul: the cue ball dropped, or no ball on among
/// its first contact); with it true it runs to rest and gives where the
/// cue ball ends. A cue bs_cue_def_check would refuse (a miscue, a speed
/// out of range) is a failure with no events.
BS_API bs_shot_outcome bs_shot_evaluate(bs_shot_evaluator* evaluator, const bs_cue_def* cue,
	const bs_shot_call* call, bool to_rest);

/// The success probability over a grid of aims and speeds around `shot`
/// (its tip and elevation kept), with `samples` noise samples per cell
/// (def->noise, def->seed): dest[row * aim_count + column] for the aim
/// shot->cue.angle_deg + aim_span_deg * (column / (aim_count - 1) - 1/2)
/// and the speed speed_min + (speed_max - speed_min) * row / (speed_count -
/// 1). Uses def->threads and def->share as bs_solve does. Returns false,
/// writing one line into `error`, for a def bs_solve_def_check refuses,
/// counts below 2, a span or speeds out of range.
BS_API bool bs_solve_heat_map(const bs_solve_def* def, const bs_solved_shot* shot, double aim_span_deg,
	int aim_count, double speed_min, double speed_max, int speed_count, int samples, double* dest, char* error,
	size_t error_size);

/// Wilson's score interval at 95 % for `successes` of `samples`: writes
/// its ends into `low` and `high` ([0, 1] for no samples).
BS_API void bs_wilson_interval(int64_t successes, int64_t samples, double* low, double* high);

#endif
