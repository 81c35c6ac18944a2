// breakshot: the shot search's stages (docs/solve.md). The geometry
// proposes candidates; simulation finds, for each, the window of aims that
// succeed without noise, first at each speed with the first tip and
// elevation, then for the most promising at every speed, tip and
// elevation; the widest windows are screened with a few noise samples, and
// the best of those sampled in full, run to rest for where the cue ball
// ends. Every stage is a batch of items whose results depend on their index
// alone (solve_batch.c).
#include "solve_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <breakshot/table.h>

#include "alloc.h"
#include "game_internal.h"
#include "rng.h"

/// Candidates refined at every speed, tip and elevation after the first pass.
#define SOLVE_PROMISING 8
/// Noise samples an item of a sampling batch draws.
#define SOLVE_SAMPLE_BLOCK 16
/// Most items of one sampling batch (of SOLVE_SAMPLE_BLOCK samples each).
#define SOLVE_MAX_ITEMS (1 << 28)
/// The first step out from a candidate's aim looking for a success (degrees).
#define SOLVE_SCAN_STEP 0.1
/// The first step out from a success looking for the window's edge (degrees).
#define SOLVE_EDGE_STEP 0.02
/// The balls on nearest the cue ball that a position's chance looks at.
#define SOLVE_CHANCE_TARGETS 4
/// Halvings that place each edge of a window.
#define SOLVE_EDGE_HALVINGS 5

struct bs_solve_result {
	int count;
	bs_solved_shot shots[BS_SOLVE_MAX_TOP];
	int64_t evaluations;
};

bs_solve_def bs_default_solve_def(void) {
	bs_solve_def def;
	memset(&def, 0, sizeof def);
	def.world = bs_default_pool_world_def();
	def.game = NULL;
	def.cue_ball = 0;
	def.goal.kind = BS_GOAL_POT;
	def.goal.ball = 1;
	def.goal.pocket = -1;
	def.noise = bs_default_noise_def();
	def.samples = 1000;
	def.screen_samples = 64;
	def.top = 5;
	def.refine = 16;
	static const double speeds[] = {2.0, 3.5, 6.0};
	def.speed_count = 3;
	memcpy(def.speeds, speeds, sizeof speeds);
	static const bs_vec2 tips[] = {{0.0, 0.0}, {0.0, 0.3}, {0.0, -0.3}, {0.3, 0.0}, {-0.3, 0.0}};
	def.tip_count = 5;
	memcpy(def.tips, tips, sizeof tips);
	def.elevations[0] = 0.0;
	def.elevation_count = 1;
	def.aim_reach_deg = 3.0;
	def.position_weight = 0.0;
	def.seed = 1;
	def.threads = 1;
	def.rank = 0;
	def.ranks = 1;
	return def;
}

// ---------------------------------------------------------------------------
// Checking a def

static bool say(char* error, size_t error_size, const char* format, ...) __attribute__((format(printf, 3, 4)));

static bool say(char* error, size_t error_size, const char* format, ...) {
	va_list args;
	va_start(args, format);
	vsnprintf(error, error_size, format, args);
	va_end(args);
	return false;
}

static bool check_sigma(double sigma, const char* field, char* error, size_t error_size) {
	if (!isfinite(sigma) || sigma < 0.0) {
		return say(error, error_size, "noise.%s: %.9g must be a finite number >= 0", field, sigma);
	}
	return true;
}

static bool check_levels(const bs_solve_def* def, char* error, size_t error_size) {
	if (def->speed_count < 1 || def->speed_count > BS_SOLVE_MAX_LEVELS) {
		return say(error, error_size, "speeds: %d speeds; give 1 to %d", def->speed_count, BS_SOLVE_MAX_LEVELS);
	}
	for (int i = 0; i < def->speed_count; ++i) {
		if (!(def->speeds[i] > 0.0 && def->speeds[i] <= 10.0)) {
			return say(error, error_size, "speeds[%d]: %.17g m/s must be in (0, 10]", i, def->speeds[i]);
		}
	}
	if (def->tip_count < 1 || def->tip_count > BS_SOLVE_MAX_LEVELS) {
		return say(error, error_size, "tips: %d tips; give 1 to %d", def->tip_count, BS_SOLVE_MAX_LEVELS);
	}
	for (int i = 0; i < def->tip_count; ++i) {
		bs_vec2 t = def->tips[i];
		if (!isfinite(t.x) || !isfinite(t.y) || bs_v2_len(t) > 0.45) {
			return say(error, error_size, "tips[%d]: [%.17g, %.17g] must be at most 0.45 of the radius from the centre",
				i, t.x, t.y);
		}
	}
	if (def->elevation_count < 1 || def->elevation_count > BS_SOLVE_MAX_LEVELS) {
		return say(error, error_size, "elevations: %d elevations; give 1 to %d", def->elevation_count,
			BS_SOLVE_MAX_LEVELS);
	}
	for (int i = 0; i < def->elevation_count; ++i) {
		if (!(def->elevations[i] >= 0.0 && def->elevations[i] <= 60.0)) {
			return say(error, error_size, "elevations[%d]: %.17g degrees must be in [0, 60]", i, def->elevations[i]);
		}
	}
	return true;
}

