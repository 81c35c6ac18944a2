// breakshot: saving a game in progress and loading it again (game.h). The
// file holds the table and physics as a scene (written and read by the
// scene code, so that the two never disagree), the players, and the state
// of play with every number to 17 digits, which reads back to the bit.
#include <breakshot/game.h>

#include "game_internal.h"

#include "alloc.h"
#include "printable.h"
#include "rules_internal.h"

#include <jansson.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/// The version of the game file's layout.
#define GAME_FILE_VERSION 1

static const char* const in_hand_names[BS_IN_HAND_COUNT] = {"none", "anywhere", "kitchen", "d"};
static const char* const group_names[3] = {"open", "solids", "stripes"};

static json_t* vec2_json(bs_vec2 v) {
	return json_pack("[f, f]", v.x, v.y);
}

static json_t* state_json(const bs_game_state* state) {
	json_t* balls = json_array();
	for (int i = 0; i < state->ball_count; ++i) {
		const bs_rules_ball* ball = &state->balls[i];
		json_array_append_new(balls, json_pack("{s:i, s:s, s:f, s:f, s:b, s:o}", "id", ball->id, "kind",
										 bs_ball_kind_name(ball->kind), "radius", ball->radius, "mass", ball->mass,
										 "on_table", ball->on_table, "pos", vec2_json(ball->pos)));
	}
	return json_pack("{s:i, s:[i, i], s:i, s:s, s:b, s:i, s:[i, i], s:[i, i], s:[s, s], s:s, s:i, s:b, s:i, s:o}",
		"shooter", state->shooter, "score", state->score[0], state->score[1], "cue_ball", state->cue_ball, "in_hand",
		in_hand_names[state->in_hand], "is_break", state->is_break, "shot_count", state->shot_count, "innings",
		state->innings[0], state->innings[1], "fouls_in_row", state->fouls_in_row[0], state->fouls_in_row[1], "group",
		group_names[state->group[0]], group_names[state->group[1]], "on", bs_ball_kind_name(state->on),
		"target_points", state->target_points, "over", state->over, "winner", state->winner, "balls", balls);
}

// The process's umask, read without setting it (another thread may be
// creating a file): from /proc (Linux 4.7 on), else the common 022.
static mode_t current_umask(void) {
	FILE* status = fopen("/proc/self/status", "r");
	unsigned mask = 022;
	char line[256];
	while (status && fgets(line, sizeof line, status)) {
		if (sscanf(line, "Umask: %o", &mask) == 1) {
			break;
		}
	}
	if (status) {
		fclose(status);
	}
	return (mode_t)mask;
}

// Writes `text` to `path` through a temporary file in the same directory,
// renamed over it once whole: the file is complete or absent.
static bool write_whole(const char* path, const char* text, char* error, size_t error_size) {
	size_t length = strlen(path);
	char* temporary = bs_malloc(length + 16);
	if (!temporary) {
		snprintf(error, error_size, "%s: out of memory", path);
		return false;
	}
	memcpy(temporary, path, length);
	memcpy(temporary + length, ".tmp-XXXXXX", 12);
	int fd = mkstemp(temporary);
	if (fd < 0) {
		snprintf(error, error_size, "%s: cannot write: %s", path, strerror(errno));
		bs_free(temporary);
		return false;
	}
	size_t size = strlen(text);
	size_t done = 0;
	// mkstemp makes the file private; the game gets the mode any new file would.
	bool ok = fchmod(fd, 0666 & ~current_umask()) == 0;
	while (ok && done < size) {
		ssize_t n = write(fd, text + done, size - done);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		ok = n > 0;
		done += ok ? (size_t)n : 0;
	}
	int saved_errno = errno;
	ok = close(fd) == 0 && ok;
	if (ok && rename(temporary, path) != 0) {
		saved_errno = errno;
		ok = false;
	}
	if (!ok) {
		snprintf(error, error_size, "%s: cannot write: %s", path, strerror(saved_errno ? saved_errno : EIO));
		unlink(temporary);
	}
	bs_free(temporary);
	return ok;
}

