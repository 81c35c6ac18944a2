// breakshot: summary lines that both run methods print the same way.
#ifndef BREAKSHOT_RUN_SUMMARY_H
#define BREAKSHOT_RUN_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>

#include <breakshot/world.h>

/// (end - start) / |start|, or the plain difference when start is 0.
double bs_summary_relative_change(double start, double end);

/// Prints "  LABEL  TOTAL (ball N, cushion N, jaw N, pocket N)", and with
/// `changes_of_state` (pool physics) the counts of slide_roll, roll_spin,
/// roll_stop and spin_stop after them.
void bs_summary_print_counts(
	const char* label, int64_t total, const int64_t counts[BS_EVENT_KIND_COUNT], bool changes_of_state);

/// Prints the kinetic energy (J) and momentum (kg m/s) lines: start, end and
/// the relative change of the energy.
void bs_summary_print_totals(const bs_totals* start, const bs_totals* end);

/// Prints the "pocketed" line for the pocketed balls among `balls` (nothing
/// when none is), the energy they carried away (J), and the relative change
/// of the energy on the table and in the pockets since `start`.
void bs_summary_print_pocketed(const bs_ball_state* balls, int count, const bs_totals* start, const bs_totals* end);

/// Prints where each ball on the table ends, with its state of motion, one
/// line a ball in the given order: "  where they end  ball 3 at (x, y) m,
/// stationary".
void bs_summary_print_resting(const bs_ball_state* balls, int count);

#endif