static bool check_counts(const bs_solve_def* def, char* error, size_t error_size) {
	if (def->samples < 1 || def->samples > BS_SOLVE_MAX_SAMPLES) {
		return say(error, error_size, "samples: %d; give 1 to %d noise samples", def->samples, BS_SOLVE_MAX_SAMPLES);
	}
	if (def->screen_samples < 1 || def->screen_samples > BS_SOLVE_MAX_SAMPLES) {
		return say(error, error_size, "screen_samples: %d; give 1 to %d noise samples", def->screen_samples,
			BS_SOLVE_MAX_SAMPLES);
	}
	if (def->top < 1 || def->top > BS_SOLVE_MAX_TOP) {
		return say(error, error_size, "top: %d; give 1 to %d shots", def->top, BS_SOLVE_MAX_TOP);
	}
	if (def->refine < def->top || def->refine > SOLVE_MAX_CANDIDATES) {
		return say(error, error_size, "refine: %d; give from top (%d) to %d shots", def->refine, def->top,
			SOLVE_MAX_CANDIDATES);
	}
	// The sampling batches are counted in int: blocks of 16 samples a shot.
	int64_t screen_items = (int64_t)def->refine * ((def->screen_samples + SOLVE_SAMPLE_BLOCK - 1) / SOLVE_SAMPLE_BLOCK);
	int64_t full_items = (int64_t)def->top * ((def->samples + SOLVE_SAMPLE_BLOCK - 1) / SOLVE_SAMPLE_BLOCK);
	if (screen_items > SOLVE_MAX_ITEMS || full_items > SOLVE_MAX_ITEMS) {
		return say(error, error_size, "samples: %d shots of %d samples and %d of %d are too many to draw in one search",
			def->refine, def->screen_samples, def->top, def->samples);
	}
	if (!(def->aim_reach_deg > 0.0 && def->aim_reach_deg <= 45.0)) {
		return say(error, error_size, "aim_reach_deg: %.17g must be in (0, 45]", def->aim_reach_deg);
	}
	if (!(def->position_weight >= 0.0 && isfinite(def->position_weight))) {
		return say(error, error_size, "position_weight: %.17g must be a finite number >= 0", def->position_weight);
	}
	if (def->threads < 1 || def->threads > BS_SOLVE_MAX_THREADS) {
		return say(error, error_size, "threads: %d; give 1 to %d", def->threads, BS_SOLVE_MAX_THREADS);
	}
	if (def->ranks < 1 || def->rank < 0 || def->rank >= def->ranks || (def->ranks > 1 && !def->share)) {
		return say(error, error_size, "ranks: rank %d of %d%s", def->rank, def->ranks,
			def->ranks > 1 && !def->share ? " without a share function" : "");
	}
	if (def->ranks > 1 && def->cancel) {
		return say(error, error_size, "cancel: must be NULL with %d ranks: a rank that stopped alone would leave "
			"the others waiting", def->ranks);
	}
	return true;
}

static bool check_goal(const bs_solve_def* def, const solve_position* position, char* error, size_t error_size) {
	const bs_goal* goal = &def->goal;
	int cue_id = position->balls[position->cue_index].id;
	switch (goal->kind) {
	case BS_GOAL_POT: {
		if (!position->world.table.has_pockets) {
			return say(error, error_size, "goal: pot: the table has no pockets");
		}
		const bs_ball_def* ball = solve_position_ball(position, goal->ball);
		if (!ball) {
			return say(error, error_size, "goal.ball: no ball with id %d on the table", goal->ball);
		}
		if (goal->ball == cue_id) {
			return say(error, error_size, "goal.ball: %d is the cue ball; name an object ball", goal->ball);
		}
		bs_table* table = bs_table_create(&position->world.table);
		if (!table) {
			return say(error, error_size, "out of memory checking the goal");
		}
		int pockets = bs_table_pocket_count(table);
		bs_table_destroy(table);
		if (goal->pocket < -1 || goal->pocket >= pockets) {
			return say(error, error_size, "goal.pocket: %d is no pocket of this table (it has %d: 0 to %d, or -1 for any)",
				goal->pocket, pockets, pockets - 1);
		}
		break;
	}
	case BS_GOAL_THREE_CUSHION:
		if (position->world.ball_count < 3) {
			return say(error, error_size, "goal: three_cushion needs the cue ball and two object balls on the table (%d balls)",
				position->world.ball_count);
		}
		break;
	case BS_GOAL_GAME:
		if (!def->game) {
			return say(error, error_size, "goal: game needs a game in progress (game)");
		}
		break;
	default:
		return say(error, error_size, "goal.kind: %d is no goal", (int)goal->kind);
	}
	if (goal->has_region) {
		bs_vec2 lo = goal->region_min, hi = goal->region_max;
		if (!isfinite(lo.x) || !isfinite(lo.y) || !isfinite(hi.x) || !isfinite(hi.y) || lo.x > hi.x || lo.y > hi.y) {
			return say(error, error_size,
				"goal.region: [%.17g, %.17g] to [%.17g, %.17g] must be finite, its first corner below and left of its second",
				lo.x, lo.y, hi.x, hi.y);
		}
	}
	return true;
}

