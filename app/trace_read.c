#include "trace_read.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "trace.h"

#define TRACE_COLUMNS 9
#define TRACE_COLUMNS_WITH_PARTS 11

static const char* const column_names[TRACE_COLUMNS_WITH_PARTS] = {"event", "time", "kind", "a", "b", "impulse",
	"kinetic_energy", "momentum_x", "momentum_y", "translational_energy", "rotational_energy"};

static const char* const known_kinds[] = {"start", "sample", "ball", "cushion", "jaw", "pocket", "slide_roll",
	"roll_spin", "roll_stop", "spin_stop"};

typedef struct reader {
	const char* name;
	int64_t line;
	char* error;
	size_t error_size;
} reader;

static bool fail(const reader* in, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

static bool fail(const reader* in, const char* fmt, ...) {
	int n = snprintf(in->error, in->error_size, "%s:%lld: ", in->name, (long long)in->line);
	if (n >= 0 && (size_t)n < in->error_size) {
		va_list args;
		va_start(args, fmt);
		vsnprintf(in->error + n, in->error_size - (size_t)n, fmt, args);
		va_end(args);
	}
	return false;
}

bool bs_trace_row_is_event(const bs_trace_row* row) {
	return strcmp(row->kind, "start") != 0 && strcmp(row->kind, "sample") != 0;
}

static bool parse_integer(const reader* in, const char* text, int column, long long min, long long max,
	long long* dest) {
	char* end = NULL;
	errno = 0;
	long long value = strtoll(text, &end, 10);
	if (text[0] == '\0' || *end != '\0' || errno == ERANGE || value < min || value > max) {
		return fail(in, "column %d (%s): '%s' is not a whole number in [%lld, %lld]", column + 1,
			column_names[column], text, min, max);
	}
	*dest = value;
	return true;
}

static bool parse_number(const reader* in, const char* text, int column, double* dest) {
	char* end = NULL;
	errno = 0;
	double value = strtod(text, &end);
	// Underflow to a subnormal is a faithful read; only overflow is an error.
	if (text[0] == '\0' || *end != '\0' || !isfinite(value) || (errno == ERANGE && fabs(value) > 1.0)) {
		return fail(in, "column %d (%s): '%s' is not a finite number", column + 1, column_names[column], text);
	}
	*dest = value;
	return true;
}

static bool parse_kind(const reader* in, const char* text, char* dest, size_t dest_size) {
	for (size_t k = 0; k < sizeof known_kinds / sizeof known_kinds[0]; ++k) {
		if (strcmp(text, known_kinds[k]) == 0) {
			snprintf(dest, dest_size, "%s", text);
			return true;
		}
	}
	return fail(in,
		"column 3 (kind): unknown kind '%s' (expected start, sample, ball, cushion, jaw, pocket, slide_roll, roll_spin, "
		"roll_stop or spin_stop)",
		text);
}

// Splits `line` in place at the commas into at most `capacity` fields.
// Returns the number of fields found (counting past `capacity`, so the
// message can say how many there were).
static int split_fields(char* line, char** fields, int capacity) {
	int count = 0;
	char* field = line;
	for (;;) {
		char* comma = strchr(field, ',');
		if (count < capacity) {
			fields[count] = field;
		}
		count += 1;
		if (!comma) {
			return count;
		}
		*comma = '\0';
		field = comma + 1;
	}
}

static bool parse_row(
	const reader* in, char* line, bool energy_parts, const bs_trace_row* previous, bs_trace_row* row) {
	char* fields[TRACE_COLUMNS_WITH_PARTS];
	int columns = energy_parts ? TRACE_COLUMNS_WITH_PARTS : TRACE_COLUMNS;
	int count = split_fields(line, fields, columns);
	if (count != columns) {
		return fail(in, "expected %d columns, found %d", columns, count);
	}
	long long event = 0;
	long long a = 0;
	long long b = 0;
	if (!parse_integer(in, fields[0], 0, 0, LLONG_MAX, &event) || !parse_number(in, fields[1], 1, &row->time) ||
		!parse_kind(in, fields[2], row->kind, sizeof row->kind) ||
		!parse_integer(in, fields[3], 3, INT_MIN, INT_MAX, &a) ||
		!parse_integer(in, fields[4], 4, INT_MIN, INT_MAX, &b) || !parse_number(in, fields[5], 5, &row->impulse) ||
		!parse_number(in, fields[6], 6, &row->kinetic_energy) || !parse_number(in, fields[7], 7, &row->momentum_x) ||
		!parse_number(in, fields[8], 8, &row->momentum_y)) {
		return false;
	}
	row->translational_energy = row->kinetic_energy;
	row->rotational_energy = 0.0;
	if (energy_parts &&
		(!parse_number(in, fields[9], 9, &row->translational_energy) ||
			!parse_number(in, fields[10], 10, &row->rotational_energy))) {
		return false;
	}
	row->event = event;
	row->a = (int)a;
	row->b = (int)b;
	row->line = in->line;
	if (!bs_trace_row_is_event(row) && (row->a != -1 || row->b != -1)) {
		return fail(in, "a %s row has a = b = -1, found %d and %d", row->kind, row->a, row->b);
	}
	if (row->kinetic_energy < 0.0) {
		return fail(in, "column 7 (kinetic_energy): %.17g is negative", row->kinetic_energy);
	}
	if (previous && row->time < previous->time) {
		return fail(in, "time %.17g goes back (line %lld has %.17g)", row->time, (long long)previous->line,
			previous->time);
	}
	return true;
}

// Cuts the line ending: "\n", or "\r\n" as spreadsheets write it.
static void chomp(char* line, ssize_t* length) {
	if (*length > 0 && line[*length - 1] == '\n') {
		line[--*length] = '\0';
	}
	if (*length > 0 && line[*length - 1] == '\r') {
		line[--*length] = '\0';
	}
}

static bool append_row(bs_trace_data* dest, int64_t* capacity, const bs_trace_row* row) {
	if (dest->count == *capacity) {
		int64_t grown_capacity = *capacity > 0 ? 2 * *capacity : 256;
		bs_trace_row* grown = realloc(dest->rows, (size_t)grown_capacity * sizeof *grown);
		if (!grown) {
			return false;
		}
		dest->rows = grown;
		*capacity = grown_capacity;
	}
	dest->rows[dest->count++] = *row;
	return true;
}

bool bs_trace_read_stream(FILE* stream, const char* name, bs_trace_data* dest, char* error, size_t error_size) {
	memset(dest, 0, sizeof *dest);
	reader in = {name, 0, error, error_size};
	char* line = NULL;
	size_t line_capacity = 0;
	int64_t capacity = 0;
	bool ok = true;
	// Empty lines at the end of the file are accepted (editors and shell
	// appends leave them); one followed by a row is an error at its own line.
	int64_t first_empty_line = 0;
	ssize_t length;
	while (ok && (length = getline(&line, &line_capacity, stream)) >= 0) {
		in.line += 1;
		chomp(line, &length);
		if ((size_t)length != strlen(line)) {
			ok = fail(&in, "a NUL byte in the line");
		} else if (in.line == 1) {
			dest->energy_parts = strcmp(line, BS_TRACE_HEADER BS_TRACE_ENERGY_PARTS) == 0;
			if (strcmp(line, BS_TRACE_HEADER) != 0 && !dest->energy_parts) {
				ok = fail(&in, "expected the header '%s', or with pool physics '%s'", BS_TRACE_HEADER,
					BS_TRACE_HEADER BS_TRACE_ENERGY_PARTS);
			}
		} else if (length == 0) {
			first_empty_line = first_empty_line > 0 ? first_empty_line : in.line;
		} else if (first_empty_line > 0) {
			in.line = first_empty_line;
			ok = fail(&in, "empty line");
		} else {
			bs_trace_row row;
			ok = parse_row(&in, line, dest->energy_parts, dest->count > 0 ? &dest->rows[dest->count - 1] : NULL, &row);
			if (ok && !append_row(dest, &capacity, &row)) {
				ok = fail(&in, "out of memory");
			}
			if (ok) {
				dest->event_rows += bs_trace_row_is_event(&row) ? 1 : 0;
				dest->sample_rows += strcmp(row.kind, "sample") == 0 ? 1 : 0;
			}
		}
	}
	free(line);
	if (ok && ferror(stream)) {
		ok = fail(&in, "read error: %s", strerror(errno));
	}
	if (ok && in.line == 0) {
		in.line = 1;
		ok = fail(&in, "empty file, expected the header '%s'", BS_TRACE_HEADER);
	}
	if (ok && dest->count == 0) {
		in.line = 2;
		ok = fail(&in, "no rows after the header");
	}
	if (!ok) {
		bs_trace_destroy(dest);
	}
	return ok;
}

bool bs_trace_read(const char* path, bs_trace_data* dest, char* error, size_t error_size) {
	memset(dest, 0, sizeof *dest);
	FILE* stream = fopen(path, "r");
	if (!stream) {
		snprintf(error, error_size, "%s: cannot read: %s", path, strerror(errno));
		return false;
	}
	bool ok = bs_trace_read_stream(stream, path, dest, error, error_size);
	fclose(stream);
	return ok;
}

void bs_trace_destroy(bs_trace_data* trace) {
	free(trace->rows);
	memset(trace, 0, sizeof *trace);
}
