// breakshot play --ai --games N: many games between two players of
// player.h, spread over threads, each game's line printed in game order,
// and the statistics of the match with 95 % intervals: the mean of what
// each visit to the table makes (balls potted, points, the break), the
// 9-ball break-and-run rate, the 8-ball breaker's win rate, the
// three-cushion general average, the snooker break. A game's outcome
// depends on its index alone, so the output is the same for any number of
// threads.
#include "play_ai.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "output_file.h"
#include "plot_canvas.h"
#include <breakshot/game.h>

/// Visits counted by what they made, the last bin holding every larger one.
#define VISIT_BINS 32

/// One game of the match, as played.
typedef struct game_record {
	bool done;
	bool failed;
	char message[600];
	bool finished;     ///< it ended by the rules (not stopped at the shot limit)
	int winner;        ///< 0, 1, or -1 (drawn or unfinished)
	int shots;
	int innings[2];
	int score[2];
	int visits;        ///< turns at the table
	int64_t made;      ///< what the visits made in all: balls potted, or points
	double made_squared; ///< the sum of each visit's squared
	int scoring_visits;  ///< visits that made something
	double scoring_squared; ///< the sum of their squares (their sum is `made`)
	int high;          ///< the most one visit made
	int safeties;
	bool break_and_run; ///< the breaker won without the opponent coming to the table
	int64_t histogram[VISIT_BINS];
	int64_t evaluations;
} game_record;

typedef struct match_state {
	const bs_play_ai_match* match;
	game_record* records;
	atomic_llong next;
	pthread_mutex_t lock;
	int64_t printed;
	double start;
	bool progress;
} match_state;

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

static void close_visit(game_record* record, int made) {
	record->visits += 1;
	record->made += made;
	record->made_squared += (double)made * made;
	record->scoring_visits += made > 0;
	record->scoring_squared += made > 0 ? (double)made * made : 0.0;
	record->high = made > record->high ? made : record->high;
	record->histogram[made < VISIT_BINS - 1 ? made : VISIT_BINS - 1] += 1;
}