char* bs_game_save_text(const bs_game* game) {
	char* scene_text = bs_scene_dump_def(&game->world);
	json_error_t syntax;
	json_t* scene = scene_text ? json_loads(scene_text, 0, &syntax) : NULL;
	bs_free(scene_text);
	json_t* root = scene ? json_pack("{s:i, s:s, s:[s, s], s:o, s:o}", "breakshot_game", GAME_FILE_VERSION, "game",
								  bs_game_kind_name(game->state.game), "players", game->players[0], game->players[1],
								  "scene", scene, "state", state_json(&game->state))
						 : NULL;
	char* text = root ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17)) : NULL;
	json_decref(root);
	if (!text) {
		return NULL;
	}
	size_t length = strlen(text);
	char* with_newline = bs_malloc(length + 2);
	if (with_newline) {
		memcpy(with_newline, text, length);
		memcpy(with_newline + length, "\n", 2);
	}
	free(text);
	return with_newline;
}

bool bs_game_save(const bs_game* game, const char* path, char* error, size_t error_size) {
	char* text = bs_game_save_text(game);
	if (!text) {
		snprintf(error, error_size, "%s: out of memory writing the game", path);
		return false;
	}
	bool ok = write_whole(path, text, error, error_size);
	bs_free(text);
	return ok;
}

// ---------------------------------------------------------------------------
// Loading

typedef struct reader {
	const char* path;
	char* error;
	size_t error_size;
} reader;

