// breakshot: the rules of the games. A ruleset is a pure function: from the
// state of a game before a shot, what the shooter called, the shot's events
// and where the balls came to rest, it gives the ruling (legal or which foul,
// the points, who shoots next, ball in hand, respots, the end of the game)
// and the state after. It reads nothing else, keeps nothing, and decides
// every close call by the events' exact times and their documented order
// (docs/games.md).
//
//   bs_game_state state;
//   bs_game_state_start(BS_GAME_9_BALL, &table, balls, count, &state);
//   ... strike, run the shot to rest, collect events and rest positions ...
//   bs_ruling ruling;
//   if (bs_rules_judge(&state, &call, events, event_count, rest, &ruling)) {
//       state = ruling.after;
//   }
#ifndef BREAKSHOT_RULES_H
#define BREAKSHOT_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include <breakshot/api.h>
#include <breakshot/rack.h>
#include <breakshot/table.h>
#include <breakshot/world.h>

/// Most balls a game holds: snooker's 22.
#define BS_RULES_MAX_BALLS 22

/// Most events a ruling names as deciding it.
#define BS_RULING_MAX_DECIDING 4

/// Room for a ruling's explanation, its terminating NUL included.
#define BS_RULING_TEXT_SIZE 256

/// Room for a message from a refused call, its terminating NUL included.
#define BS_RULES_ERROR_SIZE 256

/// The longest gap (s) between two contacts of the cue ball, in the same
/// place, that the rules take for one instant: a split hit (docs/games.md,
/// "Close calls").
#define BS_RULES_SAME_INSTANT 1e-9

/// The most a game's heaviest ball may weigh, as a multiple of its
/// lightest: a far lighter ball pressed between others rattles through
/// millions of collisions instead of coming to rest (docs/games.md).
#define BS_RULES_MAX_MASS_RATIO 100.0

/// One ball of a game between shots.
typedef struct bs_rules_ball {
	int id;            ///< its id in the shot's world (pool: its number; the cue ball 0)
	bs_ball_kind kind; ///< what it is in the game
	double radius;     ///< radius (m)
	double mass;       ///< mass (kg); the rules never read it, a game's shots do
	bool on_table;     ///< false once pocketed and not respotted
	bs_vec2 pos;       ///< where it rests (m); kept but meaningless off the table
} bs_rules_ball;

/// Where the incoming player may place the cue ball before the next shot.
typedef enum bs_ball_in_hand {
	BS_IN_HAND_NONE = 0, ///< the cue ball is played from where it lies
	BS_IN_HAND_ANYWHERE, ///< anywhere on the table, clear of the other balls (pool, after a foul)
	BS_IN_HAND_KITCHEN,  ///< behind the head string, x < length / 4 (the pool break)
	BS_IN_HAND_D,        ///< in the D (snooker: the opening stroke, and after an in-off)
	BS_IN_HAND_COUNT
} bs_ball_in_hand;

/// What a shot did wrong. The order is the order of precedence when one
/// shot commits several: a ruling names the first that applies.
typedef enum bs_foul {
	BS_FOUL_NONE = 0,           ///< a legal shot
	BS_FOUL_CUE_BALL_POCKETED,  ///< the cue ball fell into a pocket (a scratch; in snooker an in-off)
	BS_FOUL_NO_CONTACT,         ///< the cue ball touched no object ball
	BS_FOUL_WRONG_BALL_FIRST,   ///< the cue ball first touched a ball that was not on
	BS_FOUL_NO_RAIL,            ///< pool: after the contact, no ball was pocketed and none touched a cushion
	BS_FOUL_BAD_BREAK,          ///< pool: the break pocketed nothing and drove too few balls to a cushion
	BS_FOUL_BALL_NOT_ON_POTTED, ///< snooker: a ball that was not on was potted
	BS_FOUL_PLACEMENT,          ///< the cue ball was placed outside the area the rules allow (never from bs_rules_judge)
	BS_FOUL_COUNT
} bs_foul;

/// The lower-case name of a foul ("none", "cue_ball_pocketed",
/// "no_contact", "wrong_ball_first", "no_rail", "bad_break",
/// "ball_not_on_potted", "placement"), or "unknown".
BS_API const char* bs_foul_name(bs_foul foul);

/// What the shooter called before the shot, where the rules ask for it.
typedef struct bs_shot_call {
	/// The called ball's id: 8-ball's 8 (or any called ball), snooker's
	/// nominated colour. -1: none called; a ruleset that needs a call then
	/// takes the first ball on that the cue ball touches (the obvious ball,
	/// as a referee does), and 8-ball refuses a shot at the 8 without one.
	int ball;
	/// The called pocket's index (table.h's numbering), or -1.
	int pocket;
} bs_shot_call;

/// No call: { -1, -1 }.
BS_API bs_shot_call bs_no_call(void);

/// 8-ball's groups.
typedef enum bs_eight_ball_group {
	BS_GROUP_OPEN = 0, ///< not yet chosen
	BS_GROUP_SOLIDS,   ///< balls 1-7
	BS_GROUP_STRIPES,  ///< balls 9-15
} bs_eight_ball_group;

