// Helpers for the tests that run the breakshot binary or work with files:
// the paths meson passes in the environment, temporary directories, running
// a shell command and reading back what it wrote.
#ifndef BREAKSHOT_TESTS_PROCESS_HELPERS_H
#define BREAKSHOT_TESTS_PROCESS_HELPERS_H

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

/// The binary under test: $BREAKSHOT (meson test sets it), else "breakshot".
static inline const char* breakshot_path(void) {
	const char* path = getenv("BREAKSHOT");
	return path ? path : "breakshot";
}

/// The source tree: $BREAKSHOT_SOURCE_ROOT (meson test sets it), else ".".
static inline const char* source_root(void) {
	const char* root = getenv("BREAKSHOT_SOURCE_ROOT");
	return root ? root : ".";
}

/// dest = "dir/name".
static inline void path_in(const char* dir, const char* name, char* dest, size_t size) {
	snprintf(dest, size, "%s/%s", dir, name);
}

/// A file of the source tree: dest = "<source root>/relative".
static inline void source_path(const char* relative, char* dest, size_t size) {
	path_in(source_root(), relative, dest, size);
}

/// Makes a new empty directory /tmp/breakshot-<name>-XXXXXX and puts its
/// path in dest. False (with a message) when it cannot.
static inline bool make_temp_dir(const char* name, char* dest, size_t size) {
	snprintf(dest, size, "/tmp/breakshot-%s-XXXXXX", name);
	if (!mkdtemp(dest)) {
		perror("mkdtemp");
		return false;
	}
	return true;
}

/// Runs a shell command; returns its exit status, or -1 when it did not exit
/// normally (killed by a signal, or the shell could not be started).
static inline int run_command(const char* command) {
	int status = system(command);
	return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// Removes a directory and everything in it (rm -rf); false when that fails.
static inline bool remove_tree(const char* dir) {
	char command[1024];
	snprintf(command, sizeof command, "rm -rf '%s'", dir);
	return run_command(command) == 0;
}

/// The whole file as a NUL-terminated string the caller frees, and its size
/// in `size` when not NULL; NULL when it cannot be read.
static inline char* read_file(const char* path, size_t* size) {
	FILE* f = fopen(path, "rb");
	if (!f) {
		return NULL;
	}
	char* data = NULL;
	size_t used = 0;
	size_t capacity = 0;
	for (;;) {
		if (capacity - used < 4096) {
			capacity = capacity ? 2 * capacity : 8192;
			char* grown = realloc(data, capacity);
			if (!grown) {
				free(data);
				fclose(f);
				return NULL;
			}
			data = grown;
		}
		size_t got = fread(data + used, 1, capacity - used - 1, f);
		used += got;
		if (got == 0) {
			break;
		}
	}
	fclose(f);
	data[used] = '\0';
	if (size) {
		*size = used;
	}
	return data;
}

/// Writes `text` to a file (replacing it); false when that fails.
static inline bool write_file(const char* path, const char* text) {
	FILE* f = fopen(path, "wb");
	if (!f) {
		return false;
	}
	bool ok = fputs(text, f) >= 0;
	return fclose(f) == 0 && ok;
}

static inline bool file_exists(const char* path) {
	struct stat st;
	return stat(path, &st) == 0;
}

/// The entries of `dir` other than . and .. and those whose names begin with
/// one of the prefixes in `skip` (a NULL-terminated list, or NULL for none);
/// -1 when the directory cannot be read.
static inline int count_entries(const char* dir, const char* const* skip) {
	DIR* stream = opendir(dir);
	if (!stream) {
		return -1;
	}
	int n = 0;
	struct dirent* entry;
	while ((entry = readdir(stream))) {
		const char* name = entry->d_name;
		bool counted = strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
		for (int k = 0; counted && skip && skip[k]; ++k) {
			counted = strncmp(name, skip[k], strlen(skip[k])) != 0;
		}
		n += counted;
	}
	closedir(stream);
	return n;
}

/// Copies the file at `path` into dest (truncated to fit; "" when it cannot
/// be read).
static inline void read_file_into(const char* path, char* dest, size_t size) {
	char* text = read_file(path, NULL);
	snprintf(dest, size, "%s", text ? text : "");
	free(text);
}

/// Runs the shell command `command` in `dir` with its standard output and
/// error sent to dir/stdout.txt and dir/stderr.txt, and copies those into
/// `out` and `err` (either may be NULL). Returns the exit status as
/// run_command does.
static inline int run_captured(const char* dir, const char* command, char* out, size_t out_size, char* err,
	size_t err_size) {
	char line[8192];
	int length = snprintf(line, sizeof line, "cd '%s' && { %s ; } >stdout.txt 2>stderr.txt", dir, command);
	if (length < 0 || (size_t)length >= sizeof line) {
		fprintf(stderr, "  run_captured: the command does not fit in %zu bytes: %s\n", sizeof line, command);
		return -1;
	}
	int status = run_command(line);
	char path[1024];
	if (out) {
		path_in(dir, "stdout.txt", path, sizeof path);
		read_file_into(path, out, out_size);
	}
	if (err) {
		path_in(dir, "stderr.txt", path, sizeof path);
		read_file_into(path, err, err_size);
	}
	return status;
}

#endif
