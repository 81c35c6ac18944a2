// breakshot: writing scenes: a world def or a world's state as scene JSON,
// every number written so that it reads back to the same double.
#include <breakshot/scene.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "anchor_history.h"
#include "scene_names.h"

typedef struct text_buffer {
	char* data;
	size_t length;
	size_t capacity;
	bool failed;
} text_buffer;

static void append(text_buffer* out, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

static void append(text_buffer* out, const char* fmt, ...) {
	if (out->failed) {
		return;
	}
	for (;;) {
		va_list args;
		va_start(args, fmt);
		size_t room = out->capacity - out->length;
		int n = vsnprintf(out->data ? out->data + out->length : NULL, out->data ? room : 0, fmt, args);
		va_end(args);
		if (n < 0) {
			out->failed = true;
			return;
		}
		if (out->data && (size_t)n < room) {
			out->length += (size_t)n;
			return;
		}
		size_t capacity = out->capacity ? out->capacity * 2 : 4096;
		while (capacity < out->length + (size_t)n + 1) {
			capacity *= 2;
		}
		char* grown = bs_realloc(out->data, capacity);
		if (!grown) {
			out->failed = true;
			return;
		}
		out->data = grown;
		out->capacity = capacity;
	}
}

// A JSON number that reads back to exactly the same double: the shortest of
// 15, 16 or 17 significant digits that does (17 always does), and always with
// a fraction or exponent so that -0.0 keeps its sign.
static void append_number(text_buffer* out, double x) {
	char text[40];
	for (int digits = 15; digits <= 17; ++digits) {
		snprintf(text, sizeof text, "%.*g", digits, x);
		if (strtod(text, NULL) == x) {
			break;
		}
	}
	bool has_mark = strpbrk(text, ".eE") != NULL;
	append(out, "%s%s", text, has_mark ? "" : ".0");
}

// A JSON array of `count` numbers.
static void append_numbers(text_buffer* out, const double* values, int count) {
	append(out, "[");
	for (int k = 0; k < count; ++k) {
		append(out, k ? ", " : "");
		append_number(out, values[k]);
	}
	append(out, "]");
}

static void append_vec2(text_buffer* out, bs_vec2 v) {
	const double values[2] = {v.x, v.y};
	append_numbers(out, values, 2);
}

static void append_vec3(text_buffer* out, bs_vec3 v) {
	const double values[3] = {v.x, v.y, v.z};
	append_numbers(out, values, 3);
}

// The arrival speed is written only where it exceeds the ball's speed: the
// checks allow for the faster of the two. Under pool physics the anchor
// also holds the motion it starts: velocity, spin and state.
static void append_anchor(
	text_buffer* out, const bs_ball_anchor* anchor, double speed, bool with_collision_time, bool pool) {
	append(out, ",\n     \"anchor\": {\"time\": ");
	append_number(out, anchor->time);
	append(out, ", \"pos\": ");
	append_vec2(out, anchor->pos);
	bs_history history = bs_history_of(anchor);
	if (history.last_kind == BS_EVENT_BALL || history.last_kind == BS_EVENT_CUSHION ||
		history.last_kind == BS_EVENT_JAW) {
		append(out, ", \"last\": {\"%s\": %d}", bs_event_kind_name((bs_event_kind)history.last_kind),
			(int)history.last_target);
	}
	if (with_collision_time && isfinite(history.last_collision_time)) {
		append(out, ", \"last_collision_time\": ");
		append_number(out, history.last_collision_time);
	}
	if (history.arrival_speed > speed) {
		append(out, ", \"arrival_speed\": ");
		append_number(out, history.arrival_speed);
	}
	if (pool) {
		append(out, ",\n       \"vel\": ");
		append_vec2(out, anchor->vel);
		append(out, ", \"omega\": ");
		append_vec3(out, anchor->omega);
		append(out, ", \"motion\": \"%s\"", bs_motion_state_name(anchor->motion));
	}
	append(out, "}");
}

// names[value], or "invalid" for a value outside the `count` names (a def
// dumped unchecked).
static const char* name_of(const char* const* names, int count, int value) {
	return value >= 0 && value < count ? names[value] : "invalid";
}

// The cushion models' own parameters: those of the model chosen, and any
// other that differs from its default, so that what is read back is the
// same def while a scene under Han's cushion stays as short as before.
static void append_cushion_parameters(text_buffer* out, const bs_pool_def* pool) {
	bs_pool_def defaults = bs_default_pool_def();
	bool mathavan = pool->cushion_model == BS_CUSHION_MODEL_MATHAVAN_2010;
	bool stronge = pool->cushion_model == BS_CUSHION_MODEL_STRONGE_COMPLIANT;
	const struct {
		const char* name;
		double value;
		bool written;
	} parameters[] = {
		{"mathavan_restitution", pool->mathavan_restitution,
			mathavan || pool->mathavan_restitution != defaults.mathavan_restitution},
		{"mathavan_cushion_friction", pool->mathavan_cushion_friction,
			mathavan || pool->mathavan_cushion_friction != defaults.mathavan_cushion_friction},
		{"mathavan_table_friction", pool->mathavan_table_friction,
			mathavan || pool->mathavan_table_friction != defaults.mathavan_table_friction},
		{"stronge_omega_ratio", pool->stronge_omega_ratio,
			stronge || pool->stronge_omega_ratio != defaults.stronge_omega_ratio},
	};
	bool first = true;
	for (size_t k = 0; k < sizeof parameters / sizeof parameters[0]; ++k) {
		if (parameters[k].written) {
			append(out, "%s\"%s\": ", first ? ",\n    " : ", ", parameters[k].name);
			append_number(out, parameters[k].value);
			first = false;
		}
	}
	if (mathavan || pool->mathavan_steps != defaults.mathavan_steps) {
		append(out, "%s\"mathavan_steps\": %d", first ? ",\n    " : ", ", pool->mathavan_steps);
	}
}

static void append_pool(text_buffer* out, const bs_pool_def* pool) {
	const struct {
		const char* name;
		double value;
	} coefficients[] = {{"sliding_friction", pool->sliding_friction}, {"rolling_friction", pool->rolling_friction},
		{"spinning_friction", pool->spinning_friction}, {"gravity", pool->gravity},
		{"cushion_friction", pool->cushion_friction}, {"cushion_height", pool->cushion_height}};
	append(out, "  \"physics\": \"%s\",\n  \"pool\": {", bs_scene_physics_names[BS_PHYSICS_POOL]);
	for (size_t k = 0; k < sizeof coefficients / sizeof coefficients[0]; ++k) {
		append(out, "%s\"%s\": ", k == 0 ? "" : k == 4 ? ",\n    " : ", ", coefficients[k].name);
		append_number(out, coefficients[k].value);
	}
	append(out, ", \"ball_model\": \"%s\", \"cushion_model\": \"%s\"",
		name_of(bs_scene_ball_model_names, 2, (int)pool->ball_model),
		name_of(bs_scene_cushion_model_names, BS_SCENE_CUSHION_MODEL_COUNT, (int)pool->cushion_model));
	append_cushion_parameters(out, pool);
	append(out, "},\n");
}

// The "cue" object, as scene_read.c reads it back.
static void append_cue(text_buffer* out, const bs_cue_def* cue) {
	append(out, "{\"%s\": ", cue->stick ? "stick_speed" : "speed");
	append_number(out, cue->speed);
	if (cue->has_aim) {
		append(out, ", \"aim\": ");
		append_vec2(out, cue->aim);
	} else {
		append(out, ", \"angle_deg\": ");
		append_number(out, cue->angle_deg);
	}
	if (cue->stick) {
		append(out, ", \"tip\": ");
		append_vec2(out, cue->tip);
		append(out, ", \"elevation_deg\": ");
		append_number(out, cue->elevation_deg);
		append(out, ", \"squirt\": %s", cue->squirt ? "true" : "false");
	}
	if (cue->ball != 0) {
		append(out, ", \"ball\": %d", cue->ball);
	}
	append(out, "}");
}

static char* dump_def(const bs_world_def* def, const bs_cue_def* cue) {
	text_buffer out = {0};
	const bs_table_def* table = &def->table;
	if (table->preset[0]) {
		append(&out, "{\n  \"table\": {\"preset\": \"%s\", \"pockets\": %s},\n", table->preset,
			table->has_pockets ? "true" : "false");
	} else {
		append(&out, "{\n  \"table\": {\"size\": ");
		append_vec2(&out, bs_v2(table->width, table->height));
		append(&out, table->periodic ? ", \"periodic\": true},\n" : ", \"pockets\": false},\n");
	}
	bool pool = def->physics == BS_PHYSICS_POOL;
	// Named either way: a file read back must not depend on its table's
	// default physics (bs_scene_default_physics).
	if (pool) {
		append_pool(&out, &def->pool);
	} else {
		append(&out, "  \"physics\": \"%s\",\n", name_of(bs_scene_physics_names, 2, (int)def->physics));
	}
	append(&out, "  \"restitution\": {\"ball\": ");
	append_number(&out, def->ball_restitution);
	append(&out, ", \"cushion\": ");
	append_number(&out, def->cushion_restitution);
	if (!pool) {
		append(&out, ", \"elastic_window\": ");
		append_number(&out, def->elastic_window);
		append(&out, ", \"rest_speed\": ");
		append_number(&out, def->rest_speed);
	}
	append(&out, "},\n  \"time\": ");
	append_number(&out, def->time);
	append(&out, ",\n  \"balls\": [");
	for (int i = 0; i < def->ball_count; ++i) {
		const bs_ball_def* ball = &def->balls[i];
		append(&out, "%s\n    {\"id\": %d, \"pos\": ", i ? "," : "", ball->id);
		append_vec2(&out, ball->pos);
		append(&out, ", \"vel\": ");
		append_vec2(&out, ball->vel);
		if (pool) {
			append(&out, ", \"omega\": ");
			append_vec3(&out, ball->omega);
		}
		append(&out, ", \"radius\": ");
		append_number(&out, ball->radius);
		append(&out, ", \"mass\": ");
		append_number(&out, ball->mass);
		if (ball->kind != BS_BALL_NUMBERED) {
			append(&out, ", \"kind\": \"%s\"", bs_ball_kind_name(ball->kind));
		}
		if (ball->anchor.set) {
			append_anchor(&out, &ball->anchor, bs_v2_len(ball->vel), !pool && def->elastic_window > 0.0, pool);
		}
		append(&out, "}");
	}
	append(&out, "\n  ]");
	if (cue) {
		append(&out, ",\n  \"cue\": ");
		append_cue(&out, cue);
	}
	append(&out, "\n}\n");
	if (out.failed) {
		bs_free(out.data);
		return NULL;
	}
	return out.data;
}

char* bs_scene_dump_def(const bs_world_def* def) {
	return dump_def(def, NULL);
}

char* bs_scene_dump_shot(const bs_world_def* def, const bs_cue_def* cue) {
	return dump_def(def, cue);
}

char* bs_scene_dump_cue(const bs_cue_def* cue) {
	text_buffer out = {NULL, 0, 0, false};
	append_cue(&out, cue);
	if (out.failed) {
		bs_free(out.data);
		return NULL;
	}
	return out.data;
}

char* bs_scene_dump_world(const bs_world* world) {
	int n = bs_world_ball_count(world);
	bs_ball_def* balls = bs_malloc((size_t)(n > 0 ? n : 1) * sizeof *balls);
	if (!balls) {
		return NULL;
	}
	bs_world_def def = bs_default_world_def();
	def.table = bs_table_get_def(bs_world_table(world));
	def.ball_restitution = bs_world_ball_restitution(world);
	def.cushion_restitution = bs_world_cushion_restitution(world);
	def.elastic_window = bs_world_elastic_window(world);
	def.rest_speed = bs_world_rest_speed(world);
	def.physics = bs_world_physics(world);
	def.pool = *bs_world_pool(world);
	def.time = bs_world_time(world);
	def.balls = balls;
	def.ball_count = bs_world_export_balls(world, balls);
	char* text = bs_scene_dump_def(&def);
	bs_free(balls);
	return text;
}
