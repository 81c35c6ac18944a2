// breakshot: an exact, event-driven pool and billiards simulator. Each
// command describes itself (commands.h); this lists and dispatches them.
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "output_file.h"

// The commands, in the order `breakshot help` lists them.
static const bs_command* const commands[] = {
	&bs_run_command,
	&bs_ensemble_command,
	&bs_view_command,
	&bs_play_command,
	&bs_solve_command,
	&bs_gen_command,
	&bs_bench_command,
	&bs_compare_command,
	&bs_plot_command,
};
#define COMMAND_COUNT ((int)(sizeof commands / sizeof commands[0]))

static const bs_command* find_command(const char* name) {
	for (int k = 0; k < COMMAND_COUNT; ++k) {
		if (strcmp(commands[k]->name, name) == 0) {
			return commands[k];
		}
	}
	return NULL;
}

static void print_help(FILE* stream) {
	fputs("usage: breakshot COMMAND [ARGS]\n"
		  "\n"
		  "commands:\n",
		stream);
	for (int k = 0; k < COMMAND_COUNT; ++k) {
		bs_command_print_entry(commands[k], stream);
	}
	fputs("  help [COMMAND]\n"
		  "        show this text, or a command's usage and details (as COMMAND --help)\n"
		  "  version\n"
		  "        print the version (also --version)\n",
		stream);
}

int main(int argc, char** argv) {
	// Before the viewer's driver starts threads (output_file.h says why).
	bs_output_prepare();
	if (argc < 2) {
		print_help(stderr);
		return BS_EXIT_USAGE;
	}
	const char* name = argv[1];
	if (strcmp(name, "version") == 0 || strcmp(name, "--version") == 0) {
		printf("breakshot %s\n", BREAKSHOT_VERSION);
		return 0;
	}
	if (strcmp(name, "help") == 0 || bs_command_is_help(name)) {
		// `breakshot help --help` is help's own help: this text.
		if (argc > 2 && strcmp(name, "help") == 0 && !bs_command_is_help(argv[2])) {
			// `breakshot help COMMAND` is `breakshot COMMAND --help`.
			const bs_command* command = find_command(argv[2]);
			if (!command) {
				return bs_cli_fail("help: unknown command '%s'", argv[2]);
			}
			static char help_flag[] = "--help";
			char* help_args[] = {help_flag, NULL};
			return command->main(1, help_args);
		}
		print_help(stdout);
		return 0;
	}
	const bs_command* command = find_command(name);
	if (!command) {
		fprintf(stderr, "breakshot: unknown command '%s'\n", name);
		print_help(stderr);
		return BS_EXIT_USAGE;
	}
	int status = command->main(argc - 2, argv + 2);
	// What a command printed may still be buffered, and a full disk or a
	// closed file behind standard output shows only now. A command that
	// failed has said why already; one that succeeded must not exit 0.
	errno = 0;
	bool flushed = fflush(stdout) == 0;
	if ((!flushed || ferror(stdout)) && status == 0) {
		// An earlier write that failed has left no errno behind.
		int error = !flushed && errno != 0 ? errno : EIO;
		fprintf(stderr, "breakshot: standard output: write failed: %s\n", strerror(error));
		// 1 from compare would say "beyond the tolerance".
		status = command == &bs_compare_command ? BS_EXIT_USAGE : 1;
	}
	return status;
}
