// Checkpoints and --resume (checkpoint.h).
#include "checkpoint.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static char* read_settings(const char* path) {
	FILE* file = fopen(path, "rb");
	if (!file) {
		return NULL;
	}
	char* text = calloc(1, 65536);
	if (text) {
		size_t n = fread(text, 1, 65535, file);
		text[n] = '\0';
		if (ferror(file)) { // a directory opens, and then does not read
			free(text);
			text = NULL;
		}
	}
	fclose(file);
	return text;
}

static int differ(const bs_checkpoint_def* def, const char* disk, const char* here) {
	return bs_cli_fail("--resume: the %s in %s were made with other settings: '%.*s' there, '%.*s' here (%s)",
		def->rows, def->settings_path, (int)strcspn(disk, "\n"), disk, (int)strcspn(here, "\n"), here, def->hint);
}

// Whether `line` is a fingerprint line: "NAME ...".
static bool is_fingerprint(const bs_checkpoint_def* def, const char* line) {
	size_t n = strlen(def->fingerprint_name);
	return strncmp(line, def->fingerprint_name, n) == 0 && line[n] == ' ';
}

// Reads the settings on disk and checks that they are this run's
// `settings` and then at most the fingerprint line, naming the first line
// that differs. Returns 0 with that fingerprint line, or an empty string,
// in *rest (free *text), or an exit status.
static int compare_settings(const bs_checkpoint_def* def, char** text, const char** rest) {
	errno = 0;
	*text = read_settings(def->settings_path);
	if (!*text) {
		return bs_cli_fail("--resume: %s: cannot read: %s", def->settings_path, strerror(errno ? errno : EIO));
	}
	const char* disk = *text;
	const char* here = def->settings;
	while (*here) {
		size_t a = strcspn(disk, "\n");
		size_t b = strcspn(here, "\n");
		if (a != b || memcmp(disk, here, a) != 0) {
			int status = differ(def, disk, here);
			free(*text);
			*text = NULL;
			return status;
		}
		disk += a + (disk[a] == '\n');
		here += b + (here[b] == '\n');
	}
	// A line there that this run has not: an option it was not given, or
	// anything after the fingerprint.
	const char* extra = is_fingerprint(def, disk) ? disk + strcspn(disk, "\n") : disk;
	extra += *extra == '\n';
	if (*extra) {
		int status = differ(def, extra, "");
		free(*text);
		*text = NULL;
		return status;
	}
	*rest = disk;
	return 0;
}

// Reads the checkpoint line by line: the header, then each whole row to
// `take_row`; a last line cut short by a kill is cut off the file. Returns
// the rows taken; -2 when not even the header was whole (the file is then
// empty: start afresh); -1 after printing why the file is not this run's.
static int64_t read_rows(const char* partial, const char* header, bs_checkpoint_take_fn take_row, void* closure) {
	FILE* file = fopen(partial, "rb");
	if (!file) {
		bs_cli_fail("--resume: %s: cannot read: %s", partial, strerror(errno));
		return -1;
	}
	char* line = NULL;
	size_t capacity = 0;
	ssize_t length = 0;
	int64_t rows = 0;
	long good = 0; // bytes of whole lines
	int64_t line_number = 0;
	bool refused = false;
	while (!refused && (length = getline(&line, &capacity, file)) > 0) {
		line_number += 1;
		if (line[length - 1] != '\n') {
			break; // cut short by a kill: done again
		}
		line[length - 1] = '\0';
		if (strlen(line) != (size_t)length - 1) {
			bs_cli_fail("--resume: %s:%" PRId64 ": byte %zu: a NUL byte, as a crash can leave: not a line it writes",
				partial, line_number, strlen(line) + 1);
			refused = true;
		} else if (line_number == 1) {
			if (strncmp(line, header, strlen(header) - 1) != 0 || strlen(line) != strlen(header) - 1) {
				bs_cli_fail("--resume: %s:1: not the header it writes", partial);
				refused = true;
			}
		} else {
			char where[4200];
			snprintf(where, sizeof where, "%s:%" PRId64, partial, line_number);
			refused = !take_row(closure, line, where);
			rows += !refused;
		}
		good = refused ? good : ftell(file);
	}
	free(line);
	fclose(file);
	if (refused) {
		return -1;
	}
	if (truncate(partial, good) != 0) {
		bs_cli_fail("--resume: %s: cannot cut off the line left half written: %s", partial, strerror(errno));
		return -1;
	}
	return good == 0 ? -2 : rows;
}

