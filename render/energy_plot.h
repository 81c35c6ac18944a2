// breakshot viewer: the live plot of kinetic energy and momentum against
// simulated time, drawn from the timeline's recorded frames as step lines
// (both are constant between events) with axes and labels.
#ifndef BREAKSHOT_ENERGY_PLOT_H
#define BREAKSHOT_ENERGY_PLOT_H

#include "lines.h"
#include "text.h"
#include "timeline.h"

/// Adds the plot in the box (x, y, width, height) (overlay pixels) to the batches.
void bs_plot_draw(const bs_timeline* timeline, float x, float y, float width, float height, bs_lines* lines,
	bs_text* text);

#endif
