// breakshot: reading scene files, with jansson. Every problem is reported as
// one line naming the file and the place (scene.h).
#include <breakshot/scene.h>

#include <assert.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "anchor_history.h"
#include "cue_def.h"
#include "scene_names.h"
#include "printable.h"
#include "scene_cue.h"
#include "scene_text.h"

// ---------------------------------------------------------------------------
// Error reporting: the first problem wins, as one line.

typedef struct loader {
	const char* name; ///< the file name used in messages
	char* error;
	size_t error_size;
	/// The scene's text, and its top-level "balls" array where the scan
	/// found it (scene_text.h): its elements are then parsed one at a time,
	/// and the root holds an empty array in its place. NULL otherwise.
	const char* text;
	const bs_balls_span* balls;
	size_t cursor; ///< in `balls`, past the last element parsed
	bool syntax_failed; ///< the error is a ball's syntax error
} loader;


static bool fail(loader* in, const char* path, const char* fmt, ...) __attribute__((format(printf, 3, 4)));

static bool fail(loader* in, const char* path, const char* fmt, ...) {
	char reason[384];
	va_list args;
	va_start(args, fmt);
	vsnprintf(reason, sizeof reason, fmt, args);
	va_end(args);
	char message[640];
	if (path && path[0]) {
		snprintf(message, sizeof message, "%s: %s: %s", in->name, path, reason);
	} else {
		snprintf(message, sizeof message, "%s: %s", in->name, reason);
	}
	bs_copy_printable(in->error, in->error_size, message);
	return false;
}

static const char* json_type_name(const json_t* value) {
	switch (json_typeof(value)) {
	case JSON_OBJECT:
		return "an object";
	case JSON_ARRAY:
		return "an array";
	case JSON_STRING:
		return "a string";
	case JSON_INTEGER:
	case JSON_REAL:
		return "a number";
	case JSON_TRUE:
	case JSON_FALSE:
		return "a boolean";
	default:
		return "null";
	}
}

// Joins a parent path and a key: "balls[2]" + "radius" -> "balls[2].radius".
static void child_path(char* dest, size_t size, const char* parent, const char* key) {
	if (parent[0]) {
		snprintf(dest, size, "%s.%s", parent, key);
	} else {
		snprintf(dest, size, "%s", key);
	}
}

// ---------------------------------------------------------------------------
// Typed readers. Each names the field path in its message.

static bool expect_object(loader* in, const json_t* value, const char* path, const char* const* allowed) {
	if (!json_is_object(value)) {
		return fail(in, path, "expected an object, got %s", json_type_name(value));
	}
	const char* key;
	json_t* member;
	json_object_foreach((json_t*)value, key, member) {
		bool known = false;
		for (const char* const* name = allowed; *name; ++name) {
			known = known || strcmp(*name, key) == 0;
		}
		if (!known) {
			char where[160];
			child_path(where, sizeof where, path, key);
			char list[256] = "";
			for (const char* const* name = allowed; *name; ++name) {
				strncat(list, name == allowed ? "" : ", ", sizeof list - strlen(list) - 1);
				strncat(list, *name, sizeof list - strlen(list) - 1);
			}
			return fail(in, where, "unknown key (expected one of: %s)", list);
		}
	}
	return true;
}

static bool read_number(loader* in, const json_t* value, const char* path, double* dest) {
	if (!json_is_number(value)) {
		return fail(in, path, "expected a number, got %s", json_type_name(value));
	}
	double x = json_number_value(value);
	if (!isfinite(x)) {
		return fail(in, path, "must be a finite number");
	}
	*dest = x;
	return true;
}

static bool read_positive(loader* in, const json_t* value, const char* path, double* dest) {
	if (!read_number(in, value, path, dest)) {
		return false;
	}
	if (!(*dest > 0.0)) {
		return fail(in, path, "must be positive, got %.17g", *dest);
	}
	return true;
}

static bool read_unit_interval(loader* in, const json_t* value, const char* path, double* dest) {
	if (!read_number(in, value, path, dest)) {
		return false;
	}
	if (!(*dest >= 0.0 && *dest <= 1.0)) {
		return fail(in, path, "must be in [0, 1], got %.17g", *dest);
	}
	return true;
}

static bool read_vec2(loader* in, const json_t* value, const char* path, bs_vec2* dest) {
	if (!json_is_array(value) || json_array_size(value) != 2) {
		if (json_is_array(value)) {
			return fail(in, path, "expected 2 numbers [x, y], got %zu", json_array_size(value));
		}
		return fail(in, path, "expected 2 numbers [x, y], got %s", json_type_name(value));
	}
	char where[160];
	snprintf(where, sizeof where, "%s[0]", path);
	if (!read_number(in, json_array_get(value, 0), where, &dest->x)) {
		return false;
	}
	snprintf(where, sizeof where, "%s[1]", path);
	return read_number(in, json_array_get(value, 1), where, &dest->y);
}

static bool read_vec3(loader* in, const json_t* value, const char* path, bs_vec3* dest) {
	if (!json_is_array(value) || json_array_size(value) != 3) {
		if (json_is_array(value)) {
			return fail(in, path, "expected 3 numbers [x, y, z], got %zu", json_array_size(value));
		}
		return fail(in, path, "expected 3 numbers [x, y, z], got %s", json_type_name(value));
	}
	double* parts[3] = {&dest->x, &dest->y, &dest->z};
	for (int k = 0; k < 3; ++k) {
		char where[160];
		snprintf(where, sizeof where, "%s[%d]", path, k);
		if (!read_number(in, json_array_get(value, (size_t)k), where, parts[k])) {
			return false;
		}
	}
	return true;
}

// A string that must be one of `names` (NULL-terminated); its index.
static bool read_choice(loader* in, const json_t* value, const char* path, const char* const* names, int* dest) {
	char list[160] = "";
	for (const char* const* name = names; *name; ++name) {
		strncat(list, name == names ? "\"" : ", \"", sizeof list - strlen(list) - 1);
		strncat(list, *name, sizeof list - strlen(list) - 1);
		strncat(list, "\"", sizeof list - strlen(list) - 1);
	}
	if (!json_is_string(value)) {
		return fail(in, path, "expected one of %s, got %s", list, json_type_name(value));
	}
	for (int k = 0; names[k]; ++k) {
		if (strcmp(names[k], json_string_value(value)) == 0) {
			*dest = k;
			return true;
		}
	}
	return fail(in, path, "unknown choice \"%s\" (expected one of %s)", json_string_value(value), list);
}

