// breakshot: output files that appear whole or not at all. Writing goes to a
// temporary file beside the target, which is renamed over it on commit and
// removed on abort, so a refused or failed run never leaves a partial file.
//
// A command opens every output before it starts its work, so that a path it
// cannot write is refused up front (bad input), and commits them together at
// the end: either all of them appear or none does.
//
// A path naming something that exists and is not a regular file (a device
// such as /dev/null or /dev/full, a FIFO) cannot be replaced by a rename:
// it is opened and written directly, with no temporary file, and a write
// that fails there shows at commit like any other. Whatever it was sent
// before a failure cannot be taken back.
//
// Temporary files are registered while open; SIGINT, SIGTERM and SIGHUP
// (where they have their default action, so an ignored SIGHUP under nohup
// stays ignored) remove them before the process dies of the signal. The
// finished files get mode 0666 minus the umask, as fopen would have given.
// Outputs are written from one thread: the registry is guarded by blocking
// those signals in that thread (driver threads such as Mesa's block all).
#ifndef BREAKSHOT_OUTPUT_FILE_H
#define BREAKSHOT_OUTPUT_FILE_H

#include <stdbool.h>
#include <stdio.h>

typedef struct bs_output_file {
	FILE* stream;    ///< write here between open and commit
	char* path;      ///< the final path
	char* temp_path; ///< the temporary file being written; NULL when not open or direct
	bool direct;     ///< written directly to `path`, a device or FIFO (see above)
	int write_error; ///< errno of the first write bs_output_write saw fail, or 0
	bool checkpoint; ///< temp_path is a checkpoint (bs_output_open_checkpoint), never removed here
} bs_output_file;

/// Reads the umask and installs the signal handlers. Call it at the start of
/// main, before any thread exists: reading the umask means setting it for a
/// moment. bs_output_open calls it too when nobody has yet.
void bs_output_prepare(void);

/// Opens a temporary file next to `path`, or `path` itself when it is a
/// device or FIFO. On failure (the directory is missing or not writable,
/// `path` is a directory) prints one message naming `path` and returns false.
bool bs_output_open(bs_output_file* out, const char* path);

/// Opens `checkpoint` to stand for `path` until the commit, as the temporary
/// file of bs_output_open does, but under a name of its own and kept when
/// the process dies, when a commit fails or on abort: what was written to it
/// (and flushed) survives, so that the work can be resumed from it. `append`
/// continues the file as it is; otherwise it is created empty. The commit
/// renames it to `path`. On failure prints one message and returns false.
bool bs_output_open_checkpoint(bs_output_file* out, const char* path, const char* checkpoint, bool append);

/// Writes `size` bytes to out->stream. A write that fails is reported at the
/// commit, which names its cause from errno when the write went through
/// here: stdio keeps only that some write failed. Returns false on failure.
bool bs_output_write(bs_output_file* out, const void* data, size_t size);

/// bs_output_write of a string.
bool bs_output_puts(bs_output_file* out, const char* text);

/// Flushes, closes and renames into place. On failure prints a message,
/// removes the temporary file and returns false.
bool bs_output_commit(bs_output_file* out);

/// Commits `count` outputs all or none: first finishes every temporary file
/// (where a full disk shows), then renames them into place with the signals
/// above held off. When any step fails it prints why, removes every
/// temporary file and the files the earlier renames put in place, and returns
/// false. (A file that an output replaced is gone by then; its old content
/// is not restored.) Outputs that were never opened (zeroed) are skipped.
bool bs_output_commit_all(bs_output_file* const outputs[], int count);

/// Closes and removes the temporary file. Safe on an unopened (zeroed) output.
void bs_output_abort(bs_output_file* out);

/// Checks, before any work, that `dir` can be made or written into: a
/// directory already there must be writable, a missing one must have a
/// writable parent. On failure prints "breakshot: OPTION DIR: ..." and
/// returns BS_EXIT_USAGE; otherwise 0. Makes nothing.
int bs_output_check_dir(const char* dir, const char* option);

/// Makes the directory `dir` when it is missing (a directory already there
/// is fine). On failure prints "breakshot: OPTION DIR: ..." and returns
/// BS_EXIT_USAGE; otherwise 0.
int bs_output_make_dir(const char* dir, const char* option);

#endif
