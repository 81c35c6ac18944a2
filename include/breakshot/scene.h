// breakshot: scene files. A scene is a JSON document (schema in
// scenes/README.md) describing a table, restitutions, a start time and balls.
// Loading checks everything a world needs, and reports the first problem as
// one line: "FILE:LINE:COLUMN: ..." for syntax, "FILE: FIELD.PATH: reason"
// for the rest (for example "scene.json: balls[3].radius: must be positive").
#ifndef BREAKSHOT_SCENE_H
#define BREAKSHOT_SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include <breakshot/api.h>
#include <breakshot/rack.h>
#include <breakshot/world.h>

/// The strike given to the cue ball (the ball with id `ball`, 0 unless told)
/// by a scene's "cue" (scenes/README.md).
typedef struct bs_cue_def {
	/// m/s, >= 0: with `stick` false the cue ball's own speed after a level
	/// centre hit; with `stick` true the cue stick's speed at the tip's impact
	double speed;
	/// The strike of a cue stick (Alciatore's TP A-30 with a 0.567 kg cue, as
	/// in pooltool), with `tip`, `elevation_deg` and squirt: "stick_speed".
	bool stick;
	bool has_aim;     ///< true: towards `aim`; false: along `angle_deg`
	bs_vec2 aim;      ///< a point on the table to aim the cue ball's centre at (m)
	double angle_deg; ///< direction, degrees counter-clockwise from +x (towards the foot spot)
	/// Where the tip meets the ball, as fractions of its radius seen from
	/// behind the cue: side > 0 is right english, height > 0 is follow (top),
	/// < 0 draw. At most 0.5 from the centre: beyond, the tip miscues.
	bs_vec2 tip;
	double elevation_deg; ///< the cue's angle above the cloth (degrees, [0, 90)): an elevated cue makes masse
	bool squirt;          ///< with english, the cue ball squirts away from the side struck (TP A-31)
	/// The id of the ball struck: 0, pool's and snooker's cue ball, by
	/// default; in three-cushion each player strikes his own ball (the rack's
	/// white 0 or yellow 1).
	int ball;
} bs_cue_def;

/// A level centre hit at speed 0 along +x (the cue ball's speed, not the
/// stick's) on ball 0, squirt on: set the speed and what differs.
BS_API bs_cue_def bs_default_cue_def(void);

/// Strikes `ball` with `cue`: sets its velocity, and under the cue stick's
/// strike with pool physics its spin (ideal physics leaves it none). Returns
/// false, changing nothing, when the cue aims at the ball's own centre. The
/// cue must be one a scene file accepts (its speed, tip and elevation).
BS_API bool bs_cue_apply(const bs_cue_def* cue, bs_physics physics, bs_ball_def* ball);

/// The physics a scene gets when it names none: pool physics on a preset
/// table (a pool table with pockets, or the pocketless carom table of a
/// preset's size), ideal physics (frictionless discs) on a sized box or a
/// periodic one, the tables of gases and of physics experiments.
BS_API bs_physics bs_scene_default_physics(const bs_table_def* table);

/// Most warnings a scene keeps; later ones are dropped.
#define BS_SCENE_MAX_WARNINGS 4

/// Room for one warning, its terminating NUL included.
#define BS_SCENE_WARNING_SIZE 320

/// A loaded scene: a world def whose `balls` point into memory the scene owns.
typedef struct bs_scene {
	bs_world_def def;   ///< ready for bs_world_create(); def.balls == balls
	bs_ball_def* balls; ///< owned; def.ball_count entries
	bool has_rack;      ///< the balls came from a "rack"
	bs_rack_def rack;   ///< the rack, when has_rack
	bool has_cue;       ///< a "cue" strike was applied to ball cue.ball
	bs_cue_def cue;     ///< the strike, when has_cue
	/// The scene named its "physics"; false: bs_scene_default_physics of its table
	bool physics_named;
	/// How many of `warnings` are set, at most BS_SCENE_MAX_WARNINGS.
	int warning_count;
	/// Mixes that load and simulate as written but are surely not what was
	/// meant (scenes/README.md, "Warnings"), one line each in the form of the
	/// loader's errors: "FILE: FIELD.PATH: reason". A caller shows them (the
	/// program prints them on standard error) or checks warning_count.
	char warnings[BS_SCENE_MAX_WARNINGS][BS_SCENE_WARNING_SIZE];
} bs_scene;

/// scene->warning_count, for bindings that hold a scene as a handle.
BS_API int bs_scene_warning_count(const bs_scene* scene);

/// Warning `index`, in [0, bs_scene_warning_count), for bindings that hold
/// a scene as a handle. The text lives as long as the scene.
BS_API const char* bs_scene_warning(const bs_scene* scene, int index);

/// Rebuilds a racked scene's balls with another jitter seed (and strikes the
/// cue ball again). Returns false, changing nothing, for a scene without a
/// rack, or when memory runs out.
BS_API bool bs_scene_rerack(bs_scene* scene, uint64_t seed);

/// Reads the scene file at `path` into memory the library allocates. Returns
/// NULL, writing one message line (no trailing newline) into `error`, when
/// the scene is bad or memory runs out. Free it with bs_scene_destroy.
BS_API bs_scene* bs_scene_create(const char* path, char* error, size_t error_size);

/// bs_scene_create from JSON text; `name` stands for the file in messages.
BS_API bs_scene* bs_scene_create_text(const char* text, const char* name, char* error, size_t error_size);

/// Frees a scene from bs_scene_create or bs_scene_create_text. Accepts NULL.
BS_API void bs_scene_destroy(bs_scene* scene);

/// bs_world_create(&scene->def): a new world at the scene's start, which
/// the scene can make again and again. Returns NULL only when memory runs
/// out.
BS_API bs_world* bs_scene_create_world(const bs_scene* scene);

/// A world def as scene JSON text (balls with their anchors when set), every
/// number round-trippable. Returns a malloc'd string, or NULL when memory
/// runs out.
BS_API char* bs_scene_dump_def(const bs_world_def* def);

/// A shot as scene JSON text: the def as bs_scene_dump_def writes it (its
/// ball with id cue->ball before the strike, without an anchor) and `cue`, the
/// strike that loading gives that ball. Returns a malloc'd string, or NULL
/// when memory runs out.
BS_API char* bs_scene_dump_shot(const bs_world_def* def, const bs_cue_def* cue);

/// A cue as a scene's "cue" object, on one line: {"stick_speed": 3.5,
/// "angle_deg": ..., "tip": [..], "elevation_deg": .., "squirt": true},
/// every number round-trippable. Returns a malloc'd string, or NULL when
/// memory runs out.
BS_API char* bs_scene_dump_cue(const bs_cue_def* cue);

/// The world's state at its current time as scene JSON text, in the same
/// schema, with `time` set and every number round-trippable (17 significant
/// digits). Pocketed balls are left out. Returns a malloc'd string, or NULL
/// when memory runs out.
BS_API char* bs_scene_dump_world(const bs_world* world);

#endif
