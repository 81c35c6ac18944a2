// breakshot: an exact, event-driven pool and billiards simulator.
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "output_file.h"

static const char usage[] =
	"usage: breakshot COMMAND [ARGS]\n"
	"\n"
	"commands:\n"
	"  run SCENE [--events N] [--until T] [--trace FILE [--sample DT]] [--out FILE]\n"
	"            [--method events|frames] [--dt DT]\n"
	"        simulate a scene headless and print a summary; --method frames runs the\n"
	"        frame-stepped baseline and reports the collisions it missed; without\n"
	"        --events or --until it stops at 10000000 events or frames ('run --help')\n"
	"  view SCENE [--screenshot FILE.png [--at T | --events N] [--size WxH]]\n"
	"        open the OpenGL viewer (or render one frame to a PNG)\n"
	"  gen gas --n N --phi PHI [--seed S] [--periodic] [--out FILE]\n"
	"        write a random gas of N equal discs at area fraction PHI as a scene\n"
	"  bench [--n N] [--phi PHI] [--events E] [--seed S] [--walled]\n"
	"        time the engine on periodic gases and the 9-ball break; print the figures\n"
	"  compare A.csv B.csv [--tolerance X] [--plot FILE.png|FILE.svg [--size WxH]]\n"
	"        compare two traces' energy and momentum; exit 0 within the tolerance,\n"
	"        1 beyond it (see 'breakshot compare --help')\n"
	"  plot TRACE.csv --out FILE.png|FILE.svg [--size WxH]\n"
	"        plot a trace's energy and momentum against time\n"
	"  help  show this text\n";

int main(int argc, char** argv) {
	// Before the viewer's driver starts threads (output_file.h says why).
	bs_output_init();
	if (argc < 2) {
		fputs(usage, stderr);
		return BS_EXIT_USAGE;
	}
	const char* command = argv[1];
	if (strcmp(command, "run") == 0) {
		return bs_cmd_run(argc - 2, argv + 2);
	}
	if (strcmp(command, "gen") == 0) {
		return bs_cmd_gen(argc - 2, argv + 2);
	}
	if (strcmp(command, "bench") == 0) {
		return bs_cmd_bench(argc - 2, argv + 2);
	}
	if (strcmp(command, "view") == 0) {
		return bs_cmd_view(argc - 2, argv + 2);
	}
	if (strcmp(command, "compare") == 0) {
		return bs_cmd_compare(argc - 2, argv + 2);
	}
	if (strcmp(command, "plot") == 0) {
		return bs_cmd_plot(argc - 2, argv + 2);
	}
	if (strcmp(command, "help") == 0 || strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0) {
		fputs(usage, stdout);
		return 0;
	}
	fprintf(stderr, "breakshot: unknown command '%s'\n%s", command, usage);
	return BS_EXIT_USAGE;
}
