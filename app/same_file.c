// realpath() is declared by glibc only for X/Open (it is POSIX 2008 all the same).
#define _XOPEN_SOURCE 700

#include "same_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

// The canonical name of `path`: its real path when it exists, else the real
// path of its directory joined with its name (a file about to be created).
// NULL when neither resolves (the caller falls back to the text). Malloced.
static char* canonical_name(const char* path) {
	char* real = realpath(path, NULL);
	if (real) {
		return real;
	}
	const char* slash = strrchr(path, '/');
	const char* name = slash ? slash + 1 : path;
	if (name[0] == '\0' || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
		return NULL; // names a directory, which no output can be
	}
	char* dir = NULL;
	if (!slash) {
		dir = realpath(".", NULL);
	} else {
		size_t length = slash == path ? 1 : (size_t)(slash - path); // "/x" lives in "/"
		char* dir_text = malloc(length + 1);
		if (!dir_text) {
			return NULL;
		}
		memcpy(dir_text, path, length);
		dir_text[length] = '\0';
		dir = realpath(dir_text, NULL);
		free(dir_text);
	}
	if (!dir) {
		return NULL;
	}
	size_t size = strlen(dir) + 1 + strlen(name) + 1;
	char* joined = malloc(size);
	if (joined) {
		snprintf(joined, size, "%s%s%s", dir, strcmp(dir, "/") == 0 ? "" : "/", name);
	}
	free(dir);
	return joined;
}

bool bs_same_file(const char* a, const char* b) {
	struct stat sa;
	struct stat sb;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0) {
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	}
	char* ca = canonical_name(a);
	char* cb = canonical_name(b);
	bool same = ca && cb ? strcmp(ca, cb) == 0 : strcmp(a, b) == 0;
	free(ca);
	free(cb);
	return same;
}

int bs_check_distinct_files(const char* command, const bs_named_path* paths, int count) {
	for (int i = 0; i < count; ++i) {
		for (int j = i + 1; j < count && paths[i].path; ++j) {
			if (paths[j].path && bs_same_file(paths[i].path, paths[j].path)) {
				return bs_cli_fail("%s: %s '%s' and %s '%s' name the same file", command, paths[i].what,
					paths[i].path, paths[j].what, paths[j].path);
			}
		}
	}
	return 0;
}