static bool read_int(loader* in, const json_t* value, const char* path, int* dest) {
	if (!json_is_integer(value)) {
		return fail(in, path, "expected an integer, got %s", json_is_real(value) ? "a fractional number" :
			json_type_name(value));
	}
	json_int_t x = json_integer_value(value);
	if (x < -1000000000 || x > 1000000000) {
		return fail(in, path, "must be within +-1e9, got %lld", (long long)x);
	}
	*dest = (int)x;
	return true;
}

static bool read_bool(loader* in, const json_t* value, const char* path, bool* dest) {
	if (!json_is_boolean(value)) {
		return fail(in, path, "expected true or false, got %s", json_type_name(value));
	}
	*dest = json_is_true(value);
	return true;
}

// ---------------------------------------------------------------------------
// Sections

static bool read_table(loader* in, const json_t* value, bs_table_def* dest) {
	static const char* const keys[] = {"size", "preset", "pockets", "periodic", NULL};
	if (!expect_object(in, value, "table", keys)) {
		return false;
	}
	bool periodic = false;
	const json_t* periodic_value = json_object_get(value, "periodic");
	if (periodic_value && !read_bool(in, periodic_value, "table.periodic", &periodic)) {
		return false;
	}
	const json_t* size = json_object_get(value, "size");
	const json_t* preset = json_object_get(value, "preset");
	const json_t* pockets_value = json_object_get(value, "pockets");
	if (size && preset) {
		return fail(in, "table", "give either a size or a preset, not both");
	}
	if (!size && !preset) {
		return fail(in, "table", "missing: give {\"preset\": \"9ft\"} or {\"size\": [length, width]}");
	}
	bool pockets = preset != NULL; // a preset has pockets unless told otherwise
	if (pockets_value && !read_bool(in, pockets_value, "table.pockets", &pockets)) {
		return false;
	}
	if (periodic && (preset || pockets)) {
		return fail(in, "table.periodic", "a periodic table has no cushions or pockets: give it a size, not a preset");
	}
	if (preset) {
		if (!json_is_string(preset)) {
			return fail(in, "table.preset", "expected a string, got %s", json_type_name(preset));
		}
		if (!bs_table_preset(json_string_value(preset), pockets, dest)) {
			return fail(in, "table.preset", "unknown preset \"%s\" (expected one of: %s)", json_string_value(preset),
				BS_TABLE_PRESET_NAMES);
		}
		// A carom table has no pockets: asked for them by name, say so.
		if (pockets && pockets_value && !dest->has_pockets) {
			return fail(in, "table.pockets", "the \"%s\" table has no pockets: leave \"pockets\" out or make it false",
				json_string_value(preset));
		}
		return true;
	}
	if (!json_is_array(size) || json_array_size(size) != 2) {
		return fail(in, "table.size", "expected 2 numbers [length, width]");
	}
	double width, height;
	if (!read_positive(in, json_array_get(size, 0), "table.size[0]", &width) ||
		!read_positive(in, json_array_get(size, 1), "table.size[1]", &height)) {
		return false;
	}
	if (pockets) {
		return fail(in, "table.pockets", "pockets need a table preset (\"preset\": \"9ft\"); a sized table is plain");
	}
	*dest = periodic ? bs_table_periodic(width, height) : bs_table_rect(width, height);
	return true;
}


bs_physics bs_scene_default_physics(const bs_table_def* table) {
	return table->preset[0] != '\0' ? BS_PHYSICS_POOL : BS_PHYSICS_IDEAL;
}

// Pool physics brings its own default restitutions, which "restitution" may
// then override.
static void set_physics(bs_world_def* def, bs_physics physics) {
	def->physics = physics;
	if (physics == BS_PHYSICS_POOL) {
		def->ball_restitution = BS_POOL_BALL_RESTITUTION;
		def->cushion_restitution = BS_POOL_CUSHION_RESTITUTION;
	}
}

// "physics": "ideal" or "pool"; without it, the table's default.
static bool read_physics(loader* in, const json_t* value, bs_scene* scene) {
	scene->physics_named = value != NULL;
	if (!value) {
		set_physics(&scene->def, bs_scene_default_physics(&scene->def.table));
		return true;
	}
	int choice;
	if (!read_choice(in, value, "physics", bs_scene_physics_names, &choice)) {
		return false;
	}
	set_physics(&scene->def, (bs_physics)choice);
	return true;
}

// Records a warning (see warn_unintended), in the form of the errors.
static void warn(loader* in, bs_scene* scene, const char* path, const char* reason) {
	if (scene->warning_count == BS_SCENE_MAX_WARNINGS) {
		return;
	}
	char message[640];
	snprintf(message, sizeof message, "%s: %s: %s", in->name, path, reason);
	bs_copy_printable(scene->warnings[scene->warning_count++], BS_SCENE_WARNING_SIZE, message);
}

// The mixes that load and simulate correctly but are surely not what was
// meant (scenes/README.md, "Warnings"). What cannot simulate as written is
// an error instead: spin, english or an elevated cue under ideal physics,
// pool coefficients without pool physics.
static void warn_unintended(loader* in, bs_scene* scene) {
	bool ideal = scene->def.physics == BS_PHYSICS_IDEAL;
	if (ideal && scene->has_cue && scene->cue.stick) {
		// The stick's strike exists to give the cue ball spin that slides
		// into a roll; ideal discs keep only the speed it gives.
		warn(in, scene, "cue.stick_speed",
			scene->physics_named
				? "ideal physics keeps only the speed the stick gives the cue ball (no spin, and it never rolls or "
				  "stops): name \"physics\": \"pool\", or give the cue ball's \"speed\""
				: "a sized table defaults to ideal physics, which keeps only the speed the stick gives the cue ball (no "
				  "spin, and it never rolls or stops): name \"physics\": \"pool\", or give the cue ball's \"speed\"");
	}
	if (ideal && scene->has_rack && !scene->physics_named) {
		// A game's rack of frictionless discs in a box without pockets never
		// comes to rest: the run goes on to its event limit.
		warn(in, scene, "rack",
			"a rack on a sized table defaults to ideal physics: frictionless discs that never come to rest in a box "
			"without pockets; name \"physics\": \"pool\" for a break, or \"ideal\" to keep them");
	}
}