static bool fail(const reader* in, const char* field, const char* format, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

static bool fail(const reader* in, const char* field, const char* format, ...) {
	char reason[256];
	va_list args;
	va_start(args, format);
	vsnprintf(reason, sizeof reason, format, args);
	va_end(args);
	snprintf(in->error, in->error_size, "%s: %s: %s", in->path, field, reason);
	return false;
}

static const json_t* field_of(const reader* in, const json_t* object, const char* key, const char* path) {
	const json_t* value = json_object_get(object, key);
	if (!value) {
		fail(in, path, "missing");
	}
	return value;
}

static bool read_int(const reader* in, const json_t* value, const char* path, int low, int high, int* dest) {
	if (!json_is_integer(value)) {
		return fail(in, path, "expected an integer");
	}
	json_int_t x = json_integer_value(value);
	if (x < low || x > high) {
		return fail(in, path, "%lld is out of range [%d, %d]", (long long)x, low, high);
	}
	*dest = (int)x;
	return true;
}

static bool read_number(const reader* in, const json_t* value, const char* path, double* dest) {
	if (!json_is_number(value) || !isfinite(json_number_value(value))) {
		return fail(in, path, "expected a finite number");
	}
	*dest = json_number_value(value);
	return true;
}

static bool read_bool(const reader* in, const json_t* value, const char* path, bool* dest) {
	if (!json_is_boolean(value)) {
		return fail(in, path, "expected true or false");
	}
	*dest = json_is_true(value);
	return true;
}

static bool read_name(const reader* in, const json_t* value, const char* path, const char* const* names, int count,
	int* dest) {
	if (json_is_string(value)) {
		for (int k = 0; k < count; ++k) {
			if (strcmp(json_string_value(value), names[k]) == 0) {
				*dest = k;
				return true;
			}
		}
	}
	char expected[160] = "";
	for (int k = 0; k < count; ++k) {
		size_t used = strlen(expected);
		snprintf(expected + used, sizeof expected - used, "%s\"%s\"", k ? ", " : "", names[k]);
	}
	return fail(in, path, "expected one of %s", expected);
}

static bool read_pair(const reader* in, const json_t* value, const char* path, int low, int high, int* dest) {
	if (!json_is_array(value) || json_array_size(value) != 2) {
		return fail(in, path, "expected 2 integers");
	}
	char item[160];
	for (int k = 0; k < 2; ++k) {
		snprintf(item, sizeof item, "%s[%d]", path, k);
		if (!read_int(in, json_array_get(value, (size_t)k), item, low, high, &dest[k])) {
			return false;
		}
	}
	return true;
}

static bool read_vec2(const reader* in, const json_t* value, const char* path, bs_vec2* dest) {
	if (!json_is_array(value) || json_array_size(value) != 2) {
		return fail(in, path, "expected 2 numbers [x, y]");
	}
	char item[160];
	snprintf(item, sizeof item, "%s[0]", path);
	if (!read_number(in, json_array_get(value, 0), item, &dest->x)) {
		return false;
	}
	snprintf(item, sizeof item, "%s[1]", path);
	return read_number(in, json_array_get(value, 1), item, &dest->y);
}

static bool read_ball(const reader* in, const json_t* value, int index, bs_ball_def* def, bool* on_table) {
	char path[64];
	snprintf(path, sizeof path, "state.balls[%d]", index);
	if (!json_is_object(value)) {
		return fail(in, path, "expected an object");
	}
	char field[96];
	const json_t* part;
	*def = bs_default_ball_def();
	snprintf(field, sizeof field, "%s.id", path);
	if (!(part = field_of(in, value, "id", field)) || !read_int(in, part, field, -1000000000, 1000000000, &def->id)) {
		return false;
	}
	snprintf(field, sizeof field, "%s.kind", path);
	if (!(part = field_of(in, value, "kind", field))) {
		return false;
	}
	if (!json_is_string(part) || !bs_ball_kind_from_name(json_string_value(part), &def->kind)) {
		return fail(in, field, "expected a ball kind (\"numbered\", \"snooker_red\", ...)");
	}
	snprintf(field, sizeof field, "%s.radius", path);
	if (!(part = field_of(in, value, "radius", field)) || !read_number(in, part, field, &def->radius)) {
		return false;
	}
	snprintf(field, sizeof field, "%s.mass", path);
	if (!(part = field_of(in, value, "mass", field)) || !read_number(in, part, field, &def->mass)) {
		return false;
	}
	snprintf(field, sizeof field, "%s.on_table", path);
	if (!(part = field_of(in, value, "on_table", field)) || !read_bool(in, part, field, on_table)) {
		return false;
	}
	snprintf(field, sizeof field, "%s.pos", path);
	return (part = field_of(in, value, "pos", field)) && read_vec2(in, part, field, &def->pos);
}

// The state of play, its balls checked by bs_game_state_start and the rest
// field by field.
static bool read_state(const reader* in, const json_t* root, bs_game_kind game, const bs_table_def* table,
	bs_game_state* dest) {
	const json_t* state = field_of(in, root, "state", "state");
	if (!state) {
		return false;
	}
	if (!json_is_object(state)) {
		return fail(in, "state", "expected an object");
	}
	const json_t* balls = field_of(in, state, "balls", "state.balls");
	if (!balls) {
		return false;
	}
	if (!json_is_array(balls) || json_array_size(balls) < 1 || json_array_size(balls) > BS_RULES_MAX_BALLS) {
		return fail(in, "state.balls", "expected an array of 1 to %d balls", BS_RULES_MAX_BALLS);
	}
	int count = (int)json_array_size(balls);
	bs_ball_def defs[BS_RULES_MAX_BALLS];
	bool on_table[BS_RULES_MAX_BALLS];
	for (int i = 0; i < count; ++i) {
		if (!read_ball(in, json_array_get(balls, (size_t)i), i, &defs[i], &on_table[i])) {
			return false;
		}
	}
	int target = 1;
	const json_t* part = field_of(in, state, "target_points", "state.target_points");
	if (!part || !read_int(in, part, "state.target_points", 0, 1000000, &target)) {
		return false;
	}
	char reason[256];
	bs_game_state s;
	memset(&s, 0, sizeof s);
	if (!bs_game_state_start(game, table, defs, count, game == BS_GAME_THREE_CUSHION ? target : 1, &s, reason,
			sizeof reason)) {
		return fail(in, "state", "%s", reason);
	}
	for (int i = 0; i < count; ++i) {
		s.balls[i].on_table = on_table[i];
	}
	int in_hand = 0;
	int groups[2] = {0, 0};
	bs_ball_kind on = BS_BALL_SNOOKER_RED;
	int player_range = 1;
	struct {
		const char* key;
		const char* path;
		int* dest;
		int low, high;
	} ints[] = {
		{"shooter", "state.shooter", &s.shooter, 0, player_range},
		{"cue_ball", "state.cue_ball", &s.cue_ball, -1000000000, 1000000000},
		{"shot_count", "state.shot_count", &s.shot_count, 0, 1000000000},
		{"winner", "state.winner", &s.winner, -1, player_range},
	};
	for (size_t k = 0; k < sizeof ints / sizeof ints[0]; ++k) {
		if (!(part = field_of(in, state, ints[k].key, ints[k].path)) ||
			!read_int(in, part, ints[k].path, ints[k].low, ints[k].high, ints[k].dest)) {
			return false;
		}
	}
	struct {
		const char* key;
		const char* path;
		int* dest;
	} pairs[] = {
		{"score", "state.score", s.score},
		{"innings", "state.innings", s.innings},
		{"fouls_in_row", "state.fouls_in_row", s.fouls_in_row},
	};
	for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; ++k) {
		if (!(part = field_of(in, state, pairs[k].key, pairs[k].path)) ||
			!read_pair(in, part, pairs[k].path, 0, 1000000000, pairs[k].dest)) {
			return false;
		}
	}
	if (!(part = field_of(in, state, "in_hand", "state.in_hand")) ||
		!read_name(in, part, "state.in_hand", in_hand_names, BS_IN_HAND_COUNT, &in_hand)) {
		return false;
	}
	if (!(part = field_of(in, state, "group", "state.group")) || !json_is_array(part) || json_array_size(part) != 2) {
		return part ? fail(in, "state.group", "expected 2 group names") : false;
	}
	for (int k = 0; k < 2; ++k) {
		char path[32];
		snprintf(path, sizeof path, "state.group[%d]", k);
		if (!read_name(in, json_array_get(part, (size_t)k), path, group_names, 3, &groups[k])) {
			return false;
		}
	}
	if (!(part = field_of(in, state, "on", "state.on"))) {
		return false;
	}
	if (!json_is_string(part) || !bs_ball_kind_from_name(json_string_value(part), &on)) {
		return fail(in, "state.on", "expected a ball kind (\"snooker_red\", ...)");
	}
	bool is_break = false;
	bool over = false;
	if (!(part = field_of(in, state, "is_break", "state.is_break")) || !read_bool(in, part, "state.is_break", &is_break) ||
		!(part = field_of(in, state, "over", "state.over")) || !read_bool(in, part, "state.over", &over)) {
		return false;
	}
	s.in_hand = (bs_ball_in_hand)in_hand;
	s.group[0] = (bs_eight_ball_group)groups[0];
	s.group[1] = (bs_eight_ball_group)groups[1];
	s.on = on;
	s.is_break = is_break;
	s.over = over;
	char problem[256];
	if (rules_state_problem(&s, problem, sizeof problem)) {
		snprintf(in->error, in->error_size, "%s: %s", in->path, problem);
		return false;
	}
	*dest = s;
	return true;
}

