#include "ensemble_run.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <breakshot/world.h>

int bs_ensemble_cue_id(const bs_scene* scene) {
	return scene->has_cue ? scene->cue.ball : 0;
}

bs_ensemble_context bs_ensemble_context_make(const bs_scene* scene, const bs_vary_plan* plan, uint64_t seed) {
	bs_ensemble_context context;
	memset(&context, 0, sizeof context);
	context.maker.scene = scene;
	context.maker.plan = plan;
	context.seed = seed;
	int count = scene->def.ball_count;
	context.ball_count = count;
	context.cue_id = bs_ensemble_cue_id(scene);
	for (int i = 0; i < count; ++i) {
		if (scene->balls[i].id == context.cue_id) {
			context.maker.cue_index = i;
		}
		// Insertion sort: a rack is at most 16 balls, a scene here at most 64.
		int id = scene->balls[i].id;
		int k = i;
		for (; k > 0 && context.ids[k - 1] > id; --k) {
			context.ids[k] = context.ids[k - 1];
		}
		context.ids[k] = id;
	}
	context.cue_column = -1;
	context.no_memory_run = -1;
	for (int k = 0; k < count; ++k) {
		if (context.ids[k] == context.cue_id) {
			context.cue_column = k;
		}
	}
	return context;
}

static int column_of(const bs_ensemble_context* context, int id) {
	int lo = 0;
	int hi = context->ball_count - 1;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (context->ids[mid] < id) {
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	return lo;
}

bs_ensemble_outcome bs_ensemble_simulate(
	const bs_ensemble_context* context, int64_t run, bs_ensemble_row* row, char* error, size_t error_size) {
	memset(row, 0, sizeof *row);
	row->run = run;
	row->seed = bs_ensemble_run_seed(context->seed, run);
	bs_ball_def balls[BS_ENSEMBLE_MAX_BALLS];
	bs_world_def def;
	if (!bs_shot_make(&context->maker, row->seed, run, &def, balls, row->values, error, error_size)) {
		return BS_ENSEMBLE_RUN_BAD_SHOT;
	}
	bs_world* world = run == context->no_memory_run ? NULL : bs_world_create(&def);
	if (!world) {
		snprintf(error, error_size, "run %lld: out of memory making the world", (long long)run);
		return BS_ENSEMBLE_RUN_NO_MEMORY;
	}
	double start = bs_world_time(world);
	row->settled = true;
	while (bs_world_step(world)) {
		if (bs_world_event_count(world) >= BS_ENSEMBLE_MAX_EVENTS) {
			bs_event next;
			row->settled = !bs_world_peek(world, &next);
			break;
		}
	}
	if (bs_world_reached_time_limit(world)) {
		row->settled = false;
	}
	row->events = bs_world_event_count(world);
	row->time = bs_world_time(world) - start;
	for (int i = 0; i < def.ball_count; ++i) {
		bs_ball_state ball = bs_world_ball_state(world, i, bs_world_time(world));
		int column = column_of(context, ball.id);
		row->pockets[column] = (int8_t)(ball.pocketed ? ball.pocket : -1);
		if (ball.id == context->cue_id) {
			row->cue_x = ball.pos.x;
			row->cue_y = ball.pos.y;
			row->scratch = ball.pocketed;
		} else if (ball.pocketed) {
			row->pocketed += 1;
		}
	}
	bs_world_destroy(world);
	return BS_ENSEMBLE_RUN_DONE;
}

// Appends to a line being built; `used` never passes size - 1.
static void append(char* dest, size_t size, size_t* used, const char* fmt, ...) __attribute__((format(printf, 4, 5)));

static void append(char* dest, size_t size, size_t* used, const char* fmt, ...) {
	if (*used >= size - 1) {
		return;
	}
	va_list args;
	va_start(args, fmt);
	int n = vsnprintf(dest + *used, size - *used, fmt, args);
	va_end(args);
	*used += n < 0 ? 0 : (size_t)n < size - *used ? (size_t)n : size - *used - 1;
}

void bs_ensemble_format_header(const bs_ensemble_context* context, char* dest, size_t size) {
	size_t used = 0;
	dest[0] = '\0';
	append(dest, size, &used, "run,seed");
	for (int f = 0; f < BS_VARY_FIELD_COUNT; ++f) {
		if (context->maker.plan->fields[f].kind != BS_VARY_NONE) {
			append(dest, size, &used, ",%s", bs_vary_field_name((bs_vary_field)f));
		}
	}
	append(dest, size, &used, ",events,time,settled,pocketed");
	for (int k = 0; k < context->ball_count; ++k) {
		append(dest, size, &used, ",ball_%d_pocket", context->ids[k]);
	}
	append(dest, size, &used, ",cue_x,cue_y,scratch\n");
}

size_t bs_ensemble_format_row(const bs_ensemble_context* context, const bs_ensemble_row* row, char* dest, size_t size) {
	size_t used = 0;
	dest[0] = '\0';
	append(dest, size, &used, "%" PRId64 ",%" PRIu64, row->run, row->seed);
	for (int f = 0; f < BS_VARY_FIELD_COUNT; ++f) {
		if (context->maker.plan->fields[f].kind != BS_VARY_NONE) {
			append(dest, size, &used, ",%.17g", row->values[f]);
		}
	}
	append(dest, size, &used, ",%" PRId64 ",%.17g,%d,%d", row->events, row->time, row->settled, row->pocketed);
	for (int k = 0; k < context->ball_count; ++k) {
		append(dest, size, &used, ",%d", row->pockets[k]);
	}
	append(dest, size, &used, ",%.17g,%.17g,%d\n", row->cue_x, row->cue_y, row->scratch);
	return used;
}

// Reads the next comma-separated field as a number: into `unsign` by
// strtoull when it is given, else into `whole` by strtoll when `integer`,
// else into `real` by strtod. False at the end of the line or on text that
// is not a number.
static bool next_field(const char** cursor, bool integer, double* real, long long* whole, unsigned long long* unsign) {
	const char* text = *cursor;
	if (*text == '\0') {
		return false;
	}
	char* end = NULL;
	if (unsign) {
		*unsign = strtoull(text, &end, 10);
	} else if (integer) {
		*whole = strtoll(text, &end, 10);
	} else {
		*real = strtod(text, &end);
	}
	if (end == text || (*end != ',' && *end != '\0')) {
		return false;
	}
	*cursor = *end == ',' ? end + 1 : end;
	return true;
}

bool bs_ensemble_parse_row(const bs_ensemble_context* context, const char* line, bs_ensemble_row* row) {
	memset(row, 0, sizeof *row);
	const char* cursor = line;
	long long whole = 0;
	unsigned long long seed = 0;
	if (!next_field(&cursor, true, NULL, &whole, NULL)) {
		return false;
	}
	row->run = whole;
	if (!next_field(&cursor, true, NULL, NULL, &seed)) {
		return false;
	}
	row->seed = seed;
	for (int f = 0; f < BS_VARY_FIELD_COUNT; ++f) {
		if (context->maker.plan->fields[f].kind != BS_VARY_NONE) {
			if (!next_field(&cursor, false, &row->values[f], NULL, NULL)) {
				return false;
			}
		}
	}
	long long settled = 0;
	long long pocketed = 0;
	if (!next_field(&cursor, true, NULL, &whole, NULL) || !next_field(&cursor, false, &row->time, NULL, NULL) ||
		!next_field(&cursor, true, NULL, &settled, NULL) || !next_field(&cursor, true, NULL, &pocketed, NULL)) {
		return false;
	}
	row->events = whole;
	row->settled = settled != 0;
	row->pocketed = (int)pocketed;
	for (int k = 0; k < context->ball_count; ++k) {
		if (!next_field(&cursor, true, NULL, &whole, NULL) || whole < -1 || whole > 127) {
			return false;
		}
		row->pockets[k] = (int8_t)whole;
	}
	long long scratch = 0;
	if (!next_field(&cursor, false, &row->cue_x, NULL, NULL) || !next_field(&cursor, false, &row->cue_y, NULL, NULL) ||
		!next_field(&cursor, true, NULL, &scratch, NULL) || *cursor != '\0') {
		return false;
	}
	row->scratch = scratch != 0;
	// Only text that prints again the same is a row: the resumed file must
	// be byte for byte what one run writes.
	char again[BS_ENSEMBLE_ROW_TEXT];
	size_t length = bs_ensemble_format_row(context, row, again, sizeof again);
	return length > 0 && strlen(line) == length - 1 && memcmp(again, line, length - 1) == 0;
}
