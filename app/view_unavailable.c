// Linked in place of the viewer when the build could not find its libraries.
#include "cli.h"

int bs_cmd_view(int argc, char** argv) {
	return bs_cli_fail("view: this build has no viewer; install libglfw3-dev libcglm-dev python3-glad libpng-dev "
					   "libfreetype-dev (tools/install-deps) and reconfigure");
}
