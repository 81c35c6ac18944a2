// breakshot: CSV traces of energy and momentum.
// Header: event,time,kind,a,b,impulse,kinetic_energy,momentum_x,momentum_y
// Numbers are written with 17 significant digits, so they read back exactly.
#ifndef BREAKSHOT_TRACE_H
#define BREAKSHOT_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include <breakshot/world.h>

/// The exact header line (without the newline).
#define BS_TRACE_HEADER "event,time,kind,a,b,impulse,kinetic_energy,momentum_x,momentum_y"

/// Writes the header line.
void bs_trace_write_header(FILE* stream);

/// Writes one row: the event number, the time (s), the kind name, the ids,
/// the impulse (N s) and the totals (J, kg m/s) just after the row's instant.
void bs_trace_write_row(FILE* stream, int64_t event, double time, const char* kind, int a, int b, double impulse,
	const bs_totals* totals);

/// Writes `sample` rows (a = b = -1, impulse 0) every `interval` of simulated
/// time from `start`: the totals at each sample time, so that runs with
/// different events share one time axis. Sample k is at start + k interval
/// (multiplied out, so no rounding accumulates).
typedef struct bs_trace_sampler {
	FILE* stream;
	double start;    ///< time of the first sample (s)
	double interval; ///< s, > 0
	int64_t next;    ///< index of the next sample to write
} bs_trace_sampler;

/// A sampler that writes its first sample at `start` (s).
bs_trace_sampler bs_trace_sampler_make(FILE* stream, double start, double interval);

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
