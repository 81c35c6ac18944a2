// breakshot: an exact, event-driven pool and billiards simulator.
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
	"usage: breakshot COMMAND [ARGS]\n"
	"\n"
	"commands:\n"
	"  run SCENE [--events N] [--until T] [--trace FILE] [--out FILE]\n"
	"        simulate a scene headless and print a summary\n"
	"  view SCENE [--screenshot FILE.png [--at T | --events N] [--size WxH]]\n"
	"        open the OpenGL viewer (or render one frame to a PNG)\n"
	"  bench [--n N] [--phi PHI] [--events E] [--seed S]\n"
	"        time the engine on a random gas and print the figures\n"
	"  help  show this text\n";

int main(int argc, char** argv) {
	if (argc < 2) {
		fputs(usage, stderr);
		return BS_EXIT_USAGE;
	}
	const char* command = argv[1];
	if (strcmp(command, "run") == 0) {
		return bs_cmd_run(argc - 2, argv + 2);
	}
	if (strcmp(command, "bench") == 0) {
		return bs_cmd_bench(argc - 2, argv + 2);
	}
	if (strcmp(command, "view") == 0) {
		return bs_cmd_view(argc - 2, argv + 2);
	}
	if (strcmp(command, "help") == 0 || strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0) {
		fputs(usage, stdout);
		return 0;
	}
	fprintf(stderr, "breakshot: unknown command '%s'\n%s", command, usage);
	return BS_EXIT_USAGE;
}
