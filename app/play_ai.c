// breakshot play --ai --games N: many games between two players of
// player.h, spread over threads, each game's line printed in game order,
// and the statistics of the match with 95 % intervals: the mean of what
// each visit to the table makes (balls potted, points, the break), the
// 9-ball break-and-run rate, the 8-ball breaker's win rate, the
// three-cushion general average, the snooker break. A game's outcome
// depends on its index alone, so the output is the same for any number of
// threads.
//
// With --stats DIR the rows of games.csv stream to DIR/games.csv.partial in
// game order as the games are printed, next to the settings they were made
// with (DIR/match.settings). At the end the statistics and the plot are
// written and everything is put in place together (output_file.h): the
// checkpoint becomes games.csv. A match killed part-way leaves only the
// checkpoint and the settings, from which --resume goes on to the same
// bytes: a 1000-frame snooker match outlasts many a session.
#include "play_ai.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checkpoint.h"
#include "cli.h"
#include "match_record.h"
#include "output_file.h"
#include "plot_canvas.h"
#include <breakshot/game.h>

typedef struct match_state {
	const bs_play_ai_match* match;
	bs_match_game* records;
	atomic_llong next;
	pthread_mutex_t lock;
	int64_t printed;
	int64_t first_game; ///< the first game this invocation plays: the ones before were resumed
	double start;
	bool progress;
	bs_output_file games_file; ///< the checkpoint, with --stats
	atomic_bool write_failed;  ///< a row could not be written: the match stops, the rows before kept
	char write_failure[256];   ///< why
	int64_t stop_after;        ///< the test hook below, or -1
} match_state;

/// The files of a match with --stats DIR.
typedef struct match_paths {
	char games[4096], partial[4096], settings[4096];
	char outputs[3][4096]; ///< stats.csv, stats.png, stats.svg
} match_paths;

static void make_paths(const char* dir, match_paths* p) {
	snprintf(p->games, sizeof p->games, "%s/games.csv", dir);
	snprintf(p->partial, sizeof p->partial, "%s/games.csv.partial", dir);
	snprintf(p->settings, sizeof p->settings, "%s/match.settings", dir);
	static const char* const names[3] = {"stats.csv", "stats.png", "stats.svg"};
	for (int k = 0; k < 3; ++k) {
		snprintf(p->outputs[k], sizeof p->outputs[k], "%s/%s", dir, names[k]);
	}
}

// Test-only: BREAKSHOT_PLAY_STOP_AFTER=K kills the process with SIGKILL just
// after the K-th game's row reached the checkpoint, half a row after it, as
// a kill in the middle of a write would: the tests resume from there.
static int64_t stop_after_games(void) {
	const char* text = getenv("BREAKSHOT_PLAY_STOP_AFTER");
	return text && *text ? strtoll(text, NULL, 10) : -1;
}

// Object balls pocketed by a legal shot: a pool visit's count.
static int balls_potted(const bs_game* game, const bs_ruling* ruling, int cue_ball) {
	if (ruling->foul != BS_FOUL_NONE) {
		return 0;
	}
	const bs_event* events = bs_game_shot_events(game);
	int n = 0;
	for (int k = 0; k < bs_game_shot_event_count(game); ++k) {
		n += events[k].kind == BS_EVENT_POCKET && events[k].a != cue_ball;
	}
	return n;
}

// The player of game `index`: the match's, its executions drawn from a
// stream of the game's own, on one thread (the games run side by side).
static bs_player_def game_player(const bs_play_ai_match* match, int64_t index) {
	bs_player_def player = match->player;
	player.seed = (match->seed + (uint64_t)index) * 0x9E3779B97F4A7C15ull + 1;
	player.search.threads = 1;
	return player;
}