bool bs_solve_def_check(const bs_solve_def* def, char* error, size_t error_size) {
	if (!check_sigma(def->noise.aim_deg, "aim_deg", error, error_size) ||
		!check_sigma(def->noise.elevation_deg, "elevation_deg", error, error_size) ||
		!check_sigma(def->noise.speed, "speed", error, error_size) ||
		!check_sigma(def->noise.tip, "tip", error, error_size) || !check_counts(def, error, error_size) ||
		!check_levels(def, error, error_size)) {
		return false;
	}
	if (def->game) {
		const bs_game_state* state = bs_game_get_state(def->game);
		if (state->over) {
			return say(error, error_size, "game: the game is over");
		}
		int cue = bs_game_state_find(state, state->cue_ball);
		if (cue < 0 || !state->balls[cue].on_table) {
			return say(error, error_size, "game: the cue ball is in hand: place it first");
		}
	} else {
		if (def->world.ball_count > SOLVE_MAX_BALLS) {
			return say(error, error_size, "world.balls: %d balls; a search takes at most %d", def->world.ball_count,
				SOLVE_MAX_BALLS);
		}
		if (def->world.physics != BS_PHYSICS_POOL) {
			return say(error, error_size, "world.physics: a search needs pool physics, so that its shots come to rest");
		}
		bs_def_report report;
		if (!bs_world_def_check(&def->world, &report)) {
			return say(error, error_size, "world: %s", report.message);
		}
	}
	solve_position* position = bs_malloc(sizeof *position);
	if (!position) {
		return say(error, error_size, "out of memory checking the search");
	}
	solve_position_read(def, position);
	bool ok = true;
	if (position->cue_index < 0) {
		ok = say(error, error_size, "cue_ball: no ball with id %d on the table", def->cue_ball);
	} else {
		for (int k = 0; k < position->world.ball_count && ok; ++k) {
			bs_vec2 v = position->balls[k].vel;
			if (v.x != 0.0 || v.y != 0.0 || position->balls[k].anchor.set) {
				ok = say(error, error_size, "world.balls[%d]: a search starts from balls at rest", k);
			}
		}
		ok = ok && check_goal(def, position, error, error_size);
	}
	bs_free(position);
	return ok;
}

// ---------------------------------------------------------------------------
// Results

bs_solve_result* bs_solve_result_create(void) {
	return bs_calloc(1, sizeof(bs_solve_result));
}

void bs_solve_result_destroy(bs_solve_result* result) {
	bs_free(result);
}

int bs_solve_result_count(const bs_solve_result* result) {
	return result->count;
}

const bs_solved_shot* bs_solve_result_shot(const bs_solve_result* result, int index) {
	return &result->shots[index];
}

int64_t bs_solve_result_evaluations(const bs_solve_result* result) {
	return result->evaluations;
}

// ---------------------------------------------------------------------------
// The stages

/// A shot under refinement: a candidate at one speed, tip and elevation.
typedef struct trial {
	int candidate;   ///< index into the candidates
	int speed, tip, elevation; ///< indices into the def's lists
} trial;

/// What refining a trial found: the window of aims that succeed.
typedef struct window {
	bool found;
	double centre_deg, width_deg;
	int64_t evaluations;
} window;

/// What a block of noise samples gave.
typedef struct sampled {
	int successes;
	int on_table; ///< of the successes, how many left the cue ball on the table
	double sum_x, sum_y, sum_xx, sum_yy; ///< of the cue ball's rest, over those
	int64_t evaluations;
} sampled;

typedef struct search {
	const bs_solve_def* def;
	solve_workers* workers;
	const solve_candidate* candidates;
	const trial* trials;
	const window* windows;
	bs_solved_shot* shots; ///< the shots sampled in a sampling stage
	int samples;           ///< per shot in a sampling stage
	bool to_rest;
	double radius;         ///< the cue ball's
	uint64_t seed;
} search;

static bs_cue_def cue_of(const bs_solve_def* def, const trial* t, double angle_deg) {
	bs_cue_def cue = bs_default_cue_def();
	cue.stick = true;
	cue.speed = def->speeds[t->speed];
	cue.angle_deg = angle_deg;
	cue.tip = def->tips[t->tip];
	cue.elevation_deg = def->elevations[t->elevation];
	return cue;
}

static bool try_aim(bs_shot_evaluator* evaluator, bs_cue_def cue, const bs_shot_call* call, double angle_deg,
	int64_t* evaluations) {
	cue.angle_deg = angle_deg;
	++*evaluations;
	return bs_shot_evaluate(evaluator, &cue, call, false).success;
}

