// breakshot: the inside of the shot search (solve.h), shared by its parts:
// the evaluator (solve_evaluate.c), the geometric candidates
// (solve_candidates.c), the batches run on threads and ranks
// (solve_batch.c) and the search's stages (solve.c).
#ifndef BREAKSHOT_SOLVE_INTERNAL_H
#define BREAKSHOT_SOLVE_INTERNAL_H

#include <breakshot/solve.h>

/// Most candidates the geometry proposes for one search.
#define SOLVE_MAX_CANDIDATES 4096

/// A shot the geometry proposes: where to aim, before refinement.
typedef struct solve_candidate {
	double angle_deg;      ///< the cue ball's direction (degrees)
	bs_shot_family family; ///< how it was found
	int object_ball;       ///< the id of the ball the cue ball is sent at first, or -1
	bs_shot_call call;     ///< the ball and pocket it pots, or { -1, -1 }
} solve_candidate;

/// The position a search works on, read once from its def: the balls at
/// rest, the cue ball, and the game's state when there is one.
typedef struct solve_position {
	bs_world_def world;  ///< balls -> `balls`
	bs_ball_def balls[BS_RULES_MAX_BALLS > 64 ? BS_RULES_MAX_BALLS : 64];
	int cue_index;       ///< of the cue ball in `balls`
	bool has_game;
	bs_game_state state; ///< with has_game
} solve_position;

/// Most balls a search's position may hold.
#define SOLVE_MAX_BALLS 64

/// Reads the position from a checked def (bs_solve_def_check first).
void solve_position_read(const bs_solve_def* def, solve_position* dest);

/// The ball of the position with this id, or NULL.
const bs_ball_def* solve_position_ball(const solve_position* position, int id);

/// Evaluates shots: bs_shot_evaluator's inside.
struct bs_shot_evaluator {
	solve_position position;
	bs_goal goal;
	bs_world* world;               ///< reset for each shot
	bs_ball_def struck[SOLVE_MAX_BALLS]; ///< the position with the cue ball struck
	int state_index[SOLVE_MAX_BALLS];    ///< game: balls[k] is state.balls[state_index[k]]
	bs_event* events;              ///< game: the shot's contacts, for the judge
	int event_capacity;
	bs_ruling ruling;              ///< game: the last shot's ruling
	bool judged;                   ///< game: the rules judged the last shot (`ruling` is valid)
	/// game, not a break nor three-cushion: the balls the shooter may strike
	/// first (bs_rules_balls_on). A shot whose cue ball strikes only others
	/// first, or drops, fouls whatever follows: a shot judged only for its
	/// success (not run to rest) stops there.
	int on_ids[BS_RULES_MAX_BALLS];
	int on_count;
};

/// Fills `dest` with the geometric candidates for `def`'s goal from
/// `position`: returns how many (at most `capacity`).
int solve_candidates(const bs_solve_def* def, const solve_position* position, solve_candidate* dest, int capacity);

/// A batch of independent items computed on the def's threads and shared
/// between its ranks: item i's result depends on i alone. `run` computes
/// items [begin, end) with the given evaluator (one per thread) into
/// results (item_size bytes each). Returns false when a thread cannot start.
typedef void (*solve_item_fn)(void* closure, bs_shot_evaluator* evaluator, int index, void* result);

typedef struct solve_workers solve_workers;

/// Evaluators for `def`'s threads. Returns NULL, writing `error`, otherwise.
solve_workers* solve_workers_create(const bs_solve_def* def, char* error, size_t error_size);
void solve_workers_destroy(solve_workers* workers);

/// Computes `count` items of `item_size` bytes into `results` (this rank's
/// share on its threads, then the others' through def->share), reporting
/// progress from `progress_from` to `progress_to` under `stage`. Returns
/// false when a thread cannot start, or when the def's cancel stopped the
/// batch (solve_workers_cancelled), its results then incomplete.
bool solve_workers_run(solve_workers* workers, int count, size_t item_size, solve_item_fn item, void* closure,
	void* results, double progress_from, double progress_to, const char* stage);

/// Whether the search is to stop: the def's cancel asked (once it says
/// stop, the answer stays true).
bool solve_workers_stop_asked(solve_workers* workers);

/// Whether the def's cancel has stopped the search.
bool solve_workers_cancelled(const solve_workers* workers);

/// The calling thread's evaluator, for work outside the batches.
bs_shot_evaluator* workers_evaluator(solve_workers* workers);

/// Evaluations made so far by every rank's threads, counted in the
/// results each item reports (the same on every rank).
int64_t solve_workers_evaluations(const solve_workers* workers);

/// Adds `n` to the evaluations (an item adds its own through this).
void solve_workers_count(solve_workers* workers, int64_t n);

/// How `cue` actually pots the ball with id `target`, played without noise:
/// a kick when the cue ball meets a cushion before any ball, a carom when
/// it meets another ball first and then the target, a combination when
/// another ball drives the target, a bank when the target meets a cushion
/// more than SOLVE_POCKET_REACH from the pocket it drops into, else direct.
/// A shot that pots another object ball instead is classified by that one.
/// Writes the ball classified and its pocket into `potted_call` ({ -1, -1 }
/// when nothing is potted). `proposed` (the geometry's family) when the
/// shot pots no object ball, and always for a sweep.
bs_shot_family solve_classify(bs_shot_evaluator* evaluator, const bs_cue_def* cue, int target, bs_shot_family proposed,
	bs_shot_call* potted_call);

/// The position term of a shot that succeeds: the best probability of the
/// next shot from where the shot, played without noise, leaves the balls,
/// estimated from the width w of each direct pot's window of aims under
/// the aim noise σ as erf(w / (2 √2 σ)) (1 when nothing is left to pot,
/// 0 when the shot fails without noise).
double solve_position_term(const bs_solve_def* def, bs_shot_evaluator* evaluator, const bs_solved_shot* shot);

/// The best chance of a direct pot of any of `targets` (ids; the four
/// nearest the cue ball) by the ball `cue_id` in `world` (balls at rest),
/// each pot's chance estimated from
/// the width w of its window of aims under def's aim noise σ as erf(w / (2
/// √2 σ)) at def's middle speed with its first tip and elevation: cheap,
/// for judging positions rather than shots.
double solve_direct_chance(const bs_solve_def* def, const bs_world_def* world, int cue_id, const int* targets,
	int target_count);

#endif
