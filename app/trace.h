// breakshot: CSV traces of energy and momentum.
// Header: event,time,kind,a,b,impulse,kinetic_energy,momentum_x,momentum_y
// and under pool physics two more columns, translational_energy and
// rotational_energy, the two parts of kinetic_energy.
// Numbers are written with 17 significant digits, so they read back exactly.
#ifndef BREAKSHOT_TRACE_H
#define BREAKSHOT_TRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <breakshot/world.h>

/// The exact header line (without the newline).
#define BS_TRACE_HEADER "event,time,kind,a,b,impulse,kinetic_energy,momentum_x,momentum_y"

/// The columns a pool physics trace adds to BS_TRACE_HEADER.
#define BS_TRACE_ENERGY_PARTS ",translational_energy,rotational_energy"

/// Writes the header line; `energy_parts`: with the two columns of
/// BS_TRACE_ENERGY_PARTS (pool physics).
void bs_trace_write_header(FILE* stream, bool energy_parts);

/// Writes one row: the event number, the time (s), the kind name, the ids,
/// the impulse (N s) and the totals (J, kg m/s) just after the row's instant,
/// and with `energy_parts` the kinetic energy's two parts (J).
void bs_trace_write_row(FILE* stream, bool energy_parts, int64_t event, double time, const char* kind, int a, int b,
	double impulse, const bs_totals* totals);

/// Writes `sample` rows (a = b = -1, impulse 0) every `interval` of simulated
/// time from `start`: the totals at each sample time, so that runs with
/// different events share one time axis. Sample k is at start + k interval
/// (multiplied out, so no rounding accumulates).
typedef struct bs_trace_sampler {
	FILE* stream;
	bool energy_parts; ///< rows with the two parts of the kinetic energy
	double start;    ///< time of the first sample (s)
	double interval; ///< s, > 0
	int64_t next;    ///< index of the next sample to write
} bs_trace_sampler;

/// A sampler that writes its first sample at `start` (s).
bs_trace_sampler bs_trace_sampler_make(FILE* stream, bool energy_parts, double start, double interval);

/// The time of the next sample to write (s).
double bs_trace_sampler_next_time(const bs_trace_sampler* sampler);

/// Writes every pending sample strictly before `time` (s) with `totals`,
/// the state that holds until `time`; `events` goes in the event column
/// (the number of events processed so far).
void bs_trace_sample_before(bs_trace_sampler* sampler, double time, int64_t events, const bs_totals* totals);

/// Writes every pending sample at or before `time` (s): for the end of a run.
/// A sample later than `time` by rounding only (a billionth of the interval)
/// is written at `time`.
void bs_trace_sample_through(bs_trace_sampler* sampler, double time, int64_t events, const bs_totals* totals);

#endif