// Finds the window of aims around the candidate's that succeed: scans out
// from it for a first success, then walks each edge out in doubling steps
// and places it by halving.
static void refine_item(void* closure, bs_shot_evaluator* evaluator, int index, void* result) {
	const search* s = closure;
	const trial* t = &s->trials[index];
	const solve_candidate* c = &s->candidates[t->candidate];
	const bs_shot_call* call = &c->call;
	bs_cue_def cue = cue_of(s->def, t, c->angle_deg);
	window w = {false, 0.0, 0.0, 0};
	double reach = c->family == BS_SHOT_SWEEP ? 180.0 / 360.0 : s->def->aim_reach_deg;
	double step = c->family == BS_SHOT_SWEEP ? 0.1 : SOLVE_SCAN_STEP;
	double hit = 0.0;
	bool found = false;
	for (int k = 0; k * step <= reach + 1e-12 && !found; ++k) {
		for (int side = k == 0 ? 1 : -1; side <= 1 && !found; side += 2) {
			double angle = c->angle_deg + side * k * step;
			if (try_aim(evaluator, cue, call, angle, &w.evaluations)) {
				hit = angle;
				found = true;
			}
		}
	}
	if (found) {
		double edges[2];
		for (int side = -1; side <= 1; side += 2) {
			double inside = hit, outside = hit;
			double d = SOLVE_EDGE_STEP;
			for (;;) {
				double angle = hit + side * d;
				if (d > 2.0 * reach + 1.0 || !try_aim(evaluator, cue, call, angle, &w.evaluations)) {
					outside = angle;
					break;
				}
				inside = angle;
				d *= 2.0;
			}
			for (int h = 0; h < SOLVE_EDGE_HALVINGS; ++h) {
				double mid = 0.5 * (inside + outside);
				if (try_aim(evaluator, cue, call, mid, &w.evaluations)) {
					inside = mid;
				} else {
					outside = mid;
				}
			}
			edges[side > 0] = inside;
		}
		w.found = true;
		w.centre_deg = 0.5 * (edges[0] + edges[1]);
		w.width_deg = edges[1] - edges[0];
		// A window whose centre fails (two windows bridged by the walk) is
		// played from the success found instead.
		if (!try_aim(evaluator, cue, call, w.centre_deg, &w.evaluations)) {
			w.centre_deg = hit;
		}
	}
	*(window*)result = w;
}

/// The streams of noise samples: screening draws from one, the full
/// sampling (and the heat map) from the other, so that the probability a
/// shot is given does not reuse the samples that chose it.
typedef enum sample_stream {
	STREAM_SCREEN = 1,
	STREAM_FULL = 2,
} sample_stream;

// The stream a shot's noise is drawn from: the search's seed, the stage's
// stream and the shot's own settings, so that a shot gets the same samples
// whichever thread or rank draws them.
static uint64_t seed_of_shot(uint64_t seed, sample_stream stream, const bs_cue_def* cue) {
	double values[5] = {cue->angle_deg, cue->speed, cue->tip.x, cue->tip.y, cue->elevation_deg};
	bs_rng salt = bs_rng_make(seed + (uint64_t)stream);
	uint64_t h = bs_rng_next(&salt);
	for (int i = 0; i < 5; ++i) {
		uint64_t bits;
		memcpy(&bits, &values[i], sizeof bits);
		bs_rng mix = bs_rng_make(h ^ bits);
		h = bs_rng_next(&mix);
	}
	return h;
}

static void sample_item(void* closure, bs_shot_evaluator* evaluator, int index, void* result) {
	const search* s = closure;
	int blocks = (s->samples + SOLVE_SAMPLE_BLOCK - 1) / SOLVE_SAMPLE_BLOCK;
	const bs_solved_shot* shot = &s->shots[index / blocks];
	int first = (index % blocks) * SOLVE_SAMPLE_BLOCK;
	int last = first + SOLVE_SAMPLE_BLOCK < s->samples ? first + SOLVE_SAMPLE_BLOCK : s->samples;
	uint64_t seed = seed_of_shot(s->seed, s->to_rest ? STREAM_FULL : STREAM_SCREEN, &shot->cue);
	sampled out = {0, 0, 0.0, 0.0, 0.0, 0.0, 0};
	for (int i = first; i < last; ++i) {
		bs_cue_def drawn = bs_noise_draw(&s->def->noise, &shot->cue, s->radius, seed, i);
		bs_shot_outcome outcome = bs_shot_evaluate(evaluator, &drawn, &shot->call, s->to_rest);
		++out.evaluations;
		if (!outcome.success) {
			continue;
		}
		++out.successes;
		if (s->to_rest && outcome.cue_on_table) {
			++out.on_table;
			out.sum_x += outcome.cue_end.x;
			out.sum_y += outcome.cue_end.y;
			out.sum_xx += outcome.cue_end.x * outcome.cue_end.x;
			out.sum_yy += outcome.cue_end.y * outcome.cue_end.y;
		}
	}
	*(sampled*)result = out;
}

// Samples `count` shots with `samples` noise samples each and writes their
// estimates into them. Returns false when the batch could not run.
static bool sample_shots(search* s, bs_solved_shot* shots, int count, int samples, bool to_rest, double from,
	double to) {
	int blocks = (samples + SOLVE_SAMPLE_BLOCK - 1) / SOLVE_SAMPLE_BLOCK;
	int items = count * blocks;
	sampled* results = bs_calloc((size_t)(items > 0 ? items : 1), sizeof *results);
	if (!results) {
		return false;
	}
	s->shots = shots;
	s->samples = samples;
	s->to_rest = to_rest;
	bool ok = solve_workers_run(s->workers, items, sizeof *results, sample_item, s, results, from, to, "sampling");
	for (int k = 0; k < count && ok; ++k) {
		sampled total = {0, 0, 0.0, 0.0, 0.0, 0.0, 0};
		for (int b = 0; b < blocks; ++b) { // in block order: the same sums on any thread or rank
			const sampled* r = &results[k * blocks + b];
			total.successes += r->successes;
			total.on_table += r->on_table;
			total.sum_x += r->sum_x;
			total.sum_y += r->sum_y;
			total.sum_xx += r->sum_xx;
			total.sum_yy += r->sum_yy;
			total.evaluations += r->evaluations;
		}
		solve_workers_count(s->workers, total.evaluations);
		bs_solved_shot* shot = &shots[k];
		shot->samples = samples;
		shot->successes = total.successes;
		shot->probability = (double)total.successes / samples;
		bs_wilson_interval(total.successes, samples, &shot->low, &shot->high);
		if (to_rest && total.on_table > 0) {
			double n = total.on_table;
			double mx = total.sum_x / n, my = total.sum_y / n;
			shot->cue_end_mean = (bs_vec2){mx, my};
			shot->cue_end_sd = (bs_vec2){sqrt(fmax(0.0, total.sum_xx / n - mx * mx)),
				sqrt(fmax(0.0, total.sum_yy / n - my * my))};
		} else {
			shot->cue_end_mean = (bs_vec2){NAN, NAN};
			shot->cue_end_sd = (bs_vec2){NAN, NAN};
		}
		shot->value = shot->probability;
	}
	bs_free(results);
	return ok;
}

