// breakshot: a game played shot by shot (game.h): each shot is a fresh
// world of the balls at rest, struck, run to rest and judged.
#include <breakshot/game.h>

#include "game_internal.h"

#include "alloc.h"
#include "rules_internal.h"
#include "cue_def.h"

#include <stdio.h>
#include <string.h>

static const char* default_preset(bs_game_kind game) {
	switch (game) {
	case BS_GAME_SNOOKER:
		return "snooker";
	case BS_GAME_THREE_CUSHION:
		return "carom";
	default:
		return "9ft";
	}
}

bs_game_def bs_default_game_def(bs_game_kind game) {
	bs_game_def def;
	memset(&def, 0, sizeof def);
	def.game = game;
	def.world = bs_default_pool_world_def();
	bool pockets = game != BS_GAME_THREE_CUSHION;
	if (!bs_table_preset(default_preset(game), pockets, &def.world.table)) {
		def.world.table = bs_table_rect(0.0, 0.0); // refused by bs_game_create, naming the table
	}
	def.world.balls = NULL;
	def.world.ball_count = 0;
	def.rack = bs_default_rack_def();
	def.rack.game = game;
	def.target_points = BS_THREE_CUSHION_DEFAULT_POINTS;
	snprintf(def.players[0], sizeof def.players[0], "Player 1");
	snprintf(def.players[1], sizeof def.players[1], "Player 2");
	return def;
}

// A player's name, cut to fit, each control character made a space so
// that it prints on one line.
static void copy_name(char* dest, const char* name, const char* fallback) {
	const char* source = name[0] ? name : fallback;
	size_t n = strnlen(source, BS_GAME_NAME_SIZE - 1);
	for (size_t i = 0; i < n; ++i) {
		unsigned char c = (unsigned char)source[i];
		dest[i] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
	}
	dest[n] = '\0';
}

bs_game* bs_game_start(const bs_world_def* world, const bs_game_state* state, const char* player0, const char* player1,
	char* error, size_t error_size) {
	if (world->physics != BS_PHYSICS_POOL) {
		snprintf(error, error_size, "world.physics: a game is played under pool physics, where the balls come to rest");
		return NULL;
	}
	bs_game* game = bs_calloc(1, sizeof *game);
	if (!game) {
		snprintf(error, error_size, "out of memory creating the game");
		return NULL;
	}
	game->world = *world;
	game->world.balls = NULL;
	game->world.ball_count = 0;
	game->world.time = 0.0;
	memcpy(&game->state, state, sizeof game->state); // padding too: saved states compare whole
	copy_name(game->players[0], player0, "Player 1");
	copy_name(game->players[1], player1, "Player 2");
	// The position must be one a world accepts: on the table, no overlaps.
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	bs_world_def def = bs_game_world_def(game, balls);
	bs_def_report report;
	if (!bs_world_def_check(&def, &report)) {
		snprintf(error, error_size, "world: %s", report.message);
		bs_game_destroy(game);
		return NULL;
	}
	return game;
}

bs_game* bs_game_create(const bs_game_def* def, char* error, size_t error_size) {
	bs_ball_def rack[BS_RACK_MAX_BALLS > BS_RULES_MAX_BALLS ? BS_RACK_MAX_BALLS : BS_RULES_MAX_BALLS];
	const bs_ball_def* balls = def->world.balls;
	int count = def->world.ball_count;
	if (count == 0) {
		bs_def_report report;
		bs_world_def empty = def->world;
		empty.balls = NULL;
		if (!bs_world_def_check(&empty, &report)) {
			snprintf(error, error_size, "world: %s", report.message);
			return NULL;
		}
		bs_rack_def rack_def = def->rack;
		rack_def.game = def->game;
		const char* problem = bs_rack_problem(&rack_def, &def->world.table);
		if (problem) {
			snprintf(error, error_size, "rack: %s", problem);
			return NULL;
		}
		count = bs_rack_make(&rack_def, &def->world.table, rack);
		balls = rack;
		if (bs_game_kind_is_pool(def->game)) {
			// The rack stands the cue ball on the head spot, on the head
			// string; a break is played from behind it (WPA: the string
			// itself is not behind it), so a game moves it back a radius.
			rack[0].pos.x = 0.25 * def->world.table.width - rack[0].radius;
		}
	}
	bs_game_state state;
	if (!bs_game_state_start(def->game, &def->world.table, balls, count, def->target_points, &state, error,
			error_size)) {
		return NULL;
	}
	return bs_game_start(&def->world, &state, def->players[0], def->players[1], error, error_size);
}

