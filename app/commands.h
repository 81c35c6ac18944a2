// breakshot: the subcommands, each described once. A command's descriptor
// (defined beside its argument parser) holds its synopsis, a summary and its
// details; its own usage messages and --help, and `breakshot help`, all print
// from it, so they cannot drift apart.
#ifndef BREAKSHOT_COMMANDS_H
#define BREAKSHOT_COMMANDS_H

#include <stdbool.h>
#include <stdio.h>

/// The summary and the details are plain text, printed with their lines
/// broken at spaces to fit BS_COMMAND_TEXT_WIDTH columns; '\n' breaks a line
/// where it stands ("\n\n" between paragraphs).
typedef struct bs_command {
	const char* name; ///< the word after `breakshot`: "run"
	/// What follows `breakshot NAME`, a line each ('\n' between lines): a line
	/// starting with a space continues the form above it (printed under that
	/// form's first option in brackets); any other line is another form.
	const char* synopsis;
	/// What the command does, in lower case without a final full stop:
	/// `breakshot help` prints it under the synopsis, and --help after it.
	const char* summary;
	/// More for --help, after the summary, or NULL.
	const char* details;
	/// Runs the command on the arguments after NAME; returns the exit status.
	int (*main)(int argc, char** argv);
} bs_command;

extern const bs_command bs_run_command;
extern const bs_command bs_ensemble_command;
extern const bs_command bs_view_command;
extern const bs_command bs_play_command;
extern const bs_command bs_solve_command;
extern const bs_command bs_gen_command;
extern const bs_command bs_bench_command;
extern const bs_command bs_compare_command;
extern const bs_command bs_plot_command;

/// The view command's main: cmd_view.c, or view_unavailable.c in a build
/// without the viewer (view_command.c holds the descriptor for both).
int bs_cmd_view(int argc, char** argv);

/// The view command's window and screenshot size without --size (pixels).
#define BS_VIEW_DEFAULT_WIDTH 1600
#define BS_VIEW_DEFAULT_HEIGHT 900

/// Prints "usage: breakshot NAME ..." (every form) to `stream`.
void bs_command_print_usage(const bs_command* command, FILE* stream);

/// Prints what --help shows: the usage, the summary and the details.
void bs_command_print_help(const bs_command* command, FILE* stream);

/// Prints the command's entry in `breakshot help`: the synopsis indented by
/// two spaces, the summary by eight.
void bs_command_print_entry(const bs_command* command, FILE* stream);

/// The widest line of text that the commands' help prints (columns).
#define BS_COMMAND_TEXT_WIDTH 79

/// Prints `text` after `indent` spaces a line, its lines broken at spaces to
/// fit in BS_COMMAND_TEXT_WIDTH columns ('\n' ends a line where it stands; a
/// word longer than a line stays whole).
void bs_command_print_wrapped(const char* text, int indent, FILE* stream);

/// Whether an argument asks for the help ("--help" or "-h").
bool bs_command_is_help(const char* arg);

/// Prints "breakshot: <message>" and the command's usage to stderr; returns
/// BS_EXIT_USAGE.
int bs_command_fail(const bs_command* command, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