int bs_scene_warning_count(const bs_scene* scene) {
	return scene->warning_count;
}

const char* bs_scene_warning(const bs_scene* scene, int index) {
	return index >= 0 && index < scene->warning_count ? scene->warnings[index] : "";
}

// A coefficient of "pool", if given, in [lo, hi].
static bool read_coefficient(loader* in, const json_t* pool, const char* key, double lo, double hi, double* dest) {
	const json_t* value = json_object_get(pool, key);
	if (!value) {
		return true;
	}
	char where[96];
	child_path(where, sizeof where, "pool", key);
	if (!read_number(in, value, where, dest)) {
		return false;
	}
	if (!(*dest >= lo && *dest <= hi)) {
		return fail(in, where, "must be in [%g, %g], got %.17g", lo, hi, *dest);
	}
	return true;
}

// The cushion models' own parameters in "pool" (bs_pool_def.mathavan_* and
// stronge_omega_ratio), each defaulting to bs_default_pool_def()'s.
static bool read_cushion_parameters(loader* in, const json_t* value, bs_pool_def* dest) {
	if (!read_coefficient(in, value, "mathavan_restitution", 0.0, 1.0, &dest->mathavan_restitution) ||
		!read_coefficient(in, value, "mathavan_cushion_friction", 0.0, BS_POOL_MAX_FRICTION,
			&dest->mathavan_cushion_friction) ||
		!read_coefficient(in, value, "mathavan_table_friction", 0.0, BS_POOL_MAX_FRICTION,
			&dest->mathavan_table_friction) ||
		!read_coefficient(in, value, "stronge_omega_ratio", 1.0, 2.0, &dest->stronge_omega_ratio)) {
		return false;
	}
	if (!(dest->stronge_omega_ratio > 1.0 && dest->stronge_omega_ratio < 2.0)) {
		return fail(in, "pool.stronge_omega_ratio",
			"must be in (1, 2): the contact's tangential frequency over its normal one, got %.17g",
			dest->stronge_omega_ratio);
	}
	const json_t* steps = json_object_get(value, "mathavan_steps");
	if (steps) {
		if (!read_int(in, steps, "pool.mathavan_steps", &dest->mathavan_steps)) {
			return false;
		}
		if (dest->mathavan_steps < BS_MATHAVAN_MIN_STEPS || dest->mathavan_steps > BS_MATHAVAN_MAX_STEPS) {
			return fail(in, "pool.mathavan_steps", "must be in [%d, %d], got %d", BS_MATHAVAN_MIN_STEPS,
				BS_MATHAVAN_MAX_STEPS, dest->mathavan_steps);
		}
	}
	return true;
}

// "pool": the coefficients and models of pool physics, each defaulting to
// bs_default_pool_def()'s.
static bool read_pool(loader* in, const json_t* value, bs_pool_def* dest) {
	static const char* const keys[] = {"sliding_friction", "rolling_friction", "spinning_friction", "gravity",
		"cushion_friction", "cushion_height", "ball_model", "cushion_model", "mathavan_restitution",
		"mathavan_cushion_friction", "mathavan_table_friction", "mathavan_steps", "stronge_omega_ratio", NULL};
	if (!expect_object(in, value, "pool", keys)) {
		return false;
	}
	if (!read_coefficient(in, value, "sliding_friction", BS_POOL_MIN_FRICTION, BS_POOL_MAX_FRICTION,
			&dest->sliding_friction) ||
		!read_coefficient(in, value, "rolling_friction", BS_POOL_MIN_FRICTION, BS_POOL_MAX_FRICTION,
			&dest->rolling_friction) ||
		!read_coefficient(in, value, "spinning_friction", 0.0, BS_POOL_MAX_FRICTION, &dest->spinning_friction) ||
		!read_coefficient(in, value, "cushion_friction", 0.0, BS_POOL_MAX_FRICTION, &dest->cushion_friction) ||
		!read_coefficient(in, value, "gravity", BS_POOL_MIN_GRAVITY, BS_POOL_MAX_GRAVITY, &dest->gravity) ||
		!read_coefficient(in, value, "cushion_height", 0.0, 1.0, &dest->cushion_height)) {
		return false;
	}
	if (!(dest->cushion_height > 0.5 && dest->cushion_height < 1.0)) {
		return fail(in, "pool.cushion_height",
			"must be in (0.5, 1) of the ball's diameter, so that the nose touches a ball above its centre, got %.17g",
			dest->cushion_height);
	}
	const json_t* ball_model = json_object_get(value, "ball_model");
	int choice;
	if (ball_model) {
		if (!read_choice(in, ball_model, "pool.ball_model", bs_scene_ball_model_names, &choice)) {
			return false;
		}
		dest->ball_model = (bs_ball_model)choice;
	}
	const json_t* cushion_model = json_object_get(value, "cushion_model");
	if (cushion_model) {
		if (!read_choice(in, cushion_model, "pool.cushion_model", bs_scene_cushion_model_names, &choice)) {
			return false;
		}
		dest->cushion_model = (bs_cushion_model)choice;
	}
	return read_cushion_parameters(in, value, dest);
}

// Named restitution sets: "ideal" (elastic) and "realistic" (phenolic balls,
// about 0.92-0.98 between balls; rubber cushions, about 0.6-0.9).
#define REALISTIC_BALL_RESTITUTION 0.95
#define REALISTIC_CUSHION_RESTITUTION 0.75

