// Not in POSIX: sched_getaffinity and CPU_COUNT (glibc).
#define _GNU_SOURCE
#include "ensemble_engine.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int bs_ensemble_default_threads(void) {
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) {
		return CPU_COUNT(&set);
	}
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	return online > 0 ? (int)online : 1;
}

/// A slot of the window: a block being run or waiting to be handed over.
typedef struct slot {
	bs_ensemble_block block;
	bool ready;
} slot;

/// What one rank's threads share.
typedef struct crew {
	const bs_ensemble_job* job;
	int64_t local_blocks; ///< this rank's blocks
	int window;           ///< slots
	slot* slots;
	pthread_mutex_t lock;
	pthread_cond_t ready; ///< a slot became ready
	pthread_cond_t freed; ///< a slot was handed over, or the crew stops
	int64_t next_claim;   ///< this rank's next block to run (its local index)
	int64_t handed;       ///< this rank's blocks handed over
	bool stop;
} crew;

static int64_t block_count(const bs_ensemble_job* job) {
	int64_t runs = job->runs - job->first_run;
	return runs <= 0 ? 0 : (runs + BS_ENSEMBLE_BLOCK_RUNS - 1) / BS_ENSEMBLE_BLOCK_RUNS;
}

// Runs this rank's local block `local` into `block`.
static void run_block(const bs_ensemble_job* job, int64_t local, bs_ensemble_block* block) {
	int64_t global = job->mpi->rank + local * job->mpi->ranks;
	block->first_run = job->first_run + global * BS_ENSEMBLE_BLOCK_RUNS;
	int64_t left = job->runs - block->first_run;
	int count = left < BS_ENSEMBLE_BLOCK_RUNS ? (int)left : BS_ENSEMBLE_BLOCK_RUNS;
	block->failure = BS_ENSEMBLE_RUN_DONE;
	block->message[0] = '\0';
	block->count = 0;
	for (int k = 0; k < count; ++k) {
		block->failure = bs_ensemble_simulate(
			job->context, block->first_run + k, &block->rows[k], block->message, sizeof block->message);
		if (block->failure != BS_ENSEMBLE_RUN_DONE) {
			return;
		}
		block->count = k + 1;
	}
}

static void* worker(void* argument) {
	crew* c = argument;
	pthread_mutex_lock(&c->lock);
	for (;;) {
		while (!c->stop && c->next_claim < c->local_blocks && c->next_claim >= c->handed + c->window) {
			pthread_cond_wait(&c->freed, &c->lock);
		}
		if (c->stop || c->next_claim >= c->local_blocks) {
			break;
		}
		int64_t local = c->next_claim++;
		slot* s = &c->slots[local % c->window];
		pthread_mutex_unlock(&c->lock);
		run_block(c->job, local, &s->block);
		pthread_mutex_lock(&c->lock);
		s->ready = true;
		pthread_cond_broadcast(&c->ready);
	}
	pthread_mutex_unlock(&c->lock);
	return NULL;
}

// Waits for this rank's local block `local`.
static bs_ensemble_block* wait_local(crew* c, int64_t local) {
	slot* s = &c->slots[local % c->window];
	pthread_mutex_lock(&c->lock);
	while (!s->ready) {
		pthread_cond_wait(&c->ready, &c->lock);
	}
	pthread_mutex_unlock(&c->lock);
	return &s->block;
}

// Frees the slot of the local block just handed over.
static void release_local(crew* c, int64_t local) {
	pthread_mutex_lock(&c->lock);
	c->slots[local % c->window].ready = false;
	c->handed = local + 1;
	pthread_cond_broadcast(&c->freed);
	pthread_mutex_unlock(&c->lock);
}

// A rank other than 0: sends its blocks in order until they are all sent,
// one has failed, or rank 0 says stop; then waits for rank 0's last word
// (end or stop) and says it is done, so that no rank is left waiting.
static bs_ensemble_status send_blocks(crew* c) {
	const bs_mpi* mpi = c->job->mpi;
	bs_ensemble_status status = BS_ENSEMBLE_DONE;
	bool stopped = false;
	for (int64_t local = 0; local < c->local_blocks; ++local) {
		bs_ensemble_block* block = wait_local(c, local);
		if (bs_mpi_waiting(mpi, 0, BS_MPI_STOP)) {
			stopped = true;
			break;
		}
		bs_mpi_send(mpi, 0, BS_MPI_BLOCK, block, sizeof *block);
		bool failed = block->failure != BS_ENSEMBLE_RUN_DONE;
		release_local(c, local);
		if (failed) {
			status = BS_ENSEMBLE_FAILED;
			break;
		}
	}
	char word = 0;
	if (bs_mpi_receive(mpi, 0, BS_MPI_ANY, &word, sizeof word) == BS_MPI_STOP || stopped) {
		status = status == BS_ENSEMBLE_DONE ? BS_ENSEMBLE_STOPPED : status;
	}
	bs_mpi_send(mpi, 0, BS_MPI_DONE, &word, sizeof word);
	return status;
}

