// breakshot: plots of kinetic energy and momentum against time, drawn with
// cairo into a PNG or an SVG (chosen by the file's extension).
//
// Two panels share the time axis: kinetic energy (J) on top, momentum
// (kg m/s: |p| solid, p_x dashed, p_y dotted) below. Each trace has its own
// colour, drawn as the step function it is (see trace_compare.h), and ticks
// along the bottom of each panel mark its events. The legend names the traces.
#ifndef BREAKSHOT_TRACE_PLOT_H
#define BREAKSHOT_TRACE_PLOT_H

#include <stdbool.h>

#include "cli.h"
#include "output_file.h"
#include "plot_canvas.h"
#include "trace_read.h"

/// Default image size (pixels; SVG user units are pixels too).
#define BS_PLOT_DEFAULT_WIDTH 960
#define BS_PLOT_DEFAULT_HEIGHT 720
/// The default size as "WxH", for help texts.
#define BS_PLOT_DEFAULT_SIZE_TEXT BS_STRINGIFY(BS_PLOT_DEFAULT_WIDTH) "x" BS_STRINGIFY(BS_PLOT_DEFAULT_HEIGHT)

/// At most this many traces on one plot.
#define BS_PLOT_MAX_TRACES 2

/// One trace to draw, with the name the legend gives it.
typedef struct bs_plot_trace {
	const bs_trace_data* data;
	const char* label;
} bs_plot_trace;

/// Draws 1 to BS_PLOT_MAX_TRACES traces, `width` x `height` pixels, into the
/// output `out` (opened by the caller before reading the traces, so that an
/// unwritable path is refused first; PNG or SVG by its path's extension) and
/// commits it. On failure prints one message naming the file, removes the
/// temporary file and returns false. Either way `out` is closed.
bool bs_plot_write(bs_output_file* out, const bs_plot_trace* traces, int trace_count, int width, int height);

#endif
