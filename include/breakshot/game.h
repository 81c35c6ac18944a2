// breakshot: a game played shot by shot. A game holds the table, the
// physics and the state of play (rules.h); each shot is struck with a cue,
// simulated exactly to rest, and judged by the game's rules. Save a game in
// progress and load it to continue it, bit for bit.
//
//   bs_game_def def = bs_default_game_def(BS_GAME_9_BALL);
//   bs_game* game = bs_game_create(&def, error, sizeof error);
//   bs_cue_def cue = bs_default_cue_def();
//   cue.stick = true; cue.speed = 8.0; cue.aim = ...; cue.has_aim = true;
//   bs_ruling ruling;
//   bs_game_shoot(game, &cue, NULL, &ruling, error, sizeof error);
//   puts(ruling.text);
//   bs_game_destroy(game);
#ifndef BREAKSHOT_GAME_H
#define BREAKSHOT_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <breakshot/api.h>
#include <breakshot/rack.h>
#include <breakshot/rules.h>
#include <breakshot/scene.h>
#include <breakshot/world.h>

/// Room for a player's name, its terminating NUL included.
#define BS_GAME_NAME_SIZE 32

/// Most events one shot may take before the game refuses it as endless
/// (a shot under pool physics comes to rest in a few hundred).
#define BS_GAME_MAX_SHOT_EVENTS 1000000

/// The points a three-cushion game is played to by default.
#define BS_THREE_CUSHION_DEFAULT_POINTS 15

/// Defines a game. Get one from bs_default_game_def() and set what differs.
typedef struct bs_game_def {
	bs_game_kind game; ///< which game: its rack and its rules
	/// The table and the physics every shot is played with (pool physics:
	/// a game needs its balls to come to rest). Its balls are the starting
	/// position; with none (ball_count 0) the game's rack is built from `rack`.
	bs_world_def world;
	bs_rack_def rack; ///< the rack when world.ball_count is 0 (rack.game is set to `game`)
	int target_points; ///< three-cushion: the points that win (> 0); ignored by the other games
	char players[2][BS_GAME_NAME_SIZE]; ///< the players' names ("Player 1", "Player 2")
} bs_game_def;

/// A game of `game` on its own table (pool games: the 9 ft table; snooker:
/// the snooker table; three-cushion: the carom table) under pool physics
/// with pool restitutions, from the default rack with seed 1.
BS_API bs_game_def bs_default_game_def(bs_game_kind game);

/// A game in progress: opaque, owned by the caller.
typedef struct bs_game bs_game;

/// Creates a game. Returns NULL, writing one line into `error`, for a def
/// that cannot be played: a world def bs_world_def_check refuses (named by
/// its field: "world.table: ..."), physics other than pool, a ball set the
/// game's rules refuse (bs_game_state_start), a target that is not
/// positive; or when memory runs out.
BS_API bs_game* bs_game_create(const bs_game_def* def, char* error, size_t error_size);

/// bs_game_create of bs_default_game_def(game) with the rack's seed, the
/// players' names (NULL: the defaults) and three-cushion's points set, for
/// bindings that would rather not fill a def.
BS_API bs_game* bs_game_new(bs_game_kind game, uint64_t seed, const char* player0, const char* player1,
	int target_points, char* error, size_t error_size);

/// Frees a game. Accepts NULL.
BS_API void bs_game_destroy(bs_game* game);

/// A copy of `game` (its table, physics, players, state and the last
/// shot's events) that plays on by itself: a search on another thread
/// reads the copy while the game goes on. NULL when memory runs out.
BS_API bs_game* bs_game_copy(const bs_game* game);

/// The state of play: whose turn, the scores, the balls, ball in hand, the
/// end. Valid until the next call that changes the game.
BS_API const bs_game_state* bs_game_get_state(const bs_game* game);

/// Player `player`'s name (0 or 1).
BS_API const char* bs_game_player(const bs_game* game, int player);

/// Places the cue ball for the shooter who has it in hand (the state's
/// in_hand): bs_rules_place_cue_ball. Returns false, leaving the game
/// unchanged, with the reason in `error` ("ball in hand: ... overlaps the
/// 3 ...").
BS_API bool bs_game_place_cue_ball(bs_game* game, bs_vec2 pos, char* error, size_t error_size);

/// The world def a shot with `cue` is played in: the position now (as
/// bs_game_world_def, into `balls`), with the shooter's cue ball struck by
/// `cue` at time 0. bs_game_shoot plays exactly this world, so a viewer or
/// a search can run the same shot without playing it. Returns false,
/// writing one line into `error`, when bs_game_shoot would refuse the shot
/// before simulating it (the game over, the cue ball in hand off the
/// table, the cue out of range).
BS_API bool bs_game_shot_def(const bs_game* game, const bs_cue_def* cue, bs_world_def* dest, bs_ball_def* balls,
	char* error, size_t error_size);

/// Plays a shot: strikes the shooter's cue ball (the state's cue_ball, at
/// the world's time 0) with `cue`, runs the shot to rest, judges it with
/// `call` (NULL: none) and moves on to the state after. Writes the ruling
/// into `dest`. Returns false, leaving the game unchanged, with one line in
/// `error`, when the game is over, the cue ball is in hand off the table
/// (place it first), the cue is out of range (named by its field:
/// "cue.tip: ..."), the rules refuse the call ("call.pocket: ..."), the
/// shot does not end within BS_GAME_MAX_SHOT_EVENTS, or memory runs out.
BS_API bool bs_game_shoot(bs_game* game, const bs_cue_def* cue, const bs_shot_call* call, bs_ruling* dest,
	char* error, size_t error_size);

/// How many events the last shot took (0 before the first).
BS_API int bs_game_shot_event_count(const bs_game* game);

/// The last shot's events in the order the world took them, changes of
/// motion included; bs_game_shot_event_count of them. Valid until the next shot.
BS_API const bs_event* bs_game_shot_events(const bs_game* game);

/// The world def of the position now: the game's table and physics, and
/// the balls on the table at rest, with `balls` (room for
/// BS_RULES_MAX_BALLS) holding them. For viewers and for trying shots
/// without playing them.
BS_API bs_world_def bs_game_world_def(const bs_game* game, bs_ball_def* balls);

/// Writes the game in progress to `path` as JSON (docs/games.md): the
/// table and physics as a scene's, the players and the state of play with
/// every number exact, so that bs_game_load continues it bit for bit. The
/// file is complete or absent: never partial. Returns false, writing one
/// line into `error`, when it cannot be written.
BS_API bool bs_game_save(const bs_game* game, const char* path, char* error, size_t error_size);

/// Loads a game saved by bs_game_save. Returns NULL, writing one line into
/// `error` ("FILE:LINE:COLUMN: ..." for syntax, "FILE: state.balls[3].pos:
/// ..." for a field), for a file that is not such a game or a state that
/// cannot be played on (balls overlapping or off the table, an unknown
/// kind), or when memory runs out.
BS_API bs_game* bs_game_load(const char* path, char* error, size_t error_size);

#endif
