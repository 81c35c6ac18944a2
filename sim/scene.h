// breakshot: scene files. A scene is a JSON document (schema in
// scenes/README.md) describing a table, restitutions, a start time and balls.
// Loading checks everything a world needs, and reports the first problem as
// one line: "FILE:LINE:COLUMN: ..." for syntax, "FILE: FIELD.PATH: reason"
// for the rest (for example "scene.json: balls[3].radius: must be positive").
#ifndef BREAKSHOT_SCENE_H
#define BREAKSHOT_SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include "world.h"

/// A loaded scene: a world def whose `balls` point into memory the scene owns.
typedef struct bs_scene {
	bs_world_def def;   ///< ready for bs_world_create(); def.balls == balls
	bs_ball_def* balls; ///< owned; def.ball_count entries
} bs_scene;

/// Loads the scene file at `path`. On success fills `dest` (free it with
/// bs_scene_free) and returns true. On failure returns false, leaves `dest`
/// empty, and writes one message line (no trailing newline) into `error`.
bool bs_scene_load(const char* path, bs_scene* dest, char* error, size_t error_size);

/// Loads a scene from JSON text; `name` stands for the file in messages.
bool bs_scene_load_text(const char* text, const char* name, bs_scene* dest, char* error, size_t error_size);

/// Frees a scene's memory. Accepts a zeroed or already freed scene.
void bs_scene_free(bs_scene* scene);

/// The world's state at its current time as scene JSON text, in the same
/// schema, with `time` set and every number round-trippable (17 significant
/// digits). Pocketed balls are left out. Returns a malloc'd string, or NULL
/// when memory runs out.
char* bs_scene_dump_world(const bs_world* world);

#endif
