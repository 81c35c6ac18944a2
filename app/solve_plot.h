// breakshot solve: the heat map of a shot's probability of success over the
// aim and the stick speed around it, drawn on a plot canvas (PNG or SVG).
#ifndef BREAKSHOT_SOLVE_PLOT_H
#define BREAKSHOT_SOLVE_PLOT_H

#include <stdbool.h>

#include "output_file.h"

/// The grid a heat map was computed on (bs_solve_heat_map) and the shot at its centre.
typedef struct bs_solve_heat_axes {
	int aims, speeds;     ///< columns (aims) and rows (speeds)
	double centre_deg;    ///< the best shot's aim (degrees)
	double aim_span_deg;  ///< the columns cover centre ± span / 2 (degrees)
	double speed_min, speed_max; ///< the rows' stick speeds (m/s)
	double best_speed;    ///< the best shot's stick speed (m/s)
	double probability;   ///< the best shot's probability, from the search
	int samples;          ///< noise samples a cell
} bs_solve_heat_axes;

/// Draws `heat` (heat[row * aims + column]) into `out`, PNG or SVG by its
/// extension, without committing it. On failure prints one message, aborts
/// `out` and returns false.
bool bs_solve_plot_heat_map(bs_output_file* out, const double* heat, const bs_solve_heat_axes* axes);

#endif
