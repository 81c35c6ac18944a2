#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <breakshot/gas.h>
#include <breakshot/scene.h>

void bs_cli_vprint_error(const char* fmt, va_list args) {
	fputs("breakshot: ", stderr);
	vfprintf(stderr, fmt, args);
	fputc('\n', stderr);
}

int bs_cli_fail(const char* fmt, ...) {
	va_list args;
	va_start(args, fmt);
	bs_cli_vprint_error(fmt, args);
	va_end(args);
	return BS_EXIT_USAGE;
}

void bs_cli_print_scene_warnings(const bs_scene* scene) {
	for (int i = 0; i < scene->warning_count; ++i) {
		fprintf(stderr, "breakshot: warning: %s\n", scene->warnings[i]);
	}
}

bool bs_cli_parse_double(const char* text, const char* option, double* dest) {
	if (!text) {
		bs_cli_fail("%s needs a value", option);
		return false;
	}
	char* end = NULL;
	errno = 0;
	double value = strtod(text, &end);
	if (end == text || *end != '\0' || errno == ERANGE || !isfinite(value)) {
		bs_cli_fail("%s: '%s' is not a finite number", option, text);
		return false;
	}
	*dest = value;
	return true;
}

bool bs_cli_parse_int64(const char* text, const char* option, int64_t min, int64_t max, int64_t* dest) {
	if (!text) {
		bs_cli_fail("%s needs a value", option);
		return false;
	}
	char* end = NULL;
	errno = 0;
	long long value = strtoll(text, &end, 10);
	if (end == text || *end != '\0' || errno == ERANGE) {
		bs_cli_fail("%s: '%s' is not a whole number", option, text);
		return false;
	}
	if (value < min || value > max) {
		bs_cli_fail("%s: %lld is out of range [%" PRId64 ", %" PRId64 "]", option, value, min, max);
		return false;
	}
	*dest = (int64_t)value;
	return true;
}

bool bs_cli_parse_fraction(const char* text, const char* option, double* dest) {
	if (!bs_cli_parse_double(text, option, dest)) {
		return false;
	}
	if (!(*dest > 0.0 && *dest <= BS_GAS_MAX_FRACTION)) {
		bs_cli_fail("%s must be in (0, %.1f], got %g", option, BS_GAS_MAX_FRACTION, *dest);
		return false;
	}
	return true;
}

double bs_cli_wall_seconds(void) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

double bs_cli_cpu_seconds(void) {
	struct timespec now;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
	return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

bool bs_cli_parse_size(const char* text, const char* option, int* width, int* height) {
	if (!text) {
		bs_cli_fail("%s needs a value WxH", option);
		return false;
	}
	char* end = NULL;
	errno = 0;
	long w = strtol(text, &end, 10);
	long h = 0;
	bool ok = end != text && (*end == 'x' || *end == 'X') && errno == 0;
	if (ok) {
		const char* rest = end + 1;
		h = strtol(rest, &end, 10);
		ok = end != rest && *end == '\0' && errno == 0;
	}
	if (!ok || w < BS_CLI_MIN_SIZE || w > BS_CLI_MAX_SIZE || h < BS_CLI_MIN_SIZE || h > BS_CLI_MAX_SIZE) {
		bs_cli_fail("%s: expected WxH in pixels, each from %d to %d, got '%s'", option, BS_CLI_MIN_SIZE, BS_CLI_MAX_SIZE, text);
		return false;
	}
	*width = (int)w;
	*height = (int)h;
	return true;
}