// Best first: the higher value, then the higher probability, the wider
// window, and the earlier candidate, so that the order is total.
static int compare_shots(const bs_solved_shot* a, const bs_solved_shot* b, int index_a, int index_b) {
	if (a->value != b->value) {
		return a->value > b->value ? -1 : 1;
	}
	if (a->probability != b->probability) {
		return a->probability > b->probability ? -1 : 1;
	}
	if (a->window_deg != b->window_deg) {
		return a->window_deg > b->window_deg ? -1 : 1;
	}
	return index_a < index_b ? -1 : index_a > index_b;
}

// Sorts shots best first (an insertion sort: a few dozen shots), carrying
// their original order for the last tie.
static void sort_shots(bs_solved_shot* shots, int* order, int count) {
	for (int i = 1; i < count; ++i) {
		bs_solved_shot shot = shots[i];
		int index = order[i];
		int j = i;
		while (j > 0 && compare_shots(&shot, &shots[j - 1], index, order[j - 1]) < 0) {
			shots[j] = shots[j - 1];
			order[j] = order[j - 1];
			--j;
		}
		shots[j] = shot;
		order[j] = index;
	}
}

static bs_solved_shot shot_of(const bs_solve_def* def, const solve_candidate* c, const trial* t, const window* w) {
	bs_solved_shot shot;
	memset(&shot, 0, sizeof shot);
	shot.cue = cue_of(def, t, w->centre_deg);
	shot.call = c->call;
	if (def->goal.kind == BS_GOAL_POT) {
		shot.call.ball = def->goal.ball;
		shot.call.pocket = def->goal.pocket;
	}
	shot.family = c->family;
	shot.object_ball = c->object_ball;
	shot.window_deg = w->width_deg;
	shot.nominal_success = true;
	return shot;
}

// Refines `count` trials. Returns the windows (bs_free them), or NULL when
// memory runs out or the batch cannot run.
static window* refine_trials(search* s, const trial* trials, int count, double from, double to) {
	window* windows = bs_calloc((size_t)(count > 0 ? count : 1), sizeof *windows);
	if (!windows) {
		return NULL;
	}
	s->trials = trials;
	if (!solve_workers_run(s->workers, count, sizeof *windows, refine_item, s, windows, from, to, "refining")) {
		bs_free(windows);
		return NULL;
	}
	for (int i = 0; i < count; ++i) {
		solve_workers_count(s->workers, windows[i].evaluations);
	}
	return windows;
}

// The candidates' indices by their best window in the first pass, widest
// first; returns how many have any.
static int rank_candidates(const window* windows, int candidate_count, int per_candidate, int* dest) {
	int n = 0;
	double* best = bs_malloc((size_t)(candidate_count > 0 ? candidate_count : 1) * sizeof *best);
	if (!best) {
		return 0;
	}
	for (int c = 0; c < candidate_count; ++c) {
		best[c] = -1.0;
		for (int k = 0; k < per_candidate; ++k) {
			const window* w = &windows[c * per_candidate + k];
			if (w->found && w->width_deg > best[c]) {
				best[c] = w->width_deg;
			}
		}
		if (best[c] >= 0.0) {
			int j = n++;
			while (j > 0 && best[dest[j - 1]] < best[c]) {
				dest[j] = dest[j - 1];
				--j;
			}
			dest[j] = c;
		}
	}
	bs_free(best);
	return n;
}

// Whether two shots are one: the same settings but an aim within a
// hundredth of a degree (two candidates refined into the same window).
static bool same_shot(const bs_solved_shot* a, const bs_solved_shot* b) {
	return a->cue.speed == b->cue.speed && a->cue.tip.x == b->cue.tip.x && a->cue.tip.y == b->cue.tip.y &&
		a->cue.elevation_deg == b->cue.elevation_deg && fabs(a->cue.angle_deg - b->cue.angle_deg) < 0.01 &&
		a->call.ball == b->call.ball && a->call.pocket == b->call.pocket;
}

// The next shot's chance by its window of aims alone: the aim noise is
// what a window must absorb, so P(|N(0, σ)| < w / 2).
static double window_chance(double width_deg, double sigma_deg) {
	if (sigma_deg <= 0.0) {
		return width_deg > 0.0 ? 1.0 : 0.0;
	}
	return erf(width_deg / (2.0 * sqrt(2.0) * sigma_deg));
}

