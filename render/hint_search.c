#include "hint_search.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bs_hint_search {
	pthread_t thread;
	bs_solve_def search;
	bs_game* game;          ///< the copy searched, or NULL for a position
	bs_world_def position;  ///< with `balls` (owned), when `game` is NULL
	bs_ball_def* balls;
	int cue_ball;
	bs_shot_hints hints;    ///< what the search found
	bool found;
	char error[512];
	atomic_bool stop;       ///< asked by the search between pieces of work
	atomic_int per_mille;   ///< progress, in thousandths
	atomic_bool done;
};

static bool stop_asked(void* closure) {
	bs_hint_search* job = closure;
	return atomic_load(&job->stop);
}

static void note_progress(void* closure, double fraction, const char* stage) {
	(void)stage;
	bs_hint_search* job = closure;
	atomic_store(&job->per_mille, (int)(1000.0 * fraction));
}

static void* run(void* arg) {
	bs_hint_search* job = arg;
	job->found = job->game
		? bs_shot_hints_find_game(job->game, &job->search, &job->hints, job->error, sizeof job->error)
		: bs_shot_hints_find_pots(&job->position, job->cue_ball, &job->search, &job->hints, job->error,
			  sizeof job->error);
	atomic_store(&job->done, true);
	return NULL;
}

static void free_job(bs_hint_search* job) {
	bs_game_destroy(job->game);
	free(job->balls);
	bs_shot_hints_destroy(&job->hints);
	free(job);
}

bs_hint_search* bs_hint_search_start(const bs_game* game, const bs_world_def* position, int cue_ball,
	const bs_solve_def* search, char* error, size_t error_size) {
	bs_hint_search* job = calloc(1, sizeof *job);
	if (!job) {
		snprintf(error, error_size, "out of memory");
		return NULL;
	}
	atomic_init(&job->stop, false);
	atomic_init(&job->per_mille, 0);
	atomic_init(&job->done, false);
	job->search = *search;
	job->search.cancel = stop_asked;
	job->search.cancel_closure = job;
	job->search.progress = note_progress;
	job->search.progress_closure = job;
	job->cue_ball = cue_ball;
	bool copied;
	if (game) {
		copied = (job->game = bs_game_copy(game)) != NULL;
	} else {
		job->position = *position;
		size_t count = (size_t)(position->ball_count > 0 ? position->ball_count : 1);
		job->balls = malloc(count * sizeof *job->balls);
		copied = job->balls != NULL;
		if (copied) {
			memcpy(job->balls, position->balls, (size_t)position->ball_count * sizeof *job->balls);
			job->position.balls = job->balls;
		}
	}
	if (!copied) {
		free_job(job);
		snprintf(error, error_size, "out of memory");
		return NULL;
	}
	if (pthread_create(&job->thread, NULL, run, job) != 0) {
		free_job(job);
		snprintf(error, error_size, "the search's thread could not start");
		return NULL;
	}
	return job;
}

bool bs_hint_search_done(const bs_hint_search* job) {
	return atomic_load(&((bs_hint_search*)job)->done);
}

double bs_hint_search_progress(const bs_hint_search* job) {
	return atomic_load(&((bs_hint_search*)job)->per_mille) / 1000.0;
}

bool bs_hint_search_finish(bs_hint_search* job, bs_shot_hints* dest, char* error, size_t error_size) {
	pthread_join(job->thread, NULL);
	bool found = job->found;
	if (found) {
		bs_shot_hints swap = *dest;
		*dest = job->hints;
		job->hints = swap;
	} else {
		snprintf(error, error_size, "%s", job->error);
	}
	free_job(job);
	return found;
}

bool bs_hint_search_cancel(bs_hint_search* job) {
	if (!job) {
		return false;
	}
	atomic_store(&job->stop, true);
	pthread_join(job->thread, NULL);
	bool cut_short = !job->found && strcmp(job->error, "cancelled") == 0;
	free_job(job);
	return cut_short;
}
