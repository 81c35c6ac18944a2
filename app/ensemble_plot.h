// breakshot ensemble: its two plots, PNG or SVG by the file's extension,
// drawn with the project's plot canvas (plot_canvas.h):
// - a heat map of where the cue ball comes to rest (scratches left out),
//   drawn on the table's outline: cushions, jaws and pockets;
// - a bar chart of each ball's pocketing probability with its 95 %
//   interval, and the scratch rate.
#ifndef BREAKSHOT_ENSEMBLE_PLOT_H
#define BREAKSHOT_ENSEMBLE_PLOT_H

#include <stdbool.h>

#include "ensemble_summary.h"
#include "output_file.h"
#include <breakshot/table.h>

/// The plots' size (pixels).
#define BS_ENSEMBLE_PLOT_WIDTH 960
#define BS_ENSEMBLE_PLOT_HEIGHT 560

/// Draws the heat map into `out` (not committed). False, with a message and
/// `out` aborted, when cairo fails.
bool bs_ensemble_plot_heat_map(bs_output_file* out, const bs_ensemble_summary* summary, const bs_table_def* table);

/// Draws the bar chart into `out` (not committed), as above.
bool bs_ensemble_plot_pocketed(
	bs_output_file* out, const bs_ensemble_summary* summary, const bs_ensemble_context* context);

#endif