static bool read_restitution(loader* in, const json_t* value, bs_world_def* def) {
	static const char* const keys[] = {"ball", "cushion", "elastic_window", "rest_speed", NULL};
	if (json_is_string(value)) {
		const char* name = json_string_value(value);
		if (strcmp(name, "ideal") == 0) {
			def->ball_restitution = 1.0;
			def->cushion_restitution = 1.0;
			return true;
		}
		if (strcmp(name, "realistic") == 0) {
			def->ball_restitution = REALISTIC_BALL_RESTITUTION;
			def->cushion_restitution = REALISTIC_CUSHION_RESTITUTION;
			return true;
		}
		return fail(in, "restitution", "unknown preset \"%s\" (expected \"ideal\", \"realistic\" or an object)",
			name);
	}
	if (!expect_object(in, value, "restitution", keys)) {
		return false;
	}
	const json_t* ball = json_object_get(value, "ball");
	const json_t* cushion = json_object_get(value, "cushion");
	const json_t* window = json_object_get(value, "elastic_window");
	const json_t* rest = json_object_get(value, "rest_speed");
	if (def->physics == BS_PHYSICS_POOL && (window || rest)) {
		return fail(in, window ? "restitution.elastic_window" : "restitution.rest_speed",
			"applies to ideal physics only: under pool physics friction brings the balls to rest");
	}
	if (ball && !read_unit_interval(in, ball, "restitution.ball", &def->ball_restitution)) {
		return false;
	}
	if (cushion && !read_unit_interval(in, cushion, "restitution.cushion", &def->cushion_restitution)) {
		return false;
	}
	if (window) {
		if (!read_number(in, window, "restitution.elastic_window", &def->elastic_window)) {
			return false;
		}
		if (def->elastic_window < 0.0) {
			return fail(in, "restitution.elastic_window", "must be >= 0 s, got %.17g", def->elastic_window);
		}
		if (def->elastic_window == 0.0 && (def->ball_restitution < 1.0 || def->cushion_restitution < 1.0)) {
			return fail(in, "restitution.elastic_window",
				"must be > 0 s when a restitution is below 1: it guards against inelastic collapse");
		}
	}
	if (rest) {
		if (!read_number(in, rest, "restitution.rest_speed", &def->rest_speed)) {
			return false;
		}
		if (def->rest_speed < 0.0) {
			return fail(in, "restitution.rest_speed", "must be >= 0 m/s, got %.17g", def->rest_speed);
		}
	}
	return true;
}

// The exact saved state written by bs_scene_dump_world (see scenes/README.md).
static bool read_anchor(loader* in, const json_t* value, const char* path, bs_physics physics, bs_ball_anchor* dest) {
	static const char* const keys[] = {
		"time", "pos", "last", "last_collision_time", "arrival_speed", "vel", "omega", "motion", NULL};
	static const char* const last_keys[] = {"ball", "cushion", "jaw", NULL};
	char where[128];
	if (!expect_object(in, value, path, keys)) {
		return false;
	}
	const json_t* time = json_object_get(value, "time");
	const json_t* pos = json_object_get(value, "pos");
	const json_t* last = json_object_get(value, "last");
	const json_t* collided = json_object_get(value, "last_collision_time");
	child_path(where, sizeof where, path, "time");
	if (!time) {
		return fail(in, where, "missing: an anchor needs the time its position holds");
	}
	if (!read_number(in, time, where, &dest->time)) {
		return false;
	}
	child_path(where, sizeof where, path, "pos");
	if (!pos) {
		return fail(in, where, "missing: an anchor needs its position [x, y]");
	}
	if (!read_vec2(in, pos, where, &dest->pos)) {
		return false;
	}
	bs_history history = bs_history_of(dest);
	child_path(where, sizeof where, path, "last_collision_time");
	if (collided && !read_number(in, collided, where, &history.last_collision_time)) {
		return false;
	}
	const json_t* arrival = json_object_get(value, "arrival_speed");
	child_path(where, sizeof where, path, "arrival_speed");
	if (arrival && !read_number(in, arrival, where, &history.arrival_speed)) {
		return false;
	}
	const json_t* vel = json_object_get(value, "vel");
	const json_t* omega = json_object_get(value, "omega");
	const json_t* motion = json_object_get(value, "motion");
	if (physics != BS_PHYSICS_POOL && (vel || omega || motion)) {
		child_path(where, sizeof where, path, vel ? "vel" : omega ? "omega" : "motion");
		return fail(in, where, "applies to pool physics only: under ideal physics a ball's velocity is its own");
	}
	child_path(where, sizeof where, path, "vel");
	if (vel && !read_vec2(in, vel, where, &dest->vel)) {
		return false;
	}
	child_path(where, sizeof where, path, "omega");
	if (omega && !read_vec3(in, omega, where, &dest->omega)) {
		return false;
	}
	child_path(where, sizeof where, path, "motion");
	int choice;
	if (motion) {
		// The four states on the cloth, by bs_motion_state_name.
		const char* const motion_names[] = {bs_motion_state_name(BS_MOTION_STATIONARY),
			bs_motion_state_name(BS_MOTION_SPINNING), bs_motion_state_name(BS_MOTION_ROLLING),
			bs_motion_state_name(BS_MOTION_SLIDING), NULL};
		if (!read_choice(in, motion, where, motion_names, &choice)) {
			return false;
		}
		dest->motion = (bs_motion_state)choice;
	}
	child_path(where, sizeof where, path, "last");
	if (last) {
		if (!expect_object(in, last, where, last_keys)) {
			return false;
		}
		if (json_object_size(last) != 1) {
			return fail(in, where, "expected exactly one of ball, cushion or jaw");
		}
		const char* kind = json_object_iter_key(json_object_iter((json_t*)last));
		char target[160];
		child_path(target, sizeof target, where, kind);
		int last_target;
		if (!read_int(in, json_object_get(last, kind), target, &last_target)) {
			return false;
		}
		history.last_target = last_target;
		history.last_kind = strcmp(kind, "ball") == 0 ? BS_EVENT_BALL
			: strcmp(kind, "cushion") == 0            ? BS_EVENT_CUSHION
													  : BS_EVENT_JAW;
	}
	bs_history_set(dest, history);
	dest->set = true;
	return true;
}