static void play_game(const bs_play_ai_match* match, int64_t index, bs_match_game* record) {
	char error[512];
	uint64_t seed = match->seed + (uint64_t)index;
	bs_game* game = bs_game_new(match->game, seed, "AI 1", "AI 2", match->points, error, sizeof error);
	if (!game) {
		record->winner = -1;
		bs_match_game_fail(record, error);
		return;
	}
	bs_player_def player = game_player(match, index);
	bool pool = bs_game_kind_is_pool(match->game);
	int visit = 0;
	for (int shot = 0; shot < BS_PLAY_AI_MAX_SHOTS && !bs_game_get_state(game)->over; ++shot) {
		const bs_game_state* before = bs_game_get_state(game);
		int cue_ball = before->cue_ball;
		bs_player_choice choice;
		bs_ruling ruling;
		if (!bs_player_play(game, &player, shot, &choice, &ruling, error, sizeof error)) {
			char message[sizeof error + 32];
			snprintf(message, sizeof message, "shot %d: %s", shot + 1, error);
			bs_match_game_fail(record, message);
			break;
		}
		record->evaluations += choice.evaluations;
		record->safeties += choice.safety;
		visit += pool ? balls_potted(game, &ruling, cue_ball) : ruling.points;
		if (ruling.turn_passes || ruling.after.over) {
			if (!bs_match_game_add_visit(record, visit)) {
				char message[64];
				snprintf(message, sizeof message, "shot %d: out of memory", shot + 1);
				bs_match_game_fail(record, message);
				break;
			}
			visit = 0;
		}
	}
	const bs_game_state* end = bs_game_get_state(game);
	record->finished = end->over;
	record->winner = end->over ? end->winner : -1;
	record->shots = end->shot_count;
	record->innings[0] = end->innings[0];
	record->innings[1] = end->innings[1];
	record->score[0] = end->score[0];
	record->score[1] = end->score[1];
	record->break_and_run = end->over && end->winner == 0 && end->innings[1] == 0;
	bs_game_destroy(game);
}

// A row could not be written: the match stops, the rows before it kept.
static void stop_writing(match_state* state, int cause) {
	snprintf(state->write_failure, sizeof state->write_failure, "%s", strerror(cause));
	atomic_store(&state->write_failed, true);
}

// Prints the game's line and, from the games this invocation plays, sends
// its row to the checkpoint.
static void print_record(match_state* state, int64_t index) {
	const bs_match_game* record = &state->records[index];
	char line[1024];
	bs_match_game_describe(index, record, line, sizeof line);
	puts(line);
	fflush(stdout);
	if (!state->games_file.stream || index < state->first_game) {
		return;
	}
	if (atomic_load(&state->write_failed)) {
		return; // no row after a hole
	}
	char* row = bs_match_game_format_row(index, state->match->seed + (uint64_t)index, record);
	if (!row) {
		stop_writing(state, ENOMEM);
		return;
	}
	size_t length = strlen(row);
	errno = 0;
	bool written = bs_output_write(&state->games_file, row, length);
	if (written && index + 1 == state->stop_after) {
		bs_output_write(&state->games_file, row, length / 2);
		fflush(state->games_file.stream);
		raise(SIGKILL);
	}
	free(row);
	// Each game on disk as it is printed, for --resume.
	if (!written || fflush(state->games_file.stream) != 0) {
		stop_writing(state, errno != 0 ? errno : EIO);
	}
}

static void draw_progress(match_state* state) {
	int64_t done = state->printed;
	int64_t total = state->match->games;
	double elapsed = bs_cli_wall_seconds() - state->start;
	fprintf(stderr, "\r%" PRId64 "/%" PRId64 " games, %.0f s ", done, total, elapsed);
}

static void* play_games(void* arg) {
	match_state* state = arg;
	const bs_play_ai_match* match = state->match;
	for (;;) {
		int64_t index = atomic_fetch_add(&state->next, 1);
		if (index >= match->games || atomic_load(&state->write_failed)) {
			break;
		}
		play_game(match, index, &state->records[index]);
		pthread_mutex_lock(&state->lock);
		state->records[index].done = true;
		while (state->printed < match->games && state->records[state->printed].done) {
			print_record(state, state->printed);
			state->printed += 1;
			if (state->progress) {
				draw_progress(state);
			}
		}
		pthread_mutex_unlock(&state->lock);
	}
	return NULL;
}

/// A statistic of the match: a mean or a rate with its 95 % interval.
typedef struct statistic {
	char name[48];
	double value, low, high;
	int64_t n; ///< the visits or games it is over
} statistic;

