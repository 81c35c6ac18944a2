#include "ensemble_spec.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cue_def.h"
#include "cue_strike.h"
#include "rng.h"

static const char* const field_names[BS_VARY_FIELD_COUNT] = {
	"cue.speed",
	"cue.angle_deg",
	"cue.tip.side",
	"cue.tip.height",
	"cue.elevation_deg",
	"cue.ball.x",
	"cue.ball.y",
};

#define DISTRIBUTIONS "uniform:LO:HI, grid:LO:HI:K or normal:MEAN:SD"

bs_vary_plan bs_vary_plan_default(void) {
	bs_vary_plan plan;
	memset(&plan, 0, sizeof plan);
	plan.grid_cells = 1;
	return plan;
}

const char* bs_vary_field_name(bs_vary_field field) {
	return field_names[field];
}

// Parses a number of a spec; `role` names it in the message ("LO").
static bool parse_number(const char* text, size_t length, const char* spec, const char* role, double* dest,
	char* error, size_t error_size) {
	char buffer[64];
	if (length == 0 || length >= sizeof buffer) {
		snprintf(error, error_size, "--vary %s: %s '%.*s' is not a finite number", spec, role, (int)length, text);
		return false;
	}
	memcpy(buffer, text, length);
	buffer[length] = '\0';
	char* end = NULL;
	errno = 0;
	double value = strtod(buffer, &end);
	if (end == buffer || *end != '\0' || errno == ERANGE || !isfinite(value)) {
		snprintf(error, error_size, "--vary %s: %s '%s' is not a finite number", spec, role, buffer);
		return false;
	}
	*dest = value;
	return true;
}

// Splits "a:b:c" into at most `max` parts; returns how many there are (more
// than `max` counts on).
static int split_parts(const char* text, const char* parts[], size_t lengths[], int max) {
	int count = 0;
	for (;;) {
		size_t length = strcspn(text, ":");
		if (count < max) {
			parts[count] = text;
			lengths[count] = length;
		}
		++count;
		if (text[length] == '\0') {
			return count;
		}
		text += length + 1;
	}
}

static bool parse_distribution(const char* spec, const char* text, bs_vary* dest, char* error, size_t error_size) {
	const char* parts[4];
	size_t lengths[4];
	int count = split_parts(text, parts, lengths, 4);
	static const struct {
		const char* name;
		bs_vary_kind kind;
		int numbers;
		const char* form;
	} kinds[] = {
		{"uniform", BS_VARY_UNIFORM, 2, "uniform:LO:HI"},
		{"grid", BS_VARY_GRID, 3, "grid:LO:HI:K"},
		{"normal", BS_VARY_NORMAL, 2, "normal:MEAN:SD"},
	};
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; ++k) {
		if (lengths[0] != strlen(kinds[k].name) || strncmp(parts[0], kinds[k].name, lengths[0]) != 0) {
			continue;
		}
		if (count - 1 != kinds[k].numbers) {
			snprintf(error, error_size, "--vary %s: expected %s, got %d number%s after '%s'", spec, kinds[k].form,
				count - 1, count == 2 ? "" : "s", kinds[k].name);
			return false;
		}
		dest->kind = kinds[k].kind;
		bool normal = dest->kind == BS_VARY_NORMAL;
		if (!parse_number(parts[1], lengths[1], spec, normal ? "MEAN" : "LO", &dest->lo, error, error_size) ||
			!parse_number(parts[2], lengths[2], spec, normal ? "SD" : "HI", &dest->hi, error, error_size)) {
			return false;
		}
		if (normal && !(dest->hi > 0.0)) {
			snprintf(error, error_size, "--vary %s: SD must be positive, got %.17g", spec, dest->hi);
			return false;
		}
		if (!normal && !(dest->lo < dest->hi)) {
			snprintf(error, error_size, "--vary %s: LO must be below HI, got %.17g and %.17g", spec, dest->lo,
				dest->hi);
			return false;
		}
		if (dest->kind == BS_VARY_GRID) {
			double steps = 0.0;
			if (!parse_number(parts[3], lengths[3], spec, "K", &steps, error, error_size)) {
				return false;
			}
			if (!(steps >= 2.0 && steps <= BS_VARY_MAX_STEPS && steps == floor(steps))) {
				snprintf(error, error_size, "--vary %s: K must be a whole number from 2 to %d, got %.17g", spec,
					BS_VARY_MAX_STEPS, steps);
				return false;
			}
			dest->steps = (int)steps;
		}
		return true;
	}
	snprintf(error, error_size, "--vary %s: unknown distribution '%.*s' (expected " DISTRIBUTIONS ")", spec,
		(int)lengths[0], parts[0]);
	return false;
}

