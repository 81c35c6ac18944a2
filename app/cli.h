// breakshot: the command-line program's shared pieces (the commands
// themselves: commands.h).
#ifndef BREAKSHOT_CLI_H
#define BREAKSHOT_CLI_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

/// Exit status for bad input (arguments or files).
#define BS_EXIT_USAGE 2

/// Prints "breakshot: <message>" and a newline to stderr.
void bs_cli_vprint_error(const char* fmt, va_list args) __attribute__((format(printf, 1, 0)));

/// Prints "breakshot: <message>" to stderr and returns BS_EXIT_USAGE.
int bs_cli_fail(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

struct bs_scene;

/// Prints each of a loaded scene's warnings (bs_scene.warnings) to stderr,
/// one line each: "breakshot: warning: FILE: FIELD.PATH: reason".
void bs_cli_print_scene_warnings(const struct bs_scene* scene);

/// Parses a whole argument as a finite double. On failure prints
/// "breakshot: OPTION: ..." and returns false.
bool bs_cli_parse_double(const char* text, const char* option, double* dest);

/// Parses a whole argument as an integer in [min, max].
bool bs_cli_parse_int64(const char* text, const char* option, int64_t min, int64_t max, int64_t* dest);

/// Parses a gas area fraction, in (0, BS_GAS_MAX_FRACTION].
bool bs_cli_parse_fraction(const char* text, const char* option, double* dest);

/// Smallest and largest image side accepted (pixels), for plots, windows and
/// screenshots alike.
#define BS_CLI_MIN_SIZE 200
#define BS_CLI_MAX_SIZE 8000

/// Parses "WxH" (pixels, each in [BS_CLI_MIN_SIZE, BS_CLI_MAX_SIZE]). On
/// failure prints "breakshot: OPTION: ..." and returns false.
bool bs_cli_parse_size(const char* text, const char* option, int* width, int* height);

/// Monotonic wall-clock seconds, for reporting speed only.
double bs_cli_wall_seconds(void);

/// CPU seconds used by this process.
double bs_cli_cpu_seconds(void);

/// A macro's value as a string literal, for help texts that quote a named
/// limit: BS_STRINGIFY(BS_MAX_BALLS) is "10000000".
#define BS_STRINGIFY(x) BS_STRINGIFY_VALUE(x)
#define BS_STRINGIFY_VALUE(x) #x

#endif
