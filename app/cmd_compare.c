// breakshot compare: prints each trace's energy and momentum summary, their
// largest difference on a common time axis and the first event at which they
// differ, lined up by time (trace_compare.h); exits 0 when the difference is
// within the tolerance, 1 beyond it, 2 on bad input. The plot is opened before anything is printed and written
// last. The arguments: bs_compare_command below.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "output_file.h"
#include "trace_plot.h"
#include "same_file.h"
#include "trace_compare.h"
#include "trace_read.h"

#define DEFAULT_TOLERANCE 1e-9

// The defaults, as the help quotes them.
#define DEFAULT_TOLERANCE_TEXT BS_STRINGIFY(DEFAULT_TOLERANCE)
#define DEFAULT_TIME_TOLERANCE_TEXT BS_STRINGIFY(BS_DEFAULT_TIME_TOLERANCE)

static int compare_main(int argc, char** argv);

const bs_command bs_compare_command = {
	.name = "compare",
	.synopsis = "A.csv B.csv [--tolerance X] [--time-tolerance X] [--plot FILE.png|FILE.svg [--size WxH]]",
	.summary = "compare two traces' energy and momentum; exit 0 within the tolerance,\n1 beyond it",
	.details = "Compares two traces written by 'breakshot run --trace' (event or sampled). Each trace is read as a "
			   "step function: a row holds the totals just after its instant, and between rows a trace keeps the "
			   "value of its last row (after every row at the same instant); linear interpolation would invent values "
			   "the balls never had. An event trace of ideal physics is exact at any time; one of pool physics at its "
			   "rows (friction changes the totals between events), a sampled trace (--sample) at its samples. "
			   "The time points are the row times of both traces, or of the sampled ones when either is sampled "
			   "(where the other holds its last row when the times differ), inside the range both cover. Times "
			   "closer than --time-tolerance (default " DEFAULT_TIME_TOLERANCE_TEXT ") times the traces' time scale "
			   "(the largest |t| of any row) are one instant, so that times that differ by rounding alone line up. "
			   "A trace that starts later (a run continued from a saved state) is compared from its start on; its "
			   "start row only where the other trace's totals are known there: it has a row at that instant, or it "
			   "is an ideal event trace (under pool physics friction changes the totals between events). "
			   "At each instant it takes |A - B| for kinetic energy, momentum x, y and |p|, divided by the larger of "
			   "the two start values (the kinetic energy for the energy, |p| for the momentum; 1 when both are 0). "
			   "The largest of these relative differences is checked against --tolerance (default "
			   DEFAULT_TOLERANCE_TEXT "). The events are lined up by time: when one trace starts later, the other's "
			   "events before that instant, and those at it that the later trace does not have, are passed over; "
			   "then the first event that differs in kind, ids or instant is shown. "
			   "--plot draws both traces against time, " BS_PLOT_DEFAULT_SIZE_TEXT " pixels unless --size.\n\n"
			   "exit status: 0 within the tolerance, 1 beyond it, 2 on bad input (including a --plot that cannot be "
			   "created or that names an input) or when writing the plot or standard output fails",
	.main = compare_main,
};

typedef struct compare_options {
	const char* paths[2];
	double tolerance;
	double time_tolerance; ///< relative to the traces' time scale
	const char* plot_path;
	int plot_width;
	int plot_height;
} compare_options;

