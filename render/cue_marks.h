// breakshot viewer: the cue while aiming. In the scene, the cue stick behind
// the cue ball along the aim, at its elevation, its tip where it meets the
// ball and drawn back further the harder the strike; in the overlay, the
// ball's face with the tip on it (english, follow or draw) and the power bar.
#ifndef BREAKSHOT_CUE_MARKS_H
#define BREAKSHOT_CUE_MARKS_H

#include <cglm/cglm.h>

#include "camera.h"
#include "lines.h"
#include "text.h"
#include "viewer.h"

/// The cue stick's length (m) and its diameters at the tip and the butt (m).
#define BS_CUE_STICK_LENGTH 1.47
#define BS_CUE_TIP_DIAMETER 0.013
#define BS_CUE_BUTT_DIAMETER 0.03

/// The cue stick, as lines whose width follows its diameter in perspective.
void bs_cue_stick_draw(const bs_viewer* viewer, const bs_camera* camera, int width, int height, bs_lines* lines);

/// The tip diagram and the power bar, in overlay pixels, in the layout's
/// tip panel.
void bs_cue_panel_draw(const bs_viewer* viewer, const bs_overlay_layout* layout, bs_lines* lines, bs_text* text);

#endif
