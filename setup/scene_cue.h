// breakshot: a cue read from JSON as a scene's "cue" is, for other files
// that hold cues (breakshot play's shots), so that both accept and refuse
// the same cues in the same words.
#ifndef BREAKSHOT_SCENE_CUE_H
#define BREAKSHOT_SCENE_CUE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include <breakshot/scene.h>

/// Reads the cue `value` at field `path` of the file `name` (scenes/README.md,
/// "cue", but for "ball": a game's shot strikes the ball its rules say),
/// checked for `physics`. Returns false, writing "NAME: PATH.FIELD:
/// reason" into `error`, for a cue a scene would refuse.
bool bs_scene_read_cue(const json_t* value, const char* name, const char* path, bs_physics physics, bs_cue_def* dest,
	char* error, size_t error_size);

#endif
