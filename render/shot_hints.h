// breakshot viewer: the best shots from a position, as the shot search
// (solve.h) ranks them, each with its path: the shot played once without
// noise from the very world the search strikes, so that the path drawn is
// the shot whose probability is shown. A lighter search than `breakshot
// solve`'s default, to answer while the viewer waits. No GL here.
#ifndef BREAKSHOT_SHOT_HINTS_H
#define BREAKSHOT_SHOT_HINTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <breakshot/game.h>
#include <breakshot/solve.h>

#include "shot_preview.h"

/// Most hints shown.
#define BS_HINT_MAX 3

/// Shots each search ranks fully before the hints are chosen among them:
/// near neighbours of one shot (an aim a hundredth of a degree away, or a
/// different call of the same pots) crowd the top of a ranking, and the
/// hints show different shots: those whose paths end differently (the cue
/// ball meets another ball first or stops a ball's width away, or other
/// balls fall, or into other pockets).
#define BS_HINT_RANKED 16

/// One hint: a shot the search ranked, and its path.
typedef struct bs_shot_hint {
	bs_solved_shot shot;
	int cue_ball;         ///< the id of the ball the shot strikes
	/// The ball the shot pots, as its path shows: the called ball (a pot
	/// goal's) where the path pots it, else the first ball the path pots
	/// (in 9-ball, whose rules take any pot, not always the called one),
	/// else the called ball or the first object ball
	int ball;
	int pocket; ///< the pocket the path pots `ball` into, or -1
	bs_shot_preview path; ///< every ball's path in the shot without noise
} bs_shot_hint;

/// The hints for one position, best first.
typedef struct bs_shot_hints {
	bs_shot_hint hints[BS_HINT_MAX];
	int count;
	int searches;        ///< searches run (a scene's: one per object ball)
	int64_t evaluations; ///< shots they simulated, noise samples included
} bs_shot_hints;

/// The search the hints run: bs_default_solve_def's noise and seed, 300
/// noise samples per ranked shot, 32 per screened one, BS_HINT_RANKED
/// ranked, stick speeds 2 and 4.5 m/s, the tip at the centre, follow and
/// draw, on every CPU this process may use (the result is the same for
/// any number of threads).
bs_solve_def bs_hint_solve_def(void);

/// The hints for the shooter of `game` (a shot its rules score: goal
/// BS_GOAL_GAME), found by a search with the settings of `search`
/// (bs_hint_solve_def's, or lighter; its position and goal are set here),
/// each path from bs_game_shot_def's world, the one the game would judge.
/// False, with one line in `error`, when the search refuses (the cue ball
/// in hand, the game over), memory runs out, or the search's cancel stops
/// it ("cancelled").
bool bs_shot_hints_find_game(const bs_game* game, const bs_solve_def* search, bs_shot_hints* dest, char* error,
	size_t error_size);

/// The hints for potting a ball from `position` (balls at rest, pool
/// physics) with the ball `cue_ball`: a search with the settings of
/// `search` per object ball for its best pot into any pocket, and the best
/// of those, each path from the position's world struck by bs_shot_strike.
/// False, with one line in `error`, when a search refuses the position,
/// memory runs out, or the search's cancel stops one ("cancelled").
bool bs_shot_hints_find_pots(const bs_world_def* position, int cue_ball, const bs_solve_def* search,
	bs_shot_hints* dest, char* error, size_t error_size);

/// One line naming a hint, for rank `rank` (1 for the best): "1  direct
/// 9->P3  0.82 [0.79, 0.84]  2.0 m/s follow", with the call after the pot
/// when it names another ball or pocket: "carom 1->P2 (call 8->P0)".
void bs_shot_hint_label(const bs_shot_hint* hint, int rank, char* dest, size_t dest_size);

/// Empties the hints, keeping the paths' memory.
void bs_shot_hints_clear(bs_shot_hints* hints);

void bs_shot_hints_destroy(bs_shot_hints* hints);

#endif
