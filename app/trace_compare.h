// breakshot: what `breakshot compare` measures on two traces.
//
// Totals in a trace change at events: a row holds them just after its
// instant. Under ideal physics they are constant between events (every ball
// flies straight at constant speed), so an event trace read as a step
// function (its value at t is that of its last row at or before t) is exact
// at any t. Under pool physics friction changes them between events too, and
// the rows (a sample holds the totals after the last event) give them at the
// events only. A sampled trace is exact only at its sample times: events
// between two samples are unseen. So two traces are compared at the row
// times of the sampled ones when either is sampled (where the other holds
// its last row), else at the row times of both. Linear interpolation would
// invent values, between two events, that the system never had.
//
// Instants: two times within the instant width (bs_trace_instant_width) are
// one instant, so that event times that differ by rounding alone (a run
// continued from a saved state, another build) line up. A trace that starts
// later than the other (a run continued from a saved state) is compared from
// its start on, against the other's events from that instant on; its start
// row is compared only where the other is exact there: it has a row at that
// instant, or it is an ideal event trace.
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

/// The default of `breakshot compare --time-tolerance`: two times are one
/// instant when they differ by at most this fraction of the traces' time
/// scale. 1e-12 of a few seconds is some 10^4 ulps of the time, and a
/// thousandth of a nanosecond: rounding in the times of impact, not a
/// different shot.
#define BS_DEFAULT_TIME_TOLERANCE 1e-12

/// The width of an instant (s): `time_tolerance` (relative, >= 0) times the
/// traces' time scale, the largest |time| of any row in either. Times closer
/// than that are one instant.
double bs_trace_instant_width(const bs_trace_data* a, const bs_trace_data* b, double time_tolerance);

/// How two traces differ on their common time axis.
typedef struct bs_trace_difference {
	bool overlap;     ///< false when the traces share no instant (nothing compared)
	double from;      ///< the later of the two start times (s)
	double to;        ///< the earlier of the two end times (s)
	double instant_width; ///< times closer than this are one instant (s)
	/// Distinct instants compared, in [from, to]: the row times of the
	/// sampled traces when either is sampled, else those of both traces.
	int64_t points;
	/// The later start was left out: the other trace has no row at that
	/// instant and is not an ideal event trace, so its totals there are not
	/// known.
	bool start_skipped;
	bool on_sample_times; ///< true when the points are sample times
	bs_quantity_difference quantity[BS_QUANTITY_COUNT];
	bs_quantity worst; ///< the quantity with the largest relative difference
	double largest_relative; ///< that relative difference: what the tolerance is checked against
} bs_trace_difference;

/// Compares two traces at the instants described at the top of this file,
/// within the range both cover; times within bs_trace_instant_width(a, b,
/// time_tolerance) are one instant.
bs_trace_difference bs_trace_difference_of(const bs_trace_data* a, const bs_trace_data* b, double time_tolerance);

/// Where two event sequences first differ. Events are the rows other than
/// start and sample. They are lined up by time: when one trace starts later,
/// the other's events before that instant are passed over, and so are those
/// at that instant which the later trace does not have (the ones processed
/// before its state was saved). Then they are compared in order by kind, a,
/// b and time (the same instant, within the instant width).
typedef struct bs_event_divergence {
	bool comparable;   ///< false when either trace is sampled (samples hold no events)
	bool agree;        ///< every compared event matches and both have the same number
	int64_t events_a;  ///< event rows in A
	int64_t events_b;  ///< event rows in B
	double from;       ///< the later of the two start times: where the comparison begins (s)
	int64_t passed_a;  ///< A's events passed over, before B's start
	int64_t passed_b;  ///< B's events passed over, before A's start
	double instant_width; ///< times closer than this are one instant (s)
	int64_t index;     ///< 1-based number of the first differing event, counted from `from`
	/// The first differing events have the same kind and ids, at times
	/// further apart than the instant width.
	bool time_differs;
	const bs_trace_row* row_a; ///< that event in A, or NULL when A has ended
	const bs_trace_row* row_b; ///< that event in B, or NULL when B has ended
} bs_event_divergence;

/// Lines up and compares the event sequences of two traces; times within
/// bs_trace_instant_width(a, b, time_tolerance) are one instant.
bs_event_divergence bs_first_divergence(const bs_trace_data* a, const bs_trace_data* b, double time_tolerance);

#endif
