// breakshot: output files that appear whole or not at all. Writing goes to a
// temporary file beside the target, which is renamed over it on commit and
// removed on abort, so a refused or failed run never leaves a partial file.
#ifndef BREAKSHOT_OUTPUT_FILE_H
#define BREAKSHOT_OUTPUT_FILE_H

#include <stdbool.h>
#include <stdio.h>

typedef struct bs_output_file {
	FILE* stream;    ///< write here between open and commit
	char* path;      ///< the final path
	char* temp_path; ///< the temporary file being written
} bs_output_file;

/// Opens a temporary file next to `path`. On failure prints a message and returns false.
bool bs_output_open(bs_output_file* out, const char* path);

/// Flushes, closes and renames into place. On failure prints a message,
/// removes the temporary file and returns false.
bool bs_output_commit(bs_output_file* out);

/// Closes and removes the temporary file. Safe on an unopened (zeroed) output.
void bs_output_abort(bs_output_file* out);

/// Writes a whole buffer to `path` through a temporary file.
bool bs_output_write_all(const char* path, const void* data, size_t size);

#endif
