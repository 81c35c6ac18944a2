#include "trace.h"

#include <inttypes.h>
#include <stdbool.h>

void bs_trace_write_header(FILE* stream, bool energy_parts) {
	fputs(energy_parts ? BS_TRACE_HEADER BS_TRACE_ENERGY_PARTS "\n" : BS_TRACE_HEADER "\n", stream);
}

void bs_trace_write_row(FILE* stream, bool energy_parts, int64_t event, double time, const char* kind, int a, int b,
	double impulse, const bs_totals* totals) {
	fprintf(stream, "%" PRId64 ",%.17g,%s,%d,%d,%.17g,%.17g,%.17g,%.17g", event, time, kind, a, b, impulse,
		totals->kinetic_energy, totals->momentum.x, totals->momentum.y);
	if (energy_parts) {
		fprintf(stream, ",%.17g,%.17g", totals->translational_energy, totals->rotational_energy);
	}
	fputc('\n', stream);
}

bs_trace_sampler bs_trace_sampler_make(FILE* stream, bool energy_parts, double start, double interval) {
	bs_trace_sampler sampler = {stream, energy_parts, start, interval, 0};
	return sampler;
}

double bs_trace_sampler_next_time(const bs_trace_sampler* sampler) {
	return sampler->start + (double)sampler->next * sampler->interval;
}

static void write_samples(bs_trace_sampler* sampler, double time, bool inclusive, int64_t events,
	const bs_totals* totals) {
	for (;;) {
		double sample_time = bs_trace_sampler_next_time(sampler);
		// At the end a sample off the end time by rounding alone (k interval
		// seldom lands exactly on it) still belongs to the run, at its end.
		double slack = 1e-9 * sampler->interval;
		if (inclusive ? !(sample_time <= time + slack) : !(sample_time < time)) {
			return;
		}
		double row_time = inclusive && sample_time > time ? time : sample_time;
		bs_trace_write_row(sampler->stream, sampler->energy_parts, events, row_time, "sample", -1, -1, 0.0, totals);
		sampler->next += 1;
	}
}

void bs_trace_sample_before(bs_trace_sampler* sampler, double time, int64_t events, const bs_totals* totals) {
	write_samples(sampler, time, false, events, totals);
}

void bs_trace_sample_through(bs_trace_sampler* sampler, double time, int64_t events, const bs_totals* totals) {
	write_samples(sampler, time, true, events, totals);
}
