#include "ensemble_mpi.h"

#include <mpi.h>
#include <stdlib.h>
#include <time.h>

// Whether a launcher started this process: Open MPI's mpirun sets
// OMPI_COMM_WORLD_SIZE, PMIx launchers (srun --mpi=pmix, prterun) PMIX_RANK,
// and PMI-1/2 ones (srun --mpi=pmi2, MPICH's hydra) PMI_RANK.
static bool launched(void) {
	return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") || getenv("PMI_RANK");
}

bs_mpi bs_mpi_start(void) {
	bs_mpi mpi = {false, 0, 1};
	if (!launched()) {
		return mpi;
	}
	// Only the main thread calls MPI; the worker threads simulate.
	int provided = 0;
	MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided);
	mpi.active = true;
	MPI_Comm_rank(MPI_COMM_WORLD, &mpi.rank);
	MPI_Comm_size(MPI_COMM_WORLD, &mpi.ranks);
	return mpi;
}

void bs_mpi_finish(const bs_mpi* mpi) {
	if (mpi->active) {
		MPI_Finalize();
	}
}

void bs_mpi_broadcast(const bs_mpi* mpi, void* data, size_t size) {
	if (mpi->active) {
		MPI_Bcast(data, (int)size, MPI_BYTE, 0, MPI_COMM_WORLD);
	}
}

// Waits for a request by polling it every 100 us. A blocking MPI call
// spins on its core until the message moves, and here the waiting main
// thread shares the cores with the simulating threads: a block takes
// milliseconds to run, so a poll that sleeps costs nothing and leaves the
// core to them.
static void wait_for(MPI_Request* request, MPI_Status* status) {
	const struct timespec pause = {0, 100000};
	int done = 0;
	for (;;) {
		MPI_Test(request, &done, status);
		if (done) {
			return;
		}
		nanosleep(&pause, NULL);
	}
}

void bs_mpi_send(const bs_mpi* mpi, int to, bs_mpi_tag tag, const void* data, size_t size) {
	MPI_Request request;
	if (tag == BS_MPI_BLOCK) {
		MPI_Issend(data, (int)size, MPI_BYTE, to, tag, MPI_COMM_WORLD, &request);
	} else {
		MPI_Isend(data, (int)size, MPI_BYTE, to, tag, MPI_COMM_WORLD, &request);
	}
	wait_for(&request, MPI_STATUS_IGNORE);
}

bs_mpi_tag bs_mpi_receive(const bs_mpi* mpi, int from, bs_mpi_tag tag, void* data, size_t size) {
	MPI_Request request;
	MPI_Status status;
	MPI_Irecv(data, (int)size, MPI_BYTE, from, tag == BS_MPI_ANY ? MPI_ANY_TAG : tag, MPI_COMM_WORLD, &request);
	wait_for(&request, &status);
	return (bs_mpi_tag)status.MPI_TAG;
}

bool bs_mpi_waiting(const bs_mpi* mpi, int from, bs_mpi_tag tag) {
	int flag = 0;
	MPI_Iprobe(from, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
	return flag != 0;
}
