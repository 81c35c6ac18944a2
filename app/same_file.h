// breakshot: whether two paths name one file, so that a command refuses to
// write an output over its own input or two outputs over each other, however
// the paths are spelt ("t.csv" and "./t.csv", a hard link, a symbolic link).
#ifndef BREAKSHOT_SAME_FILE_H
#define BREAKSHOT_SAME_FILE_H

#include <stdbool.h>

/// True when `a` and `b` name the same file: when both exist, the same device
/// and inode; otherwise (an output not created yet) the same real path, taken
/// for a missing file as the real path of its directory plus its name; and
/// when even the directory is missing, the same text.
bool bs_same_file(const char* a, const char* b);

/// A command-line argument that names a file, for messages: `what` is how the
/// user gave it ("--trace", "the scene").
typedef struct bs_named_path {
	const char* what;
	const char* path; ///< NULL: not given, skipped
} bs_named_path;

/// Checks that no two of `paths` name the same file. Returns 0 when they are
/// all distinct; otherwise prints one message naming both arguments,
/// "breakshot: COMMAND: WHAT 'A' and WHAT 'B' name the same file", and
/// returns BS_EXIT_USAGE.
int bs_check_distinct_files(const char* command, const bs_named_path* paths, int count);

#endif
