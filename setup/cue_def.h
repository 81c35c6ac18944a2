// breakshot: a cue def (scene.h) checked and applied to the cue ball, shared
// by the scene reader and bs_shot_strike, so that a strike from a scene file
// and one on a running world refuse the same things in the same words.
#ifndef BREAKSHOT_CUE_DEF_H
#define BREAKSHOT_CUE_DEF_H

#include <stdbool.h>
#include <stddef.h>

#include <breakshot/scene.h>

/// Whether `cue` can strike a ball under `physics`: speed in [0,
/// BS_MAX_SPEED], finite angle or aim, a tip within the miscue limit, an
/// elevation in [0, 90), and no tip or elevation without the stick or under
/// ideal physics. When it cannot, sets *field to the scene field at fault
/// ("cue.tip") and writes the reason into `reason`, and returns false.
bool bs_cue_def_check(const bs_cue_def* cue, bs_physics physics, const char** field, char* reason, size_t reason_size);

/// Gives `ball` the velocity the cue strikes it with; the stick's strike
/// also sets its spin (zero under ideal physics), a cue ball speed leaves
/// the spin it had. Returns false, changing nothing,
/// when the cue aims at the ball's own centre. The cue must pass
/// bs_cue_def_check.
bool bs_cue_def_apply(const bs_cue_def* cue, bs_physics physics, bs_ball_def* ball);

#endif