// False for a mean whose draws show no spread: one visit, or fewer than
// two games with visits.
static bool has_interval(const statistic* s) {
	return isfinite(s->low) && isfinite(s->high);
}

// The statistic as `format` (its value, low, high and n), or "none (over
// 0)" for a statistic of nothing: every game failed, none finished, or no
// visit scored. A mean whose draws show no spread (one draw) has no
// interval, and is given as `alone` (its value and n).
static void describe(const statistic* s, const char* format, const char* alone, char* dest, size_t size) {
	if (s->n == 0) {
		snprintf(dest, size, "none (over 0)");
		return;
	}
	if (!has_interval(s)) {
		snprintf(dest, size, alone, s->value, s->n);
		return;
	}
	snprintf(dest, size, format, s->value, s->low, s->high, s->n);
}

static statistic rate(const char* name, int64_t count, int64_t n) {
	statistic s = {"", n > 0 ? (double)count / n : NAN, 0.0, 1.0, n};
	snprintf(s.name, sizeof s.name, "%s", name);
	bs_wilson_interval(count, n, &s.low, &s.high);
	return s;
}

// The mean of what `n` visits made, from their sum and sum of squares, with
// a normal interval; one visit has no spread to give one.
static statistic visit_mean(const char* name, double n, double sum, double sum2) {
	double mean = n > 0 ? sum / n : NAN;
	double sd = n > 1 ? sqrt(fmax(0.0, (sum2 - n * mean * mean) / (n - 1.0))) : NAN;
	double half = BS_SOLVE_Z95 * sd / sqrt(n);
	statistic s = {"", mean, mean - half, mean + half, (int64_t)n};
	snprintf(s.name, sizeof s.name, "%s", name);
	return s;
}

// The same mean with each game one draw: visits within a game are not
// independent (a break carries on, a layout lasts), so the interval of
// visit_mean can be too narrow. The mean is the ratio of the games' sums of
// what their visits made (y) and of their visits (x), and its normal
// interval is the ratio estimator's, from the spread of each game's
// residual y - mean x across the games. `sum_x` and `sum_y` are those sums
// over the games that did not fail, and n is those games; under two of
// them with visits, the residuals are all 0 and say nothing of the spread,
// so there is no interval.
static statistic visit_mean_by_game(const char* name, const bs_match_game* records, int64_t games,
	bool scoring_only, double sum_x, double sum_y) {
	statistic s = {"", NAN, NAN, NAN, 0};
	snprintf(s.name, sizeof s.name, "%s_by_game", name);
	if (sum_x <= 0.0) {
		return s;
	}
	double mean = sum_y / sum_x, residual2 = 0.0;
	int64_t n = 0, with_visits = 0;
	for (int64_t i = 0; i < games; ++i) {
		if (!records[i].failed) {
			bs_match_visits game;
			memset(&game, 0, sizeof game);
			bs_match_game_sum_visits(&records[i], &game);
			double x = scoring_only ? game.scoring : game.visits;
			residual2 += (game.made - mean * x) * (game.made - mean * x);
			n += 1;
			with_visits += x > 0.0;
		}
	}
	double variance = with_visits > 1 ? residual2 * (double)n / ((double)(n - 1) * sum_x * sum_x) : NAN;
	double half = BS_SOLVE_Z95 * sqrt(variance);
	s.value = mean;
	s.low = mean - half;
	s.high = mean + half;
	s.n = n;
	return s;
}

// Appends the mean of what the visits made (those that scored, when
// `scoring_only`) as `name`, with each visit one draw, and as
// `name`_by_game, with each game one draw. `sums` are over the games that
// did not fail.
static void add_visit_mean(statistic* stats, int* count, const char* name, const bs_match_visits* sums,
	const bs_match_game* records, int64_t games, bool scoring_only) {
	double n = scoring_only ? sums->scoring : sums->visits;
	double sum2 = scoring_only ? sums->scoring_squared : sums->made_squared;
	stats[(*count)++] = visit_mean(name, n, sums->made, sum2);
	stats[(*count)++] = visit_mean_by_game(name, records, games, scoring_only, n, sums->made);
}