// A game from a parsed file; `name` stands for the file in messages.
static bs_game* game_from_json(const json_t* root, const char* name, char* error, size_t error_size) {
	reader in = {name, error, error_size};
	bs_game* game = NULL;
	bs_scene* scene = NULL;
	char* scene_text = NULL;
	int version = 0;
	int kind = 0;
	const json_t* part;
	const char* game_names[BS_GAME_KIND_COUNT];
	for (int k = 0; k < BS_GAME_KIND_COUNT; ++k) {
		game_names[k] = bs_game_kind_name((bs_game_kind)k);
	}
	if (!json_is_object(root)) {
		fail(&in, "(root)", "expected an object: a game saved by breakshot");
		goto done;
	}
	if (!(part = field_of(&in, root, "breakshot_game", "breakshot_game")) ||
		!read_int(&in, part, "breakshot_game", GAME_FILE_VERSION, GAME_FILE_VERSION, &version) ||
		!(part = field_of(&in, root, "game", "game")) ||
		!read_name(&in, part, "game", game_names, BS_GAME_KIND_COUNT, &kind)) {
		goto done;
	}
	char players[2][BS_GAME_NAME_SIZE];
	if (!(part = field_of(&in, root, "players", "players"))) {
		goto done;
	}
	if (!json_is_array(part) || json_array_size(part) != 2 || !json_is_string(json_array_get(part, 0)) ||
		!json_is_string(json_array_get(part, 1))) {
		fail(&in, "players", "expected 2 names");
		goto done;
	}
	for (int k = 0; k < 2; ++k) {
		const char* player = json_string_value(json_array_get(part, (size_t)k));
		for (const char* c = player; *c; ++c) {
			if ((unsigned char)*c < 0x20 || *c == 0x7f) {
				fail(&in, "players", "names are one line of printable characters");
				goto done;
			}
		}
		snprintf(players[k], sizeof players[k], "%s", player);
	}
	const json_t* scene_json = field_of(&in, root, "scene", "scene");
	if (!scene_json) {
		goto done;
	}
	scene_text = json_dumps(scene_json, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17) | JSON_ENCODE_ANY);
	char scene_name[512];
	snprintf(scene_name, sizeof scene_name, "%s: scene", name);
	char reason[384];
	scene = scene_text ? bs_scene_create_text(scene_text, scene_name, reason, sizeof reason) : NULL;
	if (!scene) {
		snprintf(error, error_size, "%s", scene_text ? reason : "out of memory");
		goto done;
	}
	bs_game_state state;
	if (!read_state(&in, root, (bs_game_kind)kind, &scene->def.table, &state)) {
		goto done;
	}
	game = bs_game_start(&scene->def, &state, players[0], players[1], reason, sizeof reason);
	if (!game) {
		fail(&in, "state", "%s", reason);
	}