bool bs_vary_parse(const char* text, bs_vary_plan* plan, char* error, size_t error_size) {
	const char* equals = strchr(text, '=');
	if (!equals || equals == text) {
		snprintf(error, error_size,
			"--vary '%s': expected FIELD=DISTRIBUTION, for example cue.speed=uniform:6:10", text);
		return false;
	}
	size_t name_length = (size_t)(equals - text);
	const char* value = equals + 1;
	if (name_length == strlen("rack.seed") && strncmp(text, "rack.seed", name_length) == 0) {
		if (plan->rack_given) {
			snprintf(error, error_size, "--vary %s: rack.seed is varied twice", text);
			return false;
		}
		if (strcmp(value, "random") != 0 && strcmp(value, "fixed") != 0) {
			snprintf(error, error_size, "--vary %s: rack.seed is 'random' or 'fixed', got '%s'", text, value);
			return false;
		}
		plan->rack_given = true;
		plan->rack_fixed = strcmp(value, "fixed") == 0;
		return true;
	}
	for (int f = 0; f < BS_VARY_FIELD_COUNT; ++f) {
		if (name_length != strlen(field_names[f]) || strncmp(text, field_names[f], name_length) != 0) {
			continue;
		}
		bs_vary* field = &plan->fields[f];
		if (field->kind != BS_VARY_NONE) {
			snprintf(error, error_size, "--vary %s: %s is varied twice", text, field_names[f]);
			return false;
		}
		bs_vary parsed = {0};
		if (!parse_distribution(text, value, &parsed, error, error_size)) {
			return false;
		}
		if (parsed.kind == BS_VARY_GRID && plan->grid_cells * parsed.steps > BS_VARY_MAX_STEPS) {
			snprintf(error, error_size, "--vary %s: the grids have more than %d cells together", text,
				BS_VARY_MAX_STEPS);
			return false;
		}
		*field = parsed;
		if (parsed.kind == BS_VARY_GRID) {
			plan->grid_cells *= parsed.steps;
		}
		return true;
	}
	if (name_length == strlen("cue.tip") && strncmp(text, "cue.tip", name_length) == 0) {
		snprintf(error, error_size, "--vary %s: cue.tip has two parts: vary cue.tip.side and cue.tip.height", text);
		return false;
	}
	snprintf(error, error_size,
		"--vary %s: unknown field '%.*s' (expected rack.seed, cue.speed, cue.angle_deg, cue.tip.side, "
		"cue.tip.height, cue.elevation_deg, cue.ball.x or cue.ball.y)",
		text, (int)name_length, text);
	return false;
}

// The smallest and largest values a field's draws can take; a normal's
// reach is unbounded, so only its mean is checked here (and each draw later).
static void support(const bs_vary* vary, double* lo, double* hi) {
	if (vary->kind == BS_VARY_NORMAL) {
		*lo = vary->lo;
		*hi = vary->lo;
	} else {
		*lo = vary->lo;
		*hi = vary->hi;
	}
}