double solve_direct_chance(const bs_solve_def* def, const bs_world_def* world, int cue_id, const int* targets,
	int target_count) {
	bs_solve_def next = *def;
	next.game = NULL;
	next.world = *world;
	next.cue_ball = cue_id;
	next.threads = 1;
	next.rank = 0;
	next.ranks = 1;
	next.share = NULL;
	next.progress = NULL;
	next.cancel = NULL; // one short search; the caller asks between them
	next.goal.kind = BS_GOAL_POT;
	next.goal.pocket = -1;
	next.goal.has_region = false;
	double best = 0.0;
	solve_candidate* candidates = bs_malloc(SOLVE_MAX_CANDIDATES * sizeof *candidates);
	solve_position* there = bs_malloc(sizeof *there);
	if (!candidates || !there) {
		bs_free(candidates);
		bs_free(there);
		return 0.0;
	}
	// The nearest balls only: a far one is rarely the best pot, and a
	// snooker table's fifteen reds would cost fifteen searches.
	int nearest[SOLVE_CHANCE_TARGETS];
	int nearest_count = 0;
	bs_vec2 cue_at = {0.0, 0.0};
	for (int k = 0; k < world->ball_count; ++k) {
		if (world->balls[k].id == cue_id) {
			cue_at = world->balls[k].pos;
		}
	}
	double reach[SOLVE_CHANCE_TARGETS];
	for (int t = 0; t < target_count; ++t) {
		double d = INFINITY;
		for (int k = 0; k < world->ball_count; ++k) {
			if (world->balls[k].id == targets[t]) {
				d = bs_v2_len(bs_v2_sub(world->balls[k].pos, cue_at));
			}
		}
		int j = nearest_count < SOLVE_CHANCE_TARGETS ? nearest_count++ : SOLVE_CHANCE_TARGETS;
		while (j > 0 && reach[j - 1] > d) {
			if (j < SOLVE_CHANCE_TARGETS) {
				reach[j] = reach[j - 1];
				nearest[j] = nearest[j - 1];
			}
			--j;
		}
		if (j < SOLVE_CHANCE_TARGETS) {
			reach[j] = d;
			nearest[j] = targets[t];
		}
	}
	char error[256];
	for (int t = 0; t < nearest_count; ++t) {
		next.goal.ball = nearest[t];
		bs_shot_evaluator* sub = bs_shot_evaluator_create(&next, error, sizeof error);
		if (!sub) {
			continue; // a position a search refuses counts as no shot
		}
		solve_position_read(&next, there);
		int n = solve_candidates(&next, there, candidates, SOLVE_MAX_CANDIDATES);
		search s;
		memset(&s, 0, sizeof s);
		s.def = &next;
		s.candidates = candidates;
		for (int c = 0; c < n; ++c) {
			if (candidates[c].family != BS_SHOT_DIRECT) {
				continue;
			}
			trial one = {c, next.speed_count / 2, 0, 0};
			window w;
			s.trials = &one;
			refine_item(&s, sub, 0, &w);
			if (w.found) {
				double chance = window_chance(w.width_deg, def->noise.aim_deg);
				best = chance > best ? chance : best;
			}
		}
		bs_shot_evaluator_destroy(sub);
	}
	bs_free(there);
	bs_free(candidates);
	return best;
}

double solve_position_term(const bs_solve_def* def, bs_shot_evaluator* evaluator, const bs_solved_shot* shot) {
	bs_shot_outcome outcome = bs_shot_evaluate(evaluator, &shot->cue, &shot->call, true);
	if (!outcome.success || !outcome.cue_on_table) {
		return 0.0;
	}
	// The position left: the game's state after the shot (respots
	// applied), or the balls where they came to rest.
	bs_ball_def balls[SOLVE_MAX_BALLS];
	int targets[SOLVE_MAX_BALLS];
	int target_count = 0;
	int count = 0;
	const solve_position* position = &evaluator->position;
	int cue_id = position->balls[position->cue_index].id;
	if (position->has_game && def->goal.kind == BS_GOAL_GAME) {
		const bs_game_state* after = &evaluator->ruling.after;
		if (after->over) {
			return after->winner == position->state.shooter ? 1.0 : 0.0;
		}
		count = bs_game_state_ball_defs(after, balls);
		target_count = bs_rules_balls_on(after, targets);
		cue_id = after->cue_ball;
	} else {
		double now = bs_world_time(evaluator->world);
		for (int k = 0; k < position->world.ball_count; ++k) {
			bs_ball_state state = bs_world_ball_state(evaluator->world, k, now);
			if (state.pocketed) {
				continue;
			}
			bs_ball_def ball = position->balls[k];
			ball.pos = state.pos;
			balls[count++] = ball;
			if (ball.id != cue_id) {
				targets[target_count++] = ball.id;
			}
		}
	}
	if (target_count == 0) {
		return 1.0; // nothing left to pot: the table is cleared
	}
	bs_world_def world = position->world;
	world.balls = balls;
	world.ball_count = count;
	return solve_direct_chance(def, &world, cue_id, targets, target_count);
}


