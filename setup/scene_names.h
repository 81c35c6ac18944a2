// breakshot: the names scene files give to the choices of pool physics,
// indexed by their enum values, shared by the reader and the writer so
// that what one writes the other reads. (States of motion are named by
// bs_motion_state_name.)
#ifndef BREAKSHOT_SCENE_NAMES_H
#define BREAKSHOT_SCENE_NAMES_H

#include <breakshot/pool.h>

/// "physics": bs_physics by value, NULL-terminated.
static const char* const bs_scene_physics_names[] = {"ideal", "pool", NULL};
/// "pool.ball_model": bs_ball_model by value, NULL-terminated.
static const char* const bs_scene_ball_model_names[] = {"ideal", "frictional", NULL};
/// "pool.cushion_model": bs_cushion_model by value, NULL-terminated.
static const char* const bs_scene_cushion_model_names[] = {
	"ideal", "han2005", "mathavan_2010", "stronge_compliant", NULL};
/// How many names bs_scene_cushion_model_names holds.
#define BS_SCENE_CUSHION_MODEL_COUNT 4

#endif
