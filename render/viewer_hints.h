// breakshot viewer: the hint key (I). From the position shown, with the
// balls at rest, the shot search's best shots (shot_hints.h) are drawn on
// the table in a colour per rank and named on the HUD; a digit sets one up
// on the cue, to play as it is or to change. In a game they are the
// shooter's scoring shots under its rules; in a scene, the best pots of its
// object balls. The hints belong to the position they were found for: any
// change of it (a shot, a step, a new world) hides them. No GL here.
#ifndef BREAKSHOT_VIEWER_HINTS_H
#define BREAKSHOT_VIEWER_HINTS_H

#include <stdbool.h>

#include "viewer.h"

/// Each rank's colour (RGBA), best first: the paths on the table and the
/// HUD's line for it.
extern const float bs_hint_colours[BS_HINT_MAX][4];

/// The I key: stops the search when one runs in the background; hides the
/// hints when shown; otherwise searches the position shown and shows them,
/// or says on the status line why it cannot (the balls moving, the cue
/// ball in hand, the game over, no shot found). With hints_in_background
/// the search starts on a thread of its own and the status line follows
/// it; bs_viewer_poll_hints shows what it finds. Returns whether hints are
/// shown now.
bool bs_viewer_toggle_hints(bs_viewer* viewer);

/// Follows the background search, once a frame (bs_viewer_check_hints
/// calls it): its progress on the status line, its hints when it ends,
/// and a stop when the position shown changes.
void bs_viewer_poll_hints(bs_viewer* viewer);

/// Hides the hints and stops a search running in the background (nothing
/// when neither): anything that makes them another position's (a new
/// world, another cue ball) calls it.
void bs_viewer_hide_hints(bs_viewer* viewer);

/// Hides the hints when the position shown is no longer the one they were
/// found for, and follows the background search (bs_viewer_poll_hints).
/// Called by bs_viewer_refresh.
void bs_viewer_check_hints(bs_viewer* viewer);

/// A digit while hints are shown: sets hint `index` (0 for the best) up on
/// the cue, aiming from the cue ball: its aim exactly, its stick speed, tip
/// and elevation, and in a game its call, so that a strike plays the very
/// shot the hint traced. False, with a status, when there is no such hint.
bool bs_viewer_use_hint(bs_viewer* viewer, int index);

/// The position shown as balls at rest for a search, into `balls` (room for
/// ball_capacity) and `dest`: every ball on the table where it is, as a new
/// ball. At the first instant of a scene whose cue strikes (or of a shot
/// struck in the viewer) the struck ball is taken before its strike. False,
/// with the reason in `error`, when any other ball moves.
bool bs_viewer_rest_position(const bs_viewer* viewer, bs_world_def* dest, bs_ball_def* balls, char* error,
	size_t error_size);

#endif