done:
	free(scene_text);
	bs_scene_destroy(scene);
	return game;
}

static bs_game* refuse_syntax(const json_error_t* syntax, const char* name, char* error, size_t error_size) {
	if (syntax->line > 0) {
		snprintf(error, error_size, "%s:%d:%d: %s", name, syntax->line, syntax->column, syntax->text);
	} else {
		snprintf(error, error_size, "%s: %s", name, syntax->text);
	}
	return NULL;
}

// A game from a parsed root, or NULL with one printable line in `error`:
// syntax errors quote the text near them, field errors the file's strings.
static bs_game* game_or_message(json_t* root, const json_error_t* syntax, const char* name, char* error,
	size_t error_size) {
	char message[1024];
	bs_game* game = root ? game_from_json(root, name, message, sizeof message)
						 : refuse_syntax(syntax, name, message, sizeof message);
	json_decref(root);
	if (!game) {
		bs_copy_printable(error, error_size, message);
	}
	return game;
}

bs_game* bs_game_load_text(const char* text, size_t size, const char* name, char* error, size_t error_size) {
	json_error_t syntax;
	json_t* root = json_loadb(text, size, JSON_REJECT_DUPLICATES, &syntax);
	return game_or_message(root, &syntax, name, error, error_size);
}

bs_game* bs_game_load(const char* path, char* error, size_t error_size) {
	json_error_t syntax;
	json_t* root = json_load_file(path, JSON_REJECT_DUPLICATES, &syntax);
	return game_or_message(root, &syntax, path, error, error_size);
}
