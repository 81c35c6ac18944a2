// breakshot viewer: the hint key's search on a thread of its own, so that
// the window keeps drawing while it runs (seconds on a full table, twenty
// on a snooker one). It searches a copy of the position, so the game or
// scene shown may move on meanwhile; the viewer asks each frame whether it
// is done, and stops it when the position changes or the window closes.
// A script, which must not depend on the machine's speed, starts it and
// waits for it at once. No GL here.
#ifndef BREAKSHOT_HINT_SEARCH_H
#define BREAKSHOT_HINT_SEARCH_H

#include <stdbool.h>
#include <stddef.h>

#include "shot_hints.h"

typedef struct bs_hint_search bs_hint_search;

/// Starts bs_shot_hints_find_game on a copy of `game` when it is not NULL,
/// else bs_shot_hints_find_pots on a copy of `position` (its balls too)
/// with the ball `cue_ball`, each with the settings of `search` (copied).
/// NULL, with one line in `error`, when memory runs out or the thread
/// cannot start.
bs_hint_search* bs_hint_search_start(const bs_game* game, const bs_world_def* position, int cue_ball,
	const bs_solve_def* search, char* error, size_t error_size);

/// Whether the search has ended (found, refused or cancelled): then
/// bs_hint_search_finish returns at once.
bool bs_hint_search_done(const bs_hint_search* job);

/// How much of the search is done, in [0, 1].
double bs_hint_search_progress(const bs_hint_search* job);

/// Waits for the search to end, frees it, and returns what it found: the
/// hints swapped into `dest` (whose former hints are freed), or false with
/// the reason in `error`.
bool bs_hint_search_finish(bs_hint_search* job, bs_shot_hints* dest, char* error, size_t error_size);

/// Stops the search within a few shots' time, waits for it and frees it.
/// Returns whether the stop cut it short (false when it had already
/// ended). Accepts NULL.
bool bs_hint_search_cancel(bs_hint_search* job);

#endif
