// breakshot viewer: a game played in the viewer (breakshot view --game).
// Between shots the viewer shows the game's position and sets up the
// shooter's shot; ball in hand follows the pointer until a click places
// it; a click on a pocket calls it. A strike is judged at once by the game
// (bs_game_shoot) and played out on the timeline from the very world the
// game judged (bs_game_shot_def); when the animation reaches the shot's
// end, the ruling is shown and the next position and turn are set up. The
// game is only read through game.h: no pocket count, ball id or table is
// assumed beyond what the state names. No GL here.
#ifndef BREAKSHOT_VIEWER_GAME_H
#define BREAKSHOT_VIEWER_GAME_H

#include <stdbool.h>

#include <breakshot/game.h>

#include "viewer.h"

/// Where a game stands in the viewer.
typedef enum bs_game_phase {
	BS_GAME_PHASE_TURN,    ///< the shooter sets up the shot (aiming; Esc frees the view, S aims again)
	BS_GAME_PHASE_IN_HAND, ///< the shooter places the cue ball first
	BS_GAME_PHASE_SHOT,    ///< a shot struck and judged, playing out
	BS_GAME_PHASE_OVER,    ///< the game has ended
} bs_game_phase;

typedef struct bs_viewer_game {
	bs_game* game; ///< owned
	/// The state of play the HUD shows: the game's, except while a shot
	/// plays out, when it is the state before the shot (the game has
	/// already judged it).
	bs_game_state shown;
	bs_game_phase phase;
	bs_vec2 hand;    ///< where the cue ball in hand is drawn (m)
	bool hand_moved; ///< it has followed the pointer (else it is where it lies, or on the free spot)
	bool hand_lies;  ///< the cue ball lies on the table: it may be played from there (A)
	bool hand_shown; ///< the world shown holds the cue ball (false only when no free spot was found)
	bool hand_legal; ///< bs_rules_check_placement accepts `hand`
	char hand_error[BS_RULES_ERROR_SIZE]; ///< why not, when !hand_legal
	int called_pocket;                    ///< the pocket called for the shot being set up, or -1
	/// The call is a hint's (set up by a digit): `hint_call`, until the aim
	/// moves or a pocket is clicked
	bool has_hint_call;
	bs_shot_call hint_call;
	bs_shot_call call;                    ///< the call of the shot playing out
	bool has_ruling;                      ///< a shot has been played out in the viewer
	int ruling_shooter;                   ///< who played it
	bs_ruling ruling;                     ///< its ruling
	bs_ruling pending;                    ///< the ruling of the shot playing out, shown when it ends
	int pending_shooter;
	int shot_events;                           ///< how many events the game took for the shot playing out
	bs_ball_def balls[BS_RULES_MAX_BALLS + 1]; ///< scratch: the worlds shown
} bs_viewer_game;

/// Sets up the turn of the game's state now: the position (the cue ball in
/// hand on the free spot when it is off the table), the shooter's cue ball,
/// and aiming or ball in hand; or the end of the game.
void bs_viewer_game_begin_turn(bs_viewer* viewer);

/// The world a shot with `cue` is played in (bs_game_shot_def into the
/// viewer's shot_balls). False, with the game's reason in `error`.
bool bs_viewer_game_shot_def(bs_viewer* viewer, const bs_cue_def* cue, bs_world_def* dest, char* error,
	size_t error_size);

/// The call a strike makes now: a hint's set up on the cue; else none
/// without a called pocket; else the called pocket with the 8 when the
/// shooter is on the 8 in 8-ball, or the first ball the preview's cue ball
/// touches.
bs_shot_call bs_viewer_game_call(const bs_viewer* viewer);

/// Strikes with `cue`: the game judges the shot (a refusal, such as a shot
/// at the 8 without a pocket, is shown and changes nothing) and the
/// timeline plays it from the world the game judged. False when refused.
bool bs_viewer_game_shoot(bs_viewer* viewer, const bs_cue_def* cue);

/// The pointer moved over `at` (m): with ball in hand the cue ball follows
/// it, checked against the rules.
void bs_viewer_game_point(bs_viewer* viewer, bs_vec2 at);

/// A click on the table at `at` (m): with ball in hand it places the cue
/// ball there; while aiming, on or near a pocket, it calls that pocket (or
/// takes the call back). Returns false when the click is not the game's
/// (while aiming away from the pockets: a strike).
bool bs_viewer_game_click(bs_viewer* viewer, bs_vec2 at);

/// Ball in hand (the A key): plays the cue ball from where it lies when it
/// is on the table, else places it on the free spot. False when not in hand.
bool bs_viewer_game_place_default(bs_viewer* viewer);

/// Jumps to the end of the shot playing out (the F key), which shows the
/// ruling and moves on. False when no shot is playing out.
bool bs_viewer_game_finish_shot(bs_viewer* viewer);

/// After the timeline moved: when the shot playing out has reached its end
/// (no event remains), shows its ruling and sets up the next turn.
void bs_viewer_game_after_step(bs_viewer* viewer);

/// With ball in hand, draws the cue ball at the pointer: its displayed
/// position (viewer->balls) set to `hand`. Called by bs_viewer_refresh.
void bs_viewer_game_show_hand(bs_viewer* viewer);

/// The pocket at or near `at` (m): the nearest whose centre lies within its
/// capture radius and two ball radii of it, or -1.
int bs_viewer_game_pocket_near(const bs_viewer* viewer, bs_vec2 at);

/// Whether the shooter is on the 8 in 8-ball: a group taken and none of it
/// left on the table.
bool bs_game_state_on_eight(const bs_game_state* state);

/// A place for the cue ball in hand the rules accept, as near the head spot
/// (a quarter of the length, half the width) as a search in steps of a
/// quarter of the cue ball's radius finds. False when none is found.
bool bs_game_state_free_spot(const bs_game_state* state, bs_vec2* dest);

/// Where the state gives ball in hand, as a player reads it ("anywhere",
/// "behind the head string", "in the D"), or NULL for none.
const char* bs_game_in_hand_text(bs_ball_in_hand in_hand);

#endif