// The checks that need no fingerprint (checkpoint.h). Returns 0 with the
// settings on disk in *text (NULL without --resume) and their fingerprint
// line, or an empty string, in *rest; or an exit status.
static int check_settings(const bs_checkpoint_def* def, char** text, const char** rest) {
	*text = NULL;
	*rest = NULL;
	struct stat info;
	// A link is followed, as the other outputs' are: rename() replaces the
	// link itself.
	if (stat(def->path, &info) == 0 && !S_ISREG(info.st_mode)) {
		return bs_cli_fail("%s: %s is there and is not a regular file: the finished %s cannot replace it",
			def->command, def->path, def->rows);
	}
	bool partial_exists = stat(def->partial, &info) == 0;
	if (!def->resume) {
		if (partial_exists) {
			return bs_cli_fail("%s: %s holds the %s of a run that did not finish: give --resume to continue it, "
							   "or remove it",
				def->command, def->partial, def->rows);
		}
		return 0;
	}
	if (!partial_exists || stat(def->settings_path, &info) != 0) {
		const char* partial_name = strrchr(def->partial, '/');
		const char* settings_name = strrchr(def->settings_path, '/');
		return bs_cli_fail("--resume: nothing to resume in %s (no %s and %s)", def->dir,
			partial_name ? partial_name + 1 : def->partial, settings_name ? settings_name + 1 : def->settings_path);
	}
	return compare_settings(def, text, rest);
}

// With --resume, refuses settings whose fingerprint line `rest` is not
// `fingerprint` (a line with its newline). Returns 0 or an exit status.
static int compare_fingerprint(const bs_checkpoint_def* def, const char* rest, const char* fingerprint) {
	size_t there = strcspn(rest, "\n");
	size_t here = strcspn(fingerprint, "\n");
	if (there == here && memcmp(rest, fingerprint, here) == 0) {
		return 0;
	}
	if (*rest) {
		return differ(def, rest, fingerprint);
	}
	return bs_cli_fail("--resume: the %s in %s were made by another build, which kept no '%.*s' line (%s)", def->rows,
		def->settings_path, (int)here, fingerprint, def->hint);
}

// Tries each of the other outputs, so that one that cannot be written is
// bad input refused at once, but gives each up until the end: a kill that
// no handler sees (SIGKILL, a lost machine) then leaves no temporary file
// beside the checkpoint.
static int try_outputs(const bs_checkpoint_def* def) {
	for (int k = 0; k < def->output_count; ++k) {
		bs_output_file output;
		if (!bs_output_open(&output, def->outputs[k])) {
			return BS_EXIT_USAGE;
		}
		bs_output_abort(&output);
	}
	return 0;
}

// Opens `out` on the checkpoint: when `fresh`, after writing the settings
// file, and with the header; otherwise goes on with it as it is.
static int open_checkpoint(const bs_checkpoint_def* def, const char* fingerprint, bool fresh, bs_output_file* out) {
	if (fresh) {
		bs_output_file settings_file;
		bool written = bs_output_open(&settings_file, def->settings_path) &&
					   (bs_output_puts(&settings_file, def->settings), bs_output_puts(&settings_file, fingerprint),
						   bs_output_commit(&settings_file));
		if (!written) {
			return 1;
		}
	}
	if (!bs_output_open_checkpoint(out, def->path, def->partial, !fresh)) {
		return BS_EXIT_USAGE;
	}
	if (fresh) {
		bs_output_puts(out, def->header);
		fflush(out->stream);
	}
	return 0;
}

int bs_checkpoint_start(const bs_checkpoint_def* def, int64_t* rows, bs_output_file* out) {
	*rows = 0;
	char* text = NULL;
	const char* rest = NULL;
	int status = check_settings(def, &text, &rest);
	uint64_t digest = 0;
	if (status == 0) {
		status = def->fingerprint(def->closure, &digest);
	}
	char fingerprint[128];
	snprintf(fingerprint, sizeof fingerprint, "%s %016" PRIx64 "\n", def->fingerprint_name, digest);
	if (status == 0 && def->resume) {
		status = compare_fingerprint(def, rest, fingerprint);
	}
	free(text);
	if (status != 0) {
		return status;
	}
	bool fresh = true;
	if (def->resume) {
		int64_t read = read_rows(def->partial, def->header, def->take, def->closure);
		if (read == -1) {
			return BS_EXIT_USAGE;
		}
		fresh = read < 0;
		*rows = read < 0 ? 0 : read;
	}
	status = try_outputs(def);
	return status != 0 ? status : open_checkpoint(def, fingerprint, fresh, out);
}

uint64_t bs_checkpoint_hash(uint64_t hash, const void* bytes, size_t size) {
	const unsigned char* b = bytes;
	for (size_t k = 0; k < size; ++k) {
		hash = (hash ^ b[k]) * 0x100000001b3ull;
	}
	return hash;
}
