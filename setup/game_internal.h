// breakshot: the inside of a game (game.h), shared by playing and saving.
#ifndef BREAKSHOT_GAME_INTERNAL_H
#define BREAKSHOT_GAME_INTERNAL_H

#include <breakshot/game.h>

struct bs_game {
	bs_world_def world;  ///< the table and physics of every shot; no balls, time 0
	bs_game_state state; ///< the state of play
	char players[2][BS_GAME_NAME_SIZE];
	bs_event* events;    ///< the last shot's events
	int event_count;
	int event_capacity;
};

/// A game from a world def (its table and physics; its balls ignored) and a
/// state of play. Returns NULL, writing one line into `error`, when the
/// physics is not pool, the state's position is one a world refuses, or
/// memory runs out.
bs_game* bs_game_start(const bs_world_def* world, const bs_game_state* state, const char* player0, const char* player1,
	char* error, size_t error_size);

/// The game as bs_game_save writes it (malloc'd through sim/alloc.h, NULL
/// when memory runs out).
char* bs_game_save_text(const bs_game* game);

/// bs_game_load from `size` bytes of text; `name` stands for the file in messages.
bs_game* bs_game_load_text(const char* text, size_t size, const char* name, char* error, size_t error_size);

/// The balls of a state on the table, in state order, as ball defs at rest
/// (id, kind, place, radius, mass), into `dest` (room for
/// BS_RULES_MAX_BALLS); returns how many. A game's world and a search's
/// positions are made of these.
int bs_game_state_ball_defs(const bs_game_state* state, bs_ball_def* dest);

#endif