static int parse_compare_options(int argc, char** argv, compare_options* dest) {
	memset(dest, 0, sizeof *dest);
	dest->tolerance = DEFAULT_TOLERANCE;
	dest->time_tolerance = BS_DEFAULT_TIME_TOLERANCE;
	dest->plot_width = BS_PLOT_DEFAULT_WIDTH;
	dest->plot_height = BS_PLOT_DEFAULT_HEIGHT;
	bool has_size = false;
	int path_count = 0;
	for (int i = 0; i < argc; ++i) {
		const char* arg = argv[i];
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		if (bs_command_is_help(arg)) {
			bs_command_print_help(&bs_compare_command, stdout);
			return -1;
		} else if (strcmp(arg, "--tolerance") == 0) {
			if (!bs_cli_parse_double(value, "--tolerance", &dest->tolerance)) {
				return BS_EXIT_USAGE;
			}
			if (dest->tolerance < 0.0) {
				return bs_cli_fail("--tolerance: must be >= 0, got '%s'", value);
			}
			++i;
		} else if (strcmp(arg, "--time-tolerance") == 0) {
			if (!bs_cli_parse_double(value, "--time-tolerance", &dest->time_tolerance)) {
				return BS_EXIT_USAGE;
			}
			// Below 1 so that an instant stays shorter than the traces' span.
			if (!(dest->time_tolerance >= 0.0 && dest->time_tolerance < 1.0)) {
				return bs_cli_fail("--time-tolerance: must be in [0, 1) (a fraction of the traces' time scale), got '%s'",
					value);
			}
			++i;
		} else if (strcmp(arg, "--plot") == 0) {
			bs_plot_format format;
			if (!value || !bs_plot_format_of(value, &format)) {
				return bs_cli_fail("--plot needs a file name ending in .png or .svg%s%s%s", value ? ", got '" : "",
					value ? value : "", value ? "'" : "");
			}
			dest->plot_path = value;
			++i;
		} else if (strcmp(arg, "--size") == 0) {
			if (!bs_cli_parse_size(value, "--size", &dest->plot_width, &dest->plot_height)) {
				return BS_EXIT_USAGE;
			}
			has_size = true;
			++i;
		} else if (arg[0] == '-' && arg[1] != '\0') {
			return bs_command_fail(&bs_compare_command, "compare: unknown option '%s'", arg);
		} else if (path_count == 2) {
			return bs_cli_fail("compare: two traces only (got a third, '%s')", arg);
		} else {
			dest->paths[path_count++] = arg;
		}
	}
	if (path_count != 2) {
		return bs_command_fail(&bs_compare_command, "compare: needs two trace files");
	}
	if (has_size && !dest->plot_path) {
		return bs_cli_fail("compare: --size is the size of the --plot image; give --plot FILE too");
	}
	// A and B may be one file (a self-compare); the plot may be neither.
	const bs_named_path files[] = {{"A", dest->paths[0]}, {"--plot", dest->plot_path}};
	const bs_named_path other_files[] = {{"B", dest->paths[1]}, {"--plot", dest->plot_path}};
	int status = bs_check_distinct_files("compare", files, 2);
	return status != 0 ? status : bs_check_distinct_files("compare", other_files, 2);
}

static void print_stats(const char* letter, const bs_trace_data* trace, const char* path) {
	bs_trace_stats stats = bs_trace_stats_of(trace);
	printf("%s = %s: %lld rows, %lld events, %lld samples, from %.9g s to %.9g s\n", letter, path,
		(long long)trace->count, (long long)trace->event_rows, (long long)trace->sample_rows, stats.start_time,
		stats.end_time);
	printf("  %-23s %18s %18s %18s %18s %10s\n", "quantity", "start", "end", "min", "max", "drift");
	for (int q = 0; q < BS_QUANTITY_COUNT; ++q) {
		const bs_quantity_stats* s = &stats.quantity[q];
		char name[40];
		snprintf(name, sizeof name, "%s (%s)", bs_quantity_name((bs_quantity)q), bs_quantity_unit((bs_quantity)q));
		printf("  %-23s %18.12g %18.12g %18.12g %18.12g %10.3g%s\n", name, s->start, s->end, s->min, s->max,
			s->drift, s->drift_is_absolute ? " (absolute)" : "");
	}
}

// The event's number in its trace (1-based, counting its event rows).
static int64_t event_number(const bs_trace_data* trace, const bs_trace_row* row) {
	int64_t number = 0;
	for (const bs_trace_row* r = trace->rows; r <= row; ++r) {
		number += bs_trace_row_is_event(r);
	}
	return number;
}

static void print_event_row(const char* letter, const bs_trace_data* trace, const bs_trace_row* row, int64_t events) {
	if (row) {
		printf("  %s: %.17g s, %s %d %d (its event %lld, line %lld)\n", letter, row->time, row->kind, row->a, row->b,
			(long long)event_number(trace, row), (long long)row->line);
	} else {
		printf("  %s: no more events (%lld in all)\n", letter, (long long)events);
	}
}

