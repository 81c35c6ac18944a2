// A build without MPI: one process is rank 0 of 1, and never sends or
// receives (ensemble_mpi.h).
#include "ensemble_mpi.h"

#include <stdlib.h>

bs_mpi bs_mpi_start(void) {
	bs_mpi mpi = {false, 0, 1};
	return mpi;
}

void bs_mpi_finish(const bs_mpi* mpi) {
}

void bs_mpi_broadcast(const bs_mpi* mpi, void* data, size_t size) {
}

// One rank never sends nor receives: reaching these is a bug.
void bs_mpi_send(const bs_mpi* mpi, int to, bs_mpi_tag tag, const void* data, size_t size) {
	abort();
}

bs_mpi_tag bs_mpi_receive(const bs_mpi* mpi, int from, bs_mpi_tag tag, void* data, size_t size) {
	abort();
}

bool bs_mpi_waiting(const bs_mpi* mpi, int from, bs_mpi_tag tag) {
	abort();
}