static void play_game(const bs_play_ai_match* match, int64_t index, game_record* record) {
	char error[512];
	uint64_t seed = match->seed + (uint64_t)index;
	bs_game* game = bs_game_new(match->game, seed, "AI 1", "AI 2", match->points, error, sizeof error);
	if (!game) {
		record->failed = true;
		snprintf(record->message, sizeof record->message, "%s", error);
		return;
	}
	bs_player_def player = match->player;
	player.seed = seed * 0x9E3779B97F4A7C15ull + 1; // each game's executions from a stream of its own
	player.search.threads = 1;
	bool pool = match->game != BS_GAME_SNOOKER && match->game != BS_GAME_THREE_CUSHION;
	int visit = 0;
	for (int shot = 0; shot < BS_PLAY_AI_MAX_SHOTS && !bs_game_get_state(game)->over; ++shot) {
		const bs_game_state* before = bs_game_get_state(game);
		int cue_ball = before->cue_ball;
		bs_player_choice choice;
		bs_ruling ruling;
		if (!bs_player_play(game, &player, shot, &choice, &ruling, error, sizeof error)) {
			record->failed = true;
			snprintf(record->message, sizeof record->message, "shot %d: %s", shot + 1, error);
			break;
		}
		record->evaluations += choice.evaluations;
		record->safeties += choice.safety;
		visit += pool ? balls_potted(game, &ruling, cue_ball) : ruling.points;
		if (ruling.turn_passes || ruling.after.over) {
			close_visit(record, visit);
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

static void print_record(int64_t index, const game_record* r) {
	if (r->failed) {
		printf("game %" PRId64 ": failed: %s\n", index + 1, r->message);
		return;
	}
	printf("game %" PRId64 ": %s after %d shots, score %d-%d, innings %d-%d, %d visits making %" PRId64
		   " (high %d), %d safeties%s\n",
		index + 1,
		!r->finished		 ? "unfinished"
			: r->winner == 0 ? "AI 1 (the breaker) won"
			: r->winner == 1 ? "AI 2 won"
							 : "drawn",
		r->shots, r->score[0], r->score[1], r->innings[0], r->innings[1], r->visits, r->made, r->high, r->safeties,
		r->break_and_run ? ", break and run" : "");
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
		if (index >= match->games) {
			break;
		}
		play_game(match, index, &state->records[index]);
		pthread_mutex_lock(&state->lock);
		state->records[index].done = true;
		while (state->printed < match->games && state->records[state->printed].done) {
			print_record(state->printed, &state->records[state->printed]);
			state->printed += 1;
			fflush(stdout);
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
	const char* name;
	double value, low, high;
	int64_t n; ///< the visits or games it is over
} statistic;

static statistic rate(const char* name, int64_t count, int64_t n) {
	statistic s = {name, n > 0 ? (double)count / n : NAN, 0.0, 1.0, n};
	bs_wilson_interval(count, n, &s.low, &s.high);
	return s;
}

// The mean of what `n` visits made, from their sum and sum of squares, with
// a normal interval.
static statistic visit_mean(const char* name, double n, double sum, double sum2) {
	double mean = n > 0 ? sum / n : NAN;
	double sd = n > 1 ? sqrt(fmax(0.0, (sum2 - n * mean * mean) / (n - 1.0))) : 0.0;
	double half = n > 0 ? BS_SOLVE_Z95 * sd / sqrt(n) : NAN;
	statistic s = {name, mean, mean - half, mean + half, (int64_t)n};
	return s;
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
		snprintf(text, sizeof text, "%s: %.4g [%.4g, %.4g] over %" PRId64, p->stats[k].name, p->stats[k].value,
			p->stats[k].low, p->stats[k].high, p->stats[k].n);
		bs_plot_draw_text(cr, text, 24.0, 50.0 + 18.0 * k, 0.0);
	}
	double left = 80.0, right = width - 30.0, top = 60.0 + 18.0 * p->stat_count, bottom = height - 60.0;
	int last = 0;
	int64_t most = 1;
	for (int v = 0; v < VISIT_BINS; ++v) {
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
		snprintf(text, sizeof text, v == VISIT_BINS - 1 ? "%d+" : "%d", v);
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

static int write_files(const bs_play_ai_match* match, const game_record* records, const statistic* stats, int count,
	const int64_t* histogram, const char* visit_name) {
	int status = bs_output_make_dir(match->dir, "--stats");
	if (status != 0) {
		return status;
	}
	static const char* const names[4] = {"games.csv", "stats.csv", "stats.png", "stats.svg"};
	bs_output_file files[4];
	bs_output_file* all[4] = {&files[0], &files[1], &files[2], &files[3]};
	for (int k = 0; k < 4; ++k) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", match->dir, names[k]);
		if (!bs_output_open(&files[k], path)) {
			for (int j = 0; j < k; ++j) {
				bs_output_abort(&files[j]);
			}
			return 1;
		}
	}
	fprintf(files[0].stream, "game,seed,finished,winner,shots,innings_1,innings_2,score_1,score_2,visits,made,high,"
							 "safeties,break_and_run,evaluations\n");
	for (int64_t i = 0; i < match->games; ++i) {
		const game_record* r = &records[i];
		fprintf(files[0].stream, "%" PRId64 ",%" PRIu64 ",%d,%d,%d,%d,%d,%d,%d,%d,%" PRId64 ",%d,%d,%d,%" PRId64 "\n",
			i + 1, match->seed + (uint64_t)i, r->finished, r->winner >= 0 ? r->winner + 1 : 0, r->shots, r->innings[0],
			r->innings[1], r->score[0], r->score[1], r->visits, r->made, r->high, r->safeties, r->break_and_run,
			r->evaluations);
	}
	fprintf(files[1].stream, "quantity,value,ci95_low,ci95_high,n\n");
	for (int k = 0; k < count; ++k) {
		fprintf(files[1].stream, "%s,%.17g,%.17g,%.17g,%" PRId64 "\n", stats[k].name, stats[k].value, stats[k].low,
			stats[k].high, stats[k].n);
	}
	plot_data plot = {match, histogram, stats, count, visit_name};
	for (int k = 2; k < 4; ++k) {
		if (!bs_plot_render(&files[k], 1000, 600, draw_histogram, &plot)) {
			for (int j = 0; j < 4; ++j) {
				if (j != k) {
					bs_output_abort(&files[j]);
				}
			}
			return 1;
		}
	}
	return bs_output_commit_all(all, 4) ? 0 : 1;
}

int bs_play_ai_run(const bs_play_ai_match* match) {
	match_state state;
	memset(&state, 0, sizeof state);
	state.match = match;
	state.records = calloc((size_t)match->games, sizeof *state.records);
	if (!state.records) {
		return bs_cli_fail("out of memory for %" PRId64 " games", match->games);
	}
	atomic_init(&state.next, 0);
	pthread_mutex_init(&state.lock, NULL);
	state.start = bs_cli_wall_seconds();
	state.progress = isatty(STDERR_FILENO);
	pthread_t threads[256];
	int started = 0;
	for (int t = 1; t < match->threads && t < 256; ++t) {
		if (pthread_create(&threads[started], NULL, play_games, &state) == 0) {
			++started;
		}
	}
	play_games(&state);
	for (int t = 0; t < started; ++t) {
		pthread_join(threads[t], NULL);
	}
	pthread_mutex_destroy(&state.lock);
	if (state.progress) {
		fputc('\n', stderr);
	}
	// The statistics.
	int64_t histogram[VISIT_BINS] = {0};
	int64_t finished = 0, breaker_wins = 0, runs_out = 0, failed = 0, innings = 0, points = 0;
	double visits = 0.0, made = 0.0, made2 = 0.0, scoring = 0.0, scoring2 = 0.0;
	for (int64_t i = 0; i < match->games; ++i) {
		const game_record* r = &state.records[i];
		failed += r->failed;
		if (r->failed) {
			continue;
		}
		for (int v = 0; v < VISIT_BINS; ++v) {
			histogram[v] += r->histogram[v];
		}
		finished += r->finished;
		breaker_wins += r->finished && r->winner == 0;
		runs_out += r->break_and_run;
		innings += r->innings[0] + r->innings[1];
		points += r->score[0] + r->score[1];
		visits += r->visits;
		made += (double)r->made;
		made2 += r->made_squared;
		scoring += r->scoring_visits;
		scoring2 += r->scoring_squared;
	}
	statistic stats[4];
	int count = 0;
	const char* visit_name = "balls potted";
	switch (match->game) {
	case BS_GAME_9_BALL:
	case BS_GAME_10_BALL:
		stats[count++] = rate("break_and_run_rate", runs_out, finished);
		stats[count++] = visit_mean("balls_per_inning", visits, made, made2);
		stats[count++] = rate("breaker_win_rate", breaker_wins, finished);
		break;
	case BS_GAME_8_BALL:
		stats[count++] = rate("breaker_win_rate", breaker_wins, finished);
		stats[count++] = visit_mean("balls_per_inning", visits, made, made2);
		stats[count++] = rate("break_and_run_rate", runs_out, finished);
		break;
	case BS_GAME_THREE_CUSHION:
		visit_name = "points";
		stats[count++] = visit_mean("general_average", visits, made, made2);
		stats[count++] = rate("breaker_win_rate", breaker_wins, finished);
		break;
	default:
		visit_name = "points";
		stats[count++] = visit_mean("mean_break", scoring, made, scoring2);
		stats[count++] = visit_mean("points_per_visit", visits, made, made2);
		stats[count++] = rate("breaker_win_rate", breaker_wins, finished);
		break;
	}
	stats[count++] = rate("finished", finished, match->games - failed);
	printf("%s: %" PRId64 " games (%" PRId64 " finished, %" PRId64 " failed), %" PRId64 " innings, %" PRId64
		   " points\n",
		bs_game_kind_name(match->game), match->games, finished, failed, innings, points);
	if (state.progress) {
		fprintf(stderr, "%.0f s\n", bs_cli_wall_seconds() - state.start); // not on standard output, which any T repeats
	}
	for (int k = 0; k < count; ++k) {
		printf("  %-20s %.4f  [%.4f, %.4f]  over %" PRId64 "\n", stats[k].name, stats[k].value, stats[k].low,
			stats[k].high, stats[k].n);
	}
	int status = failed > 0 ? 1 : 0;
	if (match->dir) {
		int written = write_files(match, state.records, stats, count, histogram, visit_name);
		status = written != 0 ? written : status;
	}
	free(state.records);
	return status;
}
