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

/// Whether this build has MPI.
bool bs_mpi_built(void);

/// Starts MPI when a launcher started this process; otherwise (and in a
/// build without MPI) returns rank 0 of 1.
bs_mpi bs_mpi_start(void);

/// Ends MPI, when it was started.
void bs_mpi_finish(const bs_mpi* mpi);

/// Ends every rank at once with this exit status.
void bs_mpi_abort(const bs_mpi* mpi, int status);

/// Gives every rank rank 0's `size` bytes at `data`.
void bs_mpi_broadcast(const bs_mpi* mpi, void* data, size_t size);

/// Sends `size` bytes to rank 0, returning once rank 0 has begun to take
/// them (so that a fast rank cannot pile its rows up in rank 0's memory).
void bs_mpi_send(const bs_mpi* mpi, const void* data, size_t size);

/// Takes the next `size` bytes that rank `source` sent.
void bs_mpi_receive(const bs_mpi* mpi, void* data, size_t size, int source);

#endif