bool bs_solve(const bs_solve_def* def, bs_solve_result* dest, char* error, size_t error_size) {
	memset(dest, 0, sizeof *dest);
	if (!bs_solve_def_check(def, error, error_size)) {
		return false;
	}
	solve_position* position = bs_malloc(sizeof *position);
	solve_candidate* candidates = bs_malloc(SOLVE_MAX_CANDIDATES * sizeof *candidates);
	solve_workers* workers = position && candidates ? solve_workers_create(def, error, error_size) : NULL;
	trial* trials = NULL;
	window* first = NULL;
	window* second = NULL;
	bs_solved_shot* shots = NULL;
	int* order = NULL;
	bool ok = false;
	if (!workers) {
		if (!position || !candidates) {
			say(error, error_size, "out of memory starting the search");
		}
		goto done;
	}
	solve_position_read(def, position);
	search s;
	memset(&s, 0, sizeof s);
	s.def = def;
	s.workers = workers;
	s.candidates = candidates;
	s.radius = position->balls[position->cue_index].radius;
	s.seed = def->seed;
	if (def->progress) {
		def->progress(def->progress_closure, 0.0, "candidates");
	}
	int candidate_count = solve_candidates(def, position, candidates, SOLVE_MAX_CANDIDATES);

	// First pass: every candidate at every speed, with the first tip and elevation.
	int combos = def->speed_count * def->tip_count * def->elevation_count;
	int trial_capacity = candidate_count * def->speed_count;
	if (SOLVE_PROMISING * combos > trial_capacity) {
		trial_capacity = SOLVE_PROMISING * combos;
	}
	trials = bs_malloc((size_t)(trial_capacity > 0 ? trial_capacity : 1) * sizeof *trials);
	order = bs_malloc((size_t)(candidate_count > 0 ? candidate_count : 1) * sizeof *order);
	if (!trials || !order) {
		say(error, error_size, "out of memory in the search");
		goto done;
	}
	for (int c = 0; c < candidate_count; ++c) {
		for (int v = 0; v < def->speed_count; ++v) {
			trials[c * def->speed_count + v] = (trial){c, v, 0, 0};
		}
	}
	first = refine_trials(&s, trials, candidate_count * def->speed_count, 0.0, 0.35);
	if (!first) {
		say(error, error_size, "out of memory or threads in the search");
		goto done;
	}
	int promising = rank_candidates(first, candidate_count, def->speed_count, order);
	if (promising > SOLVE_PROMISING) {
		promising = SOLVE_PROMISING;
	}

	// Second pass: the promising candidates at every speed, tip and elevation.
	int second_count = 0;
	for (int i = 0; i < promising; ++i) {
		for (int v = 0; v < def->speed_count; ++v) {
			for (int t = 0; t < def->tip_count; ++t) {
				for (int e = 0; e < def->elevation_count; ++e) {
					trials[second_count++] = (trial){order[i], v, t, e};
				}
			}
		}
	}
	second = refine_trials(&s, trials, second_count, 0.35, 0.55);
	if (!second) {
		say(error, error_size, "out of memory or threads in the search");
		goto done;
	}
	int found = 0;
	for (int i = 0; i < second_count; ++i) {
		found += second[i].found;
	}
	shots = bs_malloc((size_t)(found > 0 ? found : 1) * sizeof *shots);
	int* shot_order = bs_malloc((size_t)(found > 0 ? found : 1) * sizeof *shot_order);
	if (!shots || !shot_order) {
		bs_free(shot_order);
		say(error, error_size, "out of memory in the search");
		goto done;
	}
	int shot_count = 0;
	for (int i = 0; i < second_count; ++i) {
		if (!second[i].found) {
			continue;
		}
		bs_solved_shot shot = shot_of(def, &candidates[trials[i].candidate], &trials[i], &second[i]);
		bool duplicate = false;
		for (int k = 0; k < shot_count && !duplicate; ++k) {
			duplicate = same_shot(&shots[k], &shot);
		}
		if (!duplicate) {
			shot.value = shot.window_deg; // ranks the screening's choice
			shot_order[shot_count] = shot_count;
			shots[shot_count++] = shot;
		}
	}
	sort_shots(shots, shot_order, shot_count);

	// Screening: the widest windows with a few noise samples each.
	int screened = shot_count < def->refine ? shot_count : def->refine;
	if (!sample_shots(&s, shots, screened, def->screen_samples, false, 0.55, 0.7)) {
		bs_free(shot_order);
		say(error, error_size, "out of memory or threads in the search");
		goto done;
	}
	for (int k = 0; k < screened; ++k) {
		shot_order[k] = k;
	}
	sort_shots(shots, shot_order, screened);

	// The best in full, run to rest, each with its position term.
	int top = screened < def->top ? screened : def->top;
	if (!sample_shots(&s, shots, top, def->samples, true, 0.7, def->position_weight > 0.0 ? 0.9 : 1.0)) {
		bs_free(shot_order);
		say(error, error_size, "out of memory or threads in the search");
		goto done;
	}
	if (def->position_weight > 0.0) {
		bs_shot_evaluator* evaluator = bs_shot_evaluator_create(def, error, error_size);
		if (!evaluator) {
			bs_free(shot_order);
			goto done;
		}
		for (int k = 0; k < top; ++k) {
			if (solve_workers_stop_asked(workers)) {
				bs_shot_evaluator_destroy(evaluator);
				bs_free(shot_order);
				goto done;
			}
			shots[k].position = solve_position_term(def, evaluator, &shots[k]);
			shots[k].value = shots[k].probability + def->position_weight * shots[k].position;
			if (def->progress) {
				def->progress(def->progress_closure, 0.9 + 0.1 * (k + 1) / top, "position");
			}
		}
		bs_shot_evaluator_destroy(evaluator);
	}
	for (int k = 0; k < top; ++k) {
		shot_order[k] = k;
	}
	sort_shots(shots, shot_order, top);
	bs_free(shot_order);
	// A game's shot calls the ball it pots without noise, whichever the
	// geometry meant: where the rules hold the shooter to a call (8-ball,
	// 10-ball, a snooker colour) the two are one for a shot that scores, and
	// where they do not (9-ball, a red) the call then says what the shot
	// does. A break calls nothing.
	bool calls_what_drops = position->has_game && def->goal.kind == BS_GOAL_GAME && !position->state.is_break;
	for (int k = 0; k < top; ++k) {
		int target = shots[k].call.ball >= 0 ? shots[k].call.ball : shots[k].object_ball;
		bs_shot_call potted;
		shots[k].family = solve_classify(workers_evaluator(workers), &shots[k].cue, target, shots[k].family, &potted);
		if (calls_what_drops && potted.ball >= 0) {
			shots[k].call = potted;
		}
	}
	dest->count = top;
	memcpy(dest->shots, shots, (size_t)top * sizeof *shots);
	dest->evaluations = solve_workers_evaluations(workers);
	ok = true;
done:
	if (!ok && workers && solve_workers_cancelled(workers)) {
		say(error, error_size, "cancelled");
	}
	bs_free(shots);
	bs_free(second);
	bs_free(first);
	bs_free(order);
	bs_free(trials);
	solve_workers_destroy(workers);
	bs_free(candidates);
	bs_free(position);
	return ok;
}