// A ball's "kind": a name from bs_ball_kind_name.
static bool read_ball_kind(loader* in, const json_t* value, const char* path, bs_ball_kind* dest) {
	char list[320] = "";
	for (int k = 0; k < BS_BALL_KIND_COUNT; ++k) {
		strncat(list, k ? ", \"" : "\"", sizeof list - strlen(list) - 1);
		strncat(list, bs_ball_kind_name((bs_ball_kind)k), sizeof list - strlen(list) - 1);
		strncat(list, "\"", sizeof list - strlen(list) - 1);
	}
	if (!json_is_string(value)) {
		return fail(in, path, "expected a ball kind (one of %s), got %s", list, json_type_name(value));
	}
	if (!bs_ball_kind_from_name(json_string_value(value), dest)) {
		return fail(in, path, "unknown ball kind \"%s\" (expected one of %s)", json_string_value(value), list);
	}
	return true;
}

static bool read_ball(loader* in, const json_t* value, int index, bs_physics physics, bs_ball_def* dest) {
	static const char* const keys[] = {"id", "pos", "vel", "omega", "radius", "mass", "kind", "anchor", NULL};
	char path[64], where[96];
	snprintf(path, sizeof path, "balls[%d]", index);
	if (!expect_object(in, value, path, keys)) {
		return false;
	}
	*dest = bs_default_ball_def();
	const json_t* id = json_object_get(value, "id");
	const json_t* pos = json_object_get(value, "pos");
	const json_t* vel = json_object_get(value, "vel");
	const json_t* radius = json_object_get(value, "radius");
	const json_t* mass = json_object_get(value, "mass");
	child_path(where, sizeof where, path, "id");
	if (!id) {
		return fail(in, where, "missing: every ball needs an integer id");
	}
	if (!read_int(in, id, where, &dest->id)) {
		return false;
	}
	child_path(where, sizeof where, path, "pos");
	if (!pos) {
		return fail(in, where, "missing: every ball needs a position [x, y] in metres");
	}
	if (!read_vec2(in, pos, where, &dest->pos)) {
		return false;
	}
	child_path(where, sizeof where, path, "vel");
	if (vel && !read_vec2(in, vel, where, &dest->vel)) {
		return false;
	}
	const json_t* omega = json_object_get(value, "omega");
	child_path(where, sizeof where, path, "omega");
	if (omega && !read_vec3(in, omega, where, &dest->omega)) {
		return false;
	}
	child_path(where, sizeof where, path, "radius");
	if (radius && !read_positive(in, radius, where, &dest->radius)) {
		return false;
	}
	child_path(where, sizeof where, path, "mass");
	if (mass && !read_positive(in, mass, where, &dest->mass)) {
		return false;
	}
	const json_t* kind = json_object_get(value, "kind");
	child_path(where, sizeof where, path, "kind");
	if (kind && !read_ball_kind(in, kind, where, &dest->kind)) {
		return false;
	}
	const json_t* anchor = json_object_get(value, "anchor");
	child_path(where, sizeof where, path, "anchor");
	if (anchor && !read_anchor(in, anchor, where, physics, &dest->anchor)) {
		return false;
	}
	return true;
}

static bool too_many_balls(loader* in, size_t count) {
	return fail(in, "balls", "too many balls (%zu; at most %d)", count, BS_MAX_BALLS);
}

static bool syntax_error(loader* in, int line, int column, const char* text) {
	char message[640];
	snprintf(message, sizeof message, "%s:%d:%d: syntax error: %s", in->name, line, column, text);
	bs_copy_printable(in->error, in->error_size, message);
	return false;
}

// Parses the element [begin, end) of the scene's "balls" array on its own,
// reporting a syntax error at its place in the whole text.
static json_t* parse_ball(loader* in, size_t begin, size_t end) {
	json_error_t syntax;
	json_t* ball = json_loadb(in->text + begin, end - begin, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &syntax);
	if (!ball) {
		if (json_error_code(&syntax) == json_error_out_of_memory || syntax.text[0] == '\0') {
			fail(in, "", "out of memory reading the scene");
			return NULL;
		}
		int line;
		int column;
		in->syntax_failed = true;
		bs_scene_text_place(in->text, begin, &line, &column);
		syntax_error(in, line + syntax.line - 1, syntax.line == 1 ? column + syntax.column : syntax.column, syntax.text);
	}
	return ball;
}

// Whether the balls not yet parsed are free of syntax errors; otherwise the
// first one's message replaces the error. Asked when the scene is refused
// for another reason: a whole parse would have found the syntax error
// first, and the message must not depend on how the scene was read.
static bool rest_of_balls_parse(loader* in) {
	size_t begin;
	size_t end;
	while (bs_scene_text_next_ball(in->text, in->balls, &in->cursor, &begin, &end)) {
		json_t* ball = parse_ball(in, begin, end);
		if (!ball) {
			return false;
		}
		json_decref(ball);
	}
	return true;
}

static bool read_balls(loader* in, const json_t* value, bs_scene* dest) {
	if (!json_is_array(value)) {
		return fail(in, "balls", "expected an array of balls, got %s", json_type_name(value));
	}
	size_t count = in->balls ? in->balls->count : json_array_size(value);
	if (count > BS_MAX_BALLS) {
		return too_many_balls(in, count);
	}
	dest->balls = bs_calloc(count > 0 ? count : 1, sizeof *dest->balls);
	if (!dest->balls) {
		return fail(in, "balls", "out of memory for %zu balls", count);
	}
	for (size_t i = 0; i < count; ++i) {
		if (!in->balls) {
			if (!read_ball(in, json_array_get(value, i), (int)i, dest->def.physics, &dest->balls[i])) {
				return false;
			}
			continue;
		}
		// One ball's JSON tree at a time.
		size_t begin;
		size_t end;
		bool next = bs_scene_text_next_ball(in->text, in->balls, &in->cursor, &begin, &end);
		assert(next && "the scan counted this element");
		(void)next;
		json_t* ball = parse_ball(in, begin, end);
		bool ok = ball && read_ball(in, ball, (int)i, dest->def.physics, &dest->balls[i]);
		json_decref(ball);
		if (!ok) {
			return false;
		}
	}
	dest->def.balls = dest->balls;
	dest->def.ball_count = (int)count;
	return true;
}

