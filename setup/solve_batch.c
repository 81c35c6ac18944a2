// breakshot: a search's batches of independent items, run on its threads
// and shared between its ranks. Every item's result depends on its index
// alone and lands in its own slot, so a batch gives the same bytes for any
// number of threads or ranks.
#include "solve_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"

/// Items a thread claims at a time: few enough to share a small batch out,
/// enough that claiming costs nothing.
#define SOLVE_CHUNK 8

struct solve_workers {
	const bs_solve_def* def;
	int threads;
	bs_shot_evaluator** evaluators; ///< one per thread
	int64_t evaluations;
	atomic_bool cancelled; ///< the def's cancel said stop
};

solve_workers* solve_workers_create(const bs_solve_def* def, char* error, size_t error_size) {
	solve_workers* workers = bs_calloc(1, sizeof *workers);
	if (!workers) {
		snprintf(error, error_size, "out of memory starting the search");
		return NULL;
	}
	workers->def = def;
	workers->threads = def->threads;
	atomic_init(&workers->cancelled, false);
	workers->evaluators = bs_calloc((size_t)def->threads, sizeof *workers->evaluators);
	if (!workers->evaluators) {
		snprintf(error, error_size, "out of memory starting the search");
		bs_free(workers);
		return NULL;
	}
	for (int t = 0; t < def->threads; ++t) {
		workers->evaluators[t] = bs_shot_evaluator_create(def, error, error_size);
		if (!workers->evaluators[t]) {
			solve_workers_destroy(workers);
			return NULL;
		}
	}
	return workers;
}

void solve_workers_destroy(solve_workers* workers) {
	if (!workers) {
		return;
	}
	if (workers->evaluators) {
		for (int t = 0; t < workers->threads; ++t) {
			bs_shot_evaluator_destroy(workers->evaluators[t]);
		}
	}
	bs_free(workers->evaluators);
	bs_free(workers);
}

bool solve_workers_stop_asked(solve_workers* workers) {
	const bs_solve_def* def = workers->def;
	if (atomic_load(&workers->cancelled)) {
		return true;
	}
	if (def->cancel && def->cancel(def->cancel_closure)) {
		atomic_store(&workers->cancelled, true);
		return true;
	}
	return false;
}

bool solve_workers_cancelled(const solve_workers* workers) {
	return atomic_load(&workers->cancelled);
}

bs_shot_evaluator* workers_evaluator(solve_workers* workers) {
	return workers->evaluators[0];
}

int64_t solve_workers_evaluations(const solve_workers* workers) {
	return workers->evaluations;
}

void solve_workers_count(solve_workers* workers, int64_t n) {
	workers->evaluations += n;
}

// One batch as the threads share it.
typedef struct batch {
	solve_workers* workers;
	int begin, end; ///< this rank's slice
	size_t item_size;
	solve_item_fn item;
	void* closure;
	unsigned char* results;
	atomic_int next; ///< the next item to claim
	atomic_int done; ///< items finished
} batch;

typedef struct worker_arg {
	batch* batch;
	int thread;
	double progress_from, progress_to;
	const char* stage;
} worker_arg;

static void* work(void* arg) {
	worker_arg* w = arg;
	batch* b = w->batch;
	bs_shot_evaluator* evaluator = b->workers->evaluators[w->thread];
	const bs_solve_def* def = b->workers->def;
	int total = b->end - b->begin;
	for (;;) {
		if (solve_workers_stop_asked(b->workers)) {
			break;
		}
		int first = atomic_fetch_add(&b->next, SOLVE_CHUNK);
		if (first >= b->end) {
			break;
		}
		int last = first + SOLVE_CHUNK < b->end ? first + SOLVE_CHUNK : b->end;
		for (int i = first; i < last; ++i) {
			b->item(b->closure, evaluator, i, b->results + (size_t)i * b->item_size);
		}
		int done = atomic_fetch_add(&b->done, last - first) + (last - first);
		// Only the calling thread reports, so that a caller's progress
		// function never runs on a thread it did not start.
		if (w->thread == 0 && def->progress && total > 0) {
			double f = w->progress_from + (w->progress_to - w->progress_from) * (double)done / (double)total;
			def->progress(def->progress_closure, f, w->stage);
		}
	}
	return NULL;
}

bool solve_workers_run(solve_workers* workers, int count, size_t item_size, solve_item_fn item, void* closure,
	void* results, double progress_from, double progress_to, const char* stage) {
	const bs_solve_def* def = workers->def;
	int ranks = def->ranks;
	batch b;
	b.workers = workers;
	b.begin = (int)((int64_t)count * def->rank / ranks);
	b.end = (int)((int64_t)count * (def->rank + 1) / ranks);
	b.item_size = item_size;
	b.item = item;
	b.closure = closure;
	b.results = results;
	atomic_init(&b.next, b.begin);
	atomic_init(&b.done, 0);
	worker_arg args[BS_SOLVE_MAX_THREADS];
	pthread_t ids[BS_SOLVE_MAX_THREADS];
	int threads = workers->threads;
	int items = b.end - b.begin;
	int wanted = (items + SOLVE_CHUNK - 1) / SOLVE_CHUNK;
	if (threads > wanted) {
		threads = wanted > 0 ? wanted : 1;
	}
	int started = 1;
	for (int t = 0; t < threads; ++t) {
		args[t] = (worker_arg){&b, t, progress_from, progress_to, stage};
	}
	for (int t = 1; t < threads; ++t) {
		if (pthread_create(&ids[t], NULL, work, &args[t]) != 0) {
			break; // the threads started, and the calling one, claim every item still
		}
		++started;
	}
	work(&args[0]); // the calling thread works too
	for (int t = 1; t < started; ++t) {
		pthread_join(ids[t], NULL);
	}
	if (solve_workers_cancelled(workers)) {
		return false; // items were left undone: the caller stops
	}
	if (ranks > 1) {
		def->share(def->share_closure, results, item_size, count);
	}
	if (def->progress) {
		def->progress(def->progress_closure, progress_to, stage);
	}
	return true;
}
