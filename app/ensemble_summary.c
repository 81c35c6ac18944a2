#include "ensemble_summary.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void bs_ensemble_summary_make(bs_ensemble_summary* summary, double width, double height) {
	memset(summary, 0, sizeof *summary);
	summary->width = width;
	summary->height = height;
}

// The cell a coordinate falls in, clamped to the grid (a ball on a cushion's
// line lands in the last cell, not past it).
static int cell_of(double x, double length, int cells) {
	int k = (int)floor(x / length * cells);
	return k < 0 ? 0 : k >= cells ? cells - 1 : k;
}

void bs_ensemble_summary_add(bs_ensemble_summary* summary, const bs_ensemble_row* row) {
	summary->runs += 1;
	for (int k = 0; k < BS_ENSEMBLE_MAX_BALLS; ++k) {
		summary->pocketed[k] += row->pockets[k] >= 0;
	}
	if (row->pocketed >= 0 && row->pocketed <= BS_ENSEMBLE_MAX_BALLS) {
		summary->by_count[row->pocketed] += 1;
	}
	summary->scratches += row->scratch;
	summary->settled += row->settled;
	if (!row->scratch) {
		int x = cell_of(row->cue_x, summary->width, BS_HEAT_COLUMNS);
		int y = cell_of(row->cue_y, summary->height, BS_HEAT_ROWS);
		summary->heat[y][x] += 1;
	}
}

static void write_line(bs_output_file* out, const char* quantity, const char* value, int64_t count, int64_t runs) {
	double low = 0.0;
	double high = 1.0;
	bs_wilson_interval(count, runs, &low, &high);
	double probability = runs > 0 ? (double)count / (double)runs : 0.0;
	char line[256];
	snprintf(line, sizeof line, "%s,%s,%" PRId64 ",%" PRId64 ",%.17g,%.17g,%.17g\n", quantity, value, count, runs,
		probability, low, high);
	bs_output_puts(out, line);
}

void bs_ensemble_summary_write(const bs_ensemble_summary* summary, const bs_ensemble_context* context,
	bs_output_file* out) {
	bs_output_puts(out, "quantity,value,count,runs,probability,ci95_low,ci95_high\n");
	char value[32];
	for (int k = 0; k < context->ball_count; ++k) {
		if (k != context->cue_column) {
			snprintf(value, sizeof value, "%d", context->ids[k]);
			write_line(out, "pocketed", value, summary->pocketed[k], summary->runs);
		}
	}
	int object_balls = context->ball_count - 1;
	for (int k = 0; k <= object_balls; ++k) {
		snprintf(value, sizeof value, "%d", k);
		write_line(out, "balls_pocketed", value, summary->by_count[k], summary->runs);
	}
	write_line(out, "scratch", "0", summary->scratches, summary->runs);
	write_line(out, "settled", "", summary->settled, summary->runs);
}
