// breakshot: CSV traces of energy and momentum.
// Header: event,time,kind,a,b,impulse,kinetic_energy,momentum_x,momentum_y
// Numbers are written with 17 significant digits, so they read back exactly.
#ifndef BREAKSHOT_TRACE_H
#define BREAKSHOT_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "world.h"

/// The exact header line (without the newline).
#define BS_TRACE_HEADER "event,time,kind,a,b,impulse,kinetic_energy,momentum_x,momentum_y"

/// Writes the header line.
void bs_trace_write_header(FILE* stream);

/// Writes one row: the event number, the time (s), the kind name, the ids,
/// the impulse (N s) and the totals (J, kg m/s) just after the row's instant.
void bs_trace_write_row(FILE* stream, int64_t event, double time, const char* kind, int a, int b, double impulse,
	const bs_totals* totals);

#endif
