// breakshot viewer: the heads-up display (time, events, frame rate, energy,
// momentum, pocketed balls, the current event) and the help overlay.
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

/// Adds the HUD panel (top-left) to the text batch.
void bs_hud_draw(const bs_viewer* viewer, const bs_hud_stats* stats, bs_text* text);

/// Adds the help overlay (centred) to the text batch.
void bs_hud_draw_help(bs_text* text, int width, int height);

/// Describes a strike in one line, after `title`.
void bs_hud_cue_line(const char* title, const bs_cue_def* cue, char* dest, size_t dest_size);

/// Describes the current event in one line ("ball 0 - ball 1 ...").
void bs_hud_event_line(const bs_frame* frame, char* dest, size_t dest_size);

#endif
