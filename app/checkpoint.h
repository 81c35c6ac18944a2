// breakshot: a command's rows streamed to a checkpoint beside the settings
// they were made with, so that a run killed part-way (ensemble, play --ai
// --games) goes on with --resume to the same bytes. The checkpoint,
// FILE.partial, becomes FILE at the commit (output_file.h); the settings
// file is removed after it.
#ifndef BREAKSHOT_CHECKPOINT_H
#define BREAKSHOT_CHECKPOINT_H

#include <stdbool.h>
#include <stdint.h>

#include "output_file.h"

/// Takes the next row read back from the checkpoint (without its newline;
/// `where` is "FILE:LINE", for messages). Prints why and returns false when
/// it is not the next row of this run.
typedef bool (*bs_checkpoint_take_fn)(void* closure, const char* row, const char* where);

/// Computes this build's fingerprint of the work into `*digest` (a digest
/// of what it computes, with bs_checkpoint_hash). Returns 0, or an exit
/// status after printing why it cannot.
typedef int (*bs_checkpoint_fingerprint_fn)(void* closure, uint64_t* digest);

/// A checkpointed output of a command.
typedef struct bs_checkpoint_def {
	const char* dir;      ///< the output directory, for messages
	const char* path;     ///< the final file (DIR/runs.csv)
	const char* partial;  ///< the checkpoint (DIR/runs.csv.partial)
	const char* settings_path; ///< where the settings are kept (DIR/ensemble.settings)
	const char* settings; ///< this run's settings, one per line
	/// The name of the settings' last line, "NAME DIGEST" ("engine"), its
	/// DIGEST made by `fingerprint`
	const char* fingerprint_name;
	/// Makes the fingerprint: called once, after the other settings are
	/// checked, as it may cost a run of the work
	bs_checkpoint_fingerprint_fn fingerprint;
	const char* header;   ///< the file's first line, with its newline
	bool resume;          ///< --resume given
	const char* command;  ///< "ensemble": who refuses a checkpoint left without --resume
	const char* rows;     ///< "rows": what the checkpoint holds, in messages
	const char* hint;     ///< which arguments fix the settings, for the message when they differ
	bs_checkpoint_take_fn take; ///< takes each row read back
	void* closure;        ///< passed to `take` and `fingerprint`
	/// The command's other outputs, tried (opened and given up) before the
	/// work, so that one that cannot be written is refused at once
	const char* const* outputs;
	int output_count; ///< how many `outputs`
} bs_checkpoint_def;

/// Before the work, in this order: refuses a `path` that is there and is
/// not a regular file, which the checkpoint could not replace at the end;
/// without --resume, a checkpoint left there; with --resume, a directory
/// without a checkpoint and its settings, or whose settings are not
/// `settings` and then at most the fingerprint line, naming the first line
/// that differs. Then makes the fingerprint and, with --resume, refuses
/// settings whose fingerprint line is another or missing; reads the rows
/// back through `take`, cutting off a row a kill left half written; tries
/// the other outputs; and opens `out` on the checkpoint, writing the
/// settings file and the header first when starting afresh. Returns 0 with
/// the rows read back in `*rows` (0 when starting afresh), or an exit status
/// after printing why (2 for a checkpoint that is not this run's or an
/// output that cannot be written).
int bs_checkpoint_start(const bs_checkpoint_def* def, int64_t* rows, bs_output_file* out);

/// The start of a 64-bit FNV-1a digest, for the fingerprints in settings.
#define BS_CHECKPOINT_HASH_START 0xcbf29ce484222325ull

/// `hash` (from BS_CHECKPOINT_HASH_START) on through `size` bytes: a
/// digest for settings (a scene file's bytes, the bits a build's first
/// run or shot leaves), which tells a change, not a forgery.
uint64_t bs_checkpoint_hash(uint64_t hash, const void* bytes, size_t size);

#endif