typedef struct plot_data {
	const bs_play_ai_match* match;
	const int64_t* histogram;
	const statistic* stats;
	int stat_count;
	const char* visit_name;
} plot_data;

static void draw_histogram(cairo_t* cr, int width, int height, void* closure) {
	const plot_data* p = closure;
	cairo_set_source_rgb(cr, 0.97, 0.97, 0.97);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
	bs_plot_set_font(cr, 15.0, true);
	char text[256];
	snprintf(text, sizeof text, "%s: %" PRId64 " games between two players of breakshot (seed %" PRIu64 ")",
		bs_game_kind_name(p->match->game), p->match->games, p->match->seed);
	bs_plot_draw_text(cr, text, 24.0, 24.0, 0.0);
	bs_plot_set_font(cr, 13.0, false);
	for (int k = 0; k < p->stat_count; ++k) {
		char value[128];
		describe(&p->stats[k], "%.4g [%.4g, %.4g] over %" PRId64, "%.4g (no interval) over %" PRId64, value,
			sizeof value);
		snprintf(text, sizeof text, "%s: %s", p->stats[k].name, value);
		bs_plot_draw_text(cr, text, 24.0, 50.0 + 18.0 * k, 0.0);
	}
	double left = 80.0, right = width - 30.0, top = 60.0 + 18.0 * p->stat_count, bottom = height - 60.0;
	int last = 0;
	int64_t most = 1;
	for (int v = 0; v < BS_MATCH_VISIT_BINS; ++v) {
		if (p->histogram[v] > 0) {
			last = v;
		}
		most = p->histogram[v] > most ? p->histogram[v] : most;
	}
	int bins = last + 1;
	double w = (right - left) / bins;
	for (int v = 0; v < bins; ++v) {
		double h = (bottom - top) * (double)p->histogram[v] / (double)most;
		cairo_set_source_rgb(cr, 0.15, 0.40, 0.75);
		cairo_rectangle(cr, left + v * w + 1.0, bottom - h, w - 2.0, h);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
		snprintf(text, sizeof text, v == BS_MATCH_VISIT_BINS - 1 ? "%d+" : "%d", v);
		bs_plot_draw_text(cr, text, left + (v + 0.5) * w, bottom + 14.0, 0.5);
	}
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	cairo_set_line_width(cr, 1.0);
	cairo_move_to(cr, left, top);
	cairo_line_to(cr, left, bottom);
	cairo_line_to(cr, right, bottom);
	cairo_stroke(cr);
	snprintf(text, sizeof text, "%s in one visit to the table", p->visit_name);
	bs_plot_draw_text(cr, text, 0.5 * (left + right), bottom + 38.0, 0.5);
	cairo_save(cr);
	cairo_translate(cr, 24.0, 0.5 * (top + bottom));
	cairo_rotate(cr, -0.5 * BS_PI);
	snprintf(text, sizeof text, "visits (most: %" PRId64 ")", most);
	bs_plot_draw_text(cr, text, 0.0, 0.0, 0.5);
	cairo_restore(cr);
}