// ---------------------------------------------------------------------------
// Heat maps

typedef struct heat {
	const bs_solve_def* def;
	const bs_solved_shot* shot;
	double aim_span_deg, speed_min, speed_max;
	int aim_count, speed_count, samples;
	double radius;
} heat;

static void heat_item(void* closure, bs_shot_evaluator* evaluator, int index, void* result) {
	const heat* h = closure;
	int row = index / h->aim_count, column = index % h->aim_count;
	bs_cue_def cue = h->shot->cue;
	cue.angle_deg = h->shot->cue.angle_deg + h->aim_span_deg * ((double)column / (h->aim_count - 1) - 0.5);
	cue.speed = h->speed_min + (h->speed_max - h->speed_min) * row / (h->speed_count - 1);
	uint64_t seed = seed_of_shot(h->def->seed, STREAM_FULL, &cue);
	int successes = 0;
	for (int i = 0; i < h->samples; ++i) {
		bs_cue_def drawn = bs_noise_draw(&h->def->noise, &cue, h->radius, seed, i);
		successes += bs_shot_evaluate(evaluator, &drawn, &h->shot->call, false).success;
	}
	*(double*)result = (double)successes / h->samples;
}

bool bs_solve_heat_map(const bs_solve_def* def, const bs_solved_shot* shot, double aim_span_deg, int aim_count,
	double speed_min, double speed_max, int speed_count, int samples, double* dest, char* error, size_t error_size) {
	if (!bs_solve_def_check(def, error, error_size)) {
		return false;
	}
	if (aim_count < 2 || speed_count < 2 || aim_count > 4096 || speed_count > 4096) {
		return say(error, error_size, "heat map: %d x %d cells; give 2 to 4096 each way", aim_count, speed_count);
	}
	if (!(aim_span_deg > 0.0 && aim_span_deg <= 360.0)) {
		return say(error, error_size, "heat map: an aim span of %.17g degrees; give (0, 360]", aim_span_deg);
	}
	if (!(speed_min > 0.0 && speed_max > speed_min && speed_max <= 10.0)) {
		return say(error, error_size, "heat map: speeds %.17g to %.17g m/s; give 0 < min < max <= 10", speed_min,
			speed_max);
	}
	if (samples < 1 || samples > BS_SOLVE_MAX_SAMPLES) {
		return say(error, error_size, "heat map: %d samples a cell; give 1 to %d", samples, BS_SOLVE_MAX_SAMPLES);
	}
	solve_workers* workers = solve_workers_create(def, error, error_size);
	if (!workers) {
		return false;
	}
	solve_position* position = bs_malloc(sizeof *position);
	if (!position) {
		solve_workers_destroy(workers);
		return say(error, error_size, "out of memory making the heat map");
	}
	solve_position_read(def, position);
	heat h = {def, shot, aim_span_deg, speed_min, speed_max, aim_count, speed_count, samples,
		position->balls[position->cue_index].radius};
	bs_free(position);
	bool ok = solve_workers_run(workers, aim_count * speed_count, sizeof *dest, heat_item, &h, dest, 0.0, 1.0,
		"heat map");
	bool cancelled = solve_workers_cancelled(workers);
	solve_workers_destroy(workers);
	if (!ok) {
		return say(error, error_size, "%s", cancelled ? "cancelled" : "a thread could not start");
	}
	return true;
}
