// breakshot: reading CSV traces back (the format trace.h writes), strictly:
// one of the two exact headers, nine columns (eleven with the energy's
// parts), whole numbers, known kinds, time never going back. Empty lines are allowed at the end of the file only. The first
// problem is reported as "FILE:LINE: what is wrong".
#ifndef BREAKSHOT_TRACE_READ_H
#define BREAKSHOT_TRACE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/// One row of a trace.
typedef struct bs_trace_row {
	int64_t event;         ///< the event column: events processed up to this row
	double time;           ///< s
	char kind[12];         ///< "start", "sample", or an event kind's name (bs_event_kind_name)
	int a;                 ///< ball id, or -1 on start and sample rows
	int b;                 ///< other ball id or obstacle index, or -1
	double impulse;        ///< N s
	double kinetic_energy; ///< J, just after the row's instant
	double momentum_x;     ///< kg m/s
	double momentum_y;     ///< kg m/s
	double translational_energy; ///< J, with energy_parts; else kinetic_energy
	double rotational_energy;    ///< J, with energy_parts; else 0
	int64_t line;          ///< line number in the file (the header is line 1)
} bs_trace_row;

/// A whole trace: at least one row, in file order, times non-decreasing.
typedef struct bs_trace_data {
	bs_trace_row* rows; ///< owned
	int64_t count;      ///< number of rows, >= 1
	int64_t event_rows; ///< rows that record an event (neither start nor sample)
	int64_t sample_rows; ///< rows of kind sample
	bool energy_parts;   ///< the rows have the translational and rotational columns (pool physics)
} bs_trace_data;

/// True for the rows that record an event (kinds other than start and sample).
bool bs_trace_row_is_event(const bs_trace_row* row);

/// Reads the trace file at `path`. On failure returns false, leaves `dest`
/// empty and writes one line, "PATH:LINE: message", into `error`.
bool bs_trace_read(const char* path, bs_trace_data* dest, char* error, size_t error_size);

/// Reads a trace from an open stream; `name` stands for the file in messages.
bool bs_trace_read_stream(FILE* stream, const char* name, bs_trace_data* dest, char* error, size_t error_size);

/// Frees a trace's memory. Accepts a zeroed or already freed trace.
void bs_trace_destroy(bs_trace_data* trace);

#endif
