// breakshot viewer: the heads-up display (time, events, frame rate, energy,
// momentum, pocketed balls, the current event; in a game, the players,
// scores, turn and ruling) and the help overlay.
#ifndef BREAKSHOT_HUD_H
#define BREAKSHOT_HUD_H

#include "text.h"
#include "viewer.h"

/// Wall-clock figures of the viewer's frame loop, shown on the HUD. Not to be
/// confused with bs_frame_stats of <breakshot/frame_step.h>, the frames
/// method's statistics of a simulation.
typedef struct bs_hud_stats {
	double frames_per_second; ///< 0 when not measured (a screenshot)
	double frame_ms;
	const char* antialiasing; ///< how the scene is smoothed, or NULL
} bs_hud_stats;

/// One line of the HUD and its colour.
typedef struct bs_hud_line {
	char text[BS_HUD_MAX_CHARS + 1];
	const float* colour; ///< RGBA
} bs_hud_line;

/// The HUD's lines as drawn, into `dest` (room for BS_HUD_MAX_LINES):
/// returns how many. A scene's: time, events, energy, momentum, pocketed
/// balls, the event, the shot, the status. A game's: the players and
/// scores, whose turn and what to do, the last ruling, then what room is
/// left for the time, the strike, the event and the status (long lines
/// wrapped). No GL: tests read it without a display.
int bs_hud_lines(const bs_viewer* viewer, const bs_hud_stats* stats, bs_hud_line* dest);

/// Adds the HUD panel (top-left) to the text batch.
void bs_hud_draw(const bs_viewer* viewer, const bs_hud_stats* stats, bs_text* text);

/// Adds the help overlay (centred) to the text batch.
void bs_hud_draw_help(bs_text* text, int width, int height);

/// Describes a strike in one line, after `title`.
void bs_hud_cue_line(const char* title, const bs_cue_def* cue, char* dest, size_t dest_size);

/// Describes the current event in one line ("ball 0 - ball 1 ...").
void bs_hud_event_line(const bs_frame* frame, char* dest, size_t dest_size);

#endif
