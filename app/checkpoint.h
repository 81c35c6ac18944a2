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

/// A checkpointed output of a command.
typedef struct bs_checkpoint_def {
	const char* dir;      ///< the output directory, for messages
	const char* path;     ///< the final file (DIR/runs.csv)
	const char* partial;  ///< the checkpoint (DIR/runs.csv.partial)
	const char* settings_path; ///< where the settings are kept (DIR/ensemble.settings)
	const char* settings; ///< this run's settings, one per line
	/// The settings' last line, "NAME DIGEST\n": a digest of what this build
	/// computes (a fingerprint), costly enough to make only after
	/// bs_checkpoint_check, which reads only its NAME.
	const char* fingerprint;
	const char* fingerprint_name; ///< its first word: "engine"
	const char* header;   ///< the file's first line, with its newline
	bool resume;          ///< --resume given
	const char* command;  ///< "ensemble": who refuses a checkpoint left without --resume
	const char* rows;     ///< "rows": what the checkpoint holds, in messages
	const char* hint;     ///< which arguments fix the settings, for the message when they differ
	bs_checkpoint_take_fn take; ///< takes each row read back
	void* closure;        ///< passed to `take`
} bs_checkpoint_def;

/// The checks that need no fingerprint, for a command to make before it
/// computes one: refuses a `path` that is there and is not a regular file,
/// which the checkpoint could not replace at the end; without --resume a
/// checkpoint left there; with --resume, a directory without a checkpoint
/// and its settings, or whose settings are not `settings` and at most a
/// fingerprint line, naming the first line that differs. Returns 0, or an
/// exit status after printing why.
int bs_checkpoint_check(const bs_checkpoint_def* def);

/// Before the work: the checks of bs_checkpoint_check; with --resume,
/// checks that the fingerprint is the same too, reads the rows back through
/// `take` and cuts off a row a kill left half written. Returns 0 with the
/// rows read back in `*rows` (0 when starting afresh, *fresh then true), or
/// an exit status after printing why (2 for a checkpoint that is not this
/// run's).
int bs_checkpoint_resume(const bs_checkpoint_def* def, int64_t* rows, bool* fresh);

/// Then, once the other outputs are tried: when `fresh`, writes the
/// settings file and starts the checkpoint with the header; otherwise goes
/// on with the checkpoint as it is. Returns 0, or an exit status after
/// printing why.
int bs_checkpoint_open(const bs_checkpoint_def* def, bool fresh, bs_output_file* out);

/// The start of a 64-bit FNV-1a digest, for the fingerprints in settings.
#define BS_CHECKPOINT_HASH_START 0xcbf29ce484222325ull

/// `hash` (from BS_CHECKPOINT_HASH_START) on through `size` bytes: a
/// digest for settings (a scene file's bytes, the bits a build's first
/// run or shot leaves), which tells a change, not a forgery.
uint64_t bs_checkpoint_hash(uint64_t hash, const void* bytes, size_t size);

#endif