// What this build's player makes of game 1's opening shot, and in pool of
// the shot after it, played with a light search (16 samples, one speed,
// one tip) under the match's noise: a digest of the balls, turn, score and
// shot count they leave, bit for bit. Pool's break is a search of its own
// (set speeds, no position term), hence its second shot. Between them they
// run the search with its position term, the noise, the physics and the
// rules, so a build that differs in any of them almost surely leaves other
// bits, its games differing from the checkpoint's. (A change that shows
// only later in a game, say in the safety play or the placing of a ball in
// hand, goes unseen.) False, with why in `error`, when a shot cannot be
// played.
static bool player_fingerprint(const bs_play_ai_match* match, uint64_t* dest, char* error, size_t error_size) {
	bs_game* game = bs_game_new(match->game, match->seed, "AI 1", "AI 2", match->points, error, error_size);
	if (!game) {
		return false;
	}
	// The same code as the match's search, in a fraction of its time: a
	// test suite under the sanitizers pays for it at every --stats.
	bs_player_def player = game_player(match, 0);
	player.search.samples = 16;
	player.search.screen_samples = 16;
	player.search.top = 1;
	player.search.refine = 1;
	player.search.speed_count = 1;
	player.search.tip_count = 1;
	player.search.elevation_count = 1;
	bool was_break = true;
	for (int shot = 0; was_break && !bs_game_get_state(game)->over; ++shot) {
		bs_player_choice choice;
		bs_ruling ruling;
		if (!bs_player_play(game, &player, shot, &choice, &ruling, error, error_size)) {
			bs_game_destroy(game);
			return false;
		}
		was_break = choice.is_break && bs_game_kind_is_pool(match->game);
	}
	const bs_game_state* state = bs_game_get_state(game);
	uint64_t hash = BS_CHECKPOINT_HASH_START;
	for (int i = 0; i < state->ball_count; ++i) {
		const bs_rules_ball* ball = &state->balls[i];
		hash = bs_checkpoint_hash(hash, &ball->on_table, sizeof ball->on_table);
		hash = bs_checkpoint_hash(hash, &ball->pos.x, sizeof ball->pos.x);
		hash = bs_checkpoint_hash(hash, &ball->pos.y, sizeof ball->pos.y);
	}
	hash = bs_checkpoint_hash(hash, &state->shooter, sizeof state->shooter);
	hash = bs_checkpoint_hash(hash, state->score, sizeof state->score);
	hash = bs_checkpoint_hash(hash, &state->shot_count, sizeof state->shot_count);
	bs_game_destroy(game);
	*dest = hash;
	return true;
}

// The settings that fix the games, one per line: a resumed match must have
// the same (and the same player: the fingerprint line that follows).
static void format_settings(const bs_play_ai_match* match, char* dest, size_t size) {
	const bs_noise_def* noise = &match->player.search.noise;
	snprintf(dest, size,
		"game %s\ngames %" PRId64 "\nseed %" PRIu64 "\npoints %d\nsamples %d\nsigma-aim %.17g\n"
		"sigma-elevation %.17g\nsigma-speed %.17g\nsigma-tip %.17g\n",
		bs_game_kind_name(match->game), match->games, match->seed, match->points, match->player.search.samples,
		noise->aim_deg, noise->elevation_deg, noise->speed, noise->tip);
}

// Takes the next game's row from the checkpoint into the records.
static bool take_game(void* closure, const char* row, const char* where) {
	match_state* state = closure;
	int64_t games = state->first_game;
	int64_t index = -1;
	uint64_t seed = 0;
	int column = 0;
	bs_match_game* record = games < state->match->games ? &state->records[games] : NULL;
	if (!record || !bs_match_game_parse_row(row, &index, &seed, record, &column)) {
		bs_cli_fail("--resume: %s: column %d: not the row of game %" PRId64 " of this match", where,
			record ? column : 1, games + 1);
		return false;
	}
	if (index != games || seed != state->match->seed + (uint64_t)games) {
		bs_cli_fail("--resume: %s: game %" PRId64 " racked with seed %" PRIu64 " where this match's game %" PRId64
					" has seed %" PRIu64,
			where, index + 1, seed, games + 1, state->match->seed + (uint64_t)games);
		return false;
	}
	state->first_game += 1;
	return true;
}

// The player's fingerprint in the settings (checkpoint.h).
static int fingerprint_player(void* closure, uint64_t* digest) {
	const match_state* state = closure;
	char error[512];
	if (!player_fingerprint(state->match, digest, error, sizeof error)) {
		// The match's first game would fail alike, and so could its fingerprint on a resume.
		bs_cli_fail("play --ai: game 1's first shots, played for the player's fingerprint in %s/match.settings: %s",
			state->match->dir, error);
		return 1; // as a game that fails
	}
	return 0;
}

