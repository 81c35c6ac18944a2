// breakshot ensemble: the few MPI calls an ensemble makes, behind one
// interface. ensemble_mpi.c makes them with MPI; ensemble_mpi_absent.c, in a
// build without MPI (meson option `mpi`), is one process of one rank.
//
// MPI starts only when a launcher started the process (mpirun, mpiexec or
// srun set their rank in the environment); a breakshot run by hand never
// tries to reach one.
#ifndef BREAKSHOT_ENSEMBLE_MPI_H
#define BREAKSHOT_ENSEMBLE_MPI_H

#include <stdbool.h>
#include <stddef.h>

/// This process's place among the ranks.
typedef struct bs_mpi {
	bool active; ///< MPI was started (and must be finished)
	int rank;    ///< 0 .. ranks - 1; 0 writes the outputs
	int ranks;   ///< 1 without MPI
} bs_mpi;

/// Starts MPI when a launcher started this process; otherwise (and in a
/// build without MPI) returns rank 0 of 1.
bs_mpi bs_mpi_start(void);

/// Ends MPI, when it was started.
void bs_mpi_finish(const bs_mpi* mpi);

/// What a message between ranks is.
typedef enum bs_mpi_tag {
	BS_MPI_ANY = -1,  ///< (receiving) whatever comes
	BS_MPI_BLOCK = 1, ///< a block of rows, to rank 0
	BS_MPI_END = 2,   ///< from rank 0: every row has arrived
	BS_MPI_STOP = 3,  ///< from rank 0: send no more
	BS_MPI_DONE = 4,  ///< to rank 0: this rank sends no more
} bs_mpi_tag;

/// Gives every rank rank 0's `size` bytes at `data`.
void bs_mpi_broadcast(const bs_mpi* mpi, void* data, size_t size);

/// Sends `size` bytes to rank `to`. A block returns only once rank 0 has
/// begun to take it, so that a fast rank cannot pile its rows up in rank
/// 0's memory; the short messages return at once.
void bs_mpi_send(const bs_mpi* mpi, int to, bs_mpi_tag tag, const void* data, size_t size);

/// Takes the next message from rank `from` with this tag (or any), of at
/// most `size` bytes; returns its tag.
bs_mpi_tag bs_mpi_receive(const bs_mpi* mpi, int from, bs_mpi_tag tag, void* data, size_t size);

/// Whether a message from rank `from` with this tag is waiting.
bool bs_mpi_waiting(const bs_mpi* mpi, int from, bs_mpi_tag tag);

#endif
