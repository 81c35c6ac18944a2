#include "trace.h"

#include <inttypes.h>

void bs_trace_write_header(FILE* stream) {
	fputs(BS_TRACE_HEADER "\n", stream);
}

void bs_trace_write_row(FILE* stream, int64_t event, double time, const char* kind, int a, int b, double impulse,
	const bs_totals* totals) {
	fprintf(stream, "%" PRId64 ",%.17g,%s,%d,%d,%.17g,%.17g,%.17g,%.17g\n", event, time, kind, a, b, impulse,
		totals->kinetic_energy, totals->momentum.x, totals->momentum.y);
}
