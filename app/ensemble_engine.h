// breakshot ensemble: runs an ensemble's runs on T threads of each of K
// ranks and hands their rows over in run order, a block of runs at a time.
//
// The runs are cut into blocks of BS_ENSEMBLE_BLOCK_RUNS; block b belongs to
// rank b mod K. Each rank's threads claim its blocks in turn, each with
// worlds of its own (the engine has no global state), and may run ahead of
// the oldest block not yet handed over by at most BS_ENSEMBLE_WINDOW blocks
// a thread: memory stays bounded whatever the number of runs. Rank 0 hands
// over its own blocks and receives the others' in block order; the other
// ranks send theirs to it. Since a run's rows depend on its index alone, the
// rows come out the same, in the same order, for any T and K.
#ifndef BREAKSHOT_ENSEMBLE_ENGINE_H
#define BREAKSHOT_ENSEMBLE_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "ensemble_mpi.h"
#include "ensemble_run.h"

/// Runs in a block.
#define BS_ENSEMBLE_BLOCK_RUNS 64
/// Blocks a thread may be ahead of the rows handed over.
#define BS_ENSEMBLE_WINDOW 4
/// The most threads a rank runs.
#define BS_ENSEMBLE_MAX_THREADS 1024

/// A block of runs' rows, or the first failure among them.
typedef struct bs_ensemble_block {
	int64_t first_run; ///< the index of rows[0]
	int count;         ///< rows filled
	/// BS_ENSEMBLE_RUN_DONE, or how the run after the `count` good rows
	/// failed, `message` saying why
	bs_ensemble_outcome failure;
	char message[384];
	bs_ensemble_row rows[BS_ENSEMBLE_BLOCK_RUNS];
} bs_ensemble_block;

/// Receives the blocks in run order on rank 0; returns false to stop.
typedef bool (*bs_ensemble_sink)(void* closure, const bs_ensemble_block* block);

typedef struct bs_ensemble_job {
	const bs_ensemble_context* context;
	int64_t first_run; ///< runs before it are done already (--resume)
	int64_t runs;      ///< N: the runs are [first_run, runs)
	int threads;       ///< T, per rank
	const bs_mpi* mpi;
} bs_ensemble_job;

/// How an ensemble ended.
typedef enum bs_ensemble_status {
	BS_ENSEMBLE_DONE,    ///< every block was handed over
	BS_ENSEMBLE_STOPPED, ///< the sink returned false (rank 0)
	BS_ENSEMBLE_FAILED,  ///< a run failed: the block handed over says why (rank 0), or this rank's did
	BS_ENSEMBLE_NO_THREADS, ///< a thread could not be started
} bs_ensemble_status;

/// Runs the job. On rank 0 hands each block to `sink`; on the others sends
/// them to rank 0. When the sink stops or a run fails, rank 0 tells the
/// other ranks to stop and takes what they were sending, so every rank
/// returns (their status: STOPPED, or FAILED where the failure was found).
bs_ensemble_status bs_ensemble_execute(const bs_ensemble_job* job, bs_ensemble_sink sink, void* closure);

/// The CPUs this process may run on (its affinity), at least 1: the
/// default thread count.
int bs_ensemble_default_threads(void);

#endif