bs_game* bs_game_new(bs_game_kind game, uint64_t seed, const char* player0, const char* player1, int target_points,
	char* error, size_t error_size) {
	if ((int)game < 0 || game >= BS_GAME_KIND_COUNT) {
		snprintf(error, error_size, "game: unknown game %d", (int)game);
		return NULL;
	}
	bs_game_def def = bs_default_game_def(game);
	def.rack.seed = seed;
	def.target_points = target_points;
	if (player0) {
		copy_name(def.players[0], player0, "Player 1");
	}
	if (player1) {
		copy_name(def.players[1], player1, "Player 2");
	}
	return bs_game_create(&def, error, error_size);
}

void bs_game_destroy(bs_game* game) {
	if (!game) {
		return;
	}
	bs_free(game->events);
	bs_free(game);
}

bs_game* bs_game_copy(const bs_game* game) {
	bs_game* copy = bs_malloc(sizeof *copy);
	if (!copy) {
		return NULL;
	}
	memcpy(copy, game, sizeof *copy); // padding too: saved states compare whole
	copy->events = NULL;
	copy->event_capacity = 0;
	if (game->event_count > 0) {
		copy->events = bs_malloc((size_t)game->event_count * sizeof *copy->events);
		if (!copy->events) {
			bs_free(copy);
			return NULL;
		}
		memcpy(copy->events, game->events, (size_t)game->event_count * sizeof *copy->events);
		copy->event_capacity = game->event_count;
	}
	return copy;
}

const bs_game_state* bs_game_get_state(const bs_game* game) {
	return &game->state;
}

const char* bs_game_player(const bs_game* game, int player) {
	return game->players[player == 1 ? 1 : 0];
}

bool bs_game_place_cue_ball(bs_game* game, bs_vec2 pos, char* error, size_t error_size) {
	return bs_rules_place_cue_ball(&game->state, pos, error, error_size);
}

int bs_game_state_ball_defs(const bs_game_state* state, bs_ball_def* dest) {
	int count = 0;
	for (int i = 0; i < state->ball_count; ++i) {
		const bs_rules_ball* ball = &state->balls[i];
		if (!ball->on_table) {
			continue;
		}
		bs_ball_def b = bs_default_ball_def();
		b.id = ball->id;
		b.kind = ball->kind;
		b.pos = ball->pos;
		b.radius = ball->radius;
		b.mass = ball->mass;
		dest[count++] = b;
	}
	return count;
}

bs_world_def bs_game_world_def(const bs_game* game, bs_ball_def* balls) {
	bs_world_def def = game->world;
	def.balls = balls;
	def.ball_count = bs_game_state_ball_defs(&game->state, balls);
	return def;
}

int bs_game_shot_event_count(const bs_game* game) {
	return game->event_count;
}

const bs_event* bs_game_shot_events(const bs_game* game) {
	return game->events;
}

// Keeps an event of the shot in the game's own list, growing it.
static bool keep_event(bs_game* game, bs_event event) {
	if (game->event_count == game->event_capacity) {
		int capacity = game->event_capacity ? 2 * game->event_capacity : 256;
		bs_event* grown = bs_realloc(game->events, (size_t)capacity * sizeof *grown);
		if (!grown) {
			return false;
		}
		game->events = grown;
		game->event_capacity = capacity;
	}
	game->events[game->event_count++] = event;
	return true;
}