static bool read_rack(loader* in, const json_t* value, bs_rack_def* dest) {
	static const char* const keys[] = {"game", "gap", "jitter", "seed", NULL};
	if (!expect_object(in, value, "rack", keys)) {
		return false;
	}
	*dest = bs_default_rack_def();
	const json_t* game = json_object_get(value, "game");
	char games[160] = "";
	for (int g = 0; g < BS_GAME_KIND_COUNT; ++g) {
		strncat(games, g == 0 ? "\"" : g + 1 < BS_GAME_KIND_COUNT ? ", \"" : " or \"", sizeof games - strlen(games) - 1);
		strncat(games, bs_game_kind_name((bs_game_kind)g), sizeof games - strlen(games) - 1);
		strncat(games, "\"", sizeof games - strlen(games) - 1);
	}
	if (!game) {
		return fail(in, "rack.game", "missing: give %s", games);
	}
	if (!json_is_string(game) || !bs_game_kind_from_name(json_string_value(game), &dest->game)) {
		return fail(in, "rack.game", "expected %s", games);
	}
	const json_t* gap = json_object_get(value, "gap");
	if (gap && !read_number(in, gap, "rack.gap", &dest->gap)) {
		return false;
	}
	if (!(dest->gap >= 0.0 && dest->gap <= 0.1)) {
		return fail(in, "rack.gap", "must be in [0, 0.1] m, got %.17g", dest->gap);
	}
	const json_t* jitter = json_object_get(value, "jitter");
	if (jitter && !read_number(in, jitter, "rack.jitter", &dest->jitter)) {
		return false;
	}
	if (!jitter && dest->jitter > 0.5 * dest->gap) {
		dest->jitter = 0.5 * dest->gap; // the default jitter never makes a rack overlap
	}
	if (!(dest->jitter >= 0.0 && dest->jitter <= 0.5 * dest->gap)) {
		return fail(in, "rack.jitter", "must be in [0, gap / 2] = [0, %.17g] m so that no balls overlap, got %.17g",
			0.5 * dest->gap, dest->jitter);
	}
	const json_t* seed = json_object_get(value, "seed");
	if (seed) {
		if (!json_is_integer(seed) || json_integer_value(seed) < 0) {
			return fail(in, "rack.seed", "expected a whole number >= 0");
		}
		dest->seed = (uint64_t)json_integer_value(seed);
	}
	return true;
}

// A cue at field `path` ("cue" in a scene; a shot's in a shots file).
// `with_ball`: it may name the ball it strikes (a scene's); a game's shot
// strikes the ball its rules say.
static bool read_cue(
	loader* in, const json_t* value, const char* path, bool with_ball, bs_physics physics, bs_cue_def* dest) {
	static const char* const scene_keys[] = {
		"speed", "stick_speed", "angle_deg", "aim", "tip", "elevation_deg", "squirt", "ball", NULL};
	static const char* const shot_keys[] = {
		"speed", "stick_speed", "angle_deg", "aim", "tip", "elevation_deg", "squirt", NULL};
	if (!expect_object(in, value, path, with_ball ? scene_keys : shot_keys)) {
		return false;
	}
	const json_t* ball = json_object_get(value, "ball");
	const json_t* speed = json_object_get(value, "speed");
	const json_t* stick = json_object_get(value, "stick_speed");
	const json_t* angle = json_object_get(value, "angle_deg");
	const json_t* aim = json_object_get(value, "aim");
	const json_t* tip = json_object_get(value, "tip");
	const json_t* elevation = json_object_get(value, "elevation_deg");
	const json_t* squirt = json_object_get(value, "squirt");
	*dest = bs_default_cue_def();
	char where[160];
	child_path(where, sizeof where, path, "ball");
	if (ball && !read_int(in, ball, where, &dest->ball)) {
		return false;
	}
	if ((speed != NULL) == (stick != NULL)) {
		return fail(in, path, "give exactly one of speed (the cue ball's, m/s) or stick_speed (the cue stick's, m/s)");
	}
	child_path(where, sizeof where, path, speed ? "speed" : "stick_speed");
	if (!read_number(in, speed ? speed : stick, where, &dest->speed)) {
		return false;
	}
	dest->stick = stick != NULL;
	if (!dest->stick && (tip || elevation || squirt)) {
		child_path(where, sizeof where, path, tip ? "tip" : elevation ? "elevation_deg" : "squirt");
		return fail(in, where, "needs the cue stick's strike: give stick_speed instead of speed");
	}
	child_path(where, sizeof where, path, "tip");
	if (tip && !read_vec2(in, tip, where, &dest->tip)) {
		return false;
	}
	child_path(where, sizeof where, path, "elevation_deg");
	if (elevation && !read_number(in, elevation, where, &dest->elevation_deg)) {
		return false;
	}
	child_path(where, sizeof where, path, "squirt");
	if (squirt && !read_bool(in, squirt, where, &dest->squirt)) {
		return false;
	}
	if ((angle != NULL) == (aim != NULL)) {
		return fail(in, path, "give exactly one of angle_deg or aim");
	}
	dest->has_aim = aim != NULL;
	child_path(where, sizeof where, path, "angle_deg");
	if (angle && !read_number(in, angle, where, &dest->angle_deg)) {
		return false;
	}
	child_path(where, sizeof where, path, "aim");
	if (aim && !read_vec2(in, aim, where, &dest->aim)) {
		return false;
	}
	const char* field = "";
	char reason[384];
	if (!bs_cue_def_check(dest, physics, &field, reason, sizeof reason)) {
		// The check names the field as a scene's ("cue.tip"): put it under `path`.
		const char* dot = strchr(field, '.');
		child_path(where, sizeof where, path, dot ? dot + 1 : "");
		return fail(in, dot ? where : path, "%s", reason);
	}
	return true;
}

bool bs_scene_read_cue(const json_t* value, const char* name, const char* path, bs_physics physics, bs_cue_def* dest,
	char* error, size_t error_size) {
	loader in;
	memset(&in, 0, sizeof in);
	in.name = name;
	in.error = error;
	in.error_size = error_size;
	return read_cue(&in, value, path, false, physics, dest);
}

bool bs_cue_apply(const bs_cue_def* cue, bs_physics physics, bs_ball_def* ball) {
	return bs_cue_def_apply(cue, physics, ball);
}