bool bs_vary_check(const bs_vary_plan* plan, const bs_scene* scene, char* error, size_t error_size) {
	if (plan->rack_given && !scene->has_rack) {
		snprintf(error, error_size, "--vary rack.seed: the scene has no rack whose seed could vary");
		return false;
	}
	const bs_table_def* table = &scene->def.table;
	for (int f = 0; f < BS_VARY_FIELD_COUNT; ++f) {
		const bs_vary* vary = &plan->fields[f];
		if (vary->kind == BS_VARY_NONE) {
			continue;
		}
		const char* name = field_names[f];
		if (!scene->has_cue) {
			snprintf(error, error_size, "--vary %s: the scene has no cue to vary", name);
			return false;
		}
		bool needs_stick = f == BS_VARY_TIP_SIDE || f == BS_VARY_TIP_HEIGHT || f == BS_VARY_ELEVATION;
		if (needs_stick && (!scene->cue.stick || scene->def.physics != BS_PHYSICS_POOL)) {
			snprintf(error, error_size,
				"--vary %s: needs the cue stick's strike under pool physics (cue.stick_speed and \"physics\": "
				"\"pool\" in the scene)",
				name);
			return false;
		}
		double lo = 0.0;
		double hi = 0.0;
		support(vary, &lo, &hi);
		const char* what = vary->kind == BS_VARY_NORMAL ? "its mean" : "its range";
		bool fits = true;
		const char* limit = "";
		char limit_text[160];
		switch ((bs_vary_field)f) {
		case BS_VARY_CUE_SPEED:
			fits = lo >= 0.0 && hi <= BS_MAX_SPEED;
			snprintf(limit_text, sizeof limit_text, "[0, %g] m/s", BS_MAX_SPEED);
			limit = limit_text;
			break;
		case BS_VARY_ELEVATION:
			fits = lo >= 0.0 && (vary->kind == BS_VARY_UNIFORM ? hi <= 90.0 : hi < 90.0);
			limit = "[0, 90) degrees";
			break;
		case BS_VARY_TIP_SIDE:
		case BS_VARY_TIP_HEIGHT:
			fits = lo >= -BS_CUE_MISCUE_LIMIT && hi <= BS_CUE_MISCUE_LIMIT;
			limit = "[-0.5, 0.5] of the radius (the tip miscues beyond)";
			break;
		case BS_VARY_CUE_BALL_X:
			fits = lo > 0.0 && hi <= 0.25 * table->width;
			snprintf(limit_text, sizeof limit_text, "the kitchen, (0, %.17g] m (behind the head string)",
				0.25 * table->width);
			limit = limit_text;
			break;
		case BS_VARY_CUE_BALL_Y:
			fits = lo > 0.0 && hi < table->height;
			snprintf(limit_text, sizeof limit_text, "the table, (0, %.17g) m", table->height);
			limit = limit_text;
			break;
		default:
			break;
		}
		if (!fits) {
			snprintf(error, error_size, "--vary %s: %s [%.17g, %.17g] is outside %s", name, what, lo, hi, limit);
			return false;
		}
	}
	return true;
}

uint64_t bs_ensemble_run_seed(uint64_t seed, int64_t run) {
	bs_rng rng = bs_rng_make(seed);
	rng.state += (uint64_t)run * 0x9E3779B97F4A7C15ull; // skips `run` numbers: SplitMix64's state is a counter
	return bs_rng_next(&rng);
}

// The scene's own value of a field.
static double scene_value(const bs_scene* scene, int cue_index, bs_vary_field field) {
	const bs_cue_def* cue = &scene->cue;
	switch (field) {
	case BS_VARY_CUE_SPEED:
		return cue->speed;
	case BS_VARY_CUE_ANGLE:
		return cue->angle_deg;
	case BS_VARY_TIP_SIDE:
		return cue->tip.x;
	case BS_VARY_TIP_HEIGHT:
		return cue->tip.y;
	case BS_VARY_ELEVATION:
		return cue->elevation_deg;
	case BS_VARY_CUE_BALL_X:
		return cue_index >= 0 ? scene->balls[cue_index].pos.x : 0.0;
	case BS_VARY_CUE_BALL_Y:
		return cue_index >= 0 ? scene->balls[cue_index].pos.y : 0.0;
	default:
		return 0.0;
	}
}

// Why a shot's values are out of their ranges, or NULL when they are in.
// `why` holds the details.
static const char* shot_problem(const bs_shot_maker* maker, const bs_world_def* def, const bs_cue_def* cue,
	const double values[BS_VARY_FIELD_COUNT], char* why, size_t why_size) {
	const char* field = NULL;
	char reason[256];
	if (!bs_cue_def_check(cue, def->physics, &field, reason, sizeof reason)) {
		snprintf(why, why_size, "%s: %s", field, reason);
		return why;
	}
	const bs_vary* fields = maker->plan->fields;
	bool placed = fields[BS_VARY_CUE_BALL_X].kind != BS_VARY_NONE || fields[BS_VARY_CUE_BALL_Y].kind != BS_VARY_NONE;
	if (placed && !(values[BS_VARY_CUE_BALL_X] <= 0.25 * def->table.width)) {
		snprintf(why, why_size, "the cue ball's x %.17g m is beyond the head string (%.17g m)",
			values[BS_VARY_CUE_BALL_X], 0.25 * def->table.width);
		return why;
	}
	return NULL;
}