// Runs the struck world to rest, keeping its events, and writes where each
// ball of the state came to rest. Returns false, with the reason, when the
// shot does not end or memory runs out.
static bool run_to_rest(bs_game* game, bs_world* world, const int* state_index, bs_vec2* rest, char* error,
	size_t error_size) {
	game->event_count = 0;
	while (bs_world_step(world)) {
		if (game->event_count >= BS_GAME_MAX_SHOT_EVENTS) {
			snprintf(error, error_size, "cue: the shot did not come to rest within %d events", BS_GAME_MAX_SHOT_EVENTS);
			return false;
		}
		if (!keep_event(game, bs_world_last_event(world))) {
			snprintf(error, error_size, "out of memory running the shot");
			return false;
		}
	}
	if (bs_world_reached_time_limit(world)) {
		snprintf(error, error_size, "cue: the shot did not come to rest before the world's last time");
		return false;
	}
	double now = bs_world_time(world);
	for (int i = 0; i < bs_world_ball_count(world); ++i) {
		bs_ball_state ball = bs_world_ball_state(world, i, now);
		rest[state_index[i]] = ball.pos;
	}
	return true;
}

bool bs_game_shot_def(const bs_game* game, const bs_cue_def* cue, bs_world_def* dest, bs_ball_def* balls,
	char* error, size_t error_size) {
	const bs_game_state* state = &game->state;
	if (state->over) {
		if (state->winner >= 0) {
			snprintf(error, error_size, "the game is over: %s won", game->players[state->winner]);
		} else {
			snprintf(error, error_size, "the game is over: drawn");
		}
		return false;
	}
	int cue_index = bs_game_state_find(state, state->cue_ball);
	if (!state->balls[cue_index].on_table) {
		snprintf(error, error_size, "the cue ball is in hand: place it first (bs_game_place_cue_ball)");
		return false;
	}
	// Ball in hand in an area (behind the head string, in the D) must be
	// played from inside it, placed or not.
	char reason[320];
	if (!rules_inside_in_hand_area(state, state->balls[cue_index].pos, reason, sizeof reason)) {
		snprintf(error, error_size, "%s; place the cue ball there first (bs_game_place_cue_ball)", reason);
		return false;
	}
	const char* field = "";
	if (!bs_cue_def_check(cue, game->world.physics, &field, reason, sizeof reason)) {
		snprintf(error, error_size, "%s: %s", field, reason);
		return false;
	}
	bs_world_def def = bs_game_world_def(game, balls);
	for (int k = 0; k < def.ball_count; ++k) {
		if (balls[k].id == state->cue_ball && !bs_cue_def_apply(cue, def.physics, &balls[k])) {
			snprintf(error, error_size, "cue.aim: aims at the cue ball's own centre");
			return false;
		}
	}
	bs_def_report report;
	if (!bs_world_def_check(&def, &report)) {
		snprintf(error, error_size, "cue: the struck position is refused: %s", report.message);
		return false;
	}
	*dest = def;
	return true;
}

bool bs_game_shoot(bs_game* game, const bs_cue_def* cue, const bs_shot_call* call, bs_ruling* dest, char* error,
	size_t error_size) {
	const bs_game_state* state = &game->state;
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	bs_world_def def;
	if (!bs_game_shot_def(game, cue, &def, balls, error, error_size)) {
		return false;
	}
	int state_index[BS_RULES_MAX_BALLS];
	bs_vec2 rest[BS_RULES_MAX_BALLS];
	for (int i = 0, k = 0; i < state->ball_count; ++i) {
		rest[i] = state->balls[i].pos;
		if (state->balls[i].on_table) {
			state_index[k++] = i;
		}
	}
	bs_world* world = bs_world_create(&def);
	if (!world) {
		snprintf(error, error_size, "out of memory creating the shot's world");
		return false;
	}
	bool ran = run_to_rest(game, world, state_index, rest, error, error_size);
	bs_world_destroy(world);
	if (!ran) {
		game->event_count = 0;
		return false;
	}
	bs_ruling ruling;
	if (!bs_rules_judge(state, call, game->events, game->event_count, rest, &ruling)) {
		snprintf(error, error_size, "%s", ruling.text);
		game->event_count = 0;
		return false;
	}
	memcpy(&game->state, &ruling.after, sizeof game->state);
	if (dest) {
		*dest = ruling;
	}
	return true;
}
