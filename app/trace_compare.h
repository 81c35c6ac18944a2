// breakshot: what `breakshot compare` measures on two traces.
//
// Totals in a trace are piecewise constant in time: between events every
// ball flies straight at constant speed, so energy and momentum only change
// at events, and a row holds the totals just after its instant. A trace is
// therefore read as a step function: its value at time t is that of its last
// row at or before t (after every event at t), exact at any t. A sampled
// trace is exact only at its sample times: events between two samples are
// unseen. So two traces are compared at the row times of the sampled ones
// when either is sampled (where the other is exact, or holds its last
// sample, off by at most one interval), else at the row times of both.
// Linear interpolation would invent values, between two events, that the
// system never had.
#ifndef BREAKSHOT_TRACE_COMPARE_H
#define BREAKSHOT_TRACE_COMPARE_H

#include <stdbool.h>
#include <stdint.h>

#include "trace_read.h"

/// The quantities compared.
typedef enum bs_quantity {
	BS_QUANTITY_ENERGY = 0,     ///< kinetic energy (J)
	BS_QUANTITY_MOMENTUM_X,     ///< kg m/s
	BS_QUANTITY_MOMENTUM_Y,     ///< kg m/s
	BS_QUANTITY_MOMENTUM_NORM,  ///< |p| (kg m/s)
	BS_QUANTITY_COUNT
} bs_quantity;

/// The column-like name: "kinetic_energy", "momentum_x", "momentum_y", "|p|".
const char* bs_quantity_name(bs_quantity quantity);

/// The unit: "J" or "kg m/s".
const char* bs_quantity_unit(bs_quantity quantity);

/// The quantity's value on one row.
double bs_quantity_value(const bs_trace_row* row, bs_quantity quantity);

/// The scale that makes a quantity relative, from the start of a trace: the
/// kinetic energy for the energy, |p| for the three momentum quantities (a
/// component can start at 0 while the momentum does not). 0 when that start
/// value is 0.
double bs_quantity_start_scale(const bs_trace_row* start, bs_quantity quantity);

/// One quantity over one trace.
typedef struct bs_quantity_stats {
	double start;      ///< value on the first row
	double end;        ///< value on the last row
	double min;
	double max;
	/// Largest |value - start| over the rows, divided by the start scale
	/// (bs_quantity_start_scale); absolute, in the quantity's unit, when that
	/// scale is 0.
	double drift;
	bool drift_is_absolute;
	double drift_time; ///< where the largest drift is first reached (s)
} bs_quantity_stats;

/// A trace's summary.
typedef struct bs_trace_stats {
	bs_quantity_stats quantity[BS_QUANTITY_COUNT];
	double start_time; ///< s
	double end_time;   ///< s
} bs_trace_stats;

bs_trace_stats bs_trace_stats_of(const bs_trace_data* trace);

/// The difference of one quantity between two traces.
typedef struct bs_quantity_difference {
	double largest;  ///< largest |A - B| on the common time points (in the unit)
	double time;     ///< where it is first reached (s)
	/// The larger of the two traces' start scales (bs_quantity_start_scale),
	/// or 1 (making `relative` absolute) when both are 0.
	double scale;
	double relative; ///< largest / scale
} bs_quantity_difference;

/// How two traces differ on their common time axis.
typedef struct bs_trace_difference {
	bool overlap;     ///< false when the traces share no instant (nothing compared)
	double from;      ///< the later of the two start times (s)
	double to;        ///< the earlier of the two end times (s)
	/// Distinct time points compared, in [from, to]: the row times of the
	/// sampled traces when either is sampled, else those of both traces.
	int64_t points;
	bool on_sample_times; ///< true when the points are sample times
	bs_quantity_difference quantity[BS_QUANTITY_COUNT];
	bs_quantity worst; ///< the quantity with the largest relative difference
	double largest_relative; ///< that relative difference: what the tolerance is checked against
} bs_trace_difference;

/// Compares two traces as step functions at the time points described at the
/// top of this file, within the range both cover.
bs_trace_difference bs_trace_difference_of(const bs_trace_data* a, const bs_trace_data* b);

/// Where two event sequences first differ. Events are the rows other than
/// start and sample, compared in order by (kind, a, b).
typedef struct bs_event_divergence {
	bool comparable;   ///< false when either trace is sampled (samples hold no events)
	bool agree;        ///< every event matches and both have the same number
	int64_t events_a;  ///< event rows in A
	int64_t events_b;  ///< event rows in B
	int64_t index;     ///< 1-based number of the first differing event
	const bs_trace_row* row_a; ///< that event in A, or NULL when A has ended
	const bs_trace_row* row_b; ///< that event in B, or NULL when B has ended
} bs_event_divergence;

bs_event_divergence bs_first_divergence(const bs_trace_data* a, const bs_trace_data* b);

#endif
