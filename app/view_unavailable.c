// Linked in place of the viewer when the build could not find its libraries;
// the command's descriptor is view_command.c's either way.
#include <stdio.h>

#include "cli.h"
#include "commands.h"

#define NO_VIEWER                                                                                                      \
	"this build has no viewer; install libglfw3-dev libcglm-dev python3-glad libpng-dev libfreetype-dev "              \
	"(tools/install-deps) and reconfigure"

int bs_cmd_view(int argc, char** argv) {
	for (int i = 0; i < argc; ++i) {
		if (bs_command_is_help(argv[i])) {
			bs_command_print_help(&bs_view_command, stdout);
			fputc('\n', stdout);
			bs_command_print_wrapped("(" NO_VIEWER ")", 0, stdout);
			return 0;
		}
	}
	return bs_cli_fail("view: %s", NO_VIEWER);
}