// Gives ball cue.ball the cue's velocity, and under the stick's strike its
// spin. Returns false when there is no such ball or the aim point is the
// ball's own centre.
static bool strike(bs_scene* scene) {
	for (int i = 0; i < scene->def.ball_count; ++i) {
		if (scene->balls[i].id == scene->cue.ball) {
			return bs_cue_def_apply(&scene->cue, scene->def.physics, &scene->balls[i]);
		}
	}
	return false;
}

// Whether the scene has a ball with this id.
static bool has_ball(const bs_scene* scene, int id) {
	for (int i = 0; i < scene->def.ball_count; ++i) {
		if (scene->balls[i].id == id) {
			return true;
		}
	}
	return false;
}

static bool build_rack(bs_scene* scene) {
	bs_ball_def* balls = bs_calloc(BS_RACK_MAX_BALLS, sizeof *balls);
	if (!balls) {
		return false;
	}
	bs_free(scene->balls);
	scene->balls = balls;
	scene->def.balls = balls;
	scene->def.ball_count = bs_rack_make(&scene->rack, &scene->def.table, balls);
	return true;
}

bool bs_scene_rerack(bs_scene* scene, uint64_t seed) {
	if (!scene->has_rack) {
		return false;
	}
	bs_rack_def previous = scene->rack;
	scene->rack.seed = seed;
	if (!build_rack(scene)) {
		scene->rack = previous;
		return false;
	}
	if (scene->has_cue) {
		strike(scene);
	}
	return true;
}

// Maps the world's own check onto the scene's field paths.
static bool check_world(loader* in, bs_scene* scene) {
	bs_def_report report;
	if (bs_world_def_check(&scene->def, &report)) {
		return true;
	}
	char path[64] = "";
	if (scene->has_rack && report.ball_index >= 0) {
		// The user wrote a rack, not these balls: name the rack.
		return fail(in, "rack", "%s (a rack that does not fit this table)", report.message);
	}
	switch (report.problem) {
	case BS_DEF_BAD_TABLE:
		return fail(in, "table.size", "%s", report.message);
	case BS_DEF_DUPLICATE_ID:
		snprintf(path, sizeof path, "balls[%d].id", report.other_index);
		return fail(in, path, "duplicate id %d (also used by balls[%d])", scene->balls[report.other_index].id,
			report.ball_index);
	case BS_DEF_OUTSIDE_TABLE:
		snprintf(path, sizeof path, "balls[%d].pos", report.ball_index);
		return fail(in, path, "%s", report.message);
	case BS_DEF_BAD_ANCHOR:
		snprintf(path, sizeof path, "balls[%d].anchor", report.ball_index);
		return fail(in, path, "%s", report.message);
	case BS_DEF_OVERLAP:
		snprintf(path, sizeof path, "balls[%d]", report.other_index);
		return fail(in, path, "%s (balls[%d] and balls[%d])", report.message, report.ball_index, report.other_index);
	default:
		if (report.ball_index >= 0) {
			snprintf(path, sizeof path, "balls[%d]", report.ball_index);
		}
		return fail(in, path, "%s", report.message);
	}
}

static bool read_scene(loader* in, const json_t* root, bs_scene* dest) {
	static const char* const keys[] = {"table", "physics", "pool", "restitution", "time", "balls", "rack", "cue", NULL};
	if (!expect_object(in, root, "", keys)) {
		return false;
	}
	const json_t* table = json_object_get(root, "table");
	if (!table) {
		return fail(in, "table", "missing: give {\"size\": [length, width]}");
	}
	if (!read_table(in, table, &dest->def.table)) {
		return false;
	}
	if (!read_physics(in, json_object_get(root, "physics"), dest)) {
		return false;
	}
	// A preset's cushions stand at its own height for its own balls (37 mm
	// of a 61.5 mm carom ball, 28 mm of a 52.5 mm snooker ball): the
	// default that "pool.cushion_height" overrides.
	dest->def.pool.cushion_height = bs_table_preset_cushion_height(dest->def.table.preset);
	const json_t* pool = json_object_get(root, "pool");
	if (pool && dest->def.physics != BS_PHYSICS_POOL) {
		return fail(in, "pool", "the coefficients of pool physics need \"physics\": \"pool\"");
	}
	if (pool && !read_pool(in, pool, &dest->def.pool)) {
		return false;
	}
	if (dest->def.physics == BS_PHYSICS_POOL && dest->def.table.periodic) {
		return fail(in, "physics", "pool physics needs a walled table; this one is periodic");
	}
	const json_t* restitution = json_object_get(root, "restitution");
	if (restitution && !read_restitution(in, restitution, &dest->def)) {
		return false;
	}
	const json_t* time = json_object_get(root, "time");
	if (time && !read_number(in, time, "time", &dest->def.time)) {
		return false;
	}
	if (!(fabs(dest->def.time) <= BS_MAX_TIME)) {
		return fail(in, "time", "must be within +-%g s (BS_MAX_TIME), where times still place balls to about 1e-12 m",
			BS_MAX_TIME);
	}
	const json_t* balls = json_object_get(root, "balls");
	const json_t* rack = json_object_get(root, "rack");
	if (balls && rack) {
		return fail(in, "rack", "give either balls or a rack, not both");
	}
	if (!balls && !rack) {
		return fail(in, "balls", "missing: give an array of balls, or a rack");
	}
	if (rack) {
		if (!read_rack(in, rack, &dest->rack)) {
			return false;
		}
		const char* problem = bs_rack_problem(&dest->rack, &dest->def.table);
		if (problem) {
			return fail(in, "rack.game", "%s; this one is %.17g x %.17g m%s", problem, dest->def.table.width,
				dest->def.table.height, dest->def.table.periodic ? " and periodic" : "");
		}
		dest->has_rack = true;
		if (!build_rack(dest)) {
			return fail(in, "rack", "out of memory");
		}
	} else if (!read_balls(in, balls, dest)) {
		return false;
	}
	const json_t* cue = json_object_get(root, "cue");
	if (cue) {
		if (!read_cue(in, cue, "cue", true, dest->def.physics, &dest->cue)) {
			return false;
		}
		dest->has_cue = true;
		if (!has_ball(dest, dest->cue.ball)) {
			return fail(in, json_object_get(cue, "ball") ? "cue.ball" : "cue", "there is no ball with id %d to strike",
				dest->cue.ball);
		}
		if (!strike(dest)) {
			return fail(in, "cue.aim", "aims at the centre of the ball struck, ball %d", dest->cue.ball);
		}
	}
	if (!check_world(in, dest)) {
		return false;
	}
	warn_unintended(in, dest);
	return true;
}

