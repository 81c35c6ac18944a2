// breakshot plot: draws one trace's kinetic energy and momentum against time
// (trace_plot.h). Exits 0 when the plot is written, 2 on bad input (the
// trace, the arguments, an --out that cannot be created or that names the
// trace itself), 1 when writing fails at the end. The arguments:
// bs_plot_command below.
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "output_file.h"
#include "trace_plot.h"
#include "same_file.h"
#include "trace_read.h"


static int plot_main(int argc, char** argv);

const bs_command bs_plot_command = {
	.name = "plot",
	.synopsis = "TRACE.csv --out FILE.png|FILE.svg [--size WxH]",
	.summary = "plot a trace's energy and momentum against time",
	.details = "TRACE.csv is a trace written by 'breakshot run --trace'; the image is " BS_PLOT_DEFAULT_SIZE_TEXT
			   " pixels unless --size, PNG or SVG as FILE's name ends.\n\n"
			   "exit status: 0 written, 1 writing failed, 2 on bad input",
	.main = plot_main,
};

static int plot_main(int argc, char** argv) {
	const char* trace_path = NULL;
	const char* out_path = NULL;
	int width = BS_PLOT_DEFAULT_WIDTH;
	int height = BS_PLOT_DEFAULT_HEIGHT;
	for (int i = 0; i < argc; ++i) {
		const char* arg = argv[i];
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		if (bs_command_is_help(arg)) {
			bs_command_print_help(&bs_plot_command, stdout);
			return 0;
		} else if (strcmp(arg, "--out") == 0) {
			bs_plot_format format;
			if (!value || !bs_plot_format_of(value, &format)) {
				return bs_command_fail(&bs_plot_command, "--out needs a file name ending in .png or .svg");
			}
			out_path = value;
			++i;
		} else if (strcmp(arg, "--size") == 0) {
			if (!bs_cli_parse_size(value, "--size", &width, &height)) {
				return BS_EXIT_USAGE;
			}
			++i;
		} else if (arg[0] == '-' && arg[1] != '\0') {
			return bs_command_fail(&bs_plot_command, "plot: unknown option '%s'", arg);
		} else if (trace_path) {
			return bs_cli_fail("plot: one trace only (got '%s' and '%s'); compare two with 'breakshot compare "
							   "--plot'",
				trace_path, arg);
		} else {
			trace_path = arg;
		}
	}
	if (!trace_path || !out_path) {
		return bs_command_fail(&bs_plot_command, "plot: needs a trace and --out FILE");
	}
	const bs_named_path files[] = {{"the trace", trace_path}, {"--out", out_path}};
	int status = bs_check_distinct_files("plot", files, 2);
	if (status != 0) {
		return status;
	}
	bs_trace_data trace;
	char error[512];
	if (!bs_trace_read(trace_path, &trace, error, sizeof error)) {
		return bs_cli_fail("%s", error);
	}
	bs_output_file out;
	if (!bs_output_open(&out, out_path)) {
		bs_trace_destroy(&trace);
		return BS_EXIT_USAGE;
	}
	bs_plot_trace plotted = {&trace, trace_path};
	bool ok = bs_plot_write(&out, &plotted, 1, width, height);
	bs_trace_destroy(&trace);
	if (!ok) {
		return 1;
	}
	printf("plot: %s (%d x %d)\n", out_path, width, height);
	return 0;
}
