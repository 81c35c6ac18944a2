// breakshot viewer: a game's marks on the table. The pocket called for the
// shot (and, while aiming, the pocket a click would call) ringed; the cue
// ball in hand ringed where it would go, green where the rules accept the
// place and red and crossed where they refuse it; and with ball in hand
// behind the head string, the head string.
#ifndef BREAKSHOT_GAME_MARKS_H
#define BREAKSHOT_GAME_MARKS_H

#include "lines.h"
#include "viewer.h"

/// Adds the game's marks (none when the viewer shows a scene) to the batch
/// of lines in table space.
void bs_game_marks_draw(const bs_viewer* viewer, bs_lines* lines);

#endif