// Frees what a scene holds, leaving it empty.
static void empty_scene(bs_scene* scene) {
	bs_free(scene->balls);
	scene->balls = NULL;
	scene->def.balls = NULL;
	scene->def.ball_count = 0;
}

static bool load_root(loader* in, json_t* root, const json_error_t* syntax, bs_scene* dest) {
	memset(dest, 0, sizeof *dest);
	dest->def = bs_default_world_def();
	if (!root) {
		if (json_error_code(syntax) == json_error_out_of_memory || syntax->text[0] == '\0') {
			// jansson 2.14 gives no reason when it runs out of memory.
			return fail(in, "", "out of memory reading the scene (its JSON takes about 1.2 kB a ball while it is read)");
		}
		return syntax_error(in, syntax->line, syntax->column, syntax->text);
	}
	bool ok = read_scene(in, root, dest);
	json_decref(root);
	if (!ok) {
		empty_scene(dest);
	}
	return ok;
}

// A syntax error jansson found in the root with its "balls" array taken
// out (`root_text`), moved to its place in the whole text: past the
// array's place, lines and columns shift by what the array spanned.
// Returns whether it lies past the array.
static bool place_root_error(const char* text, const bs_balls_span* span, json_error_t* syntax) {
	if (syntax->position < 0 || (size_t)syntax->position <= span->begin + 2) {
		return false;
	}
	int line_before;
	int column_before;
	bs_scene_text_place(text, span->begin, &line_before, &column_before);
	int line_after;
	int column_after;
	bs_scene_text_place(text, span->end, &line_after, &column_after);
	if (syntax->line == line_before) {
		syntax->column = column_after + (syntax->column - (column_before + 2));
	}
	syntax->line += line_after - line_before;
	return true;
}

// Loads `size` bytes of scene text. Where the scan finds the top-level
// "balls" array, an array over the ball limit is refused before anything
// is parsed, the root is parsed without it, and its balls one at a time:
// the load then holds the text, one ball's tree and the balls read.
static bool load_bytes(
	const char* text, size_t size, bool whole, const char* name, bs_scene* dest, char* error, size_t error_size) {
	loader in = {name, error, error_size, text, NULL, 0, false};
	json_error_t syntax;
	bs_balls_span span;
	if (whole || !bs_scene_text_find_balls(text, size, &span)) {
		json_t* root = json_loadb(text, size, JSON_REJECT_DUPLICATES, &syntax);
		return load_root(&in, root, &syntax, dest);
	}
	if (span.count > BS_MAX_BALLS) {
		memset(dest, 0, sizeof *dest);
		return too_many_balls(&in, span.count);
	}
	size_t root_size = size - (span.end - span.begin) + 2;
	char* root_text = bs_malloc(root_size);
	if (!root_text) {
		memset(dest, 0, sizeof *dest);
		return fail(&in, "", "out of memory reading the scene");
	}
	memcpy(root_text, text, span.begin);
	memcpy(root_text + span.begin, "[]", 2);
	memcpy(root_text + span.begin + 2, text + span.end, size - span.end);
	json_t* root = json_loadb(root_text, root_size, JSON_REJECT_DUPLICATES, &syntax);
	bs_free(root_text);
	in.balls = &span;
	in.cursor = span.begin + 1;
	if (!root && place_root_error(text, &span, &syntax) && !rest_of_balls_parse(&in)) {
		memset(dest, 0, sizeof *dest);
		return false; // a ball's syntax error comes first in the text
	}
	if (load_root(&in, root, &syntax, dest)) {
		return true;
	}
	if (root && !in.syntax_failed) {
		rest_of_balls_parse(&in);
	}
	return false;
}

static bool load_file(const char* path, bs_scene* dest, char* error, size_t error_size) {
	bs_scene_bytes bytes;
	char why[256];
	if (!bs_scene_bytes_open(path, &bytes, why, sizeof why)) {
		char message[640];
		snprintf(message, sizeof message, "%s: %s", path, why);
		bs_copy_printable(error, error_size, message);
		return false;
	}
	bool ok = load_bytes(bytes.text, bytes.size, false, path, dest, error, error_size);
	bs_scene_bytes_close(&bytes);
	return ok;
}

static bool load_text(
	const char* text, bool whole, const char* name, bs_scene* dest, char* error, size_t error_size) {
	return load_bytes(text, strlen(text), whole, name, dest, error, error_size);
}

// A scene in memory of its own, read from the file `source`, or from the
// text `source` that `name` stands for (parsed `whole` or ball by ball).
static bs_scene* create_scene(
	bool from_text, bool whole, const char* source, const char* name, char* error, size_t error_size) {
	bs_scene* scene = bs_malloc(sizeof *scene);
	if (!scene) {
		snprintf(error, error_size, "%s: out of memory reading the scene", from_text ? name : source);
		return NULL;
	}
	bool ok = from_text ? load_text(source, whole, name, scene, error, error_size)
						: load_file(source, scene, error, error_size);
	if (!ok) {
		bs_free(scene);
		return NULL;
	}
	return scene;
}

bs_scene* bs_scene_create(const char* path, char* error, size_t error_size) {
	return create_scene(false, false, path, path, error, error_size);
}

bs_scene* bs_scene_create_text(const char* text, const char* name, char* error, size_t error_size) {
	return create_scene(true, false, text, name, error, error_size);
}

bs_scene* bs_scene_create_text_whole(const char* text, const char* name, char* error, size_t error_size) {
	return create_scene(true, true, text, name, error, error_size);
}

void bs_scene_destroy(bs_scene* scene) {
	if (scene) {
		empty_scene(scene);
		bs_free(scene);
	}
}

bs_world* bs_scene_create_world(const bs_scene* scene) {
	return bs_world_create(&scene->def);
}