static void print_divergence(const bs_trace_data* a, const bs_trace_data* b, double time_tolerance) {
	bs_event_divergence divergence = bs_first_divergence(a, b, time_tolerance);
	if (!divergence.comparable) {
		printf("events: not compared: a sampled trace holds no events (A has %lld, B has %lld)\n",
			(long long)divergence.events_a, (long long)divergence.events_b);
		return;
	}
	if (divergence.passed_a > 0 || divergence.passed_b > 0) {
		printf("events: lined up from %.17g s, where %s starts: %s's first %lld events come before it\n",
			divergence.from, divergence.passed_a > 0 ? "B" : "A", divergence.passed_a > 0 ? "A" : "B",
			(long long)(divergence.passed_a > 0 ? divergence.passed_a : divergence.passed_b));
	}
	int64_t compared_a = divergence.events_a - divergence.passed_a;
	int64_t compared_b = divergence.events_b - divergence.passed_b;
	if (divergence.agree) {
		printf("events: the sequences agree over all %lld events (kind, ids and instant, in order)\n",
			(long long)compared_a);
	} else {
		printf("events: the sequences first differ at event %lld %s(A has %lld events%s, B has %lld%s)\n",
			(long long)divergence.index, divergence.time_differs ? "in time " : "", (long long)compared_a,
			divergence.passed_a > 0 ? " from there" : "", (long long)compared_b,
			divergence.passed_b > 0 ? " from there" : "");
		print_event_row("A", a, divergence.row_a, divergence.events_a);
		print_event_row("B", b, divergence.row_b, divergence.events_b);
		if (divergence.time_differs) {
			printf("  %.3g s apart, beyond one instant (%.3g s)\n", fabs(divergence.row_a->time - divergence.row_b->time),
				divergence.instant_width);
		}
	}
}

static void print_difference(const bs_trace_difference* diff, const bs_trace_data* a) {
	printf("difference at %lld %s from %.9g s to %.9g s (relative to the larger start value; one instant: %.3g s)\n",
		(long long)diff->points, diff->on_sample_times ? "sample times" : "event times", diff->from, diff->to,
		diff->instant_width);
	if (diff->start_skipped) {
		bool a_later = a->rows[0].time == diff->from;
		printf("  (%s's start not compared: %s has no row there, and under pool physics or between samples its totals "
			   "are not known)\n",
			a_later ? "A" : "B", a_later ? "B" : "A");
	}
	for (int q = 0; q < BS_QUANTITY_COUNT; ++q) {
		const bs_quantity_difference* d = &diff->quantity[q];
		printf("  %-15s largest %.6g %s at %.9g s, relative %.6g\n", bs_quantity_name((bs_quantity)q), d->largest,
			bs_quantity_unit((bs_quantity)q), d->time, d->relative);
	}
}

static int compare_main(int argc, char** argv) {
	compare_options options;
	int status = parse_compare_options(argc, argv, &options);
	if (status != 0) {
		return status < 0 ? 0 : status;
	}
	bs_trace_data traces[2] = {{0}, {0}};
	char error[512];
	for (int i = 0; i < 2; ++i) {
		if (!bs_trace_read(options.paths[i], &traces[i], error, sizeof error)) {
			bs_trace_destroy(&traces[0]);
			return bs_cli_fail("%s", error);
		}
	}
	// Opened before anything is printed: an unwritable plot is bad input.
	bs_output_file plot = {0};
	if (options.plot_path && !bs_output_open(&plot, options.plot_path)) {
		bs_trace_destroy(&traces[0]);
		bs_trace_destroy(&traces[1]);
		return BS_EXIT_USAGE;
	}
	bs_trace_difference diff = bs_trace_difference_of(&traces[0], &traces[1], options.time_tolerance);
	if (!diff.overlap) {
		status = bs_cli_fail("compare: the traces share no instant (%s ends at %.17g s, %s starts at %.17g s)",
			options.paths[0], traces[0].rows[traces[0].count - 1].time, options.paths[1], traces[1].rows[0].time);
	} else {
		printf("breakshot compare %s %s\n", options.paths[0], options.paths[1]);
		print_stats("A", &traces[0], options.paths[0]);
		print_stats("B", &traces[1], options.paths[1]);
		printf("  (drift: the largest |value - start| over the trace, relative to its start value; for the\n"
			   "   momentum relative to |p| at the start)\n");
		print_difference(&diff, &traces[0]);
		bool within = diff.largest_relative <= options.tolerance;
		printf("largest relative difference %.6g (%s at %.9g s): %s the tolerance %.3g\n", diff.largest_relative,
			bs_quantity_name(diff.worst), diff.quantity[diff.worst].time, within ? "within" : "beyond",
			options.tolerance);
		print_divergence(&traces[0], &traces[1], options.time_tolerance);
		status = within ? 0 : 1;
		if (options.plot_path) {
			bs_plot_trace plotted[2] = {{&traces[0], options.paths[0]}, {&traces[1], options.paths[1]}};
			if (bs_plot_write(&plot, plotted, 2, options.plot_width, options.plot_height)) {
				printf("plot: %s (%d x %d)\n", options.plot_path, options.plot_width, options.plot_height);
			} else {
				// Not 1, which says "beyond the tolerance": no comparison outcome.
				status = BS_EXIT_USAGE;
			}
		}
	}
	bs_output_abort(&plot); // when the traces share no instant; a no-op once written
	bs_trace_destroy(&traces[0]);
	bs_trace_destroy(&traces[1]);
	return status;
}