// Rank 0, at the end: tells every other rank that all is in (`tag` END) or
// to stop (STOP), and takes what they still send until each is done.
static void close_ranks(const bs_mpi* mpi, bs_mpi_tag tag, bs_ensemble_block* scratch) {
	char word = 0;
	for (int rank = 1; rank < mpi->ranks; ++rank) {
		bs_mpi_send(mpi, rank, tag, &word, sizeof word);
	}
	for (int rank = 1; rank < mpi->ranks; ++rank) {
		while (bs_mpi_receive(mpi, rank, BS_MPI_ANY, scratch, sizeof *scratch) != BS_MPI_DONE) {
		}
	}
}

// Hands the blocks over in order: rank 0 to the sink (receiving the other
// ranks' blocks in turn), the other ranks to rank 0.
static bs_ensemble_status hand_over(crew* c, bs_ensemble_sink sink, void* closure, bs_ensemble_block* received) {
	const bs_mpi* mpi = c->job->mpi;
	if (mpi->rank != 0) {
		return send_blocks(c);
	}
	bs_ensemble_status status = BS_ENSEMBLE_DONE;
	int64_t blocks = block_count(c->job);
	for (int64_t global = 0; global < blocks && status == BS_ENSEMBLE_DONE; ++global) {
		int owner = (int)(global % mpi->ranks);
		int64_t local = global / mpi->ranks;
		bs_ensemble_block* block = received;
		if (owner == 0) {
			block = wait_local(c, local);
		} else {
			bs_mpi_receive(mpi, owner, BS_MPI_BLOCK, received, sizeof *received);
		}
		bool more = sink(closure, block);
		status = block->failure != BS_ENSEMBLE_RUN_DONE ? BS_ENSEMBLE_FAILED : !more ? BS_ENSEMBLE_STOPPED : BS_ENSEMBLE_DONE;
		if (owner == 0) {
			release_local(c, local);
		}
	}
	if (mpi->ranks > 1) {
		close_ranks(mpi, status == BS_ENSEMBLE_DONE ? BS_MPI_END : BS_MPI_STOP, received);
	}
	return status;
}

bs_ensemble_status bs_ensemble_execute(const bs_ensemble_job* job, bs_ensemble_sink sink, void* closure) {
	const bs_mpi* mpi = job->mpi;
	int64_t blocks = block_count(job);
	crew c;
	memset(&c, 0, sizeof c);
	c.job = job;
	c.local_blocks = blocks > mpi->rank ? (blocks - mpi->rank + mpi->ranks - 1) / mpi->ranks : 0;
	int threads = job->threads < 1 ? 1 : job->threads;
	c.window = BS_ENSEMBLE_WINDOW * threads;
	c.slots = calloc((size_t)c.window, sizeof *c.slots);
	bs_ensemble_block* received = mpi->ranks > 1 && mpi->rank == 0 ? malloc(sizeof *received) : NULL;
	pthread_t* ids = calloc((size_t)threads, sizeof *ids);
	if (!c.slots || !ids || (mpi->ranks > 1 && mpi->rank == 0 && !received)) {
		free(c.slots);
		free(received);
		free(ids);
		return BS_ENSEMBLE_NO_THREADS;
	}
	pthread_mutex_init(&c.lock, NULL);
	pthread_cond_init(&c.ready, NULL);
	pthread_cond_init(&c.freed, NULL);
	int started = 0;
	for (; started < threads; ++started) {
		if (pthread_create(&ids[started], NULL, worker, &c) != 0) {
			break;
		}
	}
	bs_ensemble_status status = started == threads ? hand_over(&c, sink, closure, received) : BS_ENSEMBLE_NO_THREADS;
	pthread_mutex_lock(&c.lock);
	c.stop = true;
	pthread_cond_broadcast(&c.freed);
	pthread_mutex_unlock(&c.lock);
	for (int k = 0; k < started; ++k) {
		pthread_join(ids[k], NULL);
	}
	pthread_cond_destroy(&c.freed);
	pthread_cond_destroy(&c.ready);
	pthread_mutex_destroy(&c.lock);
	free(ids);
	free(received);
	free(c.slots);
	return status;
}