// Before the games: the directory, the settings, the checkpoint, the
// outputs tried; the games on disk with --resume, into the records. Returns
// 0 with the first game to play in state->first_game, or an exit status.
static int prepare_files(match_state* state, const match_paths* paths) {
	const bs_play_ai_match* match = state->match;
	int status = bs_output_make_dir(match->dir, "--stats");
	if (status != 0) {
		return status;
	}
	char settings[4096];
	format_settings(match, settings, sizeof settings);
	const char* others[3] = {paths->outputs[0], paths->outputs[1], paths->outputs[2]};
	bs_checkpoint_def checkpoint = {
		.dir = match->dir,
		.path = paths->games,
		.partial = paths->partial,
		.settings_path = paths->settings,
		.settings = settings,
		.fingerprint_name = "player",
		.fingerprint = fingerprint_player,
		.header = bs_match_games_header(),
		.resume = match->resume,
		.command = "play",
		.rows = "games",
		.hint = "give the same GAME, --games, --seed, --points, --samples and --sigma-*; 'player' is game 1's "
				"first shots as this build plays them: resume with the build that began the match",
		.take = take_game,
		.closure = state,
		.outputs = others,
		.output_count = 3,
	};
	int64_t games = 0;
	status = bs_checkpoint_start(&checkpoint, &games, &state->games_file);
	state->first_game = games; // as take_game counted them
	return status;
}

// After the games: the statistics and the plots, then all in place, the
// checkpoint last as games.csv. A failure here keeps the checkpoint, for
// --resume.
static int finish_files(match_state* state, const match_paths* paths, const statistic* stats, int count,
	const int64_t* histogram, const char* visit_name) {
	bs_output_file files[3];
	for (int k = 0; k < 3; ++k) {
		if (!bs_output_open(&files[k], paths->outputs[k])) {
			for (int j = 0; j < k; ++j) {
				bs_output_abort(&files[j]);
			}
			bs_output_abort(&state->games_file);
			return 1;
		}
	}
	fprintf(files[0].stream, "quantity,value,ci95_low,ci95_high,n\n");
	for (int k = 0; k < count; ++k) {
		if (stats[k].n == 0) {
			fprintf(files[0].stream, "%s,,,,0\n", stats[k].name); // empty fields: no value, rather than nan
			continue;
		}
		if (!has_interval(&stats[k])) {
			fprintf(files[0].stream, "%s,%.17g,,,%" PRId64 "\n", stats[k].name, stats[k].value, stats[k].n);
			continue;
		}
		fprintf(files[0].stream, "%s,%.17g,%.17g,%.17g,%" PRId64 "\n", stats[k].name, stats[k].value, stats[k].low,
			stats[k].high, stats[k].n);
	}
	plot_data plot = {state->match, histogram, stats, count, visit_name};
	for (int k = 1; k < 3; ++k) {
		if (!bs_plot_render(&files[k], 1000, 600, draw_histogram, &plot)) {
			for (int j = 0; j < 3; ++j) {
				bs_output_abort(&files[j]); // safe on the one already aborted
			}
			bs_output_abort(&state->games_file);
			return 1;
		}
	}
	bs_output_file* all[4] = {&files[0], &files[1], &files[2], &state->games_file};
	if (!bs_output_commit_all(all, 4)) {
		return 1;
	}
	unlink(paths->settings);
	return 0;
}

// Plays the games from state->first_game on, on the match's threads.
static void play_all(match_state* state) {
	const bs_play_ai_match* match = state->match;
	atomic_init(&state->next, state->first_game);
	pthread_mutex_init(&state->lock, NULL);
	for (int64_t i = 0; i < state->first_game; ++i) {
		print_record(state, i); // the resumed games, as an uninterrupted match prints them
	}
	state->printed = state->first_game;
	state->start = bs_cli_wall_seconds();
	pthread_t threads[256];
	int started = 0;
	for (int t = 1; t < match->threads && t < 256; ++t) {
		if (pthread_create(&threads[started], NULL, play_games, state) == 0) {
			++started;
		}
	}
	play_games(state);
	for (int t = 0; t < started; ++t) {
		pthread_join(threads[t], NULL);
	}
	pthread_mutex_destroy(&state->lock);
	if (state->progress) {
		fputc('\n', stderr);
	}
}