/// The state of a game between shots. A plain value: copy it, compare it,
/// keep it. Make the first with bs_game_state_start.
typedef struct bs_game_state {
	bs_game_kind game; ///< which game, and so which rules
	bs_table_def table; ///< the table it is played on
	int ball_count;    ///< balls in `balls`, on the table or not
	bs_rules_ball balls[BS_RULES_MAX_BALLS]; ///< every ball of the game

	int shooter;   ///< who plays the next shot: 0 or 1
	int score[2];  ///< each player's points (snooker, three-cushion); in the pool games, racks won (1 for the winner)
	int cue_ball;  ///< id of the ball the shooter strikes (three-cushion: each player's own)
	bs_ball_in_hand in_hand; ///< where the shooter may place the cue ball first, if anywhere
	bool is_break;  ///< the next shot is the opening break
	int shot_count; ///< shots played so far
	int innings[2]; ///< turns each player has begun at the table

	/// Pool: fouls each player has committed in a row (9-ball: the third loses).
	int fouls_in_row[2];
	/// 8-ball: each player's group.
	bs_eight_ball_group group[2];

	/// Snooker: the ball on: BS_BALL_SNOOKER_RED for a red, a colour's kind
	/// for that colour once the reds are gone, or BS_BALL_NUMBERED for "any
	/// colour" (after a red is potted; the shooter nominates one).
	bs_ball_kind on;

	/// Three-cushion: the points that win (the distance).
	int target_points;

	bool over;  ///< the game has ended
	/// 0 or 1 once over, -1 before; -1 also once over for a drawn
	/// three-cushion match (both players at the distance in equal innings).
	int winner;
} bs_game_state;

/// The state at the start of a game of `game` on `table`: `balls` (from
/// bs_rack_make or placed by hand; their kinds, radii and positions), player
/// 0 to break with the cue ball in hand where the rules put it (pool:
/// behind the head string; snooker: in the D; three-cushion: from its spot),
/// scores 0, and for three-cushion `target_points` to win (> 0; ignored by
/// the other games). Returns false, writing one line into `error`, for a
/// ball set the game cannot be played with (a missing cue ball, a ball whose
/// kind is not the game's, a duplicate id, more than BS_RULES_MAX_BALLS).
BS_API bool bs_game_state_start(bs_game_kind game, const bs_table_def* table, const bs_ball_def* balls, int count,
	int target_points, bs_game_state* dest, char* error, size_t error_size);

/// A ball respotted by a ruling.
typedef struct bs_respot {
	int id;      ///< the ball's id
	bs_vec2 pos; ///< where it goes (m)
} bs_respot;

/// The outcome of one shot.
typedef struct bs_ruling {
	bs_foul foul;      ///< BS_FOUL_NONE for a legal shot
	int foul_points;   ///< snooker: the penalty given to the opponent (>= 4 on a foul), else 0
	int points;        ///< what the shooter scored with the shot (0 on a foul)
	bool turn_passes;  ///< the shooter's turn ends
	bool scored;       ///< the shot achieved what continues a turn (a legal pot, a carom point)
	/// The events (indices into the event list judged) that decided the
	/// ruling, in time order: the first contact, the cushion or pocket
	/// that made or broke the shot.
	int deciding[BS_RULING_MAX_DECIDING];
	int deciding_count; ///< entries of `deciding` in use
	int respot_count;   ///< entries of `respots` in use
	bs_respot respots[BS_RULES_MAX_BALLS]; ///< balls put back on the table, and where
	/// One line a player reads: the ruling and why, naming the balls and
	/// events ("foul: the cue ball touched the 3 first (event 2, t = 0.418 s);
	/// the 1 was on").
	char text[BS_RULING_TEXT_SIZE];
	bs_game_state after; ///< the state for the next shot: balls at rest, respotted, and the turn
} bs_ruling;

/// Judges one shot. `state` is the game before it (not over); `call` what
/// the shooter called (NULL: none); `events` the shot's events in the order
/// the world took them (ball ids as in `state`; changes of motion are
/// skipped); `rest` where each ball of `state` came to rest, rest[i] for
/// state->balls[i] (balls pocketed during the shot are ignored). Writes the
/// ruling and the state after. Returns false, writing the reason into
/// `dest->text` and leaving the rest of `dest` unspecified, when the input
/// is not a shot of this game: the game is over, an event names a ball the
/// game lacks or one off the table, or the call names a missing ball or
/// pocket.
BS_API bool bs_rules_judge(const bs_game_state* state, const bs_shot_call* call, const bs_event* events,
	int event_count, const bs_vec2* rest, bs_ruling* dest);

/// Whether the shooter may place the cue ball at `pos` (m) before the next
/// shot: the state must give the ball in hand, and the place must be on the
/// table, clear of every cushion and every other ball, and inside the area
/// the rules allow (state->in_hand). Returns false, writing one line into
/// `error` ("ball in hand: (0.1, 0.2) is outside the D: ..."), otherwise.
BS_API bool bs_rules_check_placement(const bs_game_state* state, bs_vec2 pos, char* error, size_t error_size);

/// Places the cue ball: bs_rules_check_placement, then moves it and clears
/// state->in_hand. Returns false, leaving `state` unchanged, when the check
/// refuses the place.
BS_API bool bs_rules_place_cue_ball(bs_game_state* state, bs_vec2 pos, char* error, size_t error_size);

/// The balls the shooter may strike first, by their ids in state order,
/// into `ids` (room for BS_RULES_MAX_BALLS): 9- and 10-ball's lowest ball;
/// 8-ball's own group (any but the 8 on an open table), or the 8 once the
/// group is gone; snooker's reds, the colour on, or every colour after a
/// red; three-cushion's two object balls. Returns how many (0 once the game
/// is over). A search aims at these (solve.h).
BS_API int bs_rules_balls_on(const bs_game_state* state, int* ids);

/// The index into state->balls of the ball with `id`, or -1.
BS_API int bs_game_state_find(const bs_game_state* state, int id);

#endif