// One value of a field for run `run` (its grid cell from `cell`, which it
// divides by its steps) or from `rng`.
static double draw(const bs_vary* vary, bs_rng* rng, int64_t* cell) {
	switch (vary->kind) {
	case BS_VARY_UNIFORM:
		return bs_rng_range(rng, vary->lo, vary->hi);
	case BS_VARY_NORMAL:
		return vary->lo + vary->hi * bs_rng_normal(rng);
	case BS_VARY_GRID: {
		int64_t k = *cell % vary->steps;
		*cell /= vary->steps;
		// The ends exactly: lo at k = 0, hi at k = steps - 1.
		return k == vary->steps - 1 ? vary->hi : vary->lo + (vary->hi - vary->lo) * ((double)k / (vary->steps - 1));
	}
	default:
		return 0.0;
	}
}

bool bs_shot_make(const bs_shot_maker* maker, uint64_t run_seed, int64_t run, bs_world_def* def, bs_ball_def* balls,
	double values[BS_VARY_FIELD_COUNT], char* error, size_t error_size) {
	const bs_scene* scene = maker->scene;
	const bs_vary_plan* plan = maker->plan;
	int count = scene->def.ball_count;
	*def = scene->def;
	def->balls = balls;
	bs_rng rng = bs_rng_make(run_seed ^ 0xD1B54A32D192ED03ull); // a stream apart from the rack's
	bool random = false;
	for (int f = 0; f < BS_VARY_FIELD_COUNT; ++f) {
		random = random || plan->fields[f].kind == BS_VARY_UNIFORM || plan->fields[f].kind == BS_VARY_NORMAL;
	}
	char why[320];
	const char* problem = NULL;
	for (int attempt = 0; attempt < BS_VARY_MAX_DRAWS; ++attempt) {
		if (scene->has_rack) {
			bs_rack_def rack = scene->rack;
			if (!plan->rack_fixed) {
				rack.seed = run_seed;
			}
			bs_rack_make(&rack, &scene->def.table, balls);
		} else {
			memcpy(balls, scene->balls, (size_t)count * sizeof *balls);
		}
		int64_t cell = run % plan->grid_cells;
		for (int f = 0; f < BS_VARY_FIELD_COUNT; ++f) {
			const bs_vary* vary = &plan->fields[f];
			values[f] = vary->kind == BS_VARY_NONE ? scene_value(scene, maker->cue_index, (bs_vary_field)f)
												   : draw(vary, &rng, &cell);
		}
		if (!scene->has_cue) {
			return true; // nothing to strike: the balls move as the scene says
		}
		bs_cue_def cue = scene->cue;
		cue.speed = values[BS_VARY_CUE_SPEED];
		if (plan->fields[BS_VARY_CUE_ANGLE].kind != BS_VARY_NONE) {
			cue.has_aim = false;
			cue.angle_deg = values[BS_VARY_CUE_ANGLE];
		}
		cue.tip = bs_v2(values[BS_VARY_TIP_SIDE], values[BS_VARY_TIP_HEIGHT]);
		cue.elevation_deg = values[BS_VARY_ELEVATION];
		// A rack puts the cue ball where the scene's own rack did.
		bs_ball_def* cue_ball = &balls[maker->cue_index];
		cue_ball->pos = bs_v2(values[BS_VARY_CUE_BALL_X], values[BS_VARY_CUE_BALL_Y]);
		cue_ball->vel = bs_v2(0.0, 0.0);
		cue_ball->omega = bs_v3(0.0, 0.0, 0.0);
		problem = shot_problem(maker, def, &cue, values, why, sizeof why);
		if (!problem && !bs_cue_apply(&cue, def->physics, cue_ball)) {
			snprintf(why, sizeof why, "the cue aims at the cue ball's own centre");
			problem = why;
		}
		bs_def_report report;
		if (!problem && !bs_world_def_check(def, &report)) {
			snprintf(why, sizeof why, "%s", report.message);
			problem = why;
		}
		if (!problem) {
			return true;
		}
		if (!random) {
			break;
		}
	}
	if (random) {
		snprintf(error, error_size, "run %lld: %s (in every one of %d draws)", (long long)run, problem,
			BS_VARY_MAX_DRAWS);
	} else {
		snprintf(error, error_size, "run %lld: %s", (long long)run, problem);
	}
	return false;
}