// The statistics of the match, printed and, with --stats, written with the
// games. Returns the exit status.
static int report(match_state* state, const match_paths* paths) {
	const bs_play_ai_match* match = state->match;
	if (atomic_load(&state->write_failed)) {
		bs_output_abort(&state->games_file); // a checkpoint is kept
		bs_cli_fail("--stats: %s: cannot write: %s; the match stopped, its games so far kept there for --resume",
			paths->partial, state->write_failure);
		return 1;
	}
	bs_match_visits sums;
	memset(&sums, 0, sizeof sums);
	int64_t finished = 0, breaker_wins = 0, runs_out = 0, failed = 0, innings = 0, points = 0;
	for (int64_t i = 0; i < match->games; ++i) {
		const bs_match_game* r = &state->records[i];
		failed += r->failed;
		if (r->failed) {
			continue;
		}
		bs_match_game_sum_visits(r, &sums);
		finished += r->finished;
		breaker_wins += r->finished && r->winner == 0;
		runs_out += r->break_and_run;
		innings += r->innings[0] + r->innings[1];
		points += r->score[0] + r->score[1];
	}
	statistic stats[7];
	int count = 0;
	const char* visit_name = "balls potted";
	switch (match->game) {
	case BS_GAME_9_BALL:
	case BS_GAME_10_BALL:
		stats[count++] = rate("break_and_run_rate", runs_out, finished);
		add_visit_mean(stats, &count, "balls_per_inning", &sums, state->records, match->games, false);
		stats[count++] = rate("breaker_win_rate", breaker_wins, finished);
		break;
	case BS_GAME_8_BALL:
		stats[count++] = rate("breaker_win_rate", breaker_wins, finished);
		add_visit_mean(stats, &count, "balls_per_inning", &sums, state->records, match->games, false);
		stats[count++] = rate("break_and_run_rate", runs_out, finished);
		break;
	case BS_GAME_THREE_CUSHION:
		visit_name = "points";
		add_visit_mean(stats, &count, "general_average", &sums, state->records, match->games, false);
		stats[count++] = rate("breaker_win_rate", breaker_wins, finished);
		break;
	default:
		visit_name = "points";
		add_visit_mean(stats, &count, "mean_break", &sums, state->records, match->games, true);
		add_visit_mean(stats, &count, "points_per_visit", &sums, state->records, match->games, false);
		stats[count++] = rate("breaker_win_rate", breaker_wins, finished);
		break;
	}
	stats[count++] = rate("finished", finished, match->games - failed);
	printf("%s: %" PRId64 " games (%" PRId64 " finished, %" PRId64 " failed), %" PRId64 " innings, %" PRId64
		   " points\n",
		bs_game_kind_name(match->game), match->games, finished, failed, innings, points);
	if (state->progress) {
		// Not on standard output, which any T repeats.
		fprintf(stderr, "%.0f s for %" PRId64 " games\n", bs_cli_wall_seconds() - state->start,
			match->games - state->first_game);
	}
	for (int k = 0; k < count; ++k) {
		char value[128];
		describe(&stats[k], "%.4f  [%.4f, %.4f]  over %" PRId64, "%.4f  (no interval)  over %" PRId64, value,
			sizeof value);
		printf("  %-25s %s\n", stats[k].name, value);
	}
	fflush(stdout);
	int status = failed > 0 ? 1 : 0;
	if (paths) {
		int written = finish_files(state, paths, stats, count, sums.histogram, visit_name);
		status = written != 0 ? written : status;
	}
	return status;
}

int bs_play_ai_run(const bs_play_ai_match* match) {
	match_state state;
	memset(&state, 0, sizeof state);
	state.match = match;
	state.progress = isatty(STDERR_FILENO);
	state.stop_after = stop_after_games();
	state.records = calloc((size_t)match->games, sizeof *state.records);
	if (!state.records) {
		return bs_cli_fail("out of memory for %" PRId64 " games", match->games);
	}
	match_paths paths;
	int status = 0;
	if (match->dir) {
		make_paths(match->dir, &paths);
		status = prepare_files(&state, &paths);
	}
	if (status == 0) {
		play_all(&state);
		status = report(&state, match->dir ? &paths : NULL);
	}
	for (int64_t i = 0; i < match->games; ++i) {
		bs_match_game_clear(&state.records[i]);
	}
	free(state.records);
	return status;
}
