// breakshot ensemble: the summary of the runs, accumulated one row at a time
// (never recomputed from all rows, which need not fit in memory), and
// summary.csv:
//
//   quantity,value,count,runs,probability,ci95_low,ci95_high
//   pocketed,<ball id>,...        each ball but the cue ball went in
//   balls_pocketed,<k>,...        exactly k of them went in on a run
//   scratch,0,...                 the cue ball went in
//   settled,,...                  the run ended with every ball at rest
//
// The interval is Wilson's score interval at 95 % (z = 1.959963984540054).
// The cue ball's resting places (scratches left out) are counted on a grid
// over the table for the heat map.
#ifndef BREAKSHOT_ENSEMBLE_SUMMARY_H
#define BREAKSHOT_ENSEMBLE_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>

#include "ensemble_run.h"
#include "output_file.h"
#include <breakshot/solve.h> // bs_wilson_interval

/// The heat map's cells along the table's length and width.
#define BS_HEAT_COLUMNS 80
#define BS_HEAT_ROWS 40

/// The 95 % normal quantile of Wilson's interval.

typedef struct bs_ensemble_summary {
	int64_t runs;
	int64_t pocketed[BS_ENSEMBLE_MAX_BALLS];    ///< by column
	int64_t by_count[BS_ENSEMBLE_MAX_BALLS + 1]; ///< runs with k object balls pocketed
	int64_t scratches;
	int64_t settled;
	double width, height; ///< the table (m), which the heat map covers
	int64_t heat[BS_HEAT_ROWS][BS_HEAT_COLUMNS]; ///< cue ball rests, [y][x]
} bs_ensemble_summary;

/// An empty summary over a table of this size (m).
void bs_ensemble_summary_make(bs_ensemble_summary* summary, double width, double height);

/// Counts one run.
void bs_ensemble_summary_add(bs_ensemble_summary* summary, const bs_ensemble_row* row);

/// Writes summary.csv to `out` (not committed).
void bs_ensemble_summary_write(const bs_ensemble_summary* summary, const bs_ensemble_context* context,
	bs_output_file* out);

#endif
